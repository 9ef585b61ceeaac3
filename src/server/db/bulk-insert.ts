import { Column, getTableColumns, sql, type SQL } from 'drizzle-orm';
import { CasingCache } from 'drizzle-orm/casing';
import { PgTransaction, type PgColumn, type PgTable } from 'drizzle-orm/pg-core';
import type { Executor } from './client.ts';

type Row = Record<string, unknown>;

/** Column names as the database has them: client.ts opens drizzle with `casing: 'snake_case'`. */
const casing = new CasingCache('snake_case');
/** Rows per statement; each statement carries one json parameter, far from any protocol limit. */
const CHUNK = 5_000;

/**
 * Multi-row INSERT for big batches (batch create, import, change log, demo seed): each chunk travels
 * as ONE json parameter that PostgreSQL spreads over the columns with json_to_recordset.
 * drizzle's `insert().values()` binds every value through its generic SQL builder: measured on a
 * 10,000-lead batch create, that alone took 3–4 s of CPU, more than the database's own work.
 * Values are what drizzle would write (a Date as ISO text, jsonb as nested JSON, arrays as arrays);
 * rows are grouped by the columns they set, so a key left out still gets its column's DEFAULT.
 * The rows are serialised as they are, under their own (camelCase) keys, which the record type
 * names: no copy of every row under the database's names first (keys that are no column are
 * ignored by PostgreSQL). `returning` (e.g. sql`seq`) gives raw rows back.
 */
export async function insertMany(db: Executor, table: PgTable, rows: readonly Row[], returning?: SQL): Promise<Row[]> {
  const statements = insertStatements(table, rows, returning);
  type Result = { rows: Row[] };
  let results: Result[];
  if (db instanceof PgTransaction) {
    // In a transaction every statement is sent before the first answers (one behind the other on its
    // one pipelined connection); the first to fail aborts it, and its error is the one thrown.
    results = (await Promise.all(statements.map((statement) => db.execute(statement)))) as unknown as Result[];
  } else {
    // On the pool, statements sent at once would run on several connections: in order instead (a
    // later chunk may reference a row of an earlier one).
    results = [];
    for (const statement of statements) results.push((await db.execute(statement)) as unknown as Result);
  }
  const out: Row[] = [];
  if (returning) for (const result of results) for (const row of result.rows) out.push(row);
  return out;
}

/** The statements `insertMany` runs, for a caller that runs them as CTEs of a statement of its own. */
export function insertStatements(table: PgTable, rows: readonly Row[], returning?: SQL): SQL[] {
  const columns = columnsOf(table);
  const withDefaultFn = columns.filter(({ column }) => column.defaultFn);
  const groups = new Map<string, { set: ColumnOf[]; rows: Row[] }>();
  for (const source of rows) {
    let row = source;
    for (const { key, column } of withDefaultFn) {
      if (row[key] !== undefined) continue;
      const value = column.defaultFn!();
      if (value === undefined) continue;
      if (row === source) row = { ...source };
      row[key] = value;
    }
    // Which columns the row sets, as bits (a number is exact to 53 columns; wider tables use text).
    let signature: number | string = columns.length <= 53 ? 0 : '';
    for (const { key } of columns) {
      const bit = row[key] !== undefined ? 1 : 0;
      signature = typeof signature === 'number' ? signature * 2 + bit : signature + bit;
    }
    const key = String(signature);
    let group = groups.get(key);
    if (!group) groups.set(key, (group = { set: columns.filter((c) => row[c.key] !== undefined), rows: [] }));
    group.rows.push(row);
  }
  const statements: SQL[] = [];
  for (const { set, rows: groupRows } of groups.values()) {
    const names = sql.raw(set.map(({ name }) => `"${name}"`).join(', '));
    const keys = sql.raw(set.map(({ key }) => `"${key}"`).join(', '));
    const record = sql.raw(set.map(({ key, column }) => `"${key}" ${recordType(column)}`).join(', '));
    for (let i = 0; i < groupRows.length; i += CHUNK) {
      const json = JSON.stringify(groupRows.slice(i, i + CHUNK));
      statements.push(
        sql`insert into ${table} (${names}) select ${keys} from json_to_recordset(${json}::json) as r(${record})${returning ? sql` returning ${returning}` : sql``}`,
      );
    }
  }
  return statements;
}

/** A column's type in a record definition: serial types exist only in CREATE TABLE. */
const recordType = (column: PgColumn) =>
  column.getSQLType().replace(/^(big|small)?serial$/, (_, size: string | undefined) => (size ? `${size}int` : 'integer'));

/**
 * `insertMany` answering the inserted records as drizzle's `returning()` would: column keys, values
 * through each column's own driver mapping (Date, number, parsed arrays and json). The statement
 * returns every column under its key, so the driver's rows are the records: only the values of
 * columns with a mapping of their own are replaced, no second object per record. Columns named in
 * `omit` (hidden ones) are not returned at all.
 */
export async function insertManyReturning(db: Executor, table: PgTable, rows: readonly Row[], omit?: readonly string[]): Promise<Row[]> {
  const columns = omit?.length ? columnsOf(table).filter(({ key }) => !omit.includes(key)) : columnsOf(table);
  const records = await insertMany(db, table, rows, sql.raw(columns.map(({ key, name }) => `"${name}" as "${key}"`).join(', ')));
  const mapped = columns.filter(({ column }) => column.mapFromDriverValue !== Column.prototype.mapFromDriverValue);
  for (const record of records) {
    for (const { key, column } of mapped) {
      const value = record[key];
      if (value !== null && value !== undefined) record[key] = column.mapFromDriverValue(value);
    }
  }
  return records;
}

type ColumnOf = { key: string; name: string; column: PgColumn };
const columnsByTable = new WeakMap<PgTable, ColumnOf[]>();

const columnsOf = (table: PgTable): ColumnOf[] => {
  let columns = columnsByTable.get(table);
  if (!columns) {
    columns = Object.entries(getTableColumns(table) as Record<string, PgColumn>).map(([key, column]) => ({
      key,
      name: casing.getColumnCasing(column),
      column,
    }));
    columnsByTable.set(table, columns);
  }
  return columns;
};
