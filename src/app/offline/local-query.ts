import Dexie, { type Collection, type Table } from 'dexie';
import { ENTITIES, type EntityName } from '../../shared/entities/index.ts';
import type { Filter, Sort } from '../../shared/list-params.ts';
import type { ListQuery } from '../data/entity-store.ts';
import type { LocalRecord } from './database.ts';
import { ARRAY_FIELDS, PARTITIONS } from './local-schema.ts';

type Value = string | number | boolean | null;
type Predicate = (record: LocalRecord) => boolean;

const isKey = (v: unknown): v is string | number => typeof v === 'string' || (typeof v === 'number' && Number.isFinite(v));

/** Orders two field values as the server does: numbers by value, text and ISO dates as strings. */
function compare(a: unknown, b: unknown): number {
  if (a === b) return 0;
  if (a === null || a === undefined) return 1; // nulls last, as PostgreSQL sorts ascending
  if (b === null || b === undefined) return -1;
  if (typeof a === 'number' && typeof b === 'number') return a - b;
  if (typeof a === 'boolean' || typeof b === 'boolean') return Number(a) - Number(b);
  return String(a) < String(b) ? -1 : 1;
}

const same = (a: unknown, b: Value) => (typeof a === 'number' && typeof b === 'string' ? a === Number(b) : a === b || String(a) === String(b));

/** One filter of the list contract (DESIGN.md §4) as a predicate on local records, matching the server. */
export function filterPredicate(filter: Filter): Predicate {
  const { field, values } = filter;
  const operator = filter.operator ?? 'in';
  return (record) => {
    const value = record[field];
    if (operator === 'isNull') return (value === null || value === undefined) === !(values[0] === false || values[0] === 'false');
    if (ARRAY_FIELDS.has(field)) {
      const items = (value as string[] | undefined) ?? [];
      if (operator === 'in') return !values.length || values.some((v) => items.includes(String(v)));
      return values.every((v) => items.includes(String(v)));
    }
    if (operator === 'in') return !values.length || values.some((v) => same(value, v));
    if (value === null || value === undefined) return false;
    const first = values[0];
    switch (operator) {
      case 'eq':
        return same(value, first);
      case 'ne':
        return !same(value, first);
      case 'gt':
        return compare(value, typeof value === 'number' ? Number(first) : first) > 0;
      case 'gte':
        return compare(value, typeof value === 'number' ? Number(first) : first) >= 0;
      case 'lt':
        return compare(value, typeof value === 'number' ? Number(first) : first) < 0;
      case 'lte':
        return compare(value, typeof value === 'number' ? Number(first) : first) <= 0;
      case 'between': {
        const [low, high] = typeof value === 'number' ? [Number(values[0]), Number(values[1])] : [values[0], values[1]];
        return compare(value, low) >= 0 && compare(value, high) <= 0;
      }
      case 'contains':
        return String(value).toLowerCase().includes(String(first).toLowerCase());
    }
  };
}

function searchPredicate(entity: EntityName, q: string | undefined): Predicate | undefined {
  const text = q?.trim().toLowerCase();
  if (!text) return undefined;
  const fields = ENTITIES[entity].searchable;
  return (record) => fields.some((f) => typeof record[f] === 'string' && (record[f] as string).toLowerCase().includes(text));
}

/** Sorts like the server: requested fields, then newest first, then id. */
export function sortComparator(sorts: readonly Sort[] = []) {
  const all: Sort[] = [...sorts];
  if (!all.some((s) => s.field === 'dateCreation')) all.push({ field: 'dateCreation', order: 'desc' });
  all.push({ field: 'id', order: 'desc' });
  return (a: LocalRecord, b: LocalRecord) => {
    for (const { field, order } of all) {
      const c = compare(a[field], b[field]);
      if (c) return order === 'desc' ? -c : c;
    }
    return 0;
  };
}

type Plan = { collection: Collection<LocalRecord, string>; rest: Filter[]; indexOrdered: boolean };

/**
 * Picks the index that does most of the work: a [partition+sort] compound range, else the sort
 * field's index, else an equality filter's index (sorting the matches in memory).
 */
function plan(table: Table<LocalRecord, string>, entity: EntityName, query: ListQuery): Plan {
  const filters = query.filters ?? [];
  const sorts = query.sorts ?? [];
  const indexed = new Set(table.schema.indexes.map((i) => i.name));
  const sort = sorts[0] ?? { field: 'dateCreation', order: 'desc' as const };
  const single = sorts.length <= 1;
  const partition = PARTITIONS[entity];
  const partitionFilter = partition
    ? filters.find((f) => f.field === partition && (f.operator ?? 'in') !== 'ne' && ['in', 'eq'].includes(f.operator ?? 'in') && f.values.length === 1 && isKey(f.values[0]))
    : undefined;
  const compound = partition && `[${partition}+${sort.field}]`;
  if (partitionFilter && single && compound && indexed.has(compound)) {
    const key = partitionFilter.values[0] as string | number;
    const range = table.where(compound).between([key, Dexie.minKey], [key, Dexie.maxKey]);
    return { collection: sort.order === 'desc' ? range.reverse() : range, rest: filters.filter((f) => f !== partitionFilter), indexOrdered: true };
  }
  if (single && indexed.has(sort.field) && !ARRAY_FIELDS.has(sort.field)) {
    const ordered = table.orderBy(sort.field);
    return { collection: sort.order === 'desc' ? ordered.reverse() : ordered, rest: filters, indexOrdered: true };
  }
  const driver = filters.find((f) => indexed.has(f.field) && (f.operator ?? 'in') === 'in' && f.values.length && f.values.every(isKey));
  if (driver) {
    const collection = table.where(driver.field).anyOf(driver.values as (string | number)[]);
    return { collection: ARRAY_FIELDS.has(driver.field) ? collection.distinct() : collection, rest: filters.filter((f) => f !== driver), indexOrdered: false };
  }
  return { collection: table.toCollection(), rest: filters, indexOrdered: false };
}

