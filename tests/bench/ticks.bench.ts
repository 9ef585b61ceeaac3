/**
 * Price tick fan-out (issue 26): `CLIENTS` socket.io clients (1,000 by default) spread over the six
 * symbols, each subscribed to one symbol's room, on the server as `npm start` runs it (its own process,
 * the embedded PostgreSQL):
 *   npx tsx tests/bench/ticks.bench.ts          (npm run bench ticks)
 *   BENCH_CLIENTS=200 BENCH_SECONDS=10 …        a quick run
 * It reports, it never fails on time. Results: stdout and tests/bench/results/ticks.md.
 *
 * Delivery latency: a tick's `time` is its second's boundary on the server's clock (the same machine's
 * clock as the bench's), so latency = arrival in this process − that time: the server's timer, the
 * computation, the emit to ~167 sockets per room, the loopback and this process's own event loop
 * reading 1,000 frames (the clients all run here, on the same shared cores, so that last part is in it).
 * Server CPU per tick: the server process's CPU time over a window with every client subscribed,
 * against the same window with the clients connected but subscribed to nothing, divided by the ticks
 * sent (one tick a second per symbol).
 */
import { mkdtemp, mkdir, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { io, type Socket } from 'socket.io-client';
import { ROOT_DIR } from '../../src/server/config.ts';
import { PRICE_SUBSCRIBE, PRICE_TICK, type Quote } from '../../src/shared/trading/quote.ts';
import { SYMBOLS } from '../../src/shared/trading/symbols.ts';
import { httpClient } from './http-client.ts';
import { cpuMs, markdownTable, ms, now, percentile, thousands } from './measure.ts';
import { serverRunner, startServerProcess } from './server-process.ts';

const CLIENTS = Math.max(6, Number(process.env.BENCH_CLIENTS ?? 1000) || 1000);
const SECONDS = Math.max(5, Number(process.env.BENCH_SECONDS ?? 30) || 30);
const ROOT = { email: 'root@bench.local', password: 'bench-root-1' };
const JWT_SECRET = 'bench-secret-bench-secret-bench-secret';

const sleep = (msToWait: number) => new Promise((resolve) => setTimeout(resolve, msToWait));

async function main() {
  const runner = serverRunner(ROOT_DIR);
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'bd-ticks-bench-'));
  const load = os.loadavg()[0]!.toFixed(2);
  const server = await startServerProcess({
    root: ROOT_DIR,
    runner,
    env: {
      DATA_DIR: dataDir,
      DATABASE_URL: undefined,
      ROOT_EMAIL: ROOT.email,
      ROOT_PASSWORD: ROOT.password,
      JWT_SECRET,
      LOG_LEVEL: 'warn',
    },
  });
  const http = httpClient(server.port, 1);
  const sockets: Socket[] = [];
  try {
    const login = await http.request('POST', '/api/v1/auth/login', {}, JSON.stringify(ROOT));
    const token = (JSON.parse(login.body) as { token: string }).token;

    // Connect every client (20 handshakes at a time: each reads its session once).
    const connectStart = now();
    for (let i = 0; i < CLIENTS; i += 20) {
      await Promise.all(
        Array.from({ length: Math.min(20, CLIENTS - i) }, async () => {
          const socket = io(`http://127.0.0.1:${server.port}/setting`, {
            path: '/api/socket.io',
            auth: { token },
            transports: ['websocket'],
            reconnection: false,
            forceNew: true,
          });
          sockets.push(socket);
          await new Promise<void>((resolve, reject) => {
            socket.once('connect', () => resolve());
            socket.once('connect_error', reject);
          });
        }),
      );
    }
    const connectMs = now() - connectStart;

    // Baseline: the same connections, subscribed to nothing (the ticker still computes every second).
    await sleep(2000);
    let cpuBefore = cpuMs(await server.cpu());
    let wallBefore = now();
    await sleep(SECONDS * 1000);
    const idleCpu = cpuMs(await server.cpu()) - cpuBefore;
    const idleWall = now() - wallBefore;

    // Subscribed: client i hears symbol i mod 6.
    const latencies: number[] = [];
    const received = new Map<string, number>();
    /** Per tick (symbol and time): its first arrival in any client, the server's side of the latency. */
    const firstArrival = new Map<string, number>();
    let measuring = false;
    let duplicates = 0;
    let wrongSymbol = 0;
    sockets.forEach((socket, i) => {
      const symbol = SYMBOLS[i % SYMBOLS.length]!.symbol;
      const seen = new Set<string>();
      socket.on(PRICE_TICK, (q: Quote) => {
        const arrived = Date.now();
        if (!measuring) return;
        if (q.symbol !== symbol) wrongSymbol++;
        if (seen.has(q.time)) duplicates++;
        seen.add(q.time);
        latencies.push(arrived - Date.parse(q.time));
        const key = `${q.symbol} ${q.time}`;
        if (!firstArrival.has(key)) firstArrival.set(key, arrived - Date.parse(q.time));
        received.set(q.time, (received.get(q.time) ?? 0) + 1);
      });
      socket.emit(PRICE_SUBSCRIBE, symbol);
    });
    await sleep(2000);
    measuring = true;
    cpuBefore = cpuMs(await server.cpu());
    wallBefore = now();
    await sleep(SECONDS * 1000);
    const busyCpu = cpuMs(await server.cpu()) - cpuBefore;
    const busyWall = now() - wallBefore;
    measuring = false;
    await sleep(500);

    const ticksSent = received.size * SYMBOLS.length;
    const perTickSecond = [...received.values()];
    const fullTicks = perTickSecond.filter((n) => n === CLIENTS).length;
    const secondsIdle = idleWall / 1000;
    const secondsBusy = busyWall / 1000;
    const rows = [
      ['clients (sockets, one symbol each, ~' + Math.round(CLIENTS / SYMBOLS.length) + ' per symbol)', thousands(CLIENTS)],
      ['connecting them (20 at a time)', `${ms(connectMs)} ms`],
      ['tick seconds measured', `${received.size} (${fullTicks} reached all ${thousands(CLIENTS)} clients)`],
      ['messages delivered', `${thousands(latencies.length)} (${thousands(latencies.length / secondsBusy)} a second)`],
      ['duplicates / wrong symbol', `${duplicates} / ${wrongSymbol}`],
      [
        'delivery latency p50 / p99 / max (tick time → arrival in a client)',
        `${ms(percentile(latencies, 50))} / ${ms(percentile(latencies, 99))} / ${ms(Math.max(...latencies))} ms`,
      ],
      [
        'first arrival of each symbol tick in any client p50 / p99 (the server side, before this process reads the other ~166)',
        `${ms(percentile([...firstArrival.values()], 50))} / ${ms(percentile([...firstArrival.values()], 99))} ms`,
      ],
      [
        'server CPU, subscribed: per second / per symbol tick',
        `${ms(busyCpu / secondsBusy)} ms / ${(busyCpu / Math.max(1, ticksSent)).toFixed(2)} ms`,
      ],
      ['server CPU, connected but unsubscribed: per second', `${ms(idleCpu / secondsIdle)} ms`],
      [
        'fan-out cost per symbol tick (subscribed − unsubscribed) / per message',
        `${((busyCpu / secondsBusy - idleCpu / secondsIdle) / SYMBOLS.length).toFixed(2)} ms / ${(((busyCpu / secondsBusy - idleCpu / secondsIdle) * 1000) / (latencies.length / secondsBusy)).toFixed(1)} µs`,
      ],
      ['server RSS at the end', `${Math.round((await server.memory()).rss / 1024 / 1024)} MB`],
    ];
    const text = [
      `# Price tick fan-out`,
      ``,
      `${os.cpus().length} cores (shared), ${new Date().toISOString()}; load average (1 min) at the start: ${load}.`,
      `Command: \`BENCH_CLIENTS=${CLIENTS} BENCH_SECONDS=${SECONDS} npx tsx tests/bench/ticks.bench.ts\`.`,
      `Server: \`${runner.label}\` in its own process on the embedded PostgreSQL; the ${thousands(CLIENTS)} socket.io clients (WebSocket) in the bench's process. Each window ${SECONDS} s.`,
      ``,
      markdownTable(['figure', 'value'], rows),
      ``,
    ].join('\n');
    console.log(text);
    await mkdir(path.join(ROOT_DIR, 'tests', 'bench', 'results'), { recursive: true });
    await writeFile(path.join(ROOT_DIR, 'tests', 'bench', 'results', 'ticks.md'), text);
  } finally {
    for (const socket of sockets) socket.disconnect();
    http.close();
    await server.stop();
    await rm(dataDir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
