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
type Queryable = { query: (config: { name: string; text: string; values: unknown[] }) => Promise<{ rows: unknown[] }> };

/**
 * A statement of fixed text whose shape drizzle need not build on every call (the ledger's booking):
 * sent straight to the executor's connection under `name`, so PostgreSQL parses and plans it once per
 * connection. `text` numbers its parameters ($1 …) and casts each one, as a prepared statement's types
 * are fixed at its first use. Rows come back as node-postgres reads them (no drizzle mapping).
 */
export function namedStatement<Row>(name: string, text: string): (db: Executor, values: unknown[]) => Promise<Row[]> {
  return async (db, values) => {
    const client = (db as unknown as { session: { client: Queryable } }).session.client;
    return (await client.query({ name, text, values })).rows as Row[];
  };
}
