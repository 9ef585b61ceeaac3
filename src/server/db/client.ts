import { existsSync } from 'node:fs';
import path from 'node:path';
import { drizzle, NodePgSession, NodePgTransaction } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgDialect, PgQueryResultHKT, PgTransaction } from 'drizzle-orm/pg-core';
import type { ExtractTablesWithRelations } from 'drizzle-orm';
import pg from 'pg';
import { ROOT_DIR } from '../config.ts';
import { pgliteDirOf, pgliteMigratedMarker, startEmbeddedServer } from './embedded-server.ts';
import * as schema from './schema.ts';

export type Schema = typeof schema;
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
export type Tx = PgTransaction<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;
/** Anything queries run on: the database or an open transaction. */
export type Executor = Db | Tx;

/** What drizzle's own `transaction` is built from (drizzle-orm/node-postgres session.js); read once per call. */
type DrizzleInternals = {
  dialect: PgDialect;
  session: {
    client: unknown;
    schema: ConstructorParameters<typeof NodePgSession>[2];
    options: ConstructorParameters<typeof NodePgSession>[3];
  };
};

/**
 * `db.transaction(run)` on the pipelined pool without waiting for BEGIN: the transaction's first
 * statement travels right behind it (drizzle's own awaits BEGIN, one more round trip holding a pooled
 * connection). COMMIT is written as soon as `run` resolves, so a statement `run` sent without awaiting
 * it (mutate.ts) shares its round trip. A failed statement aborts the transaction: its COMMIT then
 * answers ROLLBACK, and whoever awaits that statement sees its error.
 * `run` may write COMMIT earlier itself (`commit`, sent at once; later calls do nothing): the statements
 * it sent before still answer to whoever awaits them, and this resolves when `run` has resolved and
 * COMMIT has answered (or throws COMMIT's error).
 * Whatever `run` does after that is no longer in the transaction: it may only read the answers.
 */
export async function pipelinedTransaction<T>(db: Db, run: (tx: Tx, commit: () => void) => Promise<T>): Promise<T> {
  const { dialect, session: base } = db as unknown as DrizzleInternals;
  // drizzle's own transaction commits when `run` resolves: there, an early COMMIT changes nothing.
  if (!(base.client instanceof pg.Pool)) return db.transaction((tx) => run(tx, () => {}));
  const client = await base.client.connect();
  const session = new NodePgSession(client, dialect, base.schema, base.options);
  const tx = new NodePgTransaction(dialect, session, base.schema) as unknown as Tx;
  let broken = false;
  let committed: Promise<unknown> | undefined;
  const commit = () => {
    committed ??= client.query('commit');
    // Awaited once `run` has resolved (below); not unhandled in between.
    committed.catch(() => {});
  };
  try {
    const begun = client.query('begin');
    begun.catch(() => {});
    try {
      const result = await run(tx, commit);
      await begun;
      // Straight on the connection: nothing for drizzle to build or map.
      await (committed ?? client.query('commit'));
      return result;
    } catch (error) {
      await client.query('rollback').catch(() => {
        broken = true;
      });
      throw error;
    }
  } finally {
    client.release(broken);
  }
}

/** `embedded`: the server the app started in DATA_DIR/pg; `external`: the one DATABASE_URL names. */
export type Database = {
  db: Db;
  kind: 'embedded' | 'external';
  /** The connection URL, for what needs connections of its own (the realtime adapter's LISTEN). */
  url: string;
  close: () => Promise<void>;
};

const migrationsFolder = path.join(ROOT_DIR, 'src', 'server', 'db', 'migrations');

/**
 * One driver path (`pg`): a pool on the PostgreSQL server `databaseUrl` names, else on the embedded
 * server started in `dataDir/pg`; then the committed migrations.
 */
