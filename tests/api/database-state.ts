import type { TestServer } from './harness.ts';

/** Row count and content hash of one table. */
export type TableState = { rows: number; hash: string };

/**
 * The state of every table of the application schema, to assert that a request changed nothing:
 * a count and an order-independent hash of all rows per table.
 */
export async function databaseState(server: TestServer): Promise<Record<string, TableState>> {
  const tables = await server.sql<{ name: string }>(`select tablename as name from pg_tables where schemaname = 'public' order by tablename`);
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
