// `npm run bench client`: from the production build, what the login screen costs, side by side
// with a bare Vite + React page built and measured in the same run.
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium } from 'playwright-core';
import { build } from 'vite';
import react from '@vitejs/plugin-react';
import { buildApp } from '../../src/server/app.ts';
import { CHROMIUM_ARGS } from '../../scripts/chromium.mjs';

const ROOT = path.resolve(import.meta.dirname, '../..');
const CLIENT = path.join(ROOT, 'dist/client');
const RUNS = Number(process.env.BENCH_RUNS ?? 9);
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
const gz = (file: string) => gzipSync(readFileSync(file), { level: 9 }).length;
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;

if (process.env.BENCH_SKIP_BUILD !== '1') {
  const result = spawnSync('npm', ['run', 'build:client'], {
    cwd: ROOT,
    stdio: 'inherit',
    env: { ...process.env, NODE_ENV: 'production' },
  });
  if (result.status !== 0) process.exit(1);
}

// The baseline: the smallest honest Vite + React login page (two fields and a button).
const bareDir = mkdtempSync(path.join(os.tmpdir(), 'bd-bench-bare-'));
writeFileSync(
  path.join(bareDir, 'index.html'),
  '<!doctype html><html lang="en"><head><meta charset="UTF-8"><title>Bare</title></head><body><div id="root"></div><script type="module" src="/main.jsx"></script></body></html>',
);
writeFileSync(
  path.join(bareDir, 'main.jsx'),
  `import { createRoot } from 'react-dom/client';
function Login() {
  return <form><h1>Sign in</h1><label>Email<input name="email" /></label><label>Password<input name="password" type="password" /></label><button data-testid="login-submit">Sign in</button></form>;
}
createRoot(document.getElementById('root')).render(<Login />);
`,
);
await build({
  root: bareDir,
  logLevel: 'warn',
  plugins: [react()],
  build: { outDir: path.join(bareDir, 'dist'), emptyOutDir: true },
  resolve: { alias: { react: path.join(ROOT, 'node_modules/react'), 'react-dom': path.join(ROOT, 'node_modules/react-dom') } },
});

const TYPES: Record<string, string> = { '.html': 'text/html', '.js': 'text/javascript', '.css': 'text/css' };
const bareServer = createServer((request, response) => {
  const file = path.join(bareDir, 'dist', request.url === '/' ? 'index.html' : (request.url ?? '').split('?')[0]!);
  try {
    const body = readFileSync(file);
    response.writeHead(200, { 'content-type': TYPES[path.extname(file)] ?? 'application/octet-stream' }).end(body);
  } catch {
    response.writeHead(404).end();
  }
});
await new Promise<void>((resolve) => bareServer.listen(0, '127.0.0.1', resolve));
const bareUrl = `http://127.0.0.1:${(bareServer.address() as { port: number }).port}/`;

const dataDir = mkdtempSync(path.join(os.tmpdir(), 'bd-bench-data-'));
const app = await buildApp({ dataDir, rootEmail: 'root@bench.test', rootPassword: 'Bench1234', logger: false });
await app.listen({ port: 0, host: '127.0.0.1' });
const appUrl = `http://127.0.0.1:${(app.server.address() as { port: number }).port}/login`;

const userDataDir = mkdtempSync(path.join(os.tmpdir(), 'bd-bench-chromium-'));
const context = await chromium.launchPersistentContext(userDataDir, {
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  headless: true,
  args: CHROMIUM_ARGS,
  // A first visit: no service worker, no HTTP cache between runs.
  serviceWorkers: 'block',
});

type TraceEvent = { name: string; ph: string; ts: number; dur?: number; tid: number; pid: number };
/** BENCH_TRACE=1: the renderer main thread's work, by kind, summed per load (top-level events only, so nothing counts twice). */
const TRACED = [
  'ParseHTML',
  'EvaluateScript',
  'v8.evaluateModule',
  'FunctionCall',
  'RunMicrotasks',
  'UpdateLayoutTree',
  'Layout',
  'PrePaint',
  'Paint',
  'Layerize',
  'ParseAuthorStyleSheet',
  'TimerFire',
  'EventDispatch',
  'FireIdleCallback',
  'MinorGC',
  'MajorGC',
];
const traced = { app: new Map<string, number>(), bare: new Map<string, number>() };
function addTrace(into: Map<string, number>, events: TraceEvent[], usableTs: number): void {
  const main = events.find((e) => e.name === 'v8.evaluateModule') ?? events.find((e) => e.name === 'ParseHTML');
  let end = 0;
  for (const e of events
    .filter((x) => x.ph === 'X' && x.pid === main?.pid && x.tid === main?.tid && x.ts <= usableTs)
    .sort((a, b) => a.ts - b.ts)) {
    if (e.ts < end) continue; // nested in the previous top-level event
    end = e.ts + (e.dur ?? 0);
    const kind = TRACED.includes(e.name) ? e.name : 'other';
    into.set(kind, (into.get(kind) ?? 0) + (e.dur ?? 0) / 1000 / RUNS);
  }
}

