import {
  and,
  arrayContains,
  arrayOverlaps,
  asc,
  between,
  desc,
  eq,
  gt,
  gte,
  ilike,
  inArray,
  isNotNull,
  isNull,
  lt,
  lte,
  ne,
  or,
  sql,
  type SQL,
} from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { dateTime } from '../../shared/fields.ts';
import type { Filter, Sort } from '../../shared/list-params.ts';
import { MIN_PREFIXED_DIGITS, parseSearch, SEARCH_FOLD } from '../../shared/search.ts';
import { AppError } from '../http/app-error.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const NUMERIC = /^-?\d{1,15}(\.\d{1,6})?$/;
const DATE = dateTime();

const bad = (field: string, key = 'validation.invalid') => new AppError('VALIDATION', { [field]: { key, params: { field } } });

/** Turns a JSON filter value into what the column holds, or refuses it: bad input never reaches SQL. */
function coerce(column: PgColumn, field: string, value: unknown): unknown {
  if (value === null) throw bad(field);
  switch (column.columnType) {
    case 'PgUUID':
      if (typeof value !== 'string' || !UUID.test(value)) throw bad(field, 'validation.id');
      return value;
    case 'PgNumeric':
    case 'PgInteger':
    case 'PgBigSerial53': {
      const n = typeof value === 'number' ? value : typeof value === 'string' && NUMERIC.test(value) ? Number(value) : NaN;
      if (!Number.isFinite(n) || Math.abs(n) > 1e15) throw bad(field, 'validation.number');
      return n;
    }
    case 'PgBoolean':
      if (value === true || value === 'true') return true;
      if (value === false || value === 'false') return false;
      throw bad(field, 'validation.boolean');
    case 'PgTimestamp': {
      // The one date schema of every route (src/shared/fields.ts): ISO 8601 within the sane range.
      const parsed = DATE.safeParse(typeof value === 'number' ? new Date(value) : value);
      if (!parsed.success) throw bad(field, 'validation.date');
      return parsed.data;
    }
    default:
      if (typeof value === 'object') throw bad(field);
      return String(value);
  }
}

/** One filter of DESIGN.md §4 as SQL; `in` is the default operator. Array columns match by overlap. */
export function filterCondition(columns: Record<string, PgColumn>, allowed: readonly string[], filter: Filter): SQL | undefined {
  const { field, values } = filter;
  const dot = field.indexOf('.');
  if (dot > 0) return jsonFilter(columns, allowed, filter, field.slice(0, dot), field.slice(dot + 1));
  const column = Object.hasOwn(columns, field) && allowed.includes(field) ? columns[field] : undefined;
  // A JSON column is filtered by one of its keys (`values.colour`), never as a whole.
  if (!column || column.columnType === 'PgJsonb') throw bad(field, 'validation.unknownField');
  const operator = filter.operator ?? 'in';
  const isArray = column.columnType === 'PgArray';
  if (operator === 'isNull') return values[0] === false || values[0] === 'false' ? isNotNull(column) : isNull(column);
  if (isArray) {
    const items = values.map((v) => {
      if (typeof v !== 'string') throw bad(field);
      return v;
    });
    if (operator === 'in') return items.length ? arrayOverlaps(column, items) : undefined;
    if (operator === 'contains' || operator === 'eq') return arrayContains(column, items);
    throw bad(field, 'validation.unknownField');
  }
  if (operator === 'in') {
    if (!values.length) return undefined;
    return inArray(
      column,
      values.map((v) => coerce(column, field, v)),
    );
  }
  if (values.length < (operator === 'between' ? 2 : 1)) throw bad(field);
  const first = operator === 'contains' ? undefined : coerce(column, field, values[0]);
  switch (operator) {
    case 'eq':
      return eq(column, first);
    case 'ne':
      return ne(column, first);
    case 'gt':
      return gt(column, first);
    case 'gte':
      return gte(column, first);
    case 'lt':
      return lt(column, first);
    case 'lte':
      return lte(column, first);
    case 'between':
      return between(column, first, coerce(column, field, values[1]));
    case 'contains':
      if (column.columnType !== 'PgText' || typeof values[0] !== 'string') throw bad(field);
      return ilike(column, `%${escapeLike(values[0])}%`);
  }
}

/** A key inside a JSON column (a product's values by field key, src/shared/catalogue): a slug, never SQL. */
const JSON_KEY = /^[a-z][a-z0-9_]{0,63}$/;

/**
 * A filter on one key of a JSONB column (`values.colour`): equality as containment (`values @> '{"colour":
 * "d"}'`), which the column's GIN index (jsonb_path_ops) answers; ranges compare the key's number (or a
 * date's text); `contains` its text; `isNull` whether the key is there. docs/decisions/catalogue-field-metadata.md.
 */
