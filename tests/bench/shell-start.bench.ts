// `npx tsx tests/bench/shell-start.bench.ts` (part of `npm run bench -- speed`): the installed app started
// by someone signed in, from its service worker's cache (issue 28: the sign-in form prerendered into
// index.html must not slow that start). The same build and the same service worker, the cached
// index.html swapped between loads: as shipped (the form in the root, five more in templates, the inline
// check that empties the root for a signed-in person), and without the form (an empty root, no templates,
// no check: index.html as it was before issue 28). Interleaved loads, the median of each, one run.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium } from 'playwright-core';
import { buildApp } from '../../src/server/app.ts';
import { CHROMIUM_ARGS, chromiumPath } from '../../scripts/chromium.mjs';
import { buildClientForBench } from './client-build.ts';
import { markdownTable, ms } from './measure.ts';

const ROOT = path.resolve(import.meta.dirname, '../..');
const RUNS = Number(process.env.BENCH_RUNS ?? 9);
const browserPath = chromiumPath();
if (!browserPath) {
  console.log('shell-start: no Chromium (apt-get install -y chromium); skipped');
  process.exit(0);
}
buildClientForBench();
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;

const dataDir = mkdtempSync(path.join(os.tmpdir(), 'bd-bench-shell-'));
const credentials = { email: 'root@bench.test', password: 'Bench1234' };
const app = await buildApp({ dataDir, rootEmail: credentials.email, rootPassword: credentials.password, logger: false });
await app.listen({ port: 0, host: '127.0.0.1' });
const origin = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;

const profile = mkdtempSync(path.join(os.tmpdir(), 'bd-bench-chromium-'));
const context = await chromium.launchPersistentContext(profile, { executablePath: browserPath, headless: true, args: CHROMIUM_ARGS });
const page = context.pages()[0] ?? (await context.newPage());
// tsx compiles the functions given to the page with esbuild's keepNames helper; the page needs it too.
await page.addInitScript('globalThis.__name = (fn) => fn');
// When the signed-in shell first shows (its user menu), as the frame that shows it: taken in the page.
await page.addInitScript(() => {
  const w = window as unknown as { __shown?: number };
  const seen = () => {
    if (w.__shown !== undefined || !document.querySelector('[data-testid=user-menu]')) return false;
    requestAnimationFrame(() => requestAnimationFrame(() => (w.__shown ??= performance.now())));
    return true;
  };
  new MutationObserver((_, observer) => seen() && observer.disconnect()).observe(document, { childList: true, subtree: true });
});

// Signed in through the form, as a person does; the service worker installed and in control.
await page.goto(`${origin}/login`);
await page.waitForFunction(() => !document.getElementById('root')?.hasAttribute('data-prerendered'));
await page.getByLabel(/email/i).fill(credentials.email);
await page.getByLabel(/password/i).fill(credentials.password);
await page.getByTestId('login-submit').click();
await page.getByTestId('user-menu').waitFor();
await page.evaluate(() => navigator.serviceWorker.ready);
for (let i = 0; i < 20 && !(await page.evaluate(() => Boolean(navigator.serviceWorker.controller))); i++) {
  await page.reload();
  await page.getByTestId('user-menu').waitFor();
}

/** The precached index.html (workbox keys it with its revision) and its text as shipped. */
const cached = await page.evaluate(async () => {
  for (const name of await caches.keys()) {
    const cache = await caches.open(name);
    for (const request of await cache.keys())
      if (new URL(request.url).pathname === '/index.html')
        return { name, url: request.url, html: await (await cache.match(request))!.text() };
  }
  throw new Error('index.html is not in the service worker cache');
});
const rootStart = cached.html.indexOf('<div id="root"');
const checkStart = cached.html.lastIndexOf('<script>');
const checkEnd = cached.html.indexOf('</script>', checkStart) + '</script>'.length;
if (rootStart < 0 || checkStart < rootStart || !cached.html.slice(checkStart, checkEnd).includes('bd-login-'))
  throw new Error('index.html has not the shape this bench expects (root, templates, then the inline check)');
const withoutForm = `${cached.html.slice(0, rootStart)}<div id="root"></div>${cached.html.slice(checkEnd)}`;

const install = (html: string) =>
  page.evaluate(
    async ({ name, url, html }) => {
      const cache = await caches.open(name);
      const old = (await cache.match(url))!;
      await cache.put(url, new Response(html, { headers: old.headers }));
    },
    { name: cached.name, url: cached.url, html },
  );

/** One start of the app from the cache: navigation until the shell's first frame. */
async function start(html: string, into: number[]) {
  await install(html);
  await page.reload();
  await page.waitForFunction(() => (window as unknown as { __shown?: number }).__shown !== undefined, undefined, { timeout: 30_000 });
  const took = await page.evaluate(() => (window as unknown as { __shown: number }).__shown);
  const served = await page.evaluate(() => {
    const navigation = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming | undefined;
    return { byWorker: Boolean(navigation?.workerStart), templates: document.querySelectorAll('template[id^=bd-login-]').length };
  });
  if (!served.byWorker) throw new Error('the page was not served by the service worker');
  // The swap took: the shipped file carries the five other variants in templates, the other none.
  if (served.templates > 0 !== (html === cached.html)) throw new Error('the service worker served another index.html than the one put');
  into.push(took);
}

const shipped: number[] = [];
const before: number[] = [];
await start(cached.html, []);
await start(withoutForm, []);
for (let run = 0; run < RUNS; run++) {
  await start(cached.html, shipped);
  await start(withoutForm, before);
}
await install(cached.html);
await context.close();
rmSync(profile, { recursive: true, force: true });
await app.close();

const ratio = median(shipped) / median(before);
const rows = [
  [
    'installed app, signed in, from the service worker cache: navigation until the shell shows, median of ' + RUNS,
    `${ms(median(shipped))} ms`,
    `${ms(median(before))} ms without the prerendered form`,
    `**${ratio.toFixed(2)}×**`,
  ],
  ['… every load, as shipped / without the form (ms)', shipped.map(ms).join(', '), before.map(ms).join(', '), ''],
  [
    'index.html as shipped / without the form',
    `${(cached.html.length / 1024).toFixed(1)} KB`,
    `${(withoutForm.length / 1024).toFixed(1)} KB`,
    '',
  ],
];
const report = `# The installed app's start, signed in (issue 28)

${new Date().toISOString()} · ${browserPath} · load average ${os.loadavg()[0].toFixed(1)} at the end (2 CPUs, shared)

${markdownTable(['measure', 'as shipped', 'against', 'ratio'], rows)}

The same build and service worker; between loads the cached index.html is swapped for the same file without
the prerendered sign-in form (its root empty, no templates, no inline check), as index.html was before issue
28. Goal: the start stays as fast (a ratio near 1×; the runs' spread is the machine's).
`;
console.log(report);
mkdirSync(path.join(ROOT, 'tests/bench/results'), { recursive: true });
writeFileSync(path.join(ROOT, 'tests/bench/results/shell-start.md'), report);
writeFileSync(
  path.join(ROOT, 'tests/bench/results/shell-start.json'),
  `${JSON.stringify({ at: new Date().toISOString(), shippedMs: median(shipped), withoutFormMs: median(before), ratio }, null, 2)}\n`,
);
process.exit(0);