/** Time from navigation start until the sign-in button can be used, and the scripts fetched until then. */
async function measure(url: string, trace?: Map<string, number>): Promise<{ ms: number; scripts: string[] }> {
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
  const events: TraceEvent[] = [];
  if (trace) {
    cdp.on('Tracing.dataCollected', ({ value }) => events.push(...(value as unknown as TraceEvent[])));
    await cdp.send('Tracing.start', { categories: 'devtools.timeline,blink.user_timing', transferMode: 'ReportEvents' });
  }
  const scripts: string[] = [];
  page.on('response', (response) => {
    if (response.request().resourceType() === 'script') scripts.push(new URL(response.url()).pathname);
  });
  await page.goto(url, { waitUntil: 'commit' });
  await page.getByTestId('login-submit').waitFor({ state: 'visible' });
  const ms = await page.evaluate(() => performance.now());
  if (trace) {
    await page.evaluate(() => performance.mark('bd:usable'));
    const done = new Promise((resolve) => cdp.once('Tracing.tracingComplete', resolve));
    await cdp.send('Tracing.end');
    await done;
    addTrace(trace, events, events.find((e) => e.name === 'bd:usable')?.ts ?? Infinity);
  }
  if (process.env.BENCH_DETAIL === '1') console.log(await timeline(page));
  const snapshot = [...scripts];
  await page.close();
  return { ms, scripts: snapshot };
}

/** BENCH_DETAIL=1: where the time went in one load, from the page's own resource timings. */
async function timeline(page: import('playwright-core').Page): Promise<string> {
  const lines = await page.evaluate(() => {
    const nav = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming;
    const rows = [
      `${location.pathname}: html ${nav.responseEnd.toFixed(0)} ms, DOMContentLoaded ${nav.domContentLoadedEventEnd.toFixed(0)} ms, usable ${performance.now().toFixed(0)} ms`,
    ];
    for (const entry of performance.getEntriesByType('resource') as PerformanceResourceTiming[]) {
      rows.push(
        `  ${entry.startTime.toFixed(0).padStart(5)} → ${entry.responseEnd.toFixed(0).padStart(5)} ms  ${entry.initiatorType.padEnd(6)} ${new URL(entry.name).pathname} (${entry.encodedBodySize} B)`,
      );
    }
    for (const entry of performance.getEntriesByType('mark')) rows.push(`  ${entry.startTime.toFixed(0).padStart(5)} ms  ${entry.name}`);
    for (const entry of performance.getEntriesByType('paint')) rows.push(`  ${entry.startTime.toFixed(0).padStart(5)} ms  ${entry.name}`);
    return rows;
  });
  return lines.join('\n');
}

const appTimes: number[] = [];
const bareTimes: number[] = [];
let appScripts: string[] = [];
let bareScripts: string[] = [];
await measure(appUrl); // warm the server and the browser once, for both
await measure(bareUrl);
for (let i = 0; i < RUNS; i++) {
  // Interleaved, so both see the same machine load.
  const a = await measure(appUrl, process.env.BENCH_TRACE === '1' ? traced.app : undefined);
  const b = await measure(bareUrl, process.env.BENCH_TRACE === '1' ? traced.bare : undefined);
  appTimes.push(a.ms);
  bareTimes.push(b.ms);
  appScripts = a.scripts;
  bareScripts = b.scripts;
}
await context.close();
await app.close();
bareServer.close();

const sizeOf = (dir: string, scripts: string[]) => scripts.reduce((sum, p) => sum + gz(path.join(dir, p)), 0);
const appJs = sizeOf(
  CLIENT,
  [...new Set(appScripts)].filter((p) => p.startsWith('/assets/') || p === '/boot.js'),
);
const bareJs = sizeOf(path.join(bareDir, 'dist'), [...new Set(bareScripts)]);

