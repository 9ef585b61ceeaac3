import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { bootstrap } from '../../src/server/bootstrap.ts';
import type { Config } from '../../src/server/config.ts';
import type { Db } from '../../src/server/db/client.ts';
import { freePort } from '../bench/server-process.ts';

/**
 * The real server process (`src/server/main.ts`, as `npm start` runs it) on a temp DATA_DIR with its
 * embedded PostgreSQL: how it starts, stops, crashes and refuses to share its data dir.
 */
const ROOT_DIR = path.resolve(import.meta.dirname, '..', '..');
const ROOT = { email: 'root@embedded.test', password: 'rootpass1' };
const dirs: string[] = [];
const children: ChildProcess[] = [];

afterAll(() => {
  for (const child of children) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  for (const dir of dirs) {
    const postmaster = postmasterPid(dir);
    if (postmaster && alive(postmaster)) process.kill(postmaster, 'SIGKILL');
    rmSync(dir, { recursive: true, force: true });
  }
});

function tempDataDir(): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'bd-embedded-'));
  dirs.push(dir);
  return dir;
}

type Running = { child: ChildProcess; port: number; output: () => string; exited: Promise<number | null> };

async function startApp(dataDir: string, options: { waitForAnswer?: boolean; env?: Record<string, string> } = {}): Promise<Running> {
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(ROOT_DIR, 'src', 'server', 'main.ts')], {
    cwd: ROOT_DIR,
    env: {
      ...process.env,
      DATABASE_URL: '',
      DATA_DIR: dataDir,
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      ROOT_EMAIL: ROOT.email,
      ROOT_PASSWORD: ROOT.password,
      ...options.env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.push(child);
  let output = '';
  child.stdout!.on('data', (chunk) => (output += chunk));
  child.stderr!.on('data', (chunk) => (output += chunk));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const running = { child, port, output: () => output, exited };
  if (options.waitForAnswer !== false) {
    await waitFor(async () => (await status(port, '/api/v1/setting')) === 200 || child.exitCode !== null, 180_000);
    if (child.exitCode !== null) throw new Error(`server exited ${child.exitCode}:\n${output}`);
  }
  return running;
}

async function status(port: number, urlPath: string): Promise<number> {
  try {
    return (await fetch(`http://127.0.0.1:${port}${urlPath}`)).status;
  } catch {
    return 0;
  }
}

async function waitFor(condition: () => boolean | Promise<boolean>, timeoutMs: number) {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error('timed out waiting for a condition');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

function postmasterPid(dataDir: string): number | undefined {
  const file = path.join(dataDir, 'pg', 'postmaster.pid');
  return existsSync(file) ? Number(readFileSync(file, 'utf8').split('\n')[0]) : undefined;
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return !/\)\s+Z\s/.test(readFileSync(`/proc/${pid}/stat`, 'utf8'));
  } catch {
    return false;
  }
}

/** Every process now: its id, its parent's and its name, from /proc. */
function processes(): { pid: number; parent: number; comm: string }[] {
  return readdirSync('/proc')
    .filter((entry) => /^\d+$/.test(entry))
    .flatMap((entry) => {
      try {
        const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
        const parent = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
        return [{ pid: Number(entry), parent, comm: stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')')) }];
      } catch {
        return []; // gone meanwhile
      }
    });
}

/** Every postgres process whose command line names this data dir (the postmaster's children carry no -D). */
function postgresProcessesOf(dataDir: string, postmaster: number): number[] {
  const cmdline = (pid: number) => {
    try {
      return readFileSync(`/proc/${pid}/cmdline`, 'utf8');
    } catch {
      return '';
    }
  };
  return processes()
    .filter(({ pid, parent }) => pid === postmaster || parent === postmaster || cmdline(pid).includes(path.join(dataDir, 'pg')))
    .map(({ pid }) => pid);
}

/** The live node processes a process started (the workers of `WORKERS`; its postgres processes are not node). */
function nodeChildrenOf(parent: number): number[] {
  return processes()
    .filter((p) => p.parent === parent && p.comm === 'node' && alive(p.pid))
    .map(({ pid }) => pid);
}

