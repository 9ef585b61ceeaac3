import type { SQL } from 'drizzle-orm';
import type { PgDialect } from 'drizzle-orm/pg-core';
import pg from 'pg';
import type { Executor } from './client.ts';

/**
 * A statement of fixed shape that runs on every request (the session check, the idempotency
 * reservation): built by drizzle once per database handle instead of once per call, and prepared on
 * each connection under its name (`.prepare(name)` in `build`), so PostgreSQL parses and plans it once
 * per connection too. Its values are placeholders (`sql.placeholder`), given to `execute`.
 */
export function preparedOn<Query>(build: (db: Executor) => Query): (db: Executor) => Query {
  const built = new WeakMap<Executor, Query>();
  return (db) => {
    let query = built.get(db);
    if (!query) {
      query = build(db);
      built.set(db, query);
    }
    return query;
  };
}

/** Where an executor's statements go: the pooled connection of a transaction, else the pool. */
type Queryable = { query: (config: { name?: string; text: string; values: unknown[] } & StatementOptions) => Promise<{ rows: unknown[] }> };

/** node-postgres options of a statement: rows as arrays, the driver's type parsers (as drizzle sets them). */
type StatementOptions = { rowMode?: 'array'; types?: unknown };

/**
 * A statement of fixed text whose shape drizzle need not build on every call (the ledger's booking):
 * sent straight to the executor's connection under `name`, so PostgreSQL parses and plans it once per
 * connection. `text` numbers its parameters ($1 …) and casts each one, as a prepared statement's types
 * are fixed at its first use. Rows come back as node-postgres reads them (no drizzle mapping).
 */
export function namedStatement<Row>(
  name: string,
  text: string,
  options: StatementOptions = {},
): (db: Executor, values: unknown[]) => Promise<Row[]> {
  return async (db, values) => {
    const client = (db as unknown as { session: { client: Queryable } }).session.client;
    return (await client.query({ name, text, values, ...options })).rows as Row[];
  };
}

/** Texts given a name by `executeNamed`, and how many it gives at most (each name is prepared on every connection that runs it). */
const namedTexts = new Map<string, string>();
const MAX_NAMED_TEXTS = 200;
/** A statement with more parameters than this is one of a kind (a batch's VALUES): never named. */
const MAX_NAMED_PARAMS = 100;

/**
 * `db.execute(statement)` for a statement built by drizzle whose text repeats from call to call with
 * other values (the write tail of mutate.ts: the same CTEs for the same shape of work): the text is
 * given a name the first time, so each connection parses and plans it once instead of on every call.
 * A text with many parameters, or past the first MAX_NAMED_TEXTS, runs unnamed, as drizzle runs it.
 * Rows come back as node-postgres reads them (no drizzle mapping).
 */
export async function executeNamed<Row>(db: Executor, statement: SQL): Promise<Row[]> {
  const { dialect, session } = db as unknown as { dialect: PgDialect; session: { client: Queryable } };
  const { sql: text, params } = dialect.sqlToQuery(statement);
  let name = namedTexts.get(text);
  if (!name && params.length <= MAX_NAMED_PARAMS && namedTexts.size < MAX_NAMED_TEXTS) {
    name = `named_${namedTexts.size}`;
    namedTexts.set(text, name);
  }
  const result = await session.client.query(name ? { name, text, values: params } : { text, values: params });
  return result.rows as Row[];
}

/** Types drizzle reads as text and maps itself (dates, timestamps, intervals and their arrays; drizzle-orm/node-postgres session.js). */
const AS_TEXT = new Set([
  pg.types.builtins.TIMESTAMPTZ,
  pg.types.builtins.TIMESTAMP,
  pg.types.builtins.DATE,
  pg.types.builtins.INTERVAL,
  1231,
  1115,
  1185,
  1187,
  1182,
]);

/** node-postgres type parsers as drizzle sets them, for rows its columns' `mapFromDriverValue` then maps. */
export const DRIZZLE_TYPES = {
  getTypeParser: (typeId: number, format?: 'text' | 'binary') =>
    AS_TEXT.has(typeId) ? (value: string) => value : pg.types.getTypeParser(typeId, format as 'text'),
};