export async function openDatabase(options: { dataDir: string; databaseUrl?: string; log?: (message: string) => void }): Promise<Database> {
  const embedded = options.databaseUrl ? undefined : await startEmbeddedServer({ dataDir: options.dataDir, log: options.log });
  if (embedded) warnAboutPgliteDir(options.dataDir, options.log ?? console.warn);
  const url = options.databaseUrl ?? embedded!.url;
  // Pipelined: a statement may be written before the one ahead of it has answered. Code awaiting each
  // query sees no difference; mutate() sends a transaction's COMMIT right behind its last statement, so
  // the locks that statement takes (the change log's, the house accounts') are held for one round trip.
  const pool = new pg.Pool({ connectionString: url, max: 10, pipeline: true } as pg.PoolConfig);
  pool.on('connect', coalesceWrites);
  // An idle connection ended by the server (a restart, an admin) must not take the process down.
  pool.on('error', () => {});
  const close = async () => {
    await pool.end();
    await embedded?.stop();
  };
  try {
    const db = drizzle(pool, { schema, casing: 'snake_case' });
    await migrateAlone(pool, () => migrate(db, { migrationsFolder }));
    return { db: db as unknown as Db, kind: embedded ? 'embedded' : 'external', url, close };
  } catch (error) {
    await close();
    throw error;
  }
}

/**
 * The statements a connection is given in one turn of the event loop leave in ONE socket write: BEGIN with
 * a transaction's first statement, its last statement with COMMIT (mutate.ts). node-postgres writes each
 * statement on its own (a writev of its Parse/Bind/Describe/Execute/Sync each), and on loopback a socket
 * write costs the server far more CPU than building the statement. The socket is corked at the first
 * statement of a turn and uncorked on the next tick, which runs only once the promise continuations
 * queued meanwhile have run: nothing waits longer than the current turn.
 */
export function coalesceWrites(client: pg.PoolClient) {
  const stream = (client as unknown as { connection?: { stream?: { cork?: () => void; uncork?: () => void } } }).connection?.stream;
  if (!stream?.cork || !stream.uncork) return;
  const { cork, uncork } = { cork: stream.cork.bind(stream), uncork: stream.uncork.bind(stream) };
  const query = client.query;
  let corked = false;
  client.query = function (this: pg.PoolClient, ...args: unknown[]) {
    if (!corked) {
      corked = true;
      cork();
      process.nextTick(() => {
        corked = false;
        uncork();
      });
    }
    return (query as (...a: unknown[]) => unknown).apply(this, args);
  } as typeof client.query;
}

/**
 * Nodes starting together on one database migrate one after the other (drizzle's migrator takes no lock
 * of its own): a session advisory lock, held on a connection of its own while the migrations run.
 */
async function migrateAlone(pool: pg.Pool, run: () => Promise<void>) {
  const lock = await pool.connect();
  try {
    await lock.query(`select pg_advisory_lock(hashtext('brokerdesk:migrate'))`);
    await run();
  } finally {
    await lock.query(`select pg_advisory_unlock(hashtext('brokerdesk:migrate'))`).catch(() => undefined);
    lock.release();
  }
}

/** Earlier versions kept their data in PGlite (DATA_DIR/db): say so, never touch it. */
function warnAboutPgliteDir(dataDir: string, log: (message: string) => void) {
  const old = pgliteDirOf(dataDir);
  if (!existsSync(path.join(old, 'PG_VERSION'))) return;
  if (existsSync(pgliteMigratedMarker(dataDir))) {
    log(
      `${old} (the PGlite database of an earlier BrokerDesk version) was copied into the PostgreSQL server; it is no longer read and may be deleted.`,
    );
    return;
  }
  log(
    [
      `${old} holds a database made by an earlier BrokerDesk version (PGlite). This version runs a PostgreSQL server in ${path.join(dataDir, 'pg')} and does not read it.`,
      `Your data is still there, untouched. To move it: stop this server, then run \`DATA_DIR=${dataDir} npm run db:migrate-from-pglite\`.`,
    ].join('\n'),
  );
}
