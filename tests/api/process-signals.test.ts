import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { clusterDirOf } from '../../src/server/db/embedded-server.ts';
import { freePort } from '../bench/server-process.ts';

/**
 * `npm start` as a supervisor or a container runtime stops it: a signal to the app's whole process
 * group (every process in it gets one, the server itself twice: from the group and passed on by
 * scripts/start.mjs), or to the app alone; SIGINT, SIGTERM or SIGHUP, once or twice. Each time the app
 * stops, then its PostgreSQL, and the next start on the same DATA_DIR is clean (no server to recover).
 */
const ROOT_DIR = path.resolve(import.meta.dirname, '..', '..');
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'bd-signals-'));
const children: ChildProcess[] = [];
/** Data dirs to remove after the run, and the clusters kept outside them. */
const dataDirs = [dataDir];

afterAll(() => {
  for (const child of children) if (child.exitCode === null && child.signalCode === null) process.kill(-child.pid!, 'SIGKILL');
  for (const dir of dataDirs) {
    const clusterDir = clusterDirOf(dir);
    for (const pid of postgresOf(clusterDir)) process.kill(pid, 'SIGKILL');
    if (!clusterDir.startsWith(dir)) rmSync(path.dirname(clusterDir), { recursive: true, force: true });
  }
  for (const dir of dataDirs) rmSync(dir, { recursive: true, force: true });
});

type Running = { child: ChildProcess; output: () => string; exited: Promise<number | null> };

