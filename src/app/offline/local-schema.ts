import { MIRRORED_ENTITIES, type MirroredEntityName } from '../../shared/entities/index.ts';

/** Fields holding arrays: indexed multi-entry (`*roles`), matched by overlap like the server does. */
export const ARRAY_FIELDS = new Set(['roles', 'labels', 'qualifications', '_values']);

/**
 * (Booleans and null are not IndexedDB keys, so boolean fields are never partitions.)
 * The field a screen nearly always filters on with one value, paired with each sortable field in a
 * compound index so "leads sorted by last name" or "comments of this lead, newest first" read a
 * single index range instead of sorting in memory.
 */
export const PARTITIONS: Partial<Record<MirroredEntityName, string>> = {
  user: '_kind',
  comment: 'leadId',
  deposit: 'userId',
  withdrawal: 'userId',
  order: 'userId',
  investment: 'userId',
  dividend: 'investmentId',
  offer: 'userId',
  holding: 'userId',
  product: 'categoryId',
  // The ledger's read-only mirrors: a statement reads one lead's accounts and entries.
  account: 'leadId',
  'ledger-entry': 'leadId',
};

const kindOf = (record: Record<string, unknown>) => (((record.roles as string[] | undefined) ?? []).includes('lead') ? 'lead' : 'staff');

/**
 * A product's dynamic values as index keys (`colour="d"`, `carat=1.5`): one multi-entry index answers
 * a filter on any field of any category, as the server's GIN index does (src/shared/catalogue).
 */
export const valueKey = (key: string, value: unknown) => `${key}=${JSON.stringify(value)}`;
const valueKeys = (values: unknown) =>
  values && typeof values === 'object'
    ? Object.entries(values as Record<string, unknown>)
        .filter(([, v]) => v !== null && ['string', 'number', 'boolean'].includes(typeof v))
        .map(([k, v]) => valueKey(k, v))
    : [];

/** Derived fields kept on local records for indexing; never sent to the server. */
export function derive(entity: MirroredEntityName, record: Record<string, unknown>): Record<string, unknown> {
  if (entity === 'product') return { ...record, _values: valueKeys(record.values) };
  if (entity !== 'user') return record;
  return { ...record, _kind: kindOf(record) };
}

/**
 * Entities whose lists always filter on the partition (users: leads or staff, never both). Every
 * record of theirs has a partition value (it is derived).
 */
export const ALWAYS_PARTITIONED = new Set<MirroredEntityName>(['user']);

/**
 * Always-partitioned entities whose records nearly all share one partition value (users: the leads;
 * staff are a few hundred at most). Their sort fields get plain indexes rather than [partition+sort]
 * compounds: a plain key is cheaper to write (about 11% of the initial sync's time, measured in
 * Chromium). A list of the main partition walks a plain index skipping the few others; a list of
 * another partition reads that small partition and sorts it in memory.
 */
export const MAIN_PARTITION: Partial<Record<MirroredEntityName, string>> = { user: 'lead' };

/**
 * Sort fields that may be null (the server's column allows it). IndexedDB leaves a record whose key
 * is null out of the index, so a list sorted by one of these reads those records apart (nulls last
 * ascending, first descending, as PostgreSQL). tests/unit/local-schema.test.ts keeps this in step
 * with the server's columns.
 */
export const NULLABLE_SORTS: Partial<Record<MirroredEntityName, readonly string[]>> = {
  user: ['lastLogin'],
  // An order open still has no close time (issue 26).
  order: ['profit', 'expiration', 'closedAt'],
  // An ended investment has no next dividend; a hand-entered dividend has no period nor due date.
  investment: ['nextDueAt'],
  dividend: ['dueDate', 'period'],
  // An offer has no gain until made and no decision until answered; a holding no sale until sold.
  offer: ['gain', 'decidedAt'],
  holding: ['soldAt', 'saleAmount', 'gain'],
};

/** Never worth an index: nobody lists records by their version. */
const UNINDEXED = new Set(['id', 'version']);

/**
 * Fields left without an index of their own. Every index entry costs on each of the initial sync's
 * 100k+ user writes (IndexedDB in Chromium: ~90 µs per record plus ~20 µs per index entry), so the
 * users table keeps only what a list screen reads by: `_kind` is answered by [_kind+dateCreation],
 * roles only ever narrow the few staff (read from their partition), and no screen lists people by
 * their last update (a filter on it reads the table).
 */
