// The offline engine in Debian's Chromium (real IndexedDB), against the real server on PGlite:
// initial sync of 100,000 leads (goal ≤ 30 s) with the page's peak JS heap, enqueue latency, and the
// first page of a filtered, sorted list over the local leads (goal p95 ≤ 50 ms) beside the same page
// through the API. BENCH_SCALE shrinks the sizes.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { build } from 'esbuild';
import { chromium } from 'playwright-core';
import { seedDemo } from '../../src/server/demo/seed.ts';
import { startListeningServer } from '../offline/harness.ts';
import { chromiumPath } from '../../scripts/chromium.mjs';
import { ms, mb, percentile, table } from './stats.ts';

const browserPath = chromiumPath();
if (!browserPath) {
  console.log('offline-chromium: no Chromium (apt-get install -y chromium); skipped');
  process.exit(0);
}
const scale = Number(process.env.BENCH_SCALE ?? 1);
const LEADS = Math.round(100_000 * scale);

const bundle = await build({ entryPoints: ['tests/bench/browser/engine-entry.ts'], bundle: true, format: 'iife', write: false, minify: true, platform: 'browser', target: 'chrome120' });
const script = bundle.outputFiles[0].text;

const { server, baseUrl } = await startListeningServer();
const origin = baseUrl.replace(/\/api$/, '');
const root = await server.rootToken();
console.error(`[chromium bench] seeding ${LEADS} leads`);
await seedDemo(server.app.services.db, { leads: LEADS, seed: 11 });
const viewer = await server.user(root, { roles: ['admin'] });

const profile = mkdtempSync(path.join(os.tmpdir(), 'bd-bench-chromium-'));
const context = await chromium.launchPersistentContext(profile, {
  executablePath: browserPath,
  headless: true,
  // The server's CSP forbids inline scripts (good); the bench injects its bundle anyway.
  bypassCSP: true,
  args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--enable-precise-memory-info'],
});
const page = context.pages()[0] ?? (await context.newPage());
await page.goto(`${origin}/api/v1/setting`);
await page.addScriptTag({ content: script });
// tsx compiles the functions given to page.evaluate with esbuild's keepNames helper; the page needs it too.
await page.evaluate('globalThis.__name = (fn) => fn');
const rows: string[][] = [['measure', 'value', 'against', 'ratio']];

console.error('[chromium bench] initial sync');
const sync = await page.evaluate(
  async ({ userId, token }) => {
    const api = (globalThis as any).benchEngine(userId, token);
    const memory = () => (performance as any).memory?.usedJSHeapSize ?? 0;
    let peak = memory();
    const timer = setInterval(() => (peak = Math.max(peak, memory())), 50);
    const start = performance.now();
    await api.engine.start();
    const took = performance.now() - start;
    clearInterval(timer);
    (globalThis as any).bench = api;
    const leads = await api.engine.db.records('user').where('_kind').equals('lead').count();
    return { took, leads, peak, error: api.engine.status().error };
  },
  { userId: viewer.id, token: viewer.token },
);
if (sync.error) throw new Error(`sync failed: ${sync.error}`);
rows.push([`initial sync of ${sync.leads} leads + their records (Chromium IndexedDB)`, ms(sync.took), 'goal ≤ 30 s', `${(sync.took / 30_000).toFixed(2)} of goal`]);
rows.push(['page JS heap peak during initial sync', mb(sync.peak), '', '']);

const query = { filters: [{ field: 'roles', values: ['lead'] }, { field: 'labels', values: ['forex'] }], sorts: [{ field: 'lastName', order: 'asc' }] };
console.error('[chromium bench] list pages, local and through the API');
const timings = await page.evaluate(
  async ({ q, token }) => {
    const store = (globalThis as any).bench.store('user');
    const time = async (fn: () => Promise<unknown>) => {
      const start = performance.now();
      await fn();
      return performance.now() - start;
    };
    const local: number[] = [];
    const api: number[] = [];
    const params = (page: number) => `filters=${encodeURIComponent(JSON.stringify(q.filters))}&sorts=${encodeURIComponent(JSON.stringify(q.sorts))}&limit=20&page=${page}`;
    for (let i = 0; i < 43; i++) {
      const page = 1 + (i % 3);
      const l = await time(() => store.list({ page, limit: 20, ...q }));
      const a = await time(() => fetch(`/api/v1/user?${params(page)}`, { headers: { authorization: `Bearer ${token}` } }).then((r) => r.json()));
      if (i >= 3) {
        local.push(l);
        api.push(a);
      }
    }
    const campaigns = (globalThis as any).bench.store('campaign');
    const enqueue: number[] = [];
    for (let i = 0; i < 200; i++) enqueue.push(await time(() => campaigns.create({ name: `Chromium ${i}` })));
    return { local, api, enqueue };
  },
  { q: query, token: viewer.token },
);
const lp50 = percentile(timings.local, 50);
const ap50 = percentile(timings.api, 50);
rows.push([`first page, leads labelled forex by last name, over ${sync.leads} local leads, p50`, ms(lp50), `API p50 ${ms(ap50)}`, `${(lp50 / ap50).toFixed(2)}× (local / API)`]);
rows.push(['… p95 (goal ≤ 50 ms)', ms(percentile(timings.local, 95)), `API p95 ${ms(percentile(timings.api, 95))}`, '']);
rows.push(['enqueue a create (record + outbox, one transaction) p50', ms(percentile(timings.enqueue, 50)), '', '']);
rows.push(['… p95', ms(percentile(timings.enqueue, 95)), '', '']);
await page.evaluate(() => (globalThis as any).bench.engine.stop());
await context.close();
rmSync(profile, { recursive: true, force: true });
await server.close();
const report = `Offline engine in Chromium (${browserPath}, server on PGlite, BENCH_SCALE=${scale})\n\n${table(rows)}\n`;
console.log(report);
mkdirSync('tests/bench/results', { recursive: true });
writeFileSync('tests/bench/results/offline-chromium.md', report);
process.exit(0);
