import Dexie, { type Collection, type Table } from 'dexie';
import { ENTITIES, type EntityName } from '../../shared/entities/index.ts';
import type { Filter, Sort } from '../../shared/list-params.ts';
import type { EntityDefinition } from '../../shared/entities/define-entity.ts';
import { parseSearch, recordMatches } from '../../shared/search.ts';
import type { ListQuery } from '../data/entity-store.ts';
import type { LocalRecord } from './database.ts';
import { ALWAYS_PARTITIONED, ARRAY_FIELDS, MAIN_PARTITION, NULLABLE_SORTS, PARTITIONS, valueKey } from './local-schema.ts';
import { countInSteps, type CountRange } from './stepped-count.ts';

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

const same = (a: unknown, b: Value) =>
  typeof a === 'number' && typeof b === 'string' ? a === Number(b) : a === b || String(a) === String(b);

/** A record's value for a filter's field; `values.colour` is one key of a JSON field (a product's values, as the server's jsonFilter). */
function valueAt(record: LocalRecord, field: string): unknown {
  const dot = field.indexOf('.');
  if (dot < 0) return record[field];
  const inner = record[field.slice(0, dot)];
  return inner && typeof inner === 'object' ? (inner as Record<string, unknown>)[field.slice(dot + 1)] : undefined;
}

