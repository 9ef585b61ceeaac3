import fc from 'fast-check';
import { indexedDB, IDBKeyRange } from 'fake-indexeddb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OfflineDatabase, type LocalRecord } from '../../src/app/offline/database.ts';
import { derive } from '../../src/app/offline/local-schema.ts';
import { COUNT_SCAN_LIMIT, filterPredicate, queryLocal, sortComparator } from '../../src/app/offline/local-query.ts';
import { COUNT_STEP } from '../../src/app/offline/stepped-count.ts';
import type { Filter, Sort } from '../../src/shared/list-params.ts';

const LABELS = ['forex', 'binary_options', 'diamond'];
const NAMES = ['Adams', 'baker', 'Clark', 'Dupont', 'Evans', 'Fischer', 'adams'];

/** Whatever index the planner picks, a page equals filtering and sorting everything by hand. */
describe('local list queries', () => {
  let db: OfflineDatabase;
  let all: LocalRecord[];

  beforeAll(async () => {
    db = new OfflineDatabase(`query-test-${Date.now()}`, { indexedDB, IDBKeyRange });
    all = Array.from({ length: 300 }, (_, i) => {
      const lead = i % 5 !== 0;
      return derive('user', {
        id: `00000000-0000-7000-8000-${String(i).padStart(12, '0')}`,
        version: 1 + (i % 3),
        dateCreation: new Date(Date.UTC(2026, 0, 1 + (i % 40), i % 24)).toISOString(),
        dateLastUpdate: new Date(Date.UTC(2026, 1, 1)).toISOString(),
        firstName: `First ${i % 17}`,
        lastName: NAMES[i % NAMES.length],
        email: `p${i}@test.local`,
        roles: lead ? ['lead'] : i % 2 ? ['regular'] : ['admin'],
        labels: LABELS.filter((_, j) => (i >> j) & 1),
        status: i % 7 === 0 ? 'locked' : 'active',
        assignedTo: i % 3 === 0 ? null : `staff-${i % 4}`,
        verificationStatus: ['uninitialized', 'pending', 'verified', 'rejected'][i % 4],
        // Null for most, as for leads who never signed in: IndexedDB's index leaves those out.
        lastLogin: i % 3 === 1 ? new Date(Date.UTC(2026, 2, 1 + (i % 9))).toISOString() : null,
      }) as LocalRecord;
    });
    await db.records('user').bulkAdd(all);
  });
  afterAll(() => db.delete());

  const filter = fc.oneof(
    fc.record({ field: fc.constant('roles'), values: fc.subarray(['lead', 'regular', 'admin'], { minLength: 1 }) }),
    fc.record({ field: fc.constant('labels'), values: fc.subarray(LABELS, { minLength: 1 }) }),
    fc.record({ field: fc.constant('status'), values: fc.subarray(['active', 'locked'], { minLength: 1 }) }),
    fc.record({
      field: fc.constant('verificationStatus'),
      values: fc.constantFrom(['pending'], ['verified', 'rejected']).map((v) => [...v]),
    }),
    fc.record({
      field: fc.constant('lastName'),
      values: fc.constantFrom(['adams'], ['Clark']),
      operator: fc.constant('contains' as const),
    }),
    fc.record({ field: fc.constant('assignedTo'), values: fc.constant([true]), operator: fc.constant('isNull' as const) }),
    fc.record({
      field: fc.constant('dateCreation'),
      values: fc.constant(['2026-01-20T00:00:00.000Z']),
      operator: fc.constantFrom('gte' as const, 'lt' as const),
    }),
  ) as fc.Arbitrary<Filter>;
  const sort: fc.Arbitrary<Sort> = fc.record({
    field: fc.constantFrom('lastName', 'firstName', 'dateCreation', 'email', 'status', 'lastLogin', 'verificationStatus'),
    order: fc.constantFrom('asc' as const, 'desc' as const),
  });

  // With the default limit the counts here read records; at 100 the leads are counted from the index
  // (in steps: a few entries each, or one step for all) less the staff outside their partition; at 0
  // from intersected keys.
  it.each([
    [COUNT_SCAN_LIMIT, COUNT_STEP],
    [100, 7],
    [100, COUNT_STEP],
    [0, 1],
  ])(
    'matches a by-hand filter and sort, page by page, with the right count (scan limit %i, count step %i)',
    async (scanLimit, countStep) => {
      await fc.assert(
        fc.asyncProperty(
          fc.uniqueArray(filter, { maxLength: 3, selector: (f) => f.field }),
          fc.array(sort, { maxLength: 1 }),
          fc.integer({ min: 1, max: 18 }),
          fc.option(fc.constantFrom('first 1', 'P2', 'adams'), { nil: undefined }),
          async (filters, sorts, page, q) => {
            const query = { page, limit: 15, filters, sorts, q };
            const expected = all
              .filter((r) => filters.every((f) => filterPredicate(f)(r)))
              // By hand: every word of the query in one of the searched fields, case aside (src/shared/search.ts).
              .filter(
                (r) =>
                  !q ||
                  q
                    .toLowerCase()
                    .split(/\s+/)
                    .filter(Boolean)
                    .every((word) => ['firstName', 'lastName', 'email'].some((f) => String(r[f]).toLowerCase().includes(word))),
              )
              .sort(sortComparator(sorts));
            const result = await queryLocal(db.records('user'), 'user', query, { scanLimit, countStep });
            expect(await result.count).toBe(expected.length);
            // Ties of the sort field may come in another order; compare the sort keys and the set of ids.
            const key = (r: LocalRecord) => (sorts[0] ? String(r[sorts[0].field]) : String(r.dateCreation));
            const want = expected.slice((page - 1) * 15, page * 15);
            expect(result.rows.map(key)).toEqual(want.map(key));
          },
        ),
        { numRuns: 150 },
      );
    },
    60_000,
  );

  // IndexedDB's index holds no entry for a null: those records are read apart, on the right side.
  it.each(['asc', 'desc'] as const)('pages through leads sorted by a nullable field (%s) like the server', async (order) => {
    for (const filters of [
      [{ field: 'roles', values: ['lead'] }],
      [
        { field: 'roles', values: ['lead'] },
        { field: 'labels', values: ['forex'] },
      ],
    ] as Filter[][]) {
      const sorts: Sort[] = [{ field: 'lastLogin', order }];
      const expected = all.filter((r) => filters.every((f) => filterPredicate(f)(r))).sort(sortComparator(sorts));
      const read: LocalRecord[] = [];
      for (let page = 1, rows = []; page === 1 || rows.length === 7; page++) {
        rows = (await queryLocal(db.records('user'), 'user', { page, limit: 7, filters, sorts })).rows;
        read.push(...rows);
      }
      expect(read.map((r) => r.lastLogin)).toEqual(expected.map((r) => r.lastLogin));
      expect(new Set(read.map((r) => r.id)).size).toBe(expected.length);
    }
  });

  // The leads screen's usual shape: every way a count may be taken gives the by-hand number.
  it.each([
    [COUNT_SCAN_LIMIT, COUNT_STEP],
    [100, 3],
    [100, 64],
    [0, 1],
  ])('counts leads with one more filter exactly (scan limit %i, count step %i)', async (scanLimit, countStep) => {
    const shapes: Filter[][] = [
      ...LABELS.map((label) => [{ field: 'labels', values: [label] }]),
      [{ field: 'labels', values: ['forex', 'diamond'] }],
      [{ field: 'assignedTo', values: ['staff-1'] }],
      [{ field: 'assignedTo', values: ['staff-1', 'staff-2'] }],
      [{ field: 'status', values: ['locked'] }],
      [],
    ];
    for (const roles of [['lead'], ['regular'], ['admin', 'regular']]) {
      for (const shape of shapes) {
        const filters = [{ field: 'roles', values: roles }, ...shape];
        const expected = all.filter((r) => filters.every((f) => filterPredicate(f)(r))).length;
        const result = await queryLocal(
          db.records('user'),
          'user',
          { page: 1, limit: 10, filters, sorts: [{ field: 'lastName', order: 'asc' }] },
          { scanLimit, countStep },
        );
        expect(await result.count, JSON.stringify(filters)).toBe(expected);
      }
    }
  });
});
