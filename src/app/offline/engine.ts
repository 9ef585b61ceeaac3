import { MIRRORED_ENTITY_NAMES, type EntityName, type MirroredEntityName } from '../../shared/entities/index.ts';
import { backoffDelay, retryAfterMs } from './backoff.ts';
import { deleteUserDatabase, OfflineDatabase, PULLED_AT, watchStore, type IndexedDbDeps, type LocalRecord } from './database.ts';
import { derive } from './local-schema.ts';
import { createMutations, type Mutations } from './mutations.ts';
import type { OutboxEntry } from './outbox-types.ts';
import { systemClock, type Clock, type FetchLike, type LockManagerLike, type OnlineSignal } from './ports.ts';
import { createReadPriority } from './read-priority.ts';
import { classify, recordsIn, requestOf, type Outcome } from './replay.ts';
import { initialSyncStatus, type SyncStatus } from './sync-status.ts';

export type EngineOptions = {
  userId: string;
  /** Base of the API, e.g. `/api` in the app or `http://127.0.0.1:3000/api` in tests. */
  baseUrl: string;
  fetch: FetchLike;
  getToken: () => string | undefined;
  online: OnlineSignal;
  locks: LockManagerLike;
  newId: () => string;
  clock?: Clock;
  random?: () => number;
  indexedDb?: IndexedDbDeps;
  /** Extra headers of every call (x-lang, x-timezone). */
  headers?: () => Record<string, string>;
  /** Sends at once at most this many entries (across records). */
  concurrency?: number;
  pullEveryMs?: number;
  /** Backoff of retries: first delay and cap (DESIGN.md §7: capped exponential with jitter). */
  retryBaseMs?: number;
  retryCapMs?: number;
  /** Changes per `/sync` request: the server's most (fewer, larger requests cost it less). */
  pullPageSize?: number;
  /** Rows per write transaction (DESIGN.md §7: ~1,000): a list read waits for one at most. */
  writeChunkSize?: number;
  requestTimeoutMs?: number;
};

type Listener = (status: SyncStatus) => void;

/**
 * One change of a `/sync` page: a record of the standard set or of the ledger's read-only mirrors
 * (those are only ever written here, from the server: never by the outbox).
 */
type PulledChange = { entity: MirroredEntityName; op: 'upsert' | 'delete'; id: string; record?: LocalRecord };

/**
 * The offline engine of DESIGN.md §7: a Dexie mirror kept fresh from `/sync`, and a durable outbox
 * replayed in order per record, in parallel across records, exactly once thanks to idempotency keys.
 */
