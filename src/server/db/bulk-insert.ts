import { getTableColumns, sql, type SQL } from 'drizzle-orm';
import { CasingCache } from 'drizzle-orm/casing';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Executor } from './client.ts';

type Row = Record<string, unknown>;

/** Column names as the database has them: client.ts opens drizzle with `casing: 'snake_case'`. */
const casing = new CasingCache('snake_case');
/** Rows per statement; each statement carries one json parameter, far from any protocol limit. */
const CHUNK = 5_000;

/**
 * Multi-row INSERT for big batches (batch create, import, change log, demo seed): each chunk travels
 * as ONE json parameter that PostgreSQL spreads over the columns with json_populate_recordset.
 * drizzle's `insert().values()` binds every value through its generic SQL builder: measured on a
 * 10,000-lead batch create, that alone took 3–4 s of CPU, more than the database's own work.
 * Values are what drizzle would write (a Date as ISO text, jsonb as nested JSON, arrays as arrays);
 * rows are grouped by the columns they set, so a key left out still gets its column's DEFAULT.
 * `returning` (e.g. sql`seq`) gives raw rows back.
 */
export async function insertMany(db: Executor, table: PgTable, rows: readonly Row[], returning?: SQL): Promise<Row[]> {
  const out: Row[] = [];
  for (const statement of insertStatements(table, rows, returning)) {
    const result = (await db.execute(statement)) as unknown as { rows: Row[] };
    if (returning) for (const row of result.rows) out.push(row);
  }
  return out;
}

/** The statements `insertMany` runs, for a caller that runs them as CTEs of a statement of its own. */
export function insertStatements(table: PgTable, rows: readonly Row[], returning?: SQL): SQL[] {
  const columns = columnsOf(table);
  const groups = new Map<string, { keys: string[]; rows: Row[] }>();
  for (const source of rows) {
    const row: Row = {};
    for (const { key, name, column } of columns) {
      const value = source[key] !== undefined ? source[key] : column.defaultFn?.();
      if (value !== undefined) row[name] = value;
    }
    const keys = Object.keys(row);
    const signature = keys.join(',');
    const group = groups.get(signature) ?? groups.set(signature, { keys, rows: [] }).get(signature)!;
    group.rows.push(row);
  }
  const statements: SQL[] = [];
  for (const { keys, rows: groupRows } of groups.values()) {
    const list = sql.raw(keys.map((name) => `"${name}"`).join(', '));
    for (let i = 0; i < groupRows.length; i += CHUNK) {
      const json = JSON.stringify(groupRows.slice(i, i + CHUNK));
      statements.push(
        sql`insert into ${table} (${list}) select ${list} from json_populate_recordset(null::${table}, ${json}::json)${returning ? sql` returning ${returning}` : sql``}`,
      );
    }
  }
  return statements;
}

/**
 * `insertMany` answering the inserted records as drizzle's `returning()` would: column keys, values
 * through each column's own driver mapping (Date, number, parsed arrays and json).
 */
export async function insertManyReturning(db: Executor, table: PgTable, rows: readonly Row[]): Promise<Row[]> {
  const columns = columnsOf(table);
  const raw = await insertMany(db, table, rows, sql`*`);
  return raw.map((source) => {
    const record: Row = {};
    for (const { key, name, column } of columns) {
      const value = source[name];
      record[key] = value === null || value === undefined ? null : column.mapFromDriverValue(value);
    }
    return record;
  });
}

const columnsOf = (table: PgTable) =>
  Object.entries(getTableColumns(table) as Record<string, PgColumn>).map(([key, column]) => ({
    key,
    name: casing.getColumnCasing(column),
    column,
  }));
