import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import path from 'node:path';
import { now } from './measure.ts';

/**
 * The server as `npm start` runs it, in its own process: the esbuild bundle `dist/server/main.js`
 * (built once per run by scripts/build-server.mjs), else `src/server/main.ts` through tsx. A preloaded
 * one-liner answers memory and CPU questions over the IPC channel, so RSS, heap and CPU time are the
 * server's alone.
 */
const PROBE =
  'data:text/javascript,' +
  encodeURIComponent("process.on('message', (m) => { if (m === 'memory') process.send({ memory: process.memoryUsage() }); });");

export type Runner = { label: string; args: string[] };

export function serverRunner(root: string): Runner {
  // BENCH_SERVER_BUNDLE=dist/server/x.js: that bundle as it is (a before/after comparison in one sitting).
  const given = process.env.BENCH_SERVER_BUNDLE;
  if (given) return { label: `node ${given} (given bundle)`, args: [path.resolve(root, given)] };
  const build = spawnSync(process.execPath, [path.join(root, 'scripts', 'build-server.mjs')], { cwd: root, encoding: 'utf8' });
  const bundle = path.join(root, 'dist', 'server', 'main.js');
  if (build.status === 0 && existsSync(bundle)) return { label: 'node dist/server/main.js (esbuild bundle)', args: [bundle] };
  return {
    label: 'node --import tsx src/server/main.ts (no bundle)',
    args: ['--import', 'tsx', path.join(root, 'src', 'server', 'main.ts')],
  };
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

export type ServerProcess = {
  child: ChildProcess;
  port: number;
  /** Spawn → first 200 answered (ms). */
  coldStartMs: number;
  memory: () => Promise<NodeJS.MemoryUsage>;
  /** The server process's CPU time so far (user + system, µs): differences give the CPU a piece of work cost it. */
  /** CPU time so far of the server's node processes (with `WORKERS`, the primary and its workers), µs. */
  cpu: () => Promise<NodeJS.CpuUsage>;
  stop: () => Promise<void>;
};

/** One GET on a fresh connection; the status, or 0 when nothing listens yet. */
function probe(port: number, urlPath: string): Promise<number> {
  return new Promise((resolve) => {
    const request = http.get({ host: '127.0.0.1', port, path: urlPath, agent: false }, (response) => {
      response.resume();
      response.on('end', () => resolve(response.statusCode ?? 0));
    });
    request.on('error', () => resolve(0));
  });
}

export async function startServerProcess(options: {
  root: string;
  runner: Runner;
  env: Record<string, string | undefined>;
  timeoutMs?: number;
}): Promise<ServerProcess> {
  const port = await freePort();
  const env: Record<string, string> = {};
  for (const [key, value] of Object.entries({ ...process.env, ...options.env, PORT: String(port), HOST: '127.0.0.1' })) {
    if (value !== undefined) env[key] = value;
  }
  const started = now();
  // BENCH_SERVER_PROFILE=dir: the server writes a V8 CPU profile there when it stops (node --cpu-prof).
  const profile = process.env.BENCH_SERVER_PROFILE ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_SERVER_PROFILE}`] : [];
  const child = spawn(process.execPath, [...profile, '--import', PROBE, ...options.runner.args], {
    cwd: options.root,
    env,
    stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
  });
  // Only the tail is kept for an error message: a server logging every request must not grow the bench's memory.
  let output = '';
  const keep = (chunk: Buffer) => (output = (output + chunk).slice(-4000));
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  let exited = false;
  const exit = new Promise<void>((resolve) => child.once('exit', () => ((exited = true), resolve())));

  const deadline = started + (options.timeoutMs ?? 120_000);
  let coldStartMs = NaN;
  while (!exited && now() < deadline) {
    if ((await probe(port, '/api/v1/setting')) === 200) {
      coldStartMs = now() - started;
      break;
    }
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
  if (!Number.isFinite(coldStartMs)) {
    child.kill('SIGKILL');
    throw new Error(`server did not answer (exit=${exited}):\n${output.slice(-2000)}`);
  }

  const ask = <T>(question: 'memory') =>
    new Promise<T>((resolve, reject) => {
      const onMessage = (message: unknown) => {
        if (message && typeof message === 'object' && question in message) {
          child.off('message', onMessage);
          resolve((message as Record<string, T>)[question]);
        }
      };
      child.on('message', onMessage);
      if (!child.send(question)) reject(new Error('server process gone'));
    });
  const memory = () => ask<NodeJS.MemoryUsage>('memory');
  const cpu = async () => nodeTreeCpu(child.pid!);

  const stop = async () => {
    if (exited) return;
    child.kill('SIGTERM');
    const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
    await exit;
    clearTimeout(timer);
  };

  return { child, port, coldStartMs, memory, cpu, stop };
}

/** Clock ticks per second of /proc/<pid>/stat's times (USER_HZ: 100 on Linux). */
const TICKS_PER_SECOND = 100;

/**
 * User and system CPU (µs) of `root` and its node descendants, read from /proc (Linux): the workers of
 * `WORKERS` are the primary's children; its embedded PostgreSQL's processes are not node and not counted.
 */
export function nodeTreeCpu(root: number): NodeJS.CpuUsage {
  const stats = new Map<number, { parent: number; comm: string; user: number; system: number }>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const close = stat.lastIndexOf(')');
      const fields = stat.slice(close + 2).split(' ');
      // After the name: state(0) ppid(1) … utime(11) stime(12), in clock ticks.
      stats.set(Number(entry), {
        parent: Number(fields[1]),
        comm: stat.slice(stat.indexOf('(') + 1, close),
        user: Number(fields[11]),
        system: Number(fields[12]),
      });
    } catch {
      // gone meanwhile
    }
  }
  const usage = { user: 0, system: 0 };
  const visit = (pid: number) => {
    const stat = stats.get(pid);
    if (!stat || (pid !== root && stat.comm !== 'node')) return;
    usage.user += (stat.user / TICKS_PER_SECOND) * 1e6;
    usage.system += (stat.system / TICKS_PER_SECOND) * 1e6;
    for (const [child, other] of stats) if (other.parent === pid) visit(child);
  };
  visit(root);
  return usage;
}
