// Where the login's start-up time goes, from the production build: `npx tsx tests/bench/login-profile.ts`
// (after `npm run build:client`, with `build.sourcemap` for module names: BENCH_SOURCEMAP=1 npm run build:client).
// Prints the network requests, the main thread's work by kind (trace), and script self time by module.
import { mkdtempSync, readFileSync, existsSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { SourceMapConsumer } from 'source-map-js';
import { chromium } from 'playwright-core';
import { buildApp } from '../../src/server/app.ts';
import { CHROMIUM_ARGS, chromiumPath } from '../../scripts/chromium.mjs';

const ROOT = path.resolve(import.meta.dirname, '../..');
const CLIENT = path.join(ROOT, 'dist/client');
const RUNS = Number(process.env.BENCH_RUNS ?? 5);

const dataDir = mkdtempSync(path.join(os.tmpdir(), 'bd-prof-data-'));
const app = await buildApp({ dataDir, rootEmail: 'root@bench.test', rootPassword: 'Bench1234', logger: false });
await app.listen({ port: 0, host: '127.0.0.1' });
const url = `http://127.0.0.1:${(app.server.address() as { port: number }).port}/login`;
const userDataDir = mkdtempSync(path.join(os.tmpdir(), 'bd-prof-chromium-'));
const context = await chromium.launchPersistentContext(userDataDir, {
  executablePath: chromiumPath(),
  headless: true,
  args: CHROMIUM_ARGS,
  serviceWorkers: 'block',
});

type Profile = {
  samples?: number[];
  timeDeltas?: number[];
  nodes: Array<{
    id: number;
    children?: number[];
    callFrame: { url: string; lineNumber: number; columnNumber: number; functionName: string };
  }>;
};
const maps = new Map<string, SourceMapConsumer | null>();
function mapOf(scriptUrl: string) {
  if (!maps.has(scriptUrl)) {
    const file = path.join(CLIENT, new URL(scriptUrl).pathname + '.map');
    maps.set(scriptUrl, existsSync(file) ? new SourceMapConsumer(JSON.parse(readFileSync(file, 'utf8'))) : null);
  }
  return maps.get(scriptUrl);
}
const moduleOf = (source: string) =>
  source.includes('node_modules/') ? source.replace(/.*node_modules\/((@[^/]+\/)?[^/]+).*/, '$1') : source.replace(/.*\/src\//, 'src/');

const byModule = new Map<string, number>();
const byFunction = new Map<string, number>();
const byKind = new Map<string, number>();
const requestUrls = new Map<string, string>();
const inclusive = new Map<string, number>();
for (let run = 0; run < RUNS; run++) {
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  // The cache is off only with the Network domain on (tests/bench/client.bench.ts).
  await cdp.send('Network.enable');
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
  await cdp.send('Profiler.enable');
  await cdp.send('Profiler.setSamplingInterval', { interval: 100 });
  const events: Array<{ name: string; ph: string; dur?: number; ts: number; tid: number; args?: { data?: Record<string, unknown> } }> = [];
  cdp.on('Tracing.dataCollected', ({ value }) => events.push(...(value as unknown as typeof events)));
  await cdp.send('Tracing.start', {
    categories: process.env.BENCH_CATEGORIES ?? 'devtools.timeline,blink.user_timing,devtools.timeline.frame',
    transferMode: 'ReportEvents',
  });
  if (process.env.BENCH_PROFILE !== '0') await cdp.send('Profiler.start');
  await page.goto(url, { waitUntil: 'commit' });
  await page.getByTestId('login-submit').waitFor({ state: 'visible' });
  const [usable, mainAt] = await page.evaluate(() => [performance.now(), performance.getEntriesByName('bd:main')[0]?.startTime ?? 0]);
  const profile: Profile =
    process.env.BENCH_PROFILE !== '0' ? ((await cdp.send('Profiler.stop')).profile as Profile) : { samples: [], timeDeltas: [], nodes: [] };
  const done = new Promise((resolve) => cdp.once('Tracing.tracingComplete', resolve));
  await cdp.send('Tracing.end');
  await done;
  // Self time per node, mapped to modules.
  const dt = new Map<number, number>();
  profile.samples!.forEach((id, i) => dt.set(id, (dt.get(id) ?? 0) + profile.timeDeltas![i]! / 1000));
  // Inclusive time: each node's self time plus its descendants'.
  const nodeById = new Map(profile.nodes.map((n) => [n.id, n]));
  const total = (id: number): number => (dt.get(id) ?? 0) + (nodeById.get(id)?.children ?? []).reduce((sum, c) => sum + total(c), 0);
  const nameOf = (node: (typeof profile.nodes)[number]) => {
    const { url: u, lineNumber, columnNumber, functionName } = node.callFrame;
    const map = u ? mapOf(u) : null;
    const pos = map?.originalPositionFor({ line: lineNumber + 1, column: columnNumber });
    return pos?.source
      ? `${pos.name ?? functionName ?? ''} ${moduleOf(pos.source)}:${pos.line}`
      : `${functionName} ${u ? new URL(u).pathname : ''}`;
  };
  for (const node of profile.nodes) {
    const name = nameOf(node);
    if (
      /^(startLoginPage|initI18n|init|changeLanguage|setLanguage|loadResources|performWorkOnRoot|performWorkUntilDeadline|flushSyncWorkAcrossRoots_impl|render|LoginScreen|LookControls|UpdatePrompt|startLookSync|createRoot|proxy|css|cva|t) /.test(
        name,
      ) ||
      (node.callFrame.functionName === '' && node.callFrame.url)
    )
      inclusive.set(name, (inclusive.get(name) ?? 0) + total(node.id) / RUNS);
  }
  for (const node of profile.nodes) {
    const ms = dt.get(node.id) ?? 0;
    if (!ms) continue;
    const { url: u, lineNumber, columnNumber, functionName } = node.callFrame;
    let mod = u ? new URL(u).pathname : `(${functionName || 'program'})`;
    let fn = functionName;
    const map = u ? mapOf(u) : null;
    if (map) {
      const pos = map.originalPositionFor({ line: lineNumber + 1, column: columnNumber });
      if (pos.source) {
        mod = moduleOf(pos.source);
        fn = `${pos.name ?? functionName} ${mod}:${pos.line}`;
      }
    }
    byModule.set(mod, (byModule.get(mod) ?? 0) + ms / RUNS);
    byFunction.set(fn || mod, (byFunction.get(fn || mod) ?? 0) + ms / RUNS);
  }
  // Trace time of the page's time origin, from the bd:main mark.
  const mainMark = events.find((e) => e.name === 'bd:main');
  const first = (mainMark?.ts ?? 0) - mainAt * 1000;
  const marks = events.filter((e) => e.name.startsWith('bd:') || e.name === 'firstContentfulPaint');
  for (const e of events)
    if (
      e.ph === 'X' &&
      e.dur &&
      [
        'EvaluateScript',
        'v8.compileModule',
        'v8.evaluateModule',
        'FunctionCall',
        'UpdateLayoutTree',
        'Layout',
        'Paint',
        'ParseAuthorStyleSheet',
        'ParseHTML',
        'RunMicrotasks',
        'v8.compile',
        'TimerFire',
        'EventDispatch',
        'PrePaint',
        'Layerize',
        'Commit',
      ].includes(e.name)
    )
      byKind.set(e.name, (byKind.get(e.name) ?? 0) + e.dur / 1000 / RUNS);
  if (process.env.BENCH_DETAIL === '1') {
    // The main thread's top-level work in order (what ran when, after navigation).
    const mainTid = events.find((e) => e.name === 'v8.evaluateModule')?.tid;
    for (const e of events
      .filter((x) => ['ResourceSendRequest', 'ResourceReceiveResponse', 'ResourceFinish'].includes(x.name))
      .sort((a, b) => a.ts - b.ts)) {
      const d = e.args?.data ?? {};
      const name = String(d.url ?? '') || requestUrls.get(String(d.requestId)) || '';
      if (d.url) requestUrls.set(String(d.requestId), String(d.url));
      console.log(`  ${((e.ts - first) / 1000).toFixed(0).padStart(5)}       ${e.name} ${name.replace(/^https?:\/\/[^/]+/, '')}`);
    }
    const parse = events.find((x) => x.tid === mainTid && x.name === 'ParseHTML' && x.ts > first && (x.dur ?? 0) > 3000);
    if (parse)
      for (const e of events
        .filter((x) => x.tid === mainTid && x.ts >= parse.ts && x.ts <= parse.ts + parse.dur! && (x.dur ?? 0) > 200)
        .sort((a, b) => a.ts - b.ts))
        console.log(
          `    in ParseHTML: ${((e.ts - first) / 1000).toFixed(1)} +${(e.dur! / 1000).toFixed(1)} ${e.name} ${JSON.stringify(e.args?.data ?? {}).slice(0, 80)}`,
        );
    let end = 0;
    for (const e of events
      .filter((x) => x.tid === mainTid && x.ph === 'X' && (x.dur ?? 0) > 300 && x.ts > first)
      .sort((a, b) => a.ts - b.ts)) {
      if (e.ts < end) continue;
      end = e.ts + e.dur!;
      const d = e.args?.data ?? {};
      console.log(
        `  ${((e.ts - first) / 1000).toFixed(0).padStart(5)} +${(e.dur! / 1000).toFixed(1).padStart(5)} ms ${e.name} ${String(d.url ?? d.functionName ?? d.type ?? '').slice(-50)}`,
      );
    }
  }
  if (process.env.BENCH_DETAIL === '1')
    console.log(
      `run ${run}: usable ${usable.toFixed(0)} ms`,
      marks.map((m) => `${m.name}@${((m.ts - first) / 1000).toFixed(0)}`).join(' '),
    );
  await page.close();
}
await context.close();
await app.close();
rmSync(dataDir, { recursive: true, force: true });
rmSync(userDataDir, { recursive: true, force: true });
const top = (m: Map<string, number>, n: number) =>
  [...m]
    .sort((a, b) => b[1] - a[1])
    .slice(0, n)
    .map(([k, v]) => `  ${v.toFixed(1).padStart(6)} ms  ${k}`)
    .join('\n');
console.log(`Main thread by kind (ms per load, nested events overlap):\n${top(byKind, 20)}`);
console.log(`Script self time by module (ms per load):\n${top(byModule, 30)}`);
console.log(`Inclusive (ms per load):\n${top(inclusive, 40)}`);
console.log(`By function:\n${top(byFunction, 30)}`);
