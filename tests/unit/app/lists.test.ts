import { describe, expect, test, vi } from 'vitest';
import { ENTITIES } from '../../../src/shared/entities/index.ts';
import { FILTER_OPERATORS } from '../../../src/shared/list-params.ts';
import type { EntityRecord, EntityStore, ListQuery } from '../../../src/app/data/entity-store.ts';
import { createHttpEntityStore, listParams } from '../../../src/app/data/http-entity-store.ts';
import { parseListState, queryKey, toggleSort } from '../../../src/app/lists/list-state.ts';
import { parseJsonArray } from '../../../src/app/lists/json-array.ts';
import { SparseRows } from '../../../src/app/lists/sparse-rows.ts';

describe('list state in the URL', () => {
  test('keeps well-formed parts and, given field lists, only allowed fields', () => {
    const search = {
      q: 'spring',
      filters: JSON.stringify([
        { field: 'name', values: ['a'], operator: 'contains' },
        { field: 'name', values: ['b'], operator: 'drop table' },
        { field: 'password', values: ['x'] },
        { nonsense: true },
      ]),
      sorts: [
        { field: 'name', order: 'desc' },
        { field: 'secret', order: 'asc' },
      ],
      cols: ['name', 3],
      view: 'Mine',
    };
    expect(parseListState(search, { ...ENTITIES.campaign, operators: FILTER_OPERATORS })).toEqual({
      q: 'spring',
      // An unknown operator is dropped (the filter stays, with the server's default).
      filters: [
        { field: 'name', values: ['a'], operator: 'contains' },
        { field: 'name', values: ['b'] },
      ],
      sorts: [{ field: 'name', order: 'desc' }],
      cols: ['name'],
      view: 'Mine',
    });
    // Broken JSON in a hand-edited URL is ignored, not an error.
    expect(parseListState({ filters: '[{', q: '   ' })).toEqual({});
  });

  test('sorting a column cycles asc → desc → none', () => {
    expect(toggleSort(undefined, 'name')).toEqual([{ field: 'name', order: 'asc' }]);
    expect(toggleSort([{ field: 'name', order: 'asc' }], 'name')).toEqual([{ field: 'name', order: 'desc' }]);
    expect(toggleSort([{ field: 'name', order: 'desc' }], 'name')).toBeUndefined();
    expect(toggleSort([{ field: 'name', order: 'desc' }], 'dateCreation')).toEqual([{ field: 'dateCreation', order: 'asc' }]);
  });

  test('columns and views do not change what is asked of the server', () => {
    expect(queryKey({ q: 'a', cols: ['name'] })).toBe(queryKey({ q: 'a', view: 'x' }));
    expect(queryKey({ q: 'a' })).not.toBe(queryKey({ q: 'b' }));
  });
});

describe('the HTTP entity store', () => {
  test('filters and sorts travel as JSON; a text query goes to /search', async () => {
    expect(
      listParams({ page: 2, limit: 100, filters: [{ field: 'roles', values: ['lead'] }], sorts: [{ field: 'name', order: 'asc' }] }),
    ).toEqual({
      page: 2,
      limit: 100,
      filters: '[{"field":"roles","values":["lead"]}]',
      sorts: '[{"field":"name","order":"asc"}]',
    });
    const http = vi.fn(async (url: string) =>
      url.endsWith('/batch') ? { campaigns: [{ id: 'n' }] } : { campaigns: [{ id: '1' }], count: 1, pageToCreate: 1 },
    );
    const store = createHttpEntityStore(http as never, 'campaign');
    expect(await store.list({ page: 1, limit: 20, q: 'x' })).toEqual({ rows: [{ id: '1' }], count: 1, pageToCreate: 1 });
    expect(http.mock.calls[0]?.[0]).toBe('/v1/campaign/search');
    await store.list({ page: 1, limit: 20 });
    expect(http.mock.calls[1]?.[0]).toBe('/v1/campaign');
    await store.update('1', { name: 'n' }, 3);
    expect(http.mock.calls[2]).toEqual(['/v1/campaign/1', { method: 'PATCH', body: { name: 'n' }, headers: { 'if-match': '3' } }]);
    expect(await store.createMany([{ name: 'n' }])).toEqual([{ id: 'n' }]);
    await store.removeMany(['1', '2']);
    expect(http.mock.calls.at(-1)).toEqual(['/v1/campaign/batch', { method: 'DELETE', body: { ids: ['1', '2'] } }]);
  });
});

describe('sparse rows: a 100,000-row list loads only the pages in view', () => {
  const fakeStore = (total: number) => {
    const asked: number[] = [];
    const store = {
      entity: 'campaign',
      list: vi.fn(async (query: ListQuery) => {
        asked.push(query.page);
        const start = (query.page - 1) * query.limit;
        const rows = Array.from({ length: Math.max(0, Math.min(query.limit, total - start)) }, (_, i) => ({ id: String(start + i) }));
        return { rows, count: total, pageToCreate: Math.ceil(total / query.limit) };
      }),
    } as unknown as EntityStore<EntityRecord>;
    return { store, asked };
  };
  const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

  test('first page, then only the pages a range needs, each once', async () => {
    const { store, asked } = fakeStore(100_000);
    const rows = new SparseRows(store, {});
    const seen: number[] = [];
    rows.subscribe(() => seen.push(rows.getSnapshot().version));
    rows.ensureRange(0, 0);
    await settle();
    expect(rows.getSnapshot().count).toBe(100_000);
    expect(rows.getSnapshot().rowAt(99)?.id).toBe('99');
    expect(rows.getSnapshot().rowAt(100)).toBeNull();
    rows.ensureRange(99_950, 99_999);
    rows.ensureRange(99_950, 99_999); // asked twice while in flight: fetched once
    await settle();
    expect(asked).toEqual([1, 1000]);
    expect(rows.getSnapshot().rowAt(99_999)?.id).toBe('99999');
    expect(rows.getSnapshot().loaded()).toHaveLength(200);
    expect(seen.length).toBeGreaterThan(0);
  });

  test('disposed (the query changed): late pages are dropped', async () => {
    const { store } = fakeStore(500);
    const rows = new SparseRows(store, {});
    rows.ensureRange(0, 0);
    rows.dispose();
    await settle();
    expect(rows.getSnapshot().count).toBeNull();
  });
});

describe('add many: SPEC.md §5 messages', () => {
  test('invalid JSON, not an array of objects, or the items', () => {
    expect(parseJsonArray('{')).toEqual({ error: 'validation.json' });
    expect(parseJsonArray('{"name":"a"}')).toEqual({ error: 'validation.jsonArray' });
    expect(parseJsonArray('[1, 2]')).toEqual({ error: 'validation.jsonArray' });
    expect(parseJsonArray('[{"name":"a"}]')).toEqual({ items: [{ name: 'a' }] });
  });
});

describe('locales', () => {
  test('fr and de have every app key en has', async () => {
    const keys = (node: unknown, prefix = ''): string[] =>
      node && typeof node === 'object' ? Object.entries(node).flatMap(([k, v]) => keys(v, `${prefix}${k}.`)) : [prefix.slice(0, -1)];
    const [en, fr, de] = await Promise.all(
      ['en', 'fr', 'de'].map(async (l) => (await import(`../../../locales/${l}.json`)).default as Record<string, unknown>),
    );
    const enKeys = keys(en.app);
    expect(enKeys.length).toBeGreaterThan(100);
    expect(enKeys.filter((k) => !keys(fr.app).includes(k))).toEqual([]);
    expect(enKeys.filter((k) => !keys(de.app).includes(k))).toEqual([]);
  });
});
