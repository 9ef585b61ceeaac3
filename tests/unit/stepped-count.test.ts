import fc from 'fast-check';
import { indexedDB, IDBKeyRange } from 'fake-indexeddb';
import Dexie from 'dexie';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { countInSteps } from '../../src/app/offline/stepped-count.ts';

type Row = { id: number; tag?: string; tags: string[]; pair: [string, number] };

/** Stepped counts equal IndexedDB's own count, whatever the step and wherever the range ends. */
describe('countInSteps', () => {
  const db = new Dexie(`stepped-count-${Date.now()}`, { indexedDB, IDBKeyRange });
  db.version(1).stores({ rows: 'id, tag, *tags, pair' });
  const rows = db.table<Row, number>('rows');

  beforeAll(async () => {
    await rows.bulkAdd(
      Array.from({ length: 257 }, (_, i) => ({
        id: (i * 7919) % 1000, // primary keys out of insertion order
        ...(i % 5 ? { tag: ['a', 'b', 'c'][i % 3] } : {}), // some rows without the key: no index entry
        tags: ['x', 'y', 'z'].filter((_, k) => (i >> k) & 1),
        pair: [i % 2 ? 'odd' : 'even', i % 11] as [string, number],
      })),
    );
  });
  afterAll(() => db.delete());

  it('counts a whole table, an equality, a multi-entry key and a compound range exactly', async () => {
    await fc.assert(
      fc.asyncProperty(fc.integer({ min: 1, max: 300 }), async (step) => {
        expect(await countInSteps(rows, { index: null }, { step })).toBe(await rows.count());
        for (const tag of ['a', 'b', 'c', 'none'])
          expect(await countInSteps(rows, { index: 'tag', between: [tag, tag] }, { step })).toBe(
            await rows.where('tag').equals(tag).count(),
          );
        for (const tag of ['x', 'y', 'z'])
          expect(await countInSteps(rows, { index: 'tags', between: [tag, tag] }, { step })).toBe(
            await rows.where('tags').equals(tag).count(),
          );
        expect(
          await countInSteps(
            rows,
            {
              index: 'pair',
              between: [
                ['odd', 2],
                ['odd', 8],
              ],
            },
            { step },
          ),
        ).toBe(await rows.where('pair').between(['odd', 2], ['odd', 8], true, true).count());
      }),
      { numRuns: 40 },
    );
  });

  it('waits for beforeStep before each step, and gives up when it throws', async () => {
    let steps = 0;
    const all = await rows.count();
    await countInSteps(rows, { index: null }, { step: 50, beforeStep: async () => void steps++ });
    // The first entry, ⌊256/50⌋ full steps, then halving steps down to one.
    expect(steps).toBeGreaterThan(Math.floor((all - 1) / 50));
    expect(steps).toBeLessThan(Math.floor((all - 1) / 50) + 10);
    let allowed = 2;
    await expect(
      countInSteps(
        rows,
        { index: null },
        {
          step: 50,
          beforeStep: async () => {
            if (allowed-- === 0) throw new Error('stale');
          },
        },
      ),
    ).rejects.toThrow('stale');
  });
});
