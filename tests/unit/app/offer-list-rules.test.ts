import { indexedDB, IDBKeyRange } from 'fake-indexeddb';
import { v7 as uuidv7 } from 'uuid';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { createAppEntityStore } from '../../../src/app/offline/app-store.ts';
import { createOfflineEngine, type OfflineEngine } from '../../../src/app/offline/engine.ts';
import { inProcessLocks } from '../../../src/app/offline/ports.ts';
import type { EntityRecord } from '../../../src/app/data/entity-store.ts';
import { SparseRows } from '../../../src/app/lists/sparse-rows.ts';

/**
 * SPEC.md §4's list rules for offers, on the client's one list mechanism (the offers screen is the
 * list kit's SparseRows over the offline store): a created offer goes to the front, adding a duplicate
 * id skips it, an update replaces by id, a delete removes by id, a full load or a search replaces the
 * list and its count. The offers arrive as the server sends them, through /sync, into a real engine on
 * fake-indexeddb; expected rows are written out by hand.
 */
type Change = { entity: string; op: 'upsert' | 'delete'; id: string; record?: Record<string, unknown> };

const engines: OfflineEngine[] = [];
afterEach(async () => {
  for (const engine of engines.splice(0)) await engine.wipe();
});

const LEAD = '0195f0e0-0000-7000-8000-000000000001';
const offer = (id: string, at: string, amount: number, origin: string, version = 1) => ({
  id,
  version,
  dateCreation: at,
  dateLastUpdate: at,
  userId: LEAD,
  productId: '0195f0e0-0000-7000-8000-00000000000f',
  holdingId: null,
  productPrice: 100,
  gain: amount - 100,
  amount,
  status: 'pending',
  expirationDate: '2031-01-01T00:00:00.000Z',
  origin,
  createdBy: null,
  releasedBy: null,
  releasedAt: null,
  decidedAt: null,
});
const A = '0195f0e0-0000-7000-8000-00000000000a';
const B = '0195f0e0-0000-7000-8000-00000000000b';
const C = '0195f0e0-0000-7000-8000-00000000000c';

/** A real engine whose server answers /sync with the changes the test queues, one page each pull. */
async function engineWithSync() {
  const queued: Change[][] = [];
  let cursor = 0;
  const engine = createOfflineEngine({
    userId: uuidv7(),
    baseUrl: 'http://server/api',
    fetch: async (url) => {
      const path = url.replace('http://server/api', '');
      if (!path.startsWith('/v1/sync')) return new Response('', { status: 404 });
      const changes = queued.shift() ?? [];
      cursor += changes.length;
      return new Response(JSON.stringify({ changes, cursor, hasMore: false }), { status: 200 });
    },
    getToken: () => 'token',
    online: { isOnline: () => true, subscribe: () => () => {} },
    locks: inProcessLocks(),
    newId: uuidv7,
    indexedDb: { indexedDB, IDBKeyRange },
    retryBaseMs: 5,
    retryCapMs: 20,
    pullEveryMs: 60_000,
    requestTimeoutMs: 300,
  });
  engines.push(engine);
  await engine.start();
  const send = async (changes: Change[]) => {
    queued.push(changes);
    await engine.pull();
  };
  return { engine, send };
}

const ids = (rows: SparseRows<EntityRecord>) => {
  const snapshot = rows.getSnapshot();
  return Array.from({ length: snapshot.count ?? 0 }, (_, i) => snapshot.rowAt(i)?.id);
};

describe("the offers list follows SPEC.md §4's rules", () => {
  test('created to the front, duplicate skipped, update replaces, delete removes, load and search replace list and count', async () => {
    const { engine, send } = await engineWithSync();
    const store = createAppEntityStore(engine, 'offer');
    // The offers screen's default order: newest first.
    const rows = new SparseRows(store, { sorts: [{ field: 'dateCreation', order: 'desc' }] }, 50, 0);
    rows.ensureRange(0, 49);

    await send([{ entity: 'offer', op: 'upsert', id: A, record: offer(A, '2026-11-01T10:00:00.000Z', 150, 'Auction house') }]);
    await vi.waitFor(() => expect(ids(rows)).toEqual([A]));

    // Created: B is newer, so it goes to the front.
    await send([{ entity: 'offer', op: 'upsert', id: B, record: offer(B, '2026-11-02T10:00:00.000Z', 180, 'Private collector') }]);
    await vi.waitFor(() => expect(ids(rows)).toEqual([B, A]));
    expect(rows.getSnapshot().count).toBe(2);

    // Added again with the same id: skipped, never a second row.
    await send([{ entity: 'offer', op: 'upsert', id: B, record: offer(B, '2026-11-02T10:00:00.000Z', 180, 'Private collector') }]);
    await vi.waitFor(() => expect(rows.getSnapshot().count).toBe(2));
    expect(ids(rows)).toEqual([B, A]);

    // Updated: replaced in place by id (the accepted offer's new status and version).
    await send([
      {
        entity: 'offer',
        op: 'upsert',
        id: A,
        record: { ...offer(A, '2026-11-01T10:00:00.000Z', 150, 'Auction house', 2), status: 'accepted' },
      },
    ]);
    await vi.waitFor(() => expect(rows.getSnapshot().rowAt(1)?.status).toBe('accepted'));
    expect(ids(rows)).toEqual([B, A]);
    expect(rows.getSnapshot().rowAt(1)?.version).toBe(2);

    // Deleted (out of the reader's scope): removed by id.
    await send([{ entity: 'offer', op: 'delete', id: B }]);
    await vi.waitFor(() => expect(ids(rows)).toEqual([A]));
    expect(rows.getSnapshot().count).toBe(1);

    // A full load replaces the list and its count: a new list over the same store reads what is there now.
    await send([{ entity: 'offer', op: 'upsert', id: C, record: offer(C, '2026-11-03T10:00:00.000Z', 90, 'Auction house') }]);
    const loaded = await store.list({ page: 1, limit: 50, sorts: [{ field: 'dateCreation', order: 'desc' }] });
    expect(loaded.rows.map((r) => r.id)).toEqual([C, A]);
    expect(loaded.count).toBe(2);

    // A search replaces them too: only what matches, and its count.
    const searched = await store.list({ page: 1, limit: 50, q: 'auction', sorts: [{ field: 'dateCreation', order: 'desc' }] });
    expect(searched.rows.map((r) => r.id)).toEqual([C, A]);
    const none = await store.list({ page: 1, limit: 50, q: 'collector' });
    expect(none.rows).toEqual([]);
    expect(none.count).toBe(0);
    rows.dispose();
  });
});
