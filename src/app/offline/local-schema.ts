import { ENTITIES, type EntityName } from '../../shared/entities/index.ts';

/** Fields holding arrays: indexed multi-entry (`*roles`), matched by overlap like the server does. */
export const ARRAY_FIELDS = new Set(['roles', 'labels', 'qualifications']);

/**
 * (Booleans and null are not IndexedDB keys, so boolean fields are never partitions.)
 * The field a screen nearly always filters on with one value, paired with each sortable field in a
 * compound index so "leads sorted by last name" or "comments of this lead, newest first" read a
 * single index range instead of sorting in memory.
 */
export const PARTITIONS: Partial<Record<EntityName, string>> = {
  user: '_kind',
  comment: 'leadId',
  deposit: 'userId',
  withdrawal: 'userId',
  order: 'userId',
  investment: 'userId',
  dividend: 'investmentId',
  offer: 'userId',
  product: 'categoryId',
};

/** Derived fields kept on local records for indexing; never sent to the server. */
export function derive(entity: EntityName, record: Record<string, unknown>): Record<string, unknown> {
  if (entity !== 'user') return record;
  const roles = (record.roles as string[] | undefined) ?? [];
  return { ...record, _kind: roles.includes('lead') ? 'lead' : 'staff' };
}

/**
 * Entities whose lists always filter on the partition (users: leads or staff, never both): their sort
 * fields need only the compound index. Every record of theirs has a partition value (it is derived). Other entities are also listed across partitions (all deposits
 * by date), so their sort fields keep a single index too.
 */
export const ALWAYS_PARTITIONED = new Set<EntityName>(['user']);

/** Never worth an index: nobody lists records by their version. */
const UNINDEXED = new Set(['id', 'version']);

/**
 * Fields left without an index of their own. Every index entry costs on each of the initial sync's
 * 100k+ user writes (IndexedDB in Chromium: ~80 µs per record plus ~18 µs per index entry), so the
 * users table keeps only what a list screen reads by: `_kind` is answered by [_kind+dateCreation],
 * roles only ever narrow the few staff (read from their partition), and no screen lists people by
 * their last update (a filter on it reads the table).
 */
const UNINDEXED_FIELDS: Partial<Record<EntityName, readonly string[]>> = { user: ['_kind', 'roles', 'dateLastUpdate'] };

/**
 * The version of the local schema: bump it whenever `tableSpec` changes. Dexie compares it with the
 * installed database and adds or drops indexes in place; every row, the outbox's included, stays.
 */
export const LOCAL_SCHEMA_VERSION = 2;

/**
 * The Dexie store spec of one entity table. Every index costs on each write (the initial sync writes
 * hundreds of thousands of records): one index per filterable or sortable field (multi-entry for
 * arrays) but those left out above, [partition+sort] compounds, and for always-partitioned entities
 * the compound alone.
 */
export function tableSpec(entity: EntityName): string {
  const definition = ENTITIES[entity];
  const partition = PARTITIONS[entity];
  const compounds = partition ? compoundSorts(entity).filter((f) => f !== partition) : [];
  const compoundOnly = ALWAYS_PARTITIONED.has(entity) ? compounds : [];
  const skipped = UNINDEXED_FIELDS[entity] ?? [];
  const fields = [...new Set([...definition.filterable, ...definition.sortable])].filter((f) => !UNINDEXED.has(f) && !compoundOnly.includes(f) && !skipped.includes(f));
  const indexes = fields.map((f) => (ARRAY_FIELDS.has(f) ? `*${f}` : f));
  if (partition) {
    if (!fields.includes(partition) && !skipped.includes(partition)) indexes.push(partition);
    for (const sort of compounds) indexes.push(`[${partition}+${sort}]`);
  }
  return ['id', ...indexes].join(', ');
}

/** Sort fields that get a [partition+sort] compound index. */
export function compoundSorts(entity: EntityName): string[] {
  const common = new Set(['id', 'version', 'dateCreation', 'dateLastUpdate']);
  return ['dateCreation', ...ENTITIES[entity].sortable.filter((f) => !common.has(f) && !ARRAY_FIELDS.has(f))];
}

/** Local table name of an entity (its list key: users, productMarkets …). */
export const tableName = (entity: EntityName) => ENTITIES[entity].plural;