/** One filter of the list contract (DESIGN.md §4) as a predicate on local records, matching the server. */
export function filterPredicate(filter: Filter): Predicate {
  const { field, values } = filter;
  const operator = filter.operator ?? 'in';
  return (record) => {
    const value = valueAt(record, field);
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
  const search = parseSearch(q);
  if (!search) return undefined;
  const { searchable, phoneFields } = ENTITIES[entity] as EntityDefinition;
  // The server's semantics exactly (searchCondition in list-query.ts): both read src/shared/search.ts.
  return (record) => recordMatches(record, search, searchable, phoneFields);
}

/** Sorts like the server (orderBy in list-query.ts): requested fields (newest first when none), then id in the first sort's direction. */
export function sortComparator(sorts: readonly Sort[] = []) {
  const all: Sort[] = sorts.length ? [...sorts] : [{ field: 'dateCreation', order: 'desc' }];
  all.push({ field: 'id', order: all[0].order });
  return (a: LocalRecord, b: LocalRecord) => {
    for (const { field, order } of all) {
      const c = compare(a[field], b[field]);
      if (c) return order === 'desc' ? -c : c;
    }
    return 0;
  };
}

/**
 * How a page is read. `indexOrdered`: the collection walks an index in the sort's order (ties by
 * primary key, as the server breaks them). `nulls`: the records that index leaves out (the sort field
 * is null), in primary-key order, the sort's direction.
 */
type Plan = {
  collection: Collection<LocalRecord, string>;
  rest: Filter[];
  indexOrdered: boolean;
  nulls?: { field: string; collection: Collection<LocalRecord, string> };
};

/** The filter on an entity's partition field with one value, if any (its records are one index range). */
function partitionFilterOf(entity: EntityName, filters: readonly Filter[]): Filter | undefined {
  const partition = PARTITIONS[entity];
  return partition
    ? filters.find((f) => f.field === partition && ['in', 'eq'].includes(f.operator ?? 'in') && f.values.length === 1 && isKey(f.values[0]))
    : undefined;
}

/**
 * The records of one partition. [partition+dateCreation] holds every record (dateCreation is always
 * set), so it also answers "partition = value" without an index of its own.
 */
function partitionRange(table: Table<LocalRecord, string>, entity: EntityName, value: string | number): Collection<LocalRecord, string> {
  const { index, between } = partitionCountRange(entity, value);
  return table.where(index).between(...between);
}

function partitionCountRange(entity: EntityName, value: string | number) {
  // Dexie's lowest and highest keys (its types do not call them IndexedDB keys).
  const between: [IDBValidKey, IDBValidKey] = [
    [value, Dexie.minKey],
    [value, Dexie.maxKey as IDBValidKey],
  ];
  return { index: `[${PARTITIONS[entity]}+dateCreation]`, between };
}

/**
 * Picks the index that does most of the work: a [partition+sort] compound range, else the partition's
 * range (the main partition walks the sort field's index instead), else the sort field's index, else
 * an equality filter's index (sorting the matches in memory).
 */
function plan(table: Table<LocalRecord, string>, entity: EntityName, query: ListQuery): Plan {
  const filters = query.filters ?? [];
  const sorts = query.sorts ?? [];
  const indexed = new Set(table.schema.indexes.map((i) => i.name));
  const sort = sorts[0] ?? { field: 'dateCreation', order: 'desc' as const };
  const single = sorts.length <= 1;
  const inOrder = (collection: Collection<LocalRecord, string>) => (sort.order === 'desc' ? collection.reverse() : collection);
  /**
   * An index-ordered plan. A nullable sort field's records without a value are read in primary-key
   * order across the table (`rest` must then hold every filter); in a small partition, `undefined`:
   * reading and sorting the partition costs less.
   */
  const ordered = (collection: Collection<LocalRecord, string>, rest: Filter[], nullsFromTable: boolean): Plan | undefined => {
    if (!NULLABLE_SORTS[entity]?.includes(sort.field)) return { collection: inOrder(collection), rest, indexOrdered: true };
    return nullsFromTable
      ? {
          collection: inOrder(collection),
          rest,
          indexOrdered: true,
          nulls: { field: sort.field, collection: inOrder(table.toCollection()) },
        }
      : undefined;
  };
  const partitionFilter = partitionFilterOf(entity, filters);
  if (partitionFilter) {
    const key = partitionFilter.values[0] as string | number;
    const rest = filters.filter((f) => f !== partitionFilter);
    const compound = `[${PARTITIONS[entity]}+${sort.field}]`;
    const viaCompound =
      single && indexed.has(compound)
        ? ordered(table.where(compound).between([key, Dexie.minKey], [key, Dexie.maxKey]), rest, false)
        : undefined;
    if (viaCompound) return viaCompound;
    // The main partition is nearly the whole table: its sort index, skipping the few others (the partition filter stays).
    const viaSortIndex =
      single && MAIN_PARTITION[entity] === key && indexed.has(sort.field) && !ARRAY_FIELDS.has(sort.field)
        ? ordered(table.orderBy(sort.field), filters, true)
        : undefined;
    if (viaSortIndex) return viaSortIndex;
    return { collection: partitionRange(table, entity, key), rest, indexOrdered: false };
  }
  const viaSortIndex =
    single && indexed.has(sort.field) && !ARRAY_FIELDS.has(sort.field) ? ordered(table.orderBy(sort.field), filters, true) : undefined;
  if (viaSortIndex) return viaSortIndex;
  const driver = filters.find((f) => indexed.has(f.field) && (f.operator ?? 'in') === 'in' && f.values.length && f.values.every(isKey));
  if (driver) {
    const collection = table.where(driver.field).anyOf(driver.values as (string | number)[]);
    return {
      collection: ARRAY_FIELDS.has(driver.field) ? collection.distinct() : collection,
      rest: filters.filter((f) => f !== driver),
      indexOrdered: false,
    };
  }
  return { collection: table.toCollection(), rest: filters, indexOrdered: false };
}

/** A page, and the number of matches (counting can take longer than the page: it comes apart). */
export type LocalPage = { rows: LocalRecord[]; count: Promise<number> };

/** Up to how many records a count reads at once rather than answering from indexes alone. */
export const COUNT_SCAN_LIMIT = 2_000;

/**
 * A filter an index answers: one range per value, as Dexie collections and as ranges to count.
 * `exact` when counting the ranges' entries counts no record twice.
 */
type Lookup = { filter: Filter; ranges: () => Collection<LocalRecord, string>[]; counted: CountRange[]; exact: boolean };

function lookupOf(table: Table<LocalRecord, string>, entity: EntityName, filter: Filter): Lookup | undefined {
  const values = filter.values as (string | number)[];
  if (filter === partitionFilterOf(entity, [filter]))
    return {
      filter,
      ranges: () => [partitionRange(table, entity, values[0])],
      counted: [partitionCountRange(entity, values[0])],
      exact: true,
    };
  if ((filter.operator ?? 'in') !== 'in' || !filter.values.length || !filter.values.every(isKey)) return undefined;
  if (!table.schema.indexes.some((i) => i.name === filter.field)) return undefined;
  return {
    filter,
    ranges: () => values.map((v) => table.where(filter.field).equals(v)),
    counted: values.map((v) => ({ index: filter.field, between: [v, v] })),
    exact: !ARRAY_FIELDS.has(filter.field) || values.length === 1,
  };
}

/**
 * How a count runs. `yieldToPages` is awaited before each request that walks a large index range
 * (and before each step of a stepped count), so page reads go first (see read-priority.ts).
 * `countStep`: entries per step of a stepped count (stepped-count.ts).
 */
export type CountOptions = { scanLimit?: number; countStep?: number; yieldToPages?: () => Promise<void> };

/**
 * Counts matches. Any count IndexedDB gives walks the entries (~5 µs each in Chromium: a few hundred
 * ms over 100k leads), so a large count is taken in a few requests that each yield to page reads,
 * walking as few entries as it can:
 * - A small table or partition (campaigns, a lead's comments, the staff): read it, at once.
 * - The big partition (the leads): the table's count, one more filter's index count, or more
 *   filters' intersected keys, less the few records outside the partition that match.
 * - One filter: IndexedDB's own count.
 * - Other index lookups: their primary keys, intersected. Anything else (search, ranges): read.
 */
async function countMatches(
  table: Table<LocalRecord, string>,
  entity: EntityName,
  filters: Filter[],
  q: string | undefined,
  options: CountOptions,
): Promise<number> {
  const scanLimit = options.scanLimit ?? COUNT_SCAN_LIMIT;
  const walk = async <T>(request: () => Promise<T>) => {
    await options.yieldToPages?.();
    return request();
  };
  // Index entries are counted in steps, each after page reads (see stepped-count.ts).
  const countEntries = async (ranges: CountRange[]) => {
    let total = 0;
    for (const where of ranges) total += await countInSteps(table, where, { step: options.countStep, beforeStep: options.yieldToPages });
    return total;
  };
  const everything: CountRange[] = [{ index: null }];
  const search = q?.trim();
  const predicate = (list: Filter[]) => {
    const predicates = [...list.map(filterPredicate), searchPredicate(entity, q)].filter((p): p is Predicate => !!p);
    return (record: LocalRecord) => predicates.every((p) => p(record));
  };
  const partitionFilter = partitionFilterOf(entity, filters);
  const value = partitionFilter?.values[0] as string | number;
  const others = filters.filter((f) => f !== partitionFilter);
  const scope = () => (partitionFilter ? partitionRange(table, entity, value) : table.toCollection());
  // Whether the scope is small is asked without walking a big one.
  const sample = await scope()
    .limit(scanLimit + 1)
    .primaryKeys();
  if (sample.length <= scanLimit) return !others.length && !search ? sample.length : scope().filter(predicate(others)).count();

  const lookups = search ? [] : others.map((f) => lookupOf(table, entity, f));
  const exactLookup = lookups.length === 1 && lookups[0]?.exact ? lookups[0] : undefined;
  if (!search && !others.length && !partitionFilter) return countEntries(everything);
  if (!partitionFilter && exactLookup) return countEntries(exactLookup.counted);
  const indexed = (list: (Lookup | undefined)[]): list is Lookup[] => list.every((l) => !!l);
  /** Records every lookup finds: their primary keys, intersected (key-only reads, no records). */
  const intersect = async (list: Lookup[]) => {
    let keys: Set<string> | undefined;
    for (const lookup of list) {
      const found = await walk(() => keysOf(lookup));
      keys = keys ? new Set([...found].filter((k) => keys!.has(k))) : found;
      if (!keys.size) return 0;
    }
    return keys!.size;
  };
  if (partitionFilter && ALWAYS_PARTITIONED.has(entity) && !search && indexed(lookups)) {
    // Every record has a partition value here, so the records outside it are the index below and
    // above it: count the whole table, less the few outside that match.
    const compound = `[${PARTITIONS[entity]}+dateCreation]`;
    const below = await walk(() =>
      table
        .where(compound)
        .below([value, Dexie.minKey])
        .limit(scanLimit + 1)
        .toArray(),
    );
    const above = await walk(() =>
      table
        .where(compound)
        .above([value, Dexie.maxKey])
        .limit(scanLimit + 1)
        .toArray(),
    );
    const outside = [...below, ...above];
    if (outside.length <= scanLimit) {
      const all = !lookups.length
        ? await countEntries(everything)
        : exactLookup
          ? await countEntries(exactLookup.counted)
          : await intersect(lookups);
      return all - outside.filter(predicate(others)).length;
    }
  }
  const all = partitionFilter ? [lookupOf(table, entity, partitionFilter), ...lookups] : lookups;
  if (!search && all.length && indexed(all)) return intersect(all);
  return walk(() => scope().filter(predicate(others)).count());
}

/** Primary keys of a lookup's records: key-only reads (getAllKeys), no records. */
async function keysOf(lookup: Lookup): Promise<Set<string>> {
  const keys = new Set<string>();
  for (const range of lookup.ranges()) for (const key of await range.primaryKeys()) keys.add(key);
  return keys;
}

/**
 * A product filter on one dynamic value (`values.colour` in or eq) as its entries of the multi-entry
 * `_values` index (local-schema.ts): the same records as the server's containment, read from an index.
 */
function valueFilter(filter: Filter): Filter {
  const operator = filter.operator ?? 'in';
  if (!filter.field.startsWith('values.') || (operator !== 'in' && operator !== 'eq') || !filter.values.length) return filter;
  if (filter.values.some((v) => v === null)) return filter;
  const key = filter.field.slice('values.'.length);
  return { field: '_values', values: filter.values.map((v) => valueKey(key, v)) };
}

/**
 * Leads and staff live in one users table; screens filter on `roles`. Saying which kind is meant lets
 * the planner use the [_kind+sort] indexes.
 */
function withPartitionHints(entity: EntityName, filters: Filter[]): Filter[] {
  if (entity === 'product') return filters.map(valueFilter);
  if (entity !== 'user') return filters;
  const roles = filters.find((f) => f.field === 'roles' && (f.operator ?? 'in') === 'in' && f.values.length);
  if (!roles) return filters;
  if (roles.values.length === 1 && roles.values[0] === 'lead')
    return [...filters.filter((f) => f !== roles), { field: '_kind', values: ['lead'] }];
  if (!roles.values.includes('lead')) return [...filters, { field: '_kind', values: ['staff'] }];
  return filters;
}

/**
 * One page of a list, read from the local mirror with the server's filter, search and sort semantics.
 * `count` is there when reading the page meant reading every match anyway (sorted in memory).
 */
export async function readPage(
  table: Table<LocalRecord, string>,
  entity: EntityName,
  query: ListQuery,
): Promise<{ rows: LocalRecord[]; count?: number }> {
  const filters = withPartitionHints(entity, query.filters ?? []);
  const { collection, rest, indexOrdered, nulls } = plan(table, entity, { ...query, filters });
  const predicates = [...rest.map(filterPredicate), searchPredicate(entity, query.q)].filter((p): p is Predicate => !!p);
  const matches: Predicate = (record) => predicates.every((p) => p(record));
  const offset = (query.page - 1) * query.limit;
  if (indexOrdered) {
    const inIndex = segment(collection, predicates.length ? matches : undefined);
    if (!nulls) return { rows: await inIndex.read(offset, query.limit) };
    const withoutValue = segment(
      nulls.collection,
      (record) => (record[nulls.field] === null || record[nulls.field] === undefined) && matches(record),
    );
    // As PostgreSQL: nulls last ascending, first descending.
    const [first, second] = query.sorts?.[0]?.order === 'desc' ? [withoutValue, inIndex] : [inIndex, withoutValue];
    return { rows: await readAcross(first, second, offset, query.limit) };
  }
  const all = (await collection.toArray()).filter(matches).sort(sortComparator(query.sorts));
  return { rows: all.slice(offset, offset + query.limit), count: all.length };
}

/** Records in a collection's order that pass a filter: a slice of them, or how many there are. */
type Segment = { read(offset: number, limit: number): Promise<LocalRecord[]>; count(): Promise<number> };

function segment(collection: Collection<LocalRecord, string>, matches: Predicate | undefined): Segment {
  const filtered = () => (matches ? collection.clone().filter(matches) : collection.clone());
  return { read: (offset, limit) => filtered().offset(offset).limit(limit).toArray(), count: () => filtered().count() };
}

/** A page of `first`'s records followed by `second`'s. */
async function readAcross(first: Segment, second: Segment, offset: number, limit: number): Promise<LocalRecord[]> {
  const head = await first.read(offset, limit);
  if (head.length === limit) return head;
  // `first` ran out within this page (or before it: then how far before is counted).
  const firstCount = head.length ? offset + head.length : await first.count();
  return [...head, ...(await second.read(Math.max(0, offset - firstCount), limit - head.length))];
}

/** The number of records a list query matches (paging and sorting aside). */
export function countLocal(
  table: Table<LocalRecord, string>,
  entity: EntityName,
  query: Pick<ListQuery, 'filters' | 'q'>,
  options: CountOptions = {},
): Promise<number> {
  return countMatches(table, entity, withPartitionHints(entity, query.filters ?? []), query.q, options);
}

/** A page and its count, one after the other: the count starts once the page is read. */
export async function queryLocal(
  table: Table<LocalRecord, string>,
  entity: EntityName,
  query: ListQuery,
  options: CountOptions = {},
): Promise<LocalPage> {
  const page = await readPage(table, entity, query);
  return { rows: page.rows, count: page.count !== undefined ? Promise.resolve(page.count) : countLocal(table, entity, query, options) };
}