/** One GET on a connection of its own (no keep-alive pool). */
function freshGet(port: number, urlPath: string, token: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const request = http.get(
      { host: '127.0.0.1', port, path: urlPath, agent: false, timeout: 10_000, headers: { authorization: `Bearer ${token}` } },
      (response) => {
        let body = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => (body += chunk));
        response.on('end', () => resolve({ status: response.statusCode ?? 0, body }));
      },
    );
    request.on('timeout', () => request.destroy(new Error(`GET ${urlPath}: no answer in 10 s`)));
    request.on('error', reject);
  });
}

async function login(port: number): Promise<string> {
  const response = await fetch(`http://127.0.0.1:${port}/api/v1/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(ROOT),
  });
  expect(response.status).toBe(200);
  return ((await response.json()) as { token: string }).token;
}

async function campaignNames(port: number, token: string): Promise<string[]> {
  const response = await fetch(`http://127.0.0.1:${port}/api/v1/campaign`, { headers: { authorization: `Bearer ${token}` } });
  expect(response.status).toBe(200);
  const body = (await response.json()) as { campaigns: { name: string }[] };
  return body.campaigns.map((c) => c.name).sort();
}

async function createCampaign(port: number, token: string, name: string) {
  const response = await fetch(`http://127.0.0.1:${port}/api/v1/campaign`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ name }),
  });
  expect(response.status).toBe(201);
}