/** A page, and the number of matches (counting can take longer than the page: it comes apart). */
export type LocalPage = { rows: LocalRecord[]; count: Promise<number> };

/** Primary keys of the records whose `index` holds one of `values`: key-only reads, no records. */
function keysOf(table: Table<LocalRecord, string>, index: string, values: readonly (string | number)[]): Promise<Set<string>> {
  const idb = table.db.backendDB();
  return new Promise((resolve, reject) => {
    const transaction = idb.transaction(table.name, 'readonly');
    const source = transaction.objectStore(table.name).index(index);
    const keys = new Set<string>();
    for (const value of values) {
      const request = source.getAllKeys(value);
      request.onsuccess = () => {
        for (const key of request.result) keys.add(key as string);
      };
    }
    transaction.oncomplete = () => resolve(keys);
    transaction.onerror = () => reject(transaction.error);
  });
}

/**
 * Counts without reading records when every filter is an index lookup. One filter: IndexedDB's own
 * count. Several: the primary keys each index yields, intersected (getAllKeys reads no values, far
 * faster than a cursor). Undefined when a filter needs the record itself.
 */
async function countByKeys(table: Table<LocalRecord, string>, filters: Filter[], q: string | undefined): Promise<number | undefined> {
  const indexed = new Set(table.schema.indexes.map((i) => i.name));
  const usable = (f: Filter) => indexed.has(f.field) && (f.operator ?? 'in') === 'in' && f.values.length > 0 && f.values.every(isKey);
  if (q?.trim() || !filters.every(usable)) return undefined;
  if (!filters.length) return table.count();
  if (filters.length === 1 && !ARRAY_FIELDS.has(filters[0].field)) return table.where(filters[0].field).anyOf(filters[0].values as (string | number)[]).count();
  let keys: Set<string> | undefined;
  for (const filter of filters) {
    const found = await keysOf(table, filter.field, filter.values as (string | number)[]);
    keys = keys ? new Set([...found].filter((k) => keys!.has(k))) : found;
    if (!keys.size) return 0;
  }
  return keys!.size;
}

/**
 * Leads and staff live in one users table; screens filter on `roles`. Saying which kind is meant lets
 * the planner use the [_kind+sort] indexes.
 */
function withPartitionHints(entity: EntityName, filters: Filter[]): Filter[] {
  if (entity !== 'user') return filters;
  const roles = filters.find((f) => f.field === 'roles' && (f.operator ?? 'in') === 'in' && f.values.length);
  if (!roles) return filters;
  if (roles.values.length === 1 && roles.values[0] === 'lead') return [...filters.filter((f) => f !== roles), { field: '_kind', values: ['lead'] }];
  if (!roles.values.includes('lead')) return [...filters, { field: '_kind', values: ['staff'] }];
  return filters;
}

/** One page of a list, read from the local mirror with the server's filter, search and sort semantics. */
export async function queryLocal(
  table: Table<LocalRecord, string>,
  entity: EntityName,
  query: ListQuery,
  /** The count of these filters and search when already known or on its way: paging and sorting do not change it. */
  knownCount?: number | Promise<number>,
): Promise<LocalPage> {
  const filters = withPartitionHints(entity, query.filters ?? []);
  const { collection, rest, indexOrdered } = plan(table, entity, { ...query, filters });
  const predicates = [...rest.map(filterPredicate), searchPredicate(entity, query.q)].filter((p): p is Predicate => !!p);
  const matches: Predicate = (record) => predicates.every((p) => p(record));
  const offset = (query.page - 1) * query.limit;
  if (indexOrdered) {
    const filtered = predicates.length ? collection.clone().filter(matches) : collection.clone();
    const rows = await filtered.clone().offset(offset).limit(query.limit).toArray();
    // Counted after the page is read: IndexedDB serves one database's requests in turn, and a count
    // over a large table started first would hold the page up behind it.
    const count = knownCount !== undefined ? Promise.resolve(knownCount) : countByKeys(table, filters, query.q).then((n) => n ?? filtered.clone().count());
    return { rows, count };
  }
  const all = (await collection.toArray()).filter(matches).sort(sortComparator(query.sorts));
  return { rows: all.slice(offset, offset + query.limit), count: Promise.resolve(all.length) };
}