// The precache list is in the generated service worker: url + revision pairs.
const sw = readFileSync(path.join(CLIENT, 'sw.js'), 'utf8');
const precached = [...sw.matchAll(/url:"([^"]+)"/g)].map((m) => m[1]!.replace(/^\//, ''));
const precacheRaw = precached.reduce((sum, file) => sum + statSync(path.join(CLIENT, file)).size, 0);
const precacheGz = precached.reduce((sum, file) => sum + gz(path.join(CLIENT, file)), 0);
const allJs = readdirSync(path.join(CLIENT, 'assets')).filter((f) => f.endsWith('.js'));

const appMs = median(appTimes);
const bareMs = median(bareTimes);
const ratio = appMs / bareMs;
console.log(
  `JS before the login screen is usable: ${kb(appJs)} gzip in ${new Set(appScripts).size} files (goal ≤ 150 KB) ${appJs <= 150 * 1024 ? 'OK' : 'OVER'}`,
);
console.log(`  bare Vite + React page:              ${kb(bareJs)} gzip`);
console.log(`Precache: ${precached.length} files, ${kb(precacheRaw)} (${kb(precacheGz)} gzip); ${allJs.length} JS chunks in the build`);
console.log(
  `Login route load (median of ${RUNS}, cache off): app ${appMs.toFixed(0)} ms, bare ${bareMs.toFixed(0)} ms, ratio ${ratio.toFixed(2)}× (goal ≤ 1.5×) ${ratio <= 1.5 ? 'OK' : 'OVER'}`,
);

if (process.env.BENCH_TRACE === '1') {
  console.log('Main thread until usable, ms per load (mean; tracing itself slows both):  app / bare');
  for (const kind of [...TRACED, 'other'])
    if (traced.app.has(kind) || traced.bare.has(kind))
      console.log(
        `  ${kind.padEnd(22)} ${(traced.app.get(kind) ?? 0).toFixed(1).padStart(6)} / ${(traced.bare.get(kind) ?? 0).toFixed(1).padStart(6)}`,
      );
}

rmSync(bareDir, { recursive: true, force: true });
rmSync(dataDir, { recursive: true, force: true });
rmSync(userDataDir, { recursive: true, force: true });
mkdirSync(path.join(ROOT, 'tests/bench/results'), { recursive: true });
writeFileSync(
  path.join(ROOT, 'tests/bench/results/client.md'),
  [
    '# Client benchmark',
    '',
    `${new Date().toISOString()} · Chromium (${context.browser()?.version() ?? 'persistent context'}) · load average ${os.loadavg()[0].toFixed(1)} at the end (2 CPUs, shared)`,
    '',
    '| figure | value | goal |',
    '| --- | --- | --- |',
    `| JavaScript loaded before the login screen is usable (gzip) | ${kb(appJs)} in ${new Set(appScripts).size} files (bare page: ${kb(bareJs)}) | ≤ 150 KB |`,
    `| precache | ${precached.length} files, ${kb(precacheRaw)} (${kb(precacheGz)} gzip) | |`,
    `| login route load, median of ${RUNS}, cache off: app vs a bare Vite + React page built and measured in the same run | ${appMs.toFixed(0)} ms vs ${bareMs.toFixed(0)} ms (${ratio.toFixed(2)}×) | ≤ 1.5× |`,
    `| every run, app / bare (ms) | ${appTimes.map((t) => t.toFixed(0)).join(', ')} / ${bareTimes.map((t) => t.toFixed(0)).join(', ')} | |`,
    '',
    'How it is measured (`npx tsx tests/bench/client.bench.ts`; `BENCH_DETAIL=1` prints each load’s resource timeline and start-up marks, `BENCH_TRACE=1` the renderer main thread’s work by kind until usable, app beside bare; `tests/bench/login-profile.ts` attributes the login’s script time to modules):',
    '- `npm run build:client`, then a bare Vite + React page (two fields and a button) built by Vite in the same run and served by a plain Node server; the app served by its own Fastify server (embedded PostgreSQL).',
    '- Headless Chromium, service workers blocked, HTTP cache off through CDP; a new tab per load, app and bare interleaved, one warm-up load each; time = performance.now() when the sign-in button is visible.',
    '- The machine is shared with other work: absolute times move between runs; the ratio is measured side by side in the same run.',
    '',
  ].join('\n'),
);