/** A fingerprint of every file under a folder: names, sizes, modification times and contents. */
function fingerprint(dir: string): string {
  const hash = createHash('sha256');
  const walk = (at: string) => {
    for (const entry of readdirSync(at, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
      const full = path.join(at, entry.name);
      if (entry.isDirectory()) walk(full);
      else hash.update(`${path.relative(dir, full)} ${statSync(full).size} ${statSync(full).mtimeMs}\n`).update(readFileSync(full));
    }
  };
  walk(dir);
  return hash.digest('hex');
}

describe('the embedded PostgreSQL server', { timeout: 400_000 }, () => {
  it('SIGTERM stops the app and its PostgreSQL: no process left, no lock file', async () => {
    const dataDir = tempDataDir();
    const app = await startApp(dataDir);
    const postmaster = postmasterPid(dataDir)!;
    expect(alive(postmaster)).toBe(true);
    expect(postgresProcessesOf(dataDir, postmaster).length).toBeGreaterThan(1);
    // Port and password are kept in DATA_DIR, readable by its owner only.
    expect(statSync(path.join(dataDir, 'pg-server.json')).mode & 0o777).toBe(0o600);

    app.child.kill('SIGTERM');
    expect(await app.exited).toBe(0);
    expect(postgresProcessesOf(dataDir, postmaster)).toEqual([]);
    expect(existsSync(path.join(dataDir, 'pg', 'postmaster.pid'))).toBe(false);
    expect(existsSync(path.join(dataDir, 'server.pid'))).toBe(false);
  });

  it('after kill -9 of the app, the next start recovers the cluster and keeps the data', async () => {
    const dataDir = tempDataDir();
    const first = await startApp(dataDir);
    await createCampaign(first.port, await login(first.port), 'Before the crash');
    const orphan = postmasterPid(dataDir)!;
    first.child.kill('SIGKILL');
    await first.exited;

    const second = await startApp(dataDir);
    expect(await campaignNames(second.port, await login(second.port))).toContain('Before the crash');
    expect(alive(orphan)).toBe(false);
    const postmaster = postmasterPid(dataDir)!;
    second.child.kill('SIGTERM');
    expect(await second.exited).toBe(0);
    expect(postgresProcessesOf(dataDir, postmaster)).toEqual([]);
  });

  it('WORKERS=2: two API processes on one port and one embedded PostgreSQL; a dead worker is replaced; SIGTERM stops all', async () => {
    const dataDir = tempDataDir();
    const app = await startApp(dataDir, { env: { WORKERS: '2' } });
    const primary = app.child.pid!;
    await waitFor(() => nodeChildrenOf(primary).length === 2, 60_000);
    const [first, second] = nodeChildrenOf(primary);
    const postmaster = postmasterPid(dataDir)!;
    // The primary owns the database: its postmaster is the primary's child, not a worker's.
    expect(Number(readFileSync(`/proc/${postmaster}/stat`, 'utf8').split(') ')[1].split(' ')[1])).toBe(primary);
    const token = await login(app.port);
    await createCampaign(app.port, token, 'Made before a worker died');

    process.kill(first, 'SIGKILL');
    // The primary forks a replacement once it has seen the death (node:cluster hands no more
    // connections to that worker from then on); the other worker answers while the new one starts.
    await waitFor(() => nodeChildrenOf(primary).length === 2 && !nodeChildrenOf(primary).includes(first), 60_000);
    const replacement = nodeChildrenOf(primary).find((pid) => pid !== second)!;
    expect(replacement).not.toBe(first);
    // On a connection of its own: fetch's kept-alive one may have been the dead worker's.
    const after = await freshGet(app.port, '/api/v1/campaign', token);
    expect(after.status).toBe(200);
    expect((JSON.parse(after.body) as { campaigns: { name: string }[] }).campaigns.map((c) => c.name)).toContain(
      'Made before a worker died',
    );
    await waitFor(async () => (await status(app.port, '/api/v1/setting')) === 200, 30_000);

    app.child.kill('SIGTERM');
    await waitFor(() => app.child.exitCode !== null, 30_000);
    expect(await app.exited).toBe(0);
    expect([second, replacement].filter(alive)).toEqual([]);
    expect(postgresProcessesOf(dataDir, postmaster)).toEqual([]);
    expect(existsSync(path.join(dataDir, 'server.pid'))).toBe(false);
  });

  it('a second start on the same data dir refuses clearly, and the first keeps serving', async () => {
    const dataDir = tempDataDir();
    const first = await startApp(dataDir);
    const second = await startApp(dataDir, { waitForAnswer: false });
    expect(await second.exited).toBe(1);
    expect(second.output()).toContain(`DATA_DIR ${dataDir} is in use by another BrokerDesk server (process ${first.child.pid})`);
    expect(await status(first.port, '/api/v1/setting')).toBe(200);
    first.child.kill('SIGTERM');
    expect(await first.exited).toBe(0);
  });

  it('reports an old PGlite data dir without touching it, and db:migrate-from-pglite copies its data', async () => {
    const dataDir = tempDataDir();
    // What an earlier version left: a PGlite database in DATA_DIR/db with a root account and a campaign.
    const old = new PGlite(path.join(dataDir, 'db'));
    const oldDb = drizzle(old, { casing: 'snake_case' });
    await migrate(oldDb, { migrationsFolder: path.join(ROOT_DIR, 'src', 'server', 'db', 'migrations') });
    await bootstrap(oldDb as unknown as Db, { rootEmail: ROOT.email, rootPassword: ROOT.password } as Config, () => {});
    await old.exec(`insert into campaigns (id, name) values ('0190a000-0000-7000-8000-000000000001', 'Made in PGlite')`);
    await old.close();
    const before = fingerprint(path.join(dataDir, 'db'));

    const app = await startApp(dataDir);
    expect(app.output()).toContain(`${path.join(dataDir, 'db')} holds a database made by an earlier BrokerDesk version (PGlite)`);
    expect(app.output()).toContain('npm run db:migrate-from-pglite');
    expect(await campaignNames(app.port, await login(app.port))).toEqual([]);
    app.child.kill('SIGTERM');
    expect(await app.exited).toBe(0);
    expect(fingerprint(path.join(dataDir, 'db'))).toBe(before);

    const migration = spawnSync('npm', ['run', '--silent', 'db:migrate-from-pglite'], {
      cwd: ROOT_DIR,
      env: { ...process.env, DATABASE_URL: '', DATA_DIR: dataDir },
      encoding: 'utf8',
    });
    expect(migration.status, migration.stdout + migration.stderr).toBe(0);
    expect(migration.stdout).toContain('campaigns: 1');
    expect(fingerprint(path.join(dataDir, 'db'))).toBe(before);

    const after = await startApp(dataDir);
    expect(await campaignNames(after.port, await login(after.port))).toEqual(['Made in PGlite']);
    expect(after.output()).toContain('was copied into the PostgreSQL server');
    after.child.kill('SIGTERM');
    expect(await after.exited).toBe(0);
  });
});