function jsonFilter(
  columns: Record<string, PgColumn>,
  allowed: readonly string[],
  filter: Filter,
  name: string,
  key: string,
): SQL | undefined {
  const column = Object.hasOwn(columns, name) && allowed.includes(name) ? columns[name] : undefined;
  if (!column || column.columnType !== 'PgJsonb' || !JSON_KEY.test(key)) throw bad(filter.field, 'validation.unknownField');
  const { values } = filter;
  const operator = filter.operator ?? 'in';
  const scalars = values.map((v) => {
    if (v === null || typeof v === 'object') throw bad(filter.field);
    return v;
  });
  const holds = (v: string | number | boolean) => sql`${column} @> ${JSON.stringify({ [key]: v })}::jsonb`;
  const text = sql`(${column} ->> ${key})`;
  const number = sql`(case when jsonb_typeof(${column} -> ${key}) = 'number' then (${column} ->> ${key})::numeric end)`;
  const ordered = (v: string | number | boolean) => (typeof v === 'number' ? number : text);
  const cast = (v: string | number | boolean) => (typeof v === 'number' ? v : String(v));
  if (operator === 'isNull') return values[0] === false || values[0] === 'false' ? sql`${column} ? ${key}` : sql`not (${column} ? ${key})`;
  if (operator === 'in') return scalars.length ? or(...scalars.map(holds)) : undefined;
  if (scalars.length < (operator === 'between' ? 2 : 1)) throw bad(filter.field);
  const [first, second] = scalars;
  switch (operator) {
    case 'eq':
      return holds(first);
    case 'ne':
      return sql`not (${holds(first)})`;
    case 'gt':
      return sql`${ordered(first)} > ${cast(first)}`;
    case 'gte':
      return sql`${ordered(first)} >= ${cast(first)}`;
    case 'lt':
      return sql`${ordered(first)} < ${cast(first)}`;
    case 'lte':
      return sql`${ordered(first)} <= ${cast(first)}`;
    case 'between':
      return sql`${ordered(first)} between ${cast(first)} and ${cast(second)}`;
    case 'contains':
      if (typeof first !== 'string') throw bad(filter.field);
      return ilike(text, `%${escapeLike(first)}%`);
  }
}

export const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/** A column folded as foldText does (src/shared/search.ts): lower case, accents removed by the same table. */
// The table is a constant of letters (no quote): inlined, rather than two parameters per field.
const FOLD_SQL = sql.raw(`'${SEARCH_FOLD.from}', '${SEARCH_FOLD.to}'`);
const folded = (column: PgColumn) => sql`translate(lower(coalesce(${column}, '')), ${FOLD_SQL})`;
const contains = (haystack: SQL, needle: string) => sql`strpos(${haystack}, ${needle}) > 0`;
const phoneOf = (column: PgColumn) => sql`ltrim(regexp_replace(coalesce(${column}, ''), '[^0-9]', '', 'g'), '0')`;

/** `q` against the searchable fields, with the semantics of recordMatches in src/shared/search.ts (the local mirror's). */
export function searchCondition(
  columns: Record<string, PgColumn>,
  fields: readonly string[],
  q: string | undefined,
  phoneFields: readonly string[] = [],
): SQL | undefined {
  const search = parseSearch(q);
  if (!search || !fields.length) return undefined;
  if (search.phone) {
    const phone = search.phone;
    return or(
      ...phoneFields.map((field) => {
        const digits = phoneOf(columns[field]);
        return sql`(${contains(digits, phone)} or (length(${digits}) >= ${MIN_PREFIXED_DIGITS} and right(${phone}, length(${digits})) = ${digits}))`;
      }),
      ...fields.map((field) => contains(folded(columns[field]), search.text)),
    );
  }
  return and(...search.words.map((word) => or(...fields.map((field) => contains(folded(columns[field]), word)))));
}

/**
 * Sorts by the requested fields (newest first when none), then by id in the first sort's direction so
 * pages never overlap. Ties go by id the way an index walks them (its entries are ordered by key, then
 * primary key), so the offline mirror reads the same order from its indexes: DESIGN.md §4 leaves the
 * rule open, docs/decisions/list-tie-order.md says why this one.
 */
export function orderBy(columns: Record<string, PgColumn>, allowed: readonly string[], sorts: readonly Sort[] = []) {
  const order = sorts.map((sort) => {
    const column = Object.hasOwn(columns, sort.field) && allowed.includes(sort.field) ? columns[sort.field] : undefined;
    if (!column) throw bad(sort.field, 'validation.unknownField');
    return sort.order === 'desc' ? desc(column) : asc(column);
  });
  if (!sorts.length) order.push(desc(columns.dateCreation));
  order.push((sorts[0]?.order ?? 'desc') === 'desc' ? desc(columns.id) : asc(columns.id));
  return order;
}

export const conjunction = (...conditions: (SQL | undefined)[]) => and(...conditions.filter((c): c is SQL => !!c));