/** `command` (scripts/start.mjs, or npm start) in a process group of its own, answering on a free port. */
async function start(command: string, args: string[], on = dataDir, env: Record<string, string> = {}): Promise<Running> {
  const port = await freePort();
  const child = spawn(command, args, {
    cwd: ROOT_DIR,
    detached: true,
    env: {
      ...process.env,
      DATABASE_URL: '',
      DATA_DIR: on,
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      ROOT_PASSWORD: 'rootpass1',
      // The API alone: building the client is not what is tested here.
      SKIP_CLIENT_BUILD: '1',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.push(child);
  let output = '';
  child.stdout!.on('data', (chunk) => (output += chunk));
  child.stderr!.on('data', (chunk) => (output += chunk));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const deadline = Date.now() + 120_000;
  while ((await answer(port)) !== 200) {
    if (child.exitCode !== null || Date.now() > deadline) throw new Error(`no answer on ${port} (exit ${child.exitCode}):\n${output}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return { child, output: () => output, exited };
}

async function answer(port: number): Promise<number> {
  try {
    return (await fetch(`http://127.0.0.1:${port}/api/v1/setting`)).status;
  } catch {
    return 0;
  }
}

/** pid, process group and command line of every process now, from /proc. */
function processes(): { pid: number; group: number; parent: number; cmdline: string }[] {
  return readdirSync('/proc')
    .filter((entry) => /^\d+$/.test(entry))
    .flatMap((entry) => {
      try {
        const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
        const [state, parent, group] = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
        if (state === 'Z') return [];
        const cmdline = readFileSync(`/proc/${entry}/cmdline`, 'utf8').replaceAll('\0', ' ');
        return [{ pid: Number(entry), group: Number(group), parent: Number(parent), cmdline }];
      } catch {
        return []; // gone meanwhile
      }
    });
}

/** The postmaster running on `clusterDir` (its command line names it) and every process it started. */
function postgresOf(clusterDir: string): number[] {
  const all = processes();
  const postmasters = all.filter((p) => p.cmdline.includes(`-D ${clusterDir} `)).map((p) => p.pid);
  return all.filter((p) => postmasters.includes(p.pid) || postmasters.includes(p.parent)).map((p) => p.pid);
}

/** Sends the signals, waits for the app to end, and checks that nothing of it or its PostgreSQL is left. */
async function stopWith(app: Running, signals: NodeJS.Signals[], target: 'group' | 'app', on = dataDir) {
  const group = app.child.pid!;
  const clusterDir = clusterDirOf(on);
  const postmaster = processes().find((p) => p.cmdline.includes(`-D ${clusterDir} `))!;
  // PostgreSQL runs in a group of its own: only the app stops it, in order, whatever reaches the group.
  expect(postmaster.group).not.toBe(group);
  expect(postgresOf(clusterDir).length).toBeGreaterThan(1);
  for (const signal of signals) process.kill(target === 'group' ? -group : group, signal);
  const code = await app.exited;
  // npm may end before the server it started has: the stop is over when the whole group is gone.
  const deadline = Date.now() + 60_000;
  while (processes().some((p) => p.group === group) && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 100));
  expect(processes().filter((p) => p.group === group)).toEqual([]);
  if (app.child.spawnfile === process.execPath) expect(code).toBe(0);
  expect(postgresOf(clusterDir)).toEqual([]);
  expect(spawnSync('pgrep', ['-f', clusterDir]).status).toBe(1);
  expect(existsSync(path.join(clusterDir, 'postmaster.pid'))).toBe(false);
  expect(existsSync(path.join(on, 'server.pid'))).toBe(false);
}

const node = (): [string, string[]] => [process.execPath, ['scripts/start.mjs']];

describe('stopping the app by signal', { timeout: 400_000 }, () => {
  it('SIGTERM, SIGINT, two SIGTERMs or SIGHUP to the group, two SIGTERMs to the app, WORKERS=2: no postgres left, the next start clean', async () => {
    const cases: { command: [string, string[]]; signals: NodeJS.Signals[]; target: 'group' | 'app'; env?: Record<string, string> }[] = [
      // What the issue found: `kill -TERM -- -PGID` of `npm start` left PostgreSQL running.
      { command: ['npm', ['start', '--silent']], signals: ['SIGTERM'], target: 'group' },
      { command: node(), signals: ['SIGINT'], target: 'group' },
      { command: node(), signals: ['SIGTERM', 'SIGTERM'], target: 'group' },
      { command: node(), signals: ['SIGHUP'], target: 'group' },
      { command: node(), signals: ['SIGTERM', 'SIGTERM'], target: 'app' },
      // The primary of WORKERS starts PostgreSQL; each worker gets the group's signal and the primary's.
      { command: node(), signals: ['SIGTERM'], target: 'group', env: { WORKERS: '2' } },
    ];
    for (const { command, signals, target, env } of cases) {
      const app = await start(...command, dataDir, env);
      // Clean: the previous stop left no server behind for this start to stop.
      expect(app.output()).not.toContain('did not exit cleanly');
      await stopWith(app, signals, target);
    }
    const last = await start(...node());
    expect(last.output()).not.toContain('did not exit cleanly');
    await stopWith(last, ['SIGINT', 'SIGINT'], 'app');
  });

  // A clone under /root, or in `mktemp -d`: the postgres user cannot pass through the folder above DATA_DIR.
  it.skipIf(process.getuid?.() !== 0)(
    'as root, a DATA_DIR under a folder closed to others: its cluster is kept in /var/lib/brokerdesk, said on start, the folders left as they were',
    async () => {
      const closed = mkdtempSync(path.join(os.tmpdir(), 'bd-closed-'));
      const inside = path.join(closed, 'data');
      dataDirs.push(closed, inside);
      expect(statSync(closed).mode & 0o777).toBe(0o700);
      const first = await start(...node(), inside);
      const clusterDir = clusterDirOf(inside);
      expect(clusterDir).toMatch(/^\/var\/lib\/brokerdesk\/[0-9a-f]{16}\/pg$/);
      expect(first.output()).toContain(
        `The postgres system user cannot reach ${inside} (${closed} is closed to others): its PostgreSQL cluster is kept in ${clusterDir}; ${inside} is left as it is.`,
      );
      await stopWith(first, ['SIGTERM'], 'group', inside);
      const again = await start(...node(), inside);
      expect(again.output()).toContain(`PostgreSQL cluster of ${inside}: ${clusterDir} (the postgres system user cannot reach ${inside}).`);
      await stopWith(again, ['SIGHUP'], 'group', inside);
      expect(statSync(closed).mode & 0o777).toBe(0o700);
      expect(existsSync(path.join(inside, 'pg'))).toBe(false);
    },
  );
});
