// Offline engine benchmarks (issue 4), in Node with fake-indexeddb against the real server on PGlite:
// enqueue latency; replay of 1,000 queued mutations against a plain sequential fetch loop sending the
// same 1,000 requests to the same server in the same run; initial sync of N leads and its peak memory;
// first page of a filtered, sorted list over the local leads. BENCH_SCALE shrinks the sizes.
import { mkdirSync, writeFileSync } from 'node:fs';
import { v7 as uuidv7 } from 'uuid';
import { queryLocal } from '../../src/app/offline/local-query.ts';
import { createOfflineEntityStore } from '../../src/app/offline/offline-entity-store.ts';
import { seedDemo } from '../../src/server/demo/seed.ts';
import { engineFor, startListeningServer, switchableOnline, drained } from '../offline/harness.ts';
import { markdownTable, mb, ms, peakRss, percentile, sample } from './measure.ts';

const scale = Number(process.env.BENCH_SCALE ?? 1);
// fake-indexeddb is a JavaScript model of IndexedDB, far slower than a browser's: the 100,000-lead
// figures come from offline-chromium.bench.ts; here a smaller mirror.
const LEADS = Math.round(5_000 * scale);
const MUTATIONS = Math.max(50, Math.round(1_000 * Math.min(1, scale * 4)));

const { server, baseUrl } = await startListeningServer();
const root = await server.rootToken();
const admin = await server.user(root, { roles: ['admin'] });
const progress = (message: string) => console.error(`[offline bench] ${message}`);
const rows: string[][] = [['measure', 'value', 'against', 'ratio']];

// 1. Enqueue latency: one create = optimistic record + outbox entry in one transaction.
{
  const engine = engineFor(admin.id, baseUrl, () => admin.token, { online: switchableOnline(false), requestTimeoutMs: 60_000 });
  await engine.start();
  const store = createOfflineEntityStore(engine, 'campaign');
  const times = await sample(MUTATIONS, (i) => store.create({ name: `Enqueued ${i}` }));
  rows.push(['enqueue p50 (fake-indexeddb)', `${ms(percentile(times, 50))} ms`, '', '']);
  rows.push(['enqueue p95 (fake-indexeddb)', `${ms(percentile(times, 95))} ms`, '', '']);

  // 2. Replay of the queued creates vs a sequential loop of the same requests.
  progress('enqueued; sequential loop');
  const loopStart = performance.now();
  for (let i = 0; i < MUTATIONS; i++) {
    const res = await fetch(`${baseUrl}/v1/campaign`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${admin.token}`, 'idempotency-key': uuidv7() },
      body: JSON.stringify({ id: uuidv7(), name: `Loop ${i}` }),
    });
    if (res.status !== 201) throw new Error(`loop ${res.status}`);
  }
  const loop = performance.now() - loopStart;
  await engine.stop();
  progress('replaying');
  const sender = engineFor(admin.id, baseUrl, () => admin.token, { requestTimeoutMs: 60_000 });
  const queued = await sender.unsentCount();
  const replayStart = performance.now();
  await sender.start();
  await drained(sender, 600_000);
  const replay = performance.now() - replayStart;
  await sender.stop();
  rows.push([
    `replay ${queued} queued creates (engine)`,
    `${ms(replay)} ms`,
    `sequential fetch loop ${ms(loop)} ms`,
    `${(replay / loop).toFixed(2)}×`,
  ]);
}

// 3. Initial sync of the seeded leads, and 4. the first page of a filtered, sorted list over them.
{
  progress(`seeding ${LEADS} leads`);
  await seedDemo(server.app.services.db, { files: server.app.services.files, leads: LEADS, seed: 7 });
  progress('initial sync');
  const viewer = await server.user(root, { roles: ['admin'] });
  const engine = engineFor(viewer.id, baseUrl, () => viewer.token, { pullEveryMs: 3_600_000, requestTimeoutMs: 60_000 });
  const before = process.memoryUsage().rss;
  const { peak } = await peakRss(async () => {
    const start = performance.now();
    await engine.start();
    if (engine.status().error) throw new Error(`sync failed: ${engine.status().error}`);
    rows.push([
      `initial sync of ${LEADS} leads + their records (fake-indexeddb)`,
      `${ms(performance.now() - start)} ms`,
      'goal ≤ 30 s in Chromium',
      '',
    ]);
  });
  rows.push(['peak RSS during initial sync (server in the same process)', `${mb(peak)} MB`, `+${mb(peak - before)} MB over start`, '']);
  progress('local queries');
  const leads = await (
    await queryLocal(engine.db.records('user'), 'user', { page: 1, limit: 1, filters: [{ field: 'roles', values: ['lead'] }] })
  ).count;
  const store = createOfflineEntityStore(engine, 'user');
  const query = (page: number) => ({
    page,
    limit: 20,
    filters: [
      { field: 'roles', values: ['lead'] },
      { field: 'labels', values: ['forex'] },
    ],
    sorts: [{ field: 'lastName', order: 'asc' as const }],
  });
  const local = await sample(30, (i) => store.list(query(1 + (i % 3))));
  rows.push([
    `first page, leads with label forex sorted by last name, over ${leads} local leads p50`,
    `${ms(percentile(local, 50))} ms`,
    '',
    '',
  ]);
  rows.push(['… p95 (goal ≤ 50 ms)', `${ms(percentile(local, 95))} ms`, '', '']);
  const params = (page: number) =>
    `filters=${encodeURIComponent(JSON.stringify(query(page).filters))}&sorts=${encodeURIComponent(JSON.stringify(query(page).sorts))}&limit=20&page=${page}`;
  const remote = await sample(30, (i) =>
    fetch(`${baseUrl}/v1/user?${params(1 + (i % 3))}`, { headers: { authorization: `Bearer ${viewer.token}` } }).then((r) => r.json()),
  );
  rows.push([
    'same page through the API (PGlite) p50',
    `${ms(percentile(remote, 50))} ms`,
    `local ${ms(percentile(local, 50))} ms`,
    `${(percentile(local, 50) / percentile(remote, 50)).toFixed(2)}× (local / API)`,
  ]);
  await engine.stop();
}

await server.close();
const report = `Offline engine (Node ${process.version}, fake-indexeddb, server on PGlite in the same process, BENCH_SCALE=${scale})\n\n${markdownTable(rows[0], rows.slice(1))}\n`;
console.log(report);
mkdirSync('tests/bench/results', { recursive: true });
writeFileSync('tests/bench/results/offline.md', report);
process.exit(0);
