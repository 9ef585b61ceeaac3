import { describe, expect, test, vi } from 'vitest';
import type { EntityRecord, EntityStore, ListQuery } from '../../../src/app/data/entity-store.ts';
import { SparseRows } from '../../../src/app/lists/sparse-rows.ts';

/** A store over an array the test changes, announcing changes like the offline store does. */
function liveStore(initial: EntityRecord[]) {
  let rows = initial;
  const watchers = new Set<() => void>();
  const calls: ListQuery[] = [];
  let hold: Promise<void> | null = null;
  const store: EntityStore & {
    set: (next: EntityRecord[]) => void;
    hold: (p: Promise<void> | null) => void;
    calls: ListQuery[];
    watchers: Set<() => void>;
  } = {
    entity: 'campaign',
    calls,
    watchers,
    async list(query) {
      calls.push(query);
      const snapshot = rows;
      if (hold) await hold;
      const start = (query.page - 1) * query.limit;
      return { rows: snapshot.slice(start, start + query.limit), count: snapshot.length, pageToCreate: 1 };
    },
    get: async () => ({ id: 'x' }),
    create: async () => ({ id: 'x' }),
    update: async () => ({ id: 'x' }),
    remove: async () => {},
    createMany: async () => [],
    removeMany: async () => {},
    watch(onChange) {
      watchers.add(onChange);
      return () => watchers.delete(onChange);
    },
    set(next) {
      rows = next;
      watchers.forEach((w) => w());
    },
    hold(p) {
      hold = p;
    },
  };
  return store;
}

const named = (n: number, prefix = 'C') => Array.from({ length: n }, (_, i) => ({ id: `${prefix}${i}`, name: `${prefix}${i}` }));
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('lists follow the mirror (a pull, a replay, another tab)', () => {
  test('a change re-reads the loaded pages and the count; the rows stay on screen meanwhile', async () => {
    const store = liveStore(named(25));
    const rows = new SparseRows(store, {}, 10, 0);
    rows.ensureRange(0, 0);
    await vi.waitFor(() => expect(rows.getSnapshot().count).toBe(25));
    rows.ensureRange(0, 24);
    await vi.waitFor(() => expect(rows.getSnapshot().rowAt(24)?.id).toBe('C24'));
    let release!: () => void;
    store.hold(new Promise<void>((resolve) => (release = resolve)));
    store.set([{ id: 'new', name: 'New' }, ...named(25)]);
    await settle();
    // While the new pages load, the old rows are still shown (no flicker, no empty table).
    expect(rows.getSnapshot().rowAt(0)?.id).toBe('C0');
    store.hold(null);
    release();
    await vi.waitFor(() => expect(rows.getSnapshot().count).toBe(26));
    expect(rows.getSnapshot().rowAt(0)?.id).toBe('new');
    expect(rows.getSnapshot().rowAt(25)?.id).toBe('C24');
    rows.dispose();
  });

  test('pages past the new end are dropped when rows go away', async () => {
    const store = liveStore(named(25));
    const rows = new SparseRows(store, {}, 10, 0);
    rows.ensureRange(0, 24);
    await vi.waitFor(() => expect(rows.getSnapshot().count).toBe(25));
    rows.ensureRange(0, 24);
    await vi.waitFor(() => expect(rows.getSnapshot().rowAt(24)).not.toBeNull());
    store.set(named(5));
    await vi.waitFor(() => expect(rows.getSnapshot().count).toBe(5));
    expect(
      rows
        .getSnapshot()
        .loaded()
        .map((r) => r.id),
    ).toEqual(['C0', 'C1', 'C2', 'C3', 'C4']);
    rows.dispose();
  });

  test('a burst of changes is read at most once per interval, and the last change is always read', async () => {
    vi.useFakeTimers();
    try {
      const store = liveStore(named(3));
      const rows = new SparseRows(store, {}, 10, 200);
      rows.ensureRange(0, 0);
      await vi.advanceTimersByTimeAsync(0);
      const initial = store.calls.length;
      for (let i = 0; i < 20; i++) store.set(named(3 + i));
      await vi.advanceTimersByTimeAsync(0);
      await vi.advanceTimersByTimeAsync(1000);
      expect(store.calls.length - initial).toBeLessThanOrEqual(2);
      expect(rows.getSnapshot().count).toBe(22);
      store.set(named(40));
      await vi.advanceTimersByTimeAsync(250);
      expect(rows.getSnapshot().count).toBe(40);
      rows.dispose();
    } finally {
      vi.useRealTimers();
    }
  });

  test('a page read before a change is read again, never shown stale', async () => {
    const store = liveStore(named(5, 'old'));
    let release!: () => void;
    store.hold(new Promise<void>((resolve) => (release = resolve)));
    const rows = new SparseRows(store, {}, 10, 0);
    rows.ensureRange(0, 0);
    await settle();
    store.hold(null);
    store.set(named(5, 'new'));
    release();
    await vi.waitFor(() => expect(rows.getSnapshot().rowAt(0)?.id).toBe('new0'));
    rows.dispose();
  });

  test('disposing stops listening', async () => {
    const store = liveStore(named(2));
    const rows = new SparseRows(store, {}, 10, 0);
    expect(store.watchers.size).toBe(1);
    rows.dispose();
    expect(store.watchers.size).toBe(0);
  });
});
