import cluster, { type Worker } from 'node:cluster';
import os from 'node:os';
import { loadConfig } from './config.ts';
import { DataDirInUseError, startEmbeddedServer, type EmbeddedServer } from './db/embedded-server.ts';
import { onStopSignal } from './run-until-stopped.ts';

/**
 * `WORKERS`: how many API processes serve this machine's port (default 1; `auto` = one per core). One
 * Node process runs JavaScript on one core, so a single process caps a many-core machine's throughput
 * at what one core can do (tests/bench/money.bench.ts). Unset or 1: the server runs in this process.
 */
export function workerCount(value = process.env.WORKERS): number {
  if (!value) return 1;
  if (value === 'auto') return os.availableParallelism();
  const count = Number(value);
  if (!Number.isInteger(count) || count < 1) throw new Error(`WORKERS must be a whole number ≥ 1 or "auto", not "${value}"`);
  return count;
}

/**
 * The primary of `WORKERS` > 1 (docs/scaling.md): it serves nothing itself. It starts the embedded
 * PostgreSQL when no DATABASE_URL is set, then forks the workers, each a whole API node on that database
 * (CLUSTER=1: socket.io events cross through PostgreSQL, as between machines), listening on the one
 * port node:cluster shares out connection by connection. WebSocket-only sockets need no stickiness.
 * A worker that dies is replaced; SIGINT, SIGTERM or SIGHUP (once or more, to the primary or to the
 * whole group) stops the workers, then the database.
 */
export async function runPrimary(count: number): Promise<void> {
  // Made here once, before the workers would race to make them: the data dir and its JWT secret.
  const config = loadConfig();
  let stopping = false;
  // Before anything starts: a signal while PostgreSQL starts stops it once it is up (the handler runs
  // after `starting` is set: never synchronously).
  onStopSignal(async () => {
    stopping = true;
    const workers = Object.values(cluster.workers ?? {}).filter((w): w is Worker => Boolean(w));
    await Promise.all(
      workers.map(
        (worker) =>
          new Promise<void>((resolve) => {
            if (worker.isDead()) return resolve();
            worker.once('exit', () => resolve());
            worker.process.kill('SIGTERM');
          }),
      ),
    );
    await (await starting.catch(() => undefined))?.stop();
  });
  const starting: Promise<EmbeddedServer | undefined> = config.databaseUrl
    ? Promise.resolve(undefined)
    : startEmbeddedServer({ dataDir: config.dataDir });
  let embedded: EmbeddedServer | undefined;
  try {
    embedded = await starting;
  } catch (error) {
    if (!(error instanceof DataDirInUseError)) throw error;
    console.error(error.message);
    process.exit(1);
  }
  if (stopping) return;
  // The JWT secret is read from DATA_DIR (or JWT_SECRET) by each worker, as by any node.
  const env = { DATABASE_URL: config.databaseUrl ?? embedded!.url, CLUSTER: '1' };
  const fork = () => cluster.fork(env);
  cluster.on('exit', (worker: Worker, code) => {
    if (stopping) return;
    console.error(`worker ${worker.process.pid} ended (${code}): starting another`);
    fork();
  });
  for (let i = 0; i < count; i++) fork();
  console.log(`BrokerDesk: ${count} workers on http://${config.host}:${config.port} (${embedded ? 'embedded' : 'external'} PostgreSQL)`);
}
