import type { EntityName } from '../../shared/entities/index.ts';
import type { EntityRecord, EntityStore, ListResult } from '../data/entity-store.ts';
import { watchStore } from './database.ts';
import type { OfflineEngine } from './engine.ts';
import { countLocal, readPage } from './local-query.ts';

/**
 * How long a page waits for its count (a small table's comes at once) before answering with a provisional
 * one, while this list's counts come that fast. Once a count took longer (a filter over 100k leads), the
 * next pages answer at once with a provisional count, the exact one after: no count on a page's path.
 */
const COUNT_BUDGET_MS = 15;

/** Local-only fields are not part of the record screens see. */
function visible<T extends EntityRecord>(record: Record<string, unknown>, pending: boolean): T {
  const { _kind: _derived, _values: _indexed, ...rest } = record;
  return (pending ? { ...rest, _pending: true } : rest) as T;
}

/**
 * The entity store over the offline engine: reads the local mirror (so lists answer offline and in
 * milliseconds), writes through the outbox. Same interface as the HTTP store: no screen changes.
 * Rows with unsent changes carry `_pending: true` so lists can mark them.
 */
export function createOfflineEntityStore<T extends EntityRecord = EntityRecord>(engine: OfflineEngine, entity: EntityName): EntityStore<T> {
  const table = engine.db.records(entity);
  // Counts per filter set, forgotten whenever the table changes (here or in another tab): turning a
  // page or changing the sort then costs only the page itself.
  const counts = new Map<string, Promise<number>>();
  let generation = 0;
  /** The last count of this table took longer than the budget: pages stop waiting for counts. */
  let slowCounts = false;
  const stopWatching = watchStore(engine.db, table, () => {
    counts.clear();
    generation++;
  });
  /** Lets page reads go first, and gives up a count the table has changed under (lists read again then). */
  const countingFor = (born: number) => async () => {
    await engine.reads.yieldToForeground();
    if (generation !== born) throw new Error('stale count: the table changed');
  };
  engine.onStop(stopWatching);
  return {
    entity,
    async list(query): Promise<ListResult<T>> {
      const key = JSON.stringify([query.filters ?? [], query.q ?? '']);
      const page = await engine.reads.foreground(async () => {
        const read = await readPage(table, entity, query);
        return { ...read, pending: await engine.pendingRecordIds(read.rows.map((r) => r.id)) };
      });
      // One count per filter set at a time: pages asked meanwhile share it. A large one waits for
      // page reads to pause, so it never holds a page up.
      let exact = counts.get(key) ?? (page.count !== undefined ? Promise.resolve(page.count) : undefined);
      if (!exact) {
        let started = performance.now();
        const yieldToPages = countingFor(generation);
        // A slow table's count starts once page reads pause (its first request walks up to 2,000 keys):
        // the next page asked meanwhile does not queue behind it.
        const counting = slowCounts
          ? yieldToPages().then(() => {
              started = performance.now();
              return countLocal(table, entity, query, { yieldToPages });
            })
          : countLocal(table, entity, query, { yieldToPages });
        counting.then(
          () => (slowCounts = performance.now() - started > COUNT_BUDGET_MS),
          () => undefined,
        );
        counts.set(key, counting);
        // A failed or stale count is tried again next time (unless a newer one already took its place).
        counting.catch(() => counts.get(key) === counting && counts.delete(key));
        exact = counting;
      }
      // The page does not wait for a slow count: a provisional one now, the exact one when known.
      const budget = slowCounts ? 0 : COUNT_BUDGET_MS;
      const settled = await Promise.race([exact, new Promise<undefined>((resolve) => setTimeout(resolve, budget))]);
      // Not in time (or given up when the table changed under it): the next pages do not wait for counts.
      if (settled === undefined) slowCounts = true;
      const { rows, pending } = page;
      const count = settled ?? (query.page - 1) * query.limit + rows.length + (rows.length === query.limit ? 1 : 0);
      return {
        rows: rows.map((r) => visible<T>(r, pending.has(r.id))),
        count,
        pageToCreate: Math.ceil(count / query.limit),
        ...(settled === undefined ? { exactCount: exact } : {}),
      };
    },
    async get(id) {
      const record = await engine.reads.foreground(() => table.get(id));
      if (!record) throw Object.assign(new Error('Not found'), { code: 'NOT_FOUND' });
      return visible<T>(record, (await engine.pendingRecordIds([id])).has(id));
    },
    create: async (input) => visible<T>(await engine.mutations.create(entity, input), true),
    update: async (id, changes, version) => visible<T>(await engine.mutations.update(entity, id, changes, version), true),
    remove: (id, version) => engine.mutations.remove(entity, id, version),
    createMany: async (inputs) => (await engine.mutations.createMany(entity, inputs)).map((r) => visible<T>(r, true)),
    removeMany: (ids) => engine.mutations.removeMany(entity, ids),
  };
}
