import type { TestServer } from './harness.ts';

/** Row count and content hash of one table. */
export type TableState = { rows: number; hash: string };

/**
 * The state of every table of the application schema, to assert that a request changed nothing:
 * a count and an order-independent hash of all rows per table. Not the rate counters: counting a
 * refused request (a failed sign-in, a heavy route) is how limits work, and is no change of data.
 */
export async function databaseState(server: TestServer): Promise<Record<string, TableState>> {
  const tables = await server.sql<{ name: string }>(
    `select tablename as name from pg_tables where schemaname = 'public' and tablename <> 'rate_counters' order by tablename`,
  );
  const state: Record<string, TableState> = {};
  for (const { name } of tables) {
    const [row] = await server.sql<{ rows: number; hash: string }>(
      `select count(*)::int as rows, coalesce(md5(string_agg(md5(t::text), ',' order by md5(t::text))), '') as hash from "${name}" t`,
    );
    state[name] = { rows: Number(row.rows), hash: row.hash };
  }
  return state;
}

/** Number of change_log rows, optionally for one entity. */
export async function changeLogCount(server: TestServer, entity?: string): Promise<number> {
  const where = entity ? ` where entity = '${entity.replace(/'/g, "''")}'` : '';
  const [row] = await server.sql<{ n: number }>(`select count(*)::int as n from change_log${where}`);
  return Number(row.n);
}

/** The change_log rows of one record, oldest first. */
export async function changeLogOf(server: TestServer, recordId: string): Promise<{ entity: string; op: string }[]> {
  return server.sql(`select entity, op from change_log where record_id = '${recordId.replace(/'/g, "''")}' order by seq`);
}

/** Number of rows of one table. */
export async function rowCount(server: TestServer, table: string): Promise<number> {
  const [row] = await server.sql<{ n: number }>(`select count(*)::int as n from "${table}"`);
  return Number(row.n);
}

const fingerprintQueries = new WeakMap<TestServer, string>();

/**
 * A cheap one-statement summary of the whole database (row counts, record versions, revoked
 * sessions, last logins), to check after every generated request; `databaseState` is the thorough
 * comparison for the end of a test.
 */
export async function fingerprint(server: TestServer): Promise<string> {
  let query = fingerprintQueries.get(server);
  if (!query) {
    const columns = await server.sql<{ table: string; column: string }>(
      `select table_name as table, column_name as column from information_schema.columns
       where table_schema = 'public' and column_name in ('version', 'revoked_at', 'last_login', 'id') order by 1, 2`,
    );
    const parts: string[] = [];
    const tables = await server.sql<{ name: string }>(
      `select tablename as name from pg_tables where schemaname = 'public' and tablename <> 'rate_counters' order by tablename`,
    );
    for (const { name } of tables) {
      parts.push(`(select count(*) from "${name}")`);
      for (const { column } of columns.filter((c) => c.table === name)) {
        if (column === 'version') parts.push(`(select coalesce(sum(version), 0) from "${name}")`);
        if (column === 'revoked_at' || column === 'last_login')
          parts.push(`(select count(${column}) || '/' || coalesce(max(${column})::text, '') from "${name}")`);
      }
    }
    query = `select concat_ws(',', ${parts.join(', ')}) as f`;
    fingerprintQueries.set(server, query);
  }
  const [row] = await server.sql<{ f: string }>(query);
  return row.f;
}
