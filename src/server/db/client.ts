import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from 'drizzle-orm/pg-core';
import type { ExtractTablesWithRelations } from 'drizzle-orm';
import pg from 'pg';
import { ROOT_DIR } from '../config.ts';
import { startAutoVacuum } from './auto-vacuum.ts';
import * as schema from './schema.ts';

export type Schema = typeof schema;
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
export type Tx = PgTransaction<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;
/** Anything queries run on: the database or an open transaction. */
export type Executor = Db | Tx;

export type Database = { db: Db; kind: 'pglite' | 'postgres'; close: () => Promise<void> };

const migrationsFolder = path.join(ROOT_DIR, 'src', 'server', 'db', 'migrations');

/**
 * Opens the embedded PGlite in `dataDir/db` (in memory when `databaseUrl` is `memory://`), or a
 * PostgreSQL pool for a `postgres://` URL, and applies the committed migrations.
 */
export async function openDatabase(options: { dataDir: string; databaseUrl?: string }): Promise<Database> {
  if (options.databaseUrl && options.databaseUrl !== 'memory://') {
    const pool = new pg.Pool({ connectionString: options.databaseUrl, max: 10 });
    const db = drizzlePg(pool, { schema, casing: 'snake_case' });
    await migratePg(db, { migrationsFolder });
    return { db: db as unknown as Db, kind: 'postgres', close: () => pool.end() };
  }
  const client = options.databaseUrl === 'memory://' ? new PGlite() : new PGlite(path.join(options.dataDir, 'db'));
  const db = drizzlePglite(client, { schema, casing: 'snake_case' });
  await migratePglite(db, { migrationsFolder });
  // The embedded engine has no autovacuum of its own (see auto-vacuum.ts).
  const vacuum = startAutoVacuum(db as unknown as Db);
  return {
    db: db as unknown as Db,
    kind: 'pglite',
    close: async () => {
      await vacuum.stop();
      await client.close();
    },
  };
}