export function createOfflineEngine(options: EngineOptions) {
  const clock = options.clock ?? systemClock;
  const random = options.random ?? Math.random;
  const concurrency = options.concurrency ?? 6;
  const db = new OfflineDatabase(options.userId, options.indexedDb);
  const mutations: Mutations = createMutations(db, options.newId, clock.now);
  const channel = typeof BroadcastChannel === 'undefined' ? undefined : new BroadcastChannel(`brokerdesk-outbox-${options.userId}`);

  let status = initialSyncStatus(options.online.isOnline());
  const listeners = new Set<Listener>();
  const setStatus = (patch: Partial<SyncStatus>) => {
    status = { ...status, ...patch };
    for (const listener of listeners) listener(status);
  };

  let running = false;
  /** Set by wake(): new work arrived, do not sleep. */
  let dirty = false;
  let wakeUp: (() => void) | undefined;
  let timer: unknown;
  const inFlight = new Set<number>();
  /** Entries sendRecord sent: a loop that read them as ready just before must not send them again. */
  const sentOnDemand = new Set<number>();
  const reads = createReadPriority();
  /** How many pulled changes each write transaction takes (see writeChunks). */
  const chunks = writeChunks(options.writeChunkSize);
  // Ids of records with entries in the outbox; read again after the outbox changes (here, or in
  // another tab: Dexie tells every tab).
  let unsent: Promise<Set<string>> | undefined;
  const forgetUnsent = () => {
    unsent = undefined;
  };
  const stopWatchingOutbox = watchStore(db, db.outbox, forgetUnsent);
  /** Run when the engine stops: timers, listeners, subscriptions of its stores. */
  const stops: (() => void)[] = [];

  /** Wakes the sending loop (here, and through the channel in the tab that holds the lock). */
  const wake = () => {
    dirty = true;
    wakeUp?.();
    channel?.postMessage('wake');
  };

  async function refreshCounts() {
    const [pending, conflicts, dead] = await Promise.all([
      db.outbox.where('state').equals('queued').count(),
      db.outbox.where('state').equals('conflict').count(),
      db.outbox.where('state').equals('dead').count(),
    ]);
    setStatus({ pending, conflicts, dead });
  }

  async function call(method: string, path: string, body?: unknown, headers: Record<string, string> = {}) {
    const controller = new AbortController();
    const timeout = clock.setTimeout(() => controller.abort(), options.requestTimeoutMs ?? 60_000);
    try {
      const token = options.getToken();
      const response = await options.fetch(`${options.baseUrl}${path}`, {
        method,
        signal: controller.signal,
        credentials: 'include',
        headers: {
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
          ...(token ? { authorization: `Bearer ${token}` } : {}),
          ...options.headers?.(),
          ...headers,
        },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      const text = await response.text();
      let json: unknown = null;
      try {
        json = text ? JSON.parse(text) : null;
      } catch {
        json = text;
      }
      return { status: response.status, body: json, retryAfter: retryAfterMs(response.headers.get('retry-after'), clock.now()) };
    } finally {
      clock.clearTimeout(timeout);
    }
  }

  async function send(entry: OutboxEntry): Promise<Outcome> {
    const request = requestOf(entry);
    const headers: Record<string, string> = { 'idempotency-key': entry.idempotencyKey };
    if (entry.baseVersion !== undefined && (entry.kind === 'update' || entry.kind === 'delete'))
      headers['if-match'] = String(entry.baseVersion);
    try {
      const answer = await call(request.method, request.path, request.body, headers);
      return classify(entry, answer.status, answer.body, answer.retryAfter);
    } catch {
      return { kind: 'retry' }; // network down, timeout, lost answer: the same key makes a resend safe
    }
  }

  /**
   * Later entries of the same records, which were built on this one (once each). A Dexie promise, not
   * an async function: awaited deep inside a transaction, a native one would let it commit early.
   */
  const laterOf = (entry: OutboxEntry) =>
    db.outbox
      .where('recordIds')
      .anyOf(entry.recordIds)
      .toArray()
      .then((entries) => [...new Map(entries.filter((e) => e.seq! > entry.seq!).map((e) => [e.seq, e])).values()]);

  /**
   * Server records the mirror could not take yet, because the record had unsent changes on top (a
   * pull's change, an answer with later entries queued behind it): kept in `meta` under
   * `held:<entity>:<id>` until the record's entries are gone, then written if newer than what the
   * mirror holds (`settleMirror`). Without them, a pull skips the change and moves its cursor past
   * it, and an entry that then settles with an older answer (the replay of a lost answer, an answer
   * another writer overtook) would leave the mirror on that older record for good.
   */
  const heldKey = (entity: MirroredEntityName, id: string) => `held:${entity}:${id}`;
  /** No `record`: deleted on the server (or gone from this user's sight), which nothing later undoes but a pull. */
  type Held = { record?: LocalRecord };

  /**
   * Holds the server's record of `id` (none: deleted), never an older one over a newer: an upsert
   * replaces a held one of a lower or equal version, a deletion replaces anything, and a pulled upsert
   * replaces a held deletion (pulls arrive in the change log's order: it came back into sight).
   */
  async function hold(entity: MirroredEntityName, id: string, record: LocalRecord | undefined, pulled: boolean) {
    const key = heldKey(entity, id);
    const held = (await db.meta.get(key))?.value as Held | undefined;
    if (record && held) {
      if (!held.record ? !pulled : (held.record.version ?? 0) > (record.version ?? 0)) return;
    }
    await db.meta.put({ key, value: { record } satisfies Held });
  }

  /**
   * After the outbox entries of `id` changed (one settled, was resolved, discarded or refused): once
   * nothing of mine sits on top of the mirror's record (no queued or conflicting entry left; a dead
   * letter's change is rolled back), the record the server holds replaces the mirror's if newer (a
   * deletion always is), never an older one over a newer. A record the mirror no longer has (my
   * deletion landed, my create was refused) is not brought back. The held record is forgotten with
   * the record's last entry; while dead letters remain, pulls keep holding newer ones.
   */
  async function settleMirror(entity: MirroredEntityName, id: string) {
    const key = heldKey(entity, id);
    const held = (await db.meta.get(key))?.value as Held | undefined;
    if (!held) return;
    const entries = await db.outbox.where('recordIds').equals(id).toArray();
    const mine = entries.filter((e) => e.entity === entity);
    if (mine.some((e) => e.state !== 'dead')) return;
    const table = db.records(entity);
    const local = await table.get(id);
    if (!held.record) {
      if (local) await table.delete(id);
    } else if (local && (held.record.version ?? 0) > (local.version ?? 0)) {
      await table.put(derive(entity, held.record) as LocalRecord);
    }
    if (!mine.length) await db.meta.delete(key);
  }

  async function settle(entry: OutboxEntry, outcome: Outcome) {
    const table = db.records(entry.entity);
    await db.transaction('rw', table, db.outbox, db.meta, async () => {
      const stored = await db.outbox.get(entry.seq!);
      if (!stored) return; // discarded meanwhile
      switch (outcome.kind) {
        case 'done': {
          const later = await laterOf(entry);
          for (const record of recordsIn(entry, outcome.body)) {
            const next = later.filter((e) => e.recordIds.includes(record.id as string));
            if (next.length) {
              // Mine still on top: keep the local record, and send the next change against this version.
              // The answer is held: should the later ones be refused, the mirror falls back on it.
              await table.update(record.id as string, { version: record.version });
              await hold(entry.entity, record.id as string, record as LocalRecord, false);
              for (const e of next) await db.outbox.update(e.seq!, { baseVersion: record.version as number });
            } else {
              await table.put(derive(entry.entity, record) as LocalRecord);
            }
          }
          await db.outbox.delete(entry.seq!);
          forgetUnsent();
          break;
        }
        case 'retry':
          await db.outbox.update(entry.seq!, {
            attempts: entry.attempts + 1,
            notBefore:
              clock.now() + (outcome.retryAfterMs ?? backoffDelay(entry.attempts, random, options.retryBaseMs, options.retryCapMs)),
            serverSetDelay: outcome.retryAfterMs !== undefined,
          });
          break;
        case 'conflict':
          if (outcome.current?.id) await hold(entry.entity, outcome.current.id as string, outcome.current as LocalRecord, false);
          await db.outbox.update(entry.seq!, {
            state: 'conflict',
            current: outcome.current,
            error: { status: 409, code: 'VERSION_CONFLICT', message: outcome.message },
          });
          break;
        case 'dead':
          await rollBack(entry);
          await db.outbox.update(entry.seq!, {
            state: 'dead',
            error: { status: outcome.status, code: outcome.code, message: outcome.message, details: outcome.details },
          });
          if (entry.kind === 'create' || entry.kind === 'createMany') await failDependents(entry, outcome.message);
          break;
        case 'auth':
          break;
      }
      if (outcome.kind === 'done' || outcome.kind === 'dead') for (const id of entry.recordIds) await settleMirror(entry.entity, id);
    });
  }

  /**
   * Undoes an entry's optimistic change: creates vanish, updates and deletes get their old record back
   * (not those in `gone`: records whose create was refused).
   */
  async function rollBack(entry: OutboxEntry, gone: ReadonlySet<string> = new Set()) {
    const table = db.records(entry.entity);
    if (entry.kind === 'create' || entry.kind === 'createMany') await table.bulkDelete(entry.recordIds);
    else await table.bulkPut(entry.before.filter((r) => !gone.has(r.id as string)).map((r) => derive(entry.entity, r) as LocalRecord));
  }

  /**
   * The server refused a create: the later entries of its records (edits, deletions made on the new
   * record before it was sent) can never land. Each becomes a dead letter of its own (424
   * DEPENDENCY_REFUSED), its change undone, shown in the sync issues beside the create, and retried or
   * discarded with it; never sent, never dropped silently.
   */
  async function failDependents(create: OutboxEntry, message: string) {
    const gone = new Set(create.recordIds);
    for (const later of await laterOf(create)) {
      if (later.state !== 'queued') continue;
      await rollBack(later, gone);
      await db.outbox.update(later.seq!, {
        state: 'dead',
        dependsOn: create.seq,
        error: { status: 424, code: 'DEPENDENCY_REFUSED', message },
      });
    }
  }

  const dependentsOf = (entry: OutboxEntry) => laterOf(entry).then((later) => later.filter((e) => e.dependsOn === entry.seq));

  /** Redoes it, when a dead letter is tried again. */
  async function reapply(entry: OutboxEntry) {
    const table = db.records(entry.entity);
    if (entry.kind === 'create') await table.put(derive(entry.entity, entry.payload as Record<string, unknown>) as LocalRecord);
    else if (entry.kind === 'createMany')
      await table.bulkPut((entry.payload as Record<string, unknown>[]).map((r) => derive(entry.entity, r) as LocalRecord));
    else if (entry.kind === 'update') {
      const existing = await table.get(entry.recordIds[0]);
      if (existing) await table.put(derive(entry.entity, { ...existing, ...(entry.payload as object) }) as LocalRecord);
    } else await table.bulkDelete(entry.recordIds);
  }

  /** Entries that may go now: queued, due, and first in line for every record they touch. */
  async function readyEntries(): Promise<OutboxEntry[]> {
    const entries = await db.outbox.orderBy('seq').toArray();
    const waiting = new Set<string>();
    const ready: OutboxEntry[] = [];
    for (const entry of entries) {
      const first = entry.recordIds.every((id) => !waiting.has(id));
      if (first && entry.state === 'queued' && entry.notBefore <= clock.now() && !inFlight.has(entry.seq!)) ready.push(entry);
      for (const id of entry.recordIds) waiting.add(id);
    }
    return ready;
  }

  /** Sends what is ready, `concurrency` at a time; true when something landed or changed state. */
  async function sendReady(): Promise<boolean> {
    if (!status.online || status.pausedForAuth || !options.getToken()) return false;
    const ready = await readyEntries();
    if (!ready.length) return false;
    let progressed = false;
    const queue = [...ready];
    const worker = async () => {
      for (let entry = queue.shift(); entry; entry = queue.shift()) {
        if (status.pausedForAuth) return;
        // Taken meanwhile by sendRecord (an online-only action's own send): not twice.
        if (inFlight.has(entry.seq!) || sentOnDemand.has(entry.seq!)) continue;
        inFlight.add(entry.seq!);
        try {
          const outcome = await send(entry);
          if (outcome.kind === 'auth') {
            setStatus({ pausedForAuth: true });
            return;
          }
          await settle(entry, outcome);
          if (outcome.kind !== 'retry') progressed = true;
        } finally {
          inFlight.delete(entry.seq!);
        }
      }
    };
    await Promise.all(Array.from({ length: Math.min(concurrency, ready.length) }, worker));
    await refreshCounts();
    return progressed;
  }

  /** Milliseconds until the next backoff ends, if anything waits on one. */
  async function nextDueIn(): Promise<number | undefined> {
    const queued = await db.outbox.where('state').equals('queued').toArray();
    if (!queued.length) return undefined;
    return Math.max(0, Math.min(...queued.map((e) => e.notBefore)) - clock.now());
  }

  /** The leader's loop: send, then sleep until woken, a backoff ends, or the pull timer fires. */
  async function senderLoop() {
    while (running) {
      dirty = false;
      try {
        while (running && (await sendReady()));
      } catch (error) {
        setStatus({ error: String((error as Error)?.message ?? error) });
      }
      if (!running) break;
      if (dirty) continue; // something was enqueued while sending
      const every = options.pullEveryMs ?? 60_000;
      const delay = Math.min((await nextDueIn()) ?? every, every);
      await new Promise<void>((resolve) => {
        const handle = clock.setTimeout(() => {
          wakeUp = undefined;
          resolve();
        }, delay);
        wakeUp = () => {
          clock.clearTimeout(handle);
          wakeUp = undefined;
          resolve();
        };
      });
    }
  }

  let pulling: Promise<void> | undefined;
  /** The pull asked for while one ran: it starts when that one ends, shared by all who asked meanwhile. */
  let pullAgain: Promise<void> | undefined;
  /**
   * Pulls `/sync` until caught up; records with unsent changes keep the local version. The pull a
   * caller waits for starts after its call: one already running may have read the server before the
   * change the caller heard of (a socket `changes` event), so it is followed by one more.
   */
  function pull(): Promise<void> {
    // Offline, paused or signed out: nothing to pull now, and nothing kept (a kept promise would
    // stand for every later pull, so the mirror would never be pulled again).
    if (!status.online || status.pausedForAuth || !options.getToken()) return pulling ?? Promise.resolve();
    if (pulling) {
      pullAgain ??= pulling
        .catch(() => undefined)
        .then(() => {
          pullAgain = undefined;
          return running ? pull() : undefined;
        });
      return pullAgain;
    }
    pulling = (async () => {
      setStatus({ syncing: true });
      try {
        type Page = {
          changes: PulledChange[];
          cursor: number;
          /** Inside a transaction longer than a page: where its next page starts (with the same cursor). */
          after?: number;
          hasMore: boolean;
          /** The newest change when the page was read (with more to come): how far this pull has to go. */
          head?: number;
        };
        const fetchPage = (since: number, after?: number): Promise<Page | 'auth' | 'resync'> => {
          const resume = after === undefined ? '' : `&after=${after}`;
          const page = call('GET', `/v1/sync?since=${since}&limit=${options.pullPageSize ?? 5000}${resume}`).then((answer) => {
            if (answer.status === 401) return 'auth' as const;
            if (answer.status === 410 && (answer.body as { code?: string } | null)?.code === 'SYNC_RESYNC') return 'resync' as const;
            if (answer.status !== 200) throw new Error(`sync ${answer.status}`);
            return answer.body as Page;
          });
          page.catch(() => undefined); // a prefetch left behind by a stop must not go unhandled
          return page;
        };
        // Pipelined: the next page downloads while this one is written (the cursor is stored with
        // each page's last chunk, so a failure restarts from the last page written).
        let pulledFrom = ((await db.meta.get('cursor'))?.value as number | undefined) ?? 0;
        let next = fetchPage(pulledFrom);
        let refilled = false;
        const progress: { firstCursor?: number; records: number } = { records: 0 };
        while (running) {
          const page = await next;
          if (page === 'auth') {
            setStatus({ pausedForAuth: true });
            return;
          }
          if (page === 'resync') {
            // A pull from 0 is never refused: a second refusal means something else is wrong.
            if (refilled) throw new Error('sync 410');
            refilled = true;
            await refill();
            pulledFrom = 0;
            next = fetchPage(0);
            continue;
          }
          if (page.hasMore) next = fetchPage(page.cursor, page.after);
          // Derived fields once per page, before its write transactions.
          derivePulled(page.changes);
          // A failure before the last chunk pulls the page again: its upserts and deletes are idempotent.
          for (let from = 0; from === 0 || from < page.changes.length;) {
            const size = chunks.next();
            const started = clock.now();
            const last = from + size >= page.changes.length;
            await applyChanges(page.changes.slice(from, from + size), last ? page.cursor : undefined);
            chunks.took(Math.min(size, page.changes.length - from), clock.now() - started);
            from += size;
          }
          // A pull of more than one page says how far it has come: records written, and the share of the
          // change log's positions passed (not evenly spread; from 0, counted from the first page's end).
          if (page.hasMore || progress.records) {
            const start = pulledFrom > 0 ? pulledFrom : progress.firstCursor;
            progress.firstCursor ??= page.cursor;
            progress.records += page.changes.length;
            const span = start === undefined ? 0 : (page.head ?? page.cursor) - start;
            const percent = !page.hasMore ? 100 : span > 0 ? Math.min(99, Math.floor(((page.cursor - start!) / span) * 100)) : null;
            setStatus({ progress: { records: progress.records, percent } });
          }
          if (!page.hasMore) break;
        }
        const pulledAt = clock.now();
        // Kept, so a screen opened offline after a reload says how old the mirror is.
        await db.meta.put({ key: PULLED_AT, value: pulledAt });
        setStatus({ lastPulledAt: pulledAt, error: null });
      } catch (error) {
        // Shown by the sync indicator; the next pull tries again from the same cursor.
        setStatus({ error: isQuota(error) ? 'QUOTA' : String((error as Error)?.message ?? error) });
        if (isQuota(error)) throw error;
      } finally {
        setStatus({ syncing: false, progress: null });
        pulling = undefined;
      }
    })();
    return pulling;
  }

  /**
   * The server compacted its change log past this mirror's cursor (410 SYNC_RESYNC, after a long time
   * away): the deletions since then are no longer in the log, so the mirror is refilled from 0
   * (docs/decisions/change-log-compaction.md). Unsent changes go first, so what the server accepts comes
   * back in the refill; then every mirrored record is cleared except those the outbox still holds (mine
   * until the server has them), and the cursor goes back to 0, in one transaction: a reload halfway
   * through carries on with a plain pull from 0.
   */
  async function refill() {
    // The same guard as the sending loop's (in flight, sent on demand): nothing goes twice.
    while (running && (await sendReady()));
    const tables = MIRRORED_ENTITY_NAMES.map((entity) => db.records(entity));
    await db.transaction('rw', [...tables, db.outbox, db.meta], async () => {
      const unsentIds = new Set((await db.outbox.toArray()).flatMap((entry) => entry.recordIds));
      for (const table of tables) {
        if (!unsentIds.size) await table.clear();
        else await table.bulkDelete((await table.toCollection().primaryKeys()).filter((id) => !unsentIds.has(id)));
      }
      // Held records of the records kept stay (the pull from 0 holds newer ones).
      const held = (await db.meta.where('key').startsWith('held:').primaryKeys()) as string[];
      await db.meta.bulkDelete(held.filter((key) => !unsentIds.has(key.slice(key.lastIndexOf(':') + 1))));
      await db.meta.put({ key: 'cursor', value: 0 });
    });
  }

  /**
   * Local derived fields of a page's pulled records (see `derive`), computed once for the page before its
   * write transactions; a record held for later (unsent changes on top) keeps them too.
   */
  function derivePulled(changes: PulledChange[]) {
    for (const change of changes) if (change.record) change.record = derive(change.entity, change.record) as LocalRecord;
  }

  /** Writes pulled changes in one transaction, and the cursor they bring the mirror to if given. */
  async function applyChanges(changes: PulledChange[], cursor: number | undefined) {
    // Only the tables this page touches: a transaction over all sixteen would lock them all (an
    // entity this client does not mirror is skipped).
    const touched = [...new Set(changes.map((c) => c.entity))].filter((e) => MIRRORED_ENTITY_NAMES.includes(e));
    await db.transaction('rw', [...touched.map((e) => db.records(e)), db.outbox, db.meta], async () => {
      const ids = changes.map((c) => c.id);
      // Usually nothing is unsent: then there is nothing to look up.
      const mine = (await db.outbox.count())
        ? new Set((await db.outbox.where('recordIds').anyOf(ids).toArray()).flatMap((e) => e.recordIds))
        : new Set<string>();
      const byEntity = new Map<MirroredEntityName, { put: LocalRecord[]; remove: string[] }>();
      for (const change of changes) {
        if (mine.has(change.id)) {
          // My unsent change wins locally until the server has it; the server's record is held, not
          // lost (the cursor moves past it), and written once my entries have settled, if newer.
          if (touched.includes(change.entity)) {
            await hold(change.entity, change.id, change.op === 'upsert' ? change.record : undefined, true);
            await settleMirror(change.entity, change.id); // only dead letters left: nothing of mine on top
          }
          continue;
        }
        const group = byEntity.get(change.entity) ?? { put: [], remove: [] };
        // Derived already, for the whole page (derivePulled).
        if (change.op === 'upsert' && change.record) group.put.push(change.record);
        else group.remove.push(change.id);
        byEntity.set(change.entity, group);
      }
      for (const [entity, group] of byEntity) {
        if (!touched.includes(entity)) continue;
        if (group.put.length) await db.records(entity).bulkPut(group.put);
        if (group.remove.length) await db.records(entity).bulkDelete(group.remove);
      }
      if (cursor !== undefined) await db.meta.put({ key: 'cursor', value: cursor });
    });
  }

  const isQuota = (error: unknown) =>
    (error as { name?: string })?.name === 'QuotaExceededError' ||
    (error as { inner?: { name?: string } })?.inner?.name === 'QuotaExceededError';

  /** Every local write goes through here, so a full disk is said, never swallowed. */
  async function guarded<T>(write: () => Promise<T>): Promise<T> {
    try {
      const result = await write();
      forgetUnsent();
      void refreshCounts();
      wake();
      return result;
    } catch (error) {
      if (isQuota(error)) setStatus({ error: 'QUOTA' });
      throw error;
    }
  }

  /**
   * Back online: entries backing off after network failures go now rather than when their backoff
   * ends (up to a minute later). A wait the server asked for (Retry-After) still holds.
   */
  async function sendNowWhatWaitedOnTheNetwork() {
    const now = clock.now();
    await db.outbox
      .where('state')
      .equals('queued')
      .filter((e) => e.notBefore > now && !e.serverSetDelay)
      .modify({ notBefore: 0 })
      .catch(() => undefined); // closed by a sign-out meanwhile
  }

  /** Why a record's queued changes could not all be sent just now. */
  type Unsent = { sent: false; reason: 'offline' | 'auth' | 'conflict' | 'dead'; entry?: OutboxEntry };

  /**
   * Sends one record's outbox entries now, oldest first, so an online-only action on the record goes
   * after them (closing an order never overtakes an unsent edit of it). The sending loop may hold one
   * in flight: it is waited for, never sent twice at once (and its idempotency key makes even that safe).
   */
  async function sendRecord(recordId: string): Promise<{ sent: true } | Unsent> {
    // A retry (a twin still in progress, a 5xx, a lost answer) is tried again a few times, then given up as offline.
    let retries = 0;
    for (;;) {
      if (!status.online) return { sent: false, reason: 'offline' };
      if (status.pausedForAuth || !options.getToken()) return { sent: false, reason: 'auth' };
      const [first] = await db.outbox.where('recordIds').equals(recordId).sortBy('seq');
      if (!first) return { sent: true };
      if (first.state !== 'queued') return { sent: false, reason: first.state, entry: first };
      if (inFlight.has(first.seq!)) {
        await new Promise((resolve) => clock.setTimeout(() => resolve(undefined), 10));
        continue;
      }
      inFlight.add(first.seq!);
      sentOnDemand.add(first.seq!);
      let outcome: Outcome;
      try {
        // The loop may have sent and settled it between the read above and the claim.
        if (!(await db.outbox.get(first.seq!))) continue;
        outcome = await send(first);
        if (outcome.kind === 'auth') setStatus({ pausedForAuth: true });
        else await settle(first, outcome);
      } finally {
        inFlight.delete(first.seq!);
      }
      // Still in the outbox (to retry, or for the person): the loop owns it again.
      if (outcome.kind !== 'done') sentOnDemand.delete(first.seq!);
      await refreshCounts();
      if (outcome.kind === 'retry') {
        if (++retries > 3) return { sent: false, reason: 'offline', entry: first };
        await new Promise((resolve) => clock.setTimeout(() => resolve(undefined), outcome.retryAfterMs ?? 100 * retries));
        continue;
      }
      if (outcome.kind === 'auth') return { sent: false, reason: 'auth', entry: first };
      if (outcome.kind !== 'done') return { sent: false, reason: outcome.kind, entry: await db.outbox.get(first.seq!) };
    }
  }

  /**
   * Puts a record the server answered into the mirror; with unsent changes of it queued, only its
   * version, the record held until they settle (with only dead letters left, the newer record at once).
   */
  async function applyServerRecord(entity: EntityName, record: LocalRecord) {
    const table = db.records(entity);
    await db.transaction('rw', table, db.outbox, db.meta, async () => {
      const entries = (await db.outbox.where('recordIds').equals(record.id).toArray()).filter((e) => e.entity === entity);
      if (!entries.length) return table.put(derive(entity, record) as LocalRecord);
      await hold(entity, record.id, record, false);
      if (entries.some((e) => e.state !== 'dead')) await table.update(record.id, { version: record.version });
      else await settleMirror(entity, record.id);
    });
  }

  async function resolveEntry(seq: number, change: (entry: OutboxEntry) => Promise<void>) {
    const entry = await db.outbox.get(seq);
    if (!entry) return;
    await db.transaction('rw', db.records(entry.entity), db.outbox, db.meta, async () => {
      // The records of this entry and of those resolved with it (taking theirs drops the later ones).
      const ids = new Set([...entry.recordIds, ...(await laterOf(entry)).flatMap((e) => e.recordIds)]);
      await change(entry);
      // Mine no longer on top: the newest server record the mirror knows of, never an older one over it.
      for (const id of ids) await settleMirror(entry.entity, id);
    });
    forgetUnsent();
    await refreshCounts();
    wake();
  }

  return {
    db,
    subscribe(listener: Listener) {
      listeners.add(listener);
      listener(status);
      return () => listeners.delete(listener);
    },
    status: () => status,
    mutations: {
      create: (entity: EntityName, input: Record<string, unknown>) => guarded(() => mutations.create(entity, input)),
      update: (entity: EntityName, id: string, changes: Record<string, unknown>, version?: number) =>
        guarded(() => mutations.update(entity, id, changes, version)),
      remove: (entity: EntityName, id: string, version?: number) => guarded(() => mutations.remove(entity, id, version)),
      createMany: (entity: EntityName, inputs: Record<string, unknown>[]) => guarded(() => mutations.createMany(entity, inputs)),
      removeMany: (entity: EntityName, ids: string[]) => guarded(() => mutations.removeMany(entity, ids)),
    },

    /** Starts pulling, and sending whenever this tab holds the outbox lock. */
    async start() {
      if (running) return;
      running = true;
      await refreshCounts();
      stops.push(
        options.online.subscribe((online) => {
          setStatus({ online });
          if (online) {
            void pull().catch(() => undefined);
            // The engine may have stopped meanwhile (sign-out): its channel is closed then.
            void sendNowWhatWaitedOnTheNetwork().finally(() => running && wake());
          }
        }),
      );
      if (channel)
        channel.onmessage = () => {
          dirty = true;
          wakeUp?.();
        };
      void options.locks.request(`brokerdesk-outbox-${options.userId}`, senderLoop);
      const tick = () => {
        timer = clock.setTimeout(() => {
          void pull().catch(() => undefined);
          tick();
        }, options.pullEveryMs ?? 60_000);
      };
      tick();
      await pull().catch(() => undefined);
    },

    async stop() {
      running = false;
      clock.clearTimeout(timer);
      wakeUp?.();
      for (const stop of stops.splice(0)) stop();
      stopWatchingOutbox();
      await pulling;
      await pullAgain;
      while (inFlight.size) await new Promise((resolve) => setTimeout(resolve, 5));
      channel?.close();
      db.close();
    },

    onStop: (fn: () => void) => void stops.push(fn),
    /** Pull now (socket `changes`, reconnect, a manual refresh). */
    pull,
    /** Try sending now (after a sign-in, or when told something changed). */
    wake,
    /** The same user signed in again after a 401: carry on where the queue stopped. */
    resume() {
      setStatus({ pausedForAuth: false });
      wake();
      void pull().catch(() => undefined);
    },
    /** Unsent entries, for the logout warning. */
    unsentCount: () => db.outbox.count(),
    issues: () => db.outbox.where('state').anyOf('conflict', 'dead').sortBy('seq'),
    /** Which of these records have unsent changes (kept in memory: list pages ask on every read). */
    async pendingRecordIds(ids: string[]) {
      unsent ??= db.outbox
        .orderBy('recordIds')
        .uniqueKeys()
        .then((keys) => new Set(keys as string[]));
      const all = await unsent;
      return new Set(ids.filter((id) => all.has(id)));
    },
    /** Page reads before counts: see read-priority.ts. */
    reads,

    /** Conflict: send mine again against the server's current version. */
    keepMine: (seq: number) =>
      resolveEntry(seq, async (entry) => {
        await db.outbox.update(seq, {
          state: 'queued',
          baseVersion: entry.current?.version as number | undefined,
          idempotencyKey: options.newId(),
          attempts: 0,
          notBefore: 0,
          error: undefined,
          current: undefined,
        });
      }),
    /** Conflict: take the server's record and drop my changes to it. */
    takeTheirs: (seq: number) =>
      resolveEntry(seq, async (entry) => {
        if (entry.current) await db.records(entry.entity).put(derive(entry.entity, entry.current) as LocalRecord);
        else await db.records(entry.entity).bulkDelete(entry.recordIds);
        await db.outbox.bulkDelete([seq, ...(await laterOf(entry)).map((e) => e.seq!)]);
      }),
    /**
     * Dead letter: send it again (a new key: the server remembers the refusal of the old one), with the
     * entries that failed only because of it.
     */
    retry: (seq: number) =>
      resolveEntry(seq, async (entry) => {
        for (const again of [entry, ...(await dependentsOf(entry))]) {
          await reapply(again);
          await db.outbox.update(again.seq!, {
            state: 'queued',
            idempotencyKey: options.newId(),
            attempts: 0,
            notBefore: 0,
            error: undefined,
            dependsOn: undefined,
          });
        }
      }),
    /** Dead letter or conflict: give it up, with what depended on it (changes already rolled back for dead letters). */
    discard: (seq: number) =>
      resolveEntry(seq, async (entry) => {
        if (entry.state === 'conflict') await rollBack(entry);
        await db.outbox.bulkDelete([seq, ...(await dependentsOf(entry)).map((e) => e.seq!)]);
      }),

    /** Logout: stop and wipe this user's local data. */
    async wipe() {
      await this.stop();
      await deleteUserDatabase(options.userId, options.indexedDb);
    },
    call,
    sendRecord,
    applyServerRecord,
  };
}

/** How long one write transaction of a pull may hold the mirror: a list read waits for one at most. */
export const WRITE_TRANSACTION_MS = 150;

/**
 * Sizes the pull's write transactions: the largest that keep each near WRITE_TRANSACTION_MS, from the
 * time per record the last ones took (IndexedDB in Chromium: ~0.1–0.25 ms a user record with its
 * indexes, depending on the machine's load). Larger transactions cost less per record; a list read
 * asked meanwhile waits behind the one being written, so they stay short enough not to be felt. A
 * fixed `size` (the engine's writeChunkSize option) is kept as given.
 */
export function writeChunks(size?: number, targetMs = WRITE_TRANSACTION_MS, bounds: readonly [number, number] = [250, 5000]) {
  let next = size ?? 1000;
  return {
    next: () => next,
    took(records: number, ms: number) {
      if (size !== undefined || records < 50 || ms <= 0) return;
      const perRecord = ms / records;
      next = Math.max(bounds[0], Math.min(bounds[1], Math.round(targetMs / perRecord / 50) * 50));
    },
  };
}

export type OfflineEngine = ReturnType<typeof createOfflineEngine>;
