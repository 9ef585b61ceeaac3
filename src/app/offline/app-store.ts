import i18next from 'i18next';
import type { EntityName } from '../../shared/entities/index.ts';
import { flattenDetails, type ApiError } from '../api/http.ts';
import type { EntityRecord, EntityStore } from '../data/entity-store.ts';
import { watchStore } from './database.ts';
import type { OfflineEngine } from './engine.ts';
import { createOfflineEntityStore } from './offline-entity-store.ts';
import type { OutboxEntry } from './outbox-types.ts';

/** How long a form waits, online, for the server to take or refuse its change before it shows as pending. */
export const ONLINE_ANSWER_MS = 8_000;

type Engine = Pick<OfflineEngine, 'db' | 'status'>;

/** Calls `onChange` after every committed write to the entity's table (this tab or another). */
export const watchTable = (engine: Pick<OfflineEngine, 'db'>, entity: EntityName, onChange: () => void) =>
  watchStore(engine.db, engine.db.records(entity), onChange);

/** The last outbox entry, before a mutation: whatever comes after it is that mutation's. */
const lastSeq = async (engine: Engine) => ((await engine.db.outbox.orderBy('seq').last())?.seq as number | undefined) ?? 0;

export type Answer = { kind: 'sent' } | { kind: 'pending' } | { kind: 'refused'; entry: OutboxEntry };

/** Calls `onChange` after every committed write to the outbox (this tab's or another's). */
export const watchOutbox = (engine: Pick<OfflineEngine, 'db'>, onChange: () => void) => watchStore(engine.db, engine.db.outbox, onChange);

/** How often the answer is looked for besides the outbox's own change events. */
const ANSWER_POLL_MS = 250;

/**
 * Waits for the server's answer to the entries written after `after` for these records: sent (gone
 * from the outbox), refused (a dead letter or a conflict), or still pending when `timeoutMs` ends.
 */
export function answerOf(engine: Engine, after: number, recordIds: string[], timeoutMs = ONLINE_ANSWER_MS): Promise<Answer> {
  return new Promise((resolve) => {
    let done = false;
    let checking = false;
    let again = false;
    const stops: (() => void)[] = [];
    const finish = (answer: Answer) => {
      if (done) return;
      done = true;
      stops.forEach((stop) => stop());
      resolve(answer);
    };
    const decide = (entries: OutboxEntry[]) => {
      const mine = entries.filter((e) => e.seq! > after);
      const refused = mine.find((e) => e.state !== 'queued');
      if (refused) finish({ kind: 'refused', entry: refused });
      else if (!mine.length) finish({ kind: 'sent' });
      // Behind an earlier change waiting in sync issues, offline, or the session expired: the change
      // waits in the outbox, shown as pending.
      else if (entries.some((e) => e.seq! <= after && e.state !== 'queued') || !engine.status().online || engine.status().pausedForAuth)
        finish({ kind: 'pending' });
    };
    const check = async () => {
      if (done) return;
      if (checking) {
        again = true;
        return;
      }
      checking = true;
      try {
        decide(recordIds.length ? await engine.db.outbox.where('recordIds').anyOf(recordIds).toArray() : []);
      } catch {
        finish({ kind: 'pending' });
      } finally {
        checking = false;
        if (again) {
          again = false;
          void check();
        }
      }
    };
    const timer = setTimeout(() => finish({ kind: 'pending' }), timeoutMs);
    const poll = setInterval(() => void check(), ANSWER_POLL_MS);
    stops.push(
      () => clearTimeout(timer),
      () => clearInterval(poll),
      watchOutbox(engine, () => void check()),
    );
    void check();
  });
}

/** What a refused change becomes for the form or toast that made it: the server's own words. */
export function refusalError(entry: OutboxEntry): ApiError {
  const error = entry.error ?? { status: 409, code: 'VERSION_CONFLICT', message: 'Conflict' };
  return { message: error.message, status: error.status, code: error.code, details: flattenDetails(error.details), network: false };
}

const isQuota = (error: unknown) =>
  (error as { name?: string })?.name === 'QuotaExceededError' ||
  (error as { inner?: { name?: string } })?.inner?.name === 'QuotaExceededError';

/** A local write that failed, in words: a full disk says so (never swallowed), a vanished record is not found. */
export function localWriteError(error: unknown): unknown {
  if (isQuota(error)) return { message: i18next.t('app.sync.quota'), code: 'QUOTA', network: false } satisfies ApiError;
  if ((error as Error)?.message === 'NOT_FOUND')
    return { message: i18next.t('errors.NOT_FOUND'), code: 'NOT_FOUND', status: 404, network: false } satisfies ApiError;
  return error;
}

