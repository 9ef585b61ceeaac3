import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import path from 'node:path';
import { now } from './measure.ts';

/**
 * The server as `npm start` runs it, in its own process: the esbuild bundle `dist/server/main.js`
 * (built once per run by scripts/build-server.mjs), else `src/server/main.ts` through tsx. A preloaded
 * one-liner answers memory questions over the IPC channel, so RSS and heap are the server's alone.
 */
const MEMORY_PROBE =
  'data:text/javascript,' +
  encodeURIComponent("process.on('message', (m) => { if (m === 'memory') process.send({ memory: process.memoryUsage() }); });");

export type Runner = { label: string; args: string[] };

export function serverRunner(root: string): Runner {
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
  const child = spawn(process.execPath, ['--import', MEMORY_PROBE, ...options.runner.args], {
    cwd: options.root,
    env,
    stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
  });
  let output = '';
  child.stdout?.on('data', (chunk) => (output += chunk));
  child.stderr?.on('data', (chunk) => (output += chunk));
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

  const memory = () =>
    new Promise<NodeJS.MemoryUsage>((resolve, reject) => {
      const onMessage = (message: unknown) => {
        if (message && typeof message === 'object' && 'memory' in message) {
          child.off('message', onMessage);
          resolve((message as { memory: NodeJS.MemoryUsage }).memory);
        }
      };
      child.on('message', onMessage);
      if (!child.send('memory')) reject(new Error('server process gone'));
    });

  const stop = async () => {
    if (exited) return;
    child.kill('SIGTERM');
    const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
    await exit;
    clearTimeout(timer);
  };

  return { child, port, coldStartMs, memory, stop };
}
