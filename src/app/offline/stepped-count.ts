import { cmp, type Table } from 'dexie';

/** Index entries one step of a count walks: ~10 ms of IndexedDB in Chromium (~5 µs an entry). */
export const COUNT_STEP = 2_000;

/** An entry of an index (or of the table itself: then `key` is the primary key). */
type Position = { key: IDBValidKey; primaryKey: IDBValidKey };

/** Where a count walks: an index by name (`null`: the table's primary keys), between two keys (inclusive) or all of it. */
export type CountRange = { index: string | null; between?: readonly [IDBValidKey, IDBValidKey] };

export type SteppedCountOptions = {
  /** Entries per step (tests make it tiny to cross many step boundaries). */
  step?: number;
  /** Awaited before each step: page reads go first (read-priority.ts); throwing gives the count up. */
  beforeStep?: () => Promise<void>;
};

/**
 * Counts the entries of an index range in short steps. IndexedDB serves one database's requests in
 * turn and its own `count()` walks every entry in one request (a few hundred ms over 100k leads),
 * so a page asked meanwhile waits for all of it. Here each step is its own transaction that moves a
 * cursor `step` entries on (`advance`, walked inside IndexedDB, no entry sent to the page), so a page
 * waits for one step at most. When fewer entries are left than a step, the step halves until it
 * is one: the count stays exact.
 *
 * Exact if the range does not change meanwhile; callers drop a count the table changed under.
 */
export async function countInSteps(table: Table, where: CountRange, options: SteppedCountOptions = {}): Promise<number> {
  const idb = table.db.backendDB();
  // fake-indexeddb's in Node tests, the browser's otherwise.
  const KeyRange = table.db._options.IDBKeyRange ?? IDBKeyRange;
  /** The range from `key` on (what comes before it is counted already). */
  const rangeFrom = (key?: IDBValidKey) => {
    if (!where.between) return key === undefined ? null : KeyRange.lowerBound(key);
    return KeyRange.bound(key ?? where.between[0], where.between[1]);
  };
  const move = (at: Position | undefined, by: number) => moveFrom(idb, table.name, where.index, rangeFrom(at?.key), at, by);
  await options.beforeStep?.();
  let at = await move(undefined, 0);
  if (!at) return 0;
  let counted = 1;
  for (let by = options.step ?? COUNT_STEP; by >= 1;) {
    await options.beforeStep?.();
    const next = await move(at, by);
    if (next) {
      counted += by;
      at = next;
    } else {
      by = Math.floor(by / 2);
    }
  }
  return counted;
}

/**
 * One read-only transaction: from the entry `at` (the first of the range if none), `by` entries
 * on. Resolves with the entry reached, or undefined if the range ends first.
 */
function moveFrom(
  idb: IDBDatabase,
  store: string,
  index: string | null,
  range: IDBKeyRange | null,
  at: Position | undefined,
  by: number,
): Promise<Position | undefined> {
  return new Promise((resolve, reject) => {
    const transaction = idb.transaction(store, 'readonly');
    transaction.onabort = () => reject(transaction.error);
    const objectStore = transaction.objectStore(store);
    const source = index ? objectStore.index(index) : objectStore;
    // Opened at `at`'s key: in an index, entries sharing it are then passed by primary key.
    const request = source.openKeyCursor(range);
    let state: 'opened' | 'sought' | 'moved' = 'opened';
    request.onerror = () => reject(request.error);
    request.onsuccess = () => {
      const cursor = request.result;
      if (!cursor) return resolve(undefined);
      const here = { key: cursor.key, primaryKey: cursor.primaryKey };
      if (!at || state === 'moved') return resolve(here);
      if (state === 'opened' && index && (cmp(here.key, at.key) !== 0 || cmp(here.primaryKey, at.primaryKey) !== 0)) {
        state = 'sought';
        return cursor.continuePrimaryKey(at.key, at.primaryKey);
      }
      state = 'moved';
      cursor.advance(by);
    };
  });
}