/** A write the server took: its records are no longer marked as waiting to be sent. */
function landed<R>(result: R): R {
  const unmark = (record: unknown) => {
    if (!record || typeof record !== 'object' || !('_pending' in record)) return record;
    const { _pending: _sent, ...rest } = record as Record<string, unknown>;
    return rest;
  };
  return (Array.isArray(result) ? result.map(unmark) : unmark(result)) as R;
}

/**
 * The store screens use while signed in: the offline store (reads the mirror, writes through the
 * outbox), lists told when the mirror changes, and, online, each write waits briefly for the server
 * so a refusal lands on the form that made it, as it did over HTTP. A refused create/update/delete
 * is then given back to the form (the dead letter is dropped: the person is looking at the error);
 * a conflict stays in sync issues for keep mine / take theirs. Offline, writes return at once.
 */
export function createAppEntityStore<T extends EntityRecord = EntityRecord>(
  engine: OfflineEngine,
  entity: EntityName,
  timeoutMs = ONLINE_ANSWER_MS,
): EntityStore<T> {
  const store = createOfflineEntityStore<T>(engine, entity);
  async function answered<R>(recordIds: (result: R) => string[], write: () => Promise<R>): Promise<R> {
    const online = engine.status().online && !engine.status().pausedForAuth;
    const after = online ? await lastSeq(engine) : 0;
    let result: R;
    try {
      result = await write();
    } catch (error) {
      throw localWriteError(error);
    }
    if (!online) return result;
    const answer = await answerOf(engine, after, recordIds(result), timeoutMs);
    if (answer.kind === 'sent') return landed(result);
    if (answer.kind === 'pending') return result;
    if (answer.entry.state === 'dead') await engine.discard(answer.entry.seq!);
    throw refusalError(answer.entry);
  }
  return {
    ...store,
    create: (input) =>
      answered(
        (record) => [record.id],
        () => store.create(input),
      ),
    update: (id, changes, version) =>
      answered(
        () => [id],
        () => store.update(id, changes, version),
      ),
    remove: (id, version) =>
      answered(
        () => [id],
        () => store.remove(id, version),
      ),
    createMany: (inputs) =>
      answered(
        (records) => records.map((r) => r.id),
        () => store.createMany(inputs),
      ),
    removeMany: (ids) =>
      answered(
        () => ids,
        () => store.removeMany(ids),
      ),
    watch: (onChange) => watchTable(engine, entity, throttledWhilePulling(engine, onChange)),
  };
}

/** While a long pull fills the mirror, how often a screen reads its list again. */
export const PULL_REFRESH_MS = 1_000;

/**
 * A screen's "the table changed": at once, except during a pull of many pages (the first sync), when it
 * comes at most once per PULL_REFRESH_MS (the last one always comes). Each read of a list (its page,
 * then its count over a growing table) would otherwise follow every write transaction of the pull and
 * compete with it for IndexedDB; the list shows the first page's records as soon as they are written.
 */
function throttledWhilePulling(engine: Pick<OfflineEngine, 'status'>, onChange: () => void): () => void {
  let last = 0;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const fire = () => {
    timer = undefined;
    last = Date.now();
    onChange();
  };
  return () => {
    if (!engine.status().progress) return fire();
    if (timer) return;
    timer = setTimeout(fire, Math.max(0, last + PULL_REFRESH_MS - Date.now()));
  };
}

export type OutboxCounts = { pending: number; conflicts: number; dead: number };

/**
 * The outbox's counts, read again after every change to it from any tab: a tab that does not hold
 * the sending lock learns this way that the sending tab delivered its changes.
 */
export function watchOutboxCounts(engine: Pick<OfflineEngine, 'db'>, onCounts: (counts: OutboxCounts) => void): () => void {
  let stopped = false;
  let reading = false;
  let again = false;
  const read = async () => {
    if (stopped) return;
    if (reading) {
      again = true;
      return;
    }
    reading = true;
    try {
      const outbox = engine.db.outbox;
      const [pending, conflicts, dead] = await Promise.all([
        outbox.where('state').equals('queued').count(),
        outbox.where('state').equals('conflict').count(),
        outbox.where('state').equals('dead').count(),
      ]);
      if (!stopped) onCounts({ pending, conflicts, dead });
    } catch {
      // Closed (the engine stopped): nothing to count.
    } finally {
      reading = false;
      if (again) {
        again = false;
        void read();
      }
    }
  };
  const stop = watchOutbox(engine, () => void read());
  return () => {
    stopped = true;
    stop();
  };
}
