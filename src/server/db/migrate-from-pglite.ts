import { cpSync, existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { ROOT_DIR } from '../config.ts';
import { DataDirInUseError, pgliteDirOf, pgliteMigratedMarker, startEmbeddedServer } from './embedded-server.ts';

/**
 * `npm run db:migrate-from-pglite`: copies the PGlite database of an earlier version (DATA_DIR/db) into
 * the PostgreSQL server (the embedded one in DATA_DIR/pg, or DATABASE_URL). The old folder is only read:
 * PGlite opens a copy of it, which the committed migrations bring to today's schema first.
 *   --replace: the target may already hold data (it is emptied first); without it, only a target that
 *   holds no more than a first start makes (settings, the root account) is accepted.
 */
const BATCH = 2_000;
const migrationsFolder = path.join(ROOT_DIR, 'src', 'server', 'db', 'migrations');
/**
 * What a first start of an empty database writes (bootstrap.ts), the root's sign-ins with their rate
 * counters, and the scheduler's bookkeeping: replaced without asking.
 */
const FIRST_START_ROWS: Record<string, number> = {
  settings: Infinity,
  users: 1,
  change_log: 1,
  sessions: Infinity,
  rate_counters: Infinity,
  job_runs: Infinity,
};

const dataDir = path.resolve(process.env.DATA_DIR ?? path.join(ROOT_DIR, 'data'));
const replace = process.argv.includes('--replace');
const source = pgliteDirOf(dataDir);

if (!existsSync(path.join(source, 'PG_VERSION'))) {
  console.error(`No PGlite database in ${source}: nothing to copy.`);
  process.exit(1);
}

const copyDir = mkdtempSync(path.join(os.tmpdir(), 'bd-pglite-copy-'));
let embedded: Awaited<ReturnType<typeof startEmbeddedServer>> | undefined;
let target: pg.Client | undefined;
let old: PGlite | undefined;
try {
  cpSync(source, copyDir, { recursive: true });
  old = new PGlite(copyDir);
  await migrate(drizzle(old, { casing: 'snake_case' }), { migrationsFolder });

  if (!process.env.DATABASE_URL) embedded = await startEmbeddedServer({ dataDir, log: (message) => console.log(message) });
  const targetUrl = process.env.DATABASE_URL || embedded!.url;
  target = new pg.Client({ connectionString: targetUrl });
  await target.connect();
  // The target gets today's schema the way the app gives it (drizzle's migrator, same folder).
  await migratePg(drizzlePg(target, { casing: 'snake_case' }), { migrationsFolder });

  const tables = (
    await target.query<{ name: string }>(`select tablename as name from pg_tables where schemaname = 'public' order by 1`)
  ).rows.map((row) => row.name);
  const held = await countRows(target, tables);
  const busy = Object.entries(held).filter(([table, count]) => count > (FIRST_START_ROWS[table] ?? 0));
  if (busy.length && !replace) {
    throw new Error(
      `The target database already holds data (${busy.map(([t, n]) => `${t}: ${n}`).join(', ')}). Run again with --replace to empty it and copy the PGlite data over it.`,
    );
  }

  const copied: Record<string, number> = {};
  await target.query('begin');
  // Rows go in table by table: foreign keys and triggers wait (replica role) until all are in.
  await target.query('set local session_replication_role = replica');
  await target.query(`truncate ${tables.map(quote).join(', ')}`);
  for (const table of tables) {
    const columns = (
      await target.query<{ name: string }>(
        `select column_name as name from information_schema.columns where table_schema = 'public' and table_name = $1 and is_generated = 'NEVER' order by ordinal_position`,
        [table],
      )
    ).rows.map((row) => quote(row.name));
    const oldColumns = new Set(
      (
        await old.query<{ name: string }>(
          `select column_name as name from information_schema.columns where table_schema = 'public' and table_name = $1`,
          [table],
        )
      ).rows.map((row) => quote(row.name)),
    );
    if (!oldColumns.size) continue;
    const shared = columns.filter((column) => oldColumns.has(column)).join(', ');
    copied[table] = 0;
    for (let offset = 0; ; offset += BATCH) {
      const { rows } = await old.query<{ page: unknown[] | null }>(
        `select json_agg(t) as page from (select ${shared} from ${quote(table)} order by ctid limit ${BATCH} offset ${offset}) t`,
      );
      const page = rows[0]?.page;
      if (!page?.length) break;
      await target.query(
        `insert into ${quote(table)} (${shared}) overriding system value select ${shared} from json_populate_recordset(null::${quote(table)}, $1::json)`,
        [JSON.stringify(page)],
      );
      copied[table] += page.length;
    }
    // Serial columns continue after the highest copied value.
    const serials = (
      await target.query<{ name: string }>(
        `select column_name as name from information_schema.columns where table_schema = 'public' and table_name = $1 and column_default like 'nextval(%'`,
        [table],
      )
    ).rows;
    for (const { name } of serials) {
      await target.query(
        `select setval(pg_get_serial_sequence($1, $2), coalesce((select max(${quote(name)}) from ${quote(table)}), 0) + 1, false)`,
        [quote(table), name],
      );
    }
  }
  await target.query('commit');
  writeFileSync(pgliteMigratedMarker(dataDir), `${new Date().toISOString()}\n`);
  console.log(`Copied ${source} into ${embedded ? embedded.clusterDir : 'DATABASE_URL'}:`);
  for (const [table, count] of Object.entries(copied)) console.log(`  ${table}: ${count}`);
  console.log(`${source} was left as it was; once you have checked the app, you may delete it.`);
} catch (error) {
  await target?.query('rollback').catch(() => {});
  console.error(error instanceof DataDirInUseError ? `${error.message} (stop the running server before copying)` : error);
  process.exitCode = 1;
} finally {
  await target?.end().catch(() => {});
  await old?.close().catch(() => {});
  await embedded?.stop();
  rmSync(copyDir, { recursive: true, force: true });
}

function quote(name: string) {
  return `"${name.replace(/"/g, '""')}"`;
}

async function countRows(client: pg.Client, tables: string[]): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  for (const table of tables) {
    counts[table] = Number((await client.query<{ n: string }>(`select count(*) as n from ${quote(table)}`)).rows[0].n);
  }
  return counts;
}
