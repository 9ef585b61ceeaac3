import { indexedDB, IDBKeyRange } from 'fake-indexeddb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OfflineDatabase, type LocalRecord } from '../../src/app/offline/database.ts';
import { derive, tableSpec } from '../../src/app/offline/local-schema.ts';
import { queryLocal } from '../../src/app/offline/local-query.ts';

/**
 * The mirror filters products on their dynamic values as the server does (issue 27): `values.<key>` in
 * or eq reads the multi-entry `_values` index, types compared strictly (a number is not its text), and
 * the answer equals filtering by hand.
 */
const COLOURS = ['d', 'e', 'f'];
let db: OfflineDatabase;
let all: LocalRecord[];

beforeAll(async () => {
  db = new OfflineDatabase(`catalogue-mirror-${Date.now()}`, { indexedDB, IDBKeyRange });
  all = Array.from({ length: 3000 }, (_, i) => {
    const values: Record<string, unknown> = { colour: COLOURS[i % 3], carat: (i % 4) + 0.5 };
    if (i % 5 === 0) values.certified = i % 2 === 0;
    return derive('product', {
      id: `00000000-0000-7000-8000-${String(i).padStart(12, '0')}`,
      version: 1,
      dateCreation: new Date(Date.UTC(2026, 0, 1, 0, 0, i)).toISOString(),
      dateLastUpdate: new Date(Date.UTC(2026, 0, 1)).toISOString(),
      categoryId: i % 2 ? 'cat-a' : 'cat-b',
      price: 100 + i,
      values,
    }) as LocalRecord;
  });
  await db.records('product').bulkAdd(all);
});
afterAll(() => db.delete());

const query = (filters: { field: string; values: (string | number | boolean)[]; operator?: 'in' | 'eq' | 'gte' }[]) =>
  queryLocal(db.records('product'), 'product', { page: 1, limit: 20, filters });

describe('product values in the mirror', () => {
  it('indexes them in one multi-entry index', () => {
    expect(tableSpec('product')).toContain('*_values');
    expect(tableSpec('product')).not.toMatch(/(^|, )values(,|$)/);
  });

  it('filters on a select value, on two values, on a boolean and with the category: the same records as by hand', async () => {
    const colourF = await query([{ field: 'values.colour', values: ['f'] }]);
    expect(await colourF.count).toBe(1000);
    expect(colourF.rows.every((r) => (r.values as Record<string, unknown>).colour === 'f')).toBe(true);
    // Newest first, as the server sorts by default: the 20 newest with colour f.
    expect(colourF.rows.map((r) => r.id)).toEqual(
      all
        .filter((r) => (r.values as Record<string, unknown>).colour === 'f')
        .slice(-20)
        .reverse()
        .map((r) => r.id),
    );
    expect(await (await query([{ field: 'values.colour', values: ['d', 'e'] }])).count).toBe(2000);
    expect(await (await query([{ field: 'values.certified', operator: 'eq', values: [true] }])).count).toBe(300);
    expect(
      await (
        await query([
          { field: 'values.colour', values: ['d'] },
          { field: 'categoryId', values: ['cat-b'] },
        ])
      ).count,
    ).toBe(500);
    expect(await (await query([{ field: 'values.carat', values: [1.5] }])).count).toBe(750);
  });

  it('compares types strictly, as jsonb containment does', async () => {
    expect(await (await query([{ field: 'values.carat', values: ['1.5'] }])).count).toBe(0);
    expect(await (await query([{ field: 'values.carat', operator: 'gte', values: [3] }])).count).toBe(750);
  });
});
