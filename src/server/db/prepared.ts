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