const UNINDEXED_FIELDS: Partial<Record<MirroredEntityName, readonly string[]>> = {
  user: ['_kind', 'roles', 'dateLastUpdate'],
  // A product's values are an object (never an IndexedDB key): the derived multi-entry `_values` indexes them.
  product: ['values'],
  // Booleans are not IndexedDB keys: an index of them would hold nothing (these small lists sort in memory).
  notification: ['read'],
  comment: ['hidden'],
  // The ledger's mirrors are read by lead only (its five accounts; its entries in `seq` order, a few
  // hundred filtered in memory): [leadId+dateCreation] and [leadId+seq] are all a statement needs.
  account: ['leadId', 'kind', 'balance'],
  'ledger-entry': ['leadId', 'accountId', 'accountKind', 'kind', 'sourceEntity', 'sourceId', 'seq', 'amount'],
};

/**
 * The version of the local schema: bump it whenever `tableSpec` changes. Dexie compares it with the
 * installed database and adds or drops indexes in place; every row, the outbox's included, stays.
 * 4: the ledger's read-only mirrors (accounts, ledger entries), pulled from 0 once (database.ts).
 * 5: investments and dividends indexed by status, dates and period (the wealth screens sort on them);
 * the pull from 0 gives records mirrored before they had these fields their values.
 * 6: holdings (a lead's vault) and offers indexed by holding, maker, releaser and decision (issue 27).
 * 7: products' dynamic values in one multi-entry index of `key=value` entries (`*_values`, issue 27).
 * 8: orders sortable by when they closed ([userId+closedAt], issue 26; null while open, read apart).
 */
export const LOCAL_SCHEMA_VERSION = 8;

/** Indexes of derived fields (see `derive`). */
const DERIVED_INDEXES: Partial<Record<MirroredEntityName, readonly string[]>> = { product: ['_values'] };

/**
 * The Dexie store spec of one entity table. Every index costs on each write (the initial sync writes
 * hundreds of thousands of records): one index per filterable or sortable field (multi-entry for
 * arrays) but those left out above, and [partition+sort] compounds (for always-partitioned entities
 * the compound alone).
 */
export function tableSpec(entity: MirroredEntityName): string {
  const definition = MIRRORED_ENTITIES[entity];
  const partition = PARTITIONS[entity];
  const compounds = partition ? compoundSorts(entity).filter((f) => f !== partition) : [];
  const compoundOnly = ALWAYS_PARTITIONED.has(entity) ? compounds : [];
  const skipped = UNINDEXED_FIELDS[entity] ?? [];
  const fields = [...new Set([...definition.filterable, ...definition.sortable])].filter(
    (f) => !UNINDEXED.has(f) && !compoundOnly.includes(f) && !skipped.includes(f),
  );
  const indexes = [...fields, ...(DERIVED_INDEXES[entity] ?? [])].map((f) => (ARRAY_FIELDS.has(f) ? `*${f}` : f));
  if (partition) {
    if (!fields.includes(partition) && !skipped.includes(partition)) indexes.push(partition);
    for (const sort of compounds) indexes.push(`[${partition}+${sort}]`);
  }
  return ['id', ...indexes].join(', ');
}

/** Sortable fields no screen of the mirror sorts by: no [partition+field] compound for them. */
const UNSORTED: Partial<Record<MirroredEntityName, readonly string[]>> = {
  account: ['kind', 'balance'],
  'ledger-entry': ['amount'],
};

/**
 * Sort fields that get a [partition+sort] compound index. [partition+dateCreation] always: it is also
 * the partition's range. An entity with a main partition needs no other (see MAIN_PARTITION).
 */
export function compoundSorts(entity: MirroredEntityName): string[] {
  if (MAIN_PARTITION[entity]) return ['dateCreation'];
  const common = new Set(['id', 'version', 'dateCreation', 'dateLastUpdate']);
  const sortable: readonly string[] = MIRRORED_ENTITIES[entity].sortable;
  return ['dateCreation', ...sortable.filter((f) => !common.has(f) && !ARRAY_FIELDS.has(f) && !UNSORTED[entity]?.includes(f))];
}

/** Local table name of an entity (its list key: users, productMarkets …). */
export const tableName = (entity: MirroredEntityName) => MIRRORED_ENTITIES[entity].plural;
