/**
 * The catalogue's dynamic-value filter (issue 27): a product list filtered on one field of the products'
 * JSONB values (`values.colour`, answered by the GIN index `products_values_gin`) over PRODUCTS products
 * (100,000 by default), on the embedded PostgreSQL:
 *   npx tsx tests/bench/catalogue.bench.ts          (npm run bench catalogue)
 *   BENCH_PRODUCTS=20000 npx tsx tests/bench/catalogue.bench.ts   a quicker run
 * The API (Fastify inject, and real HTTP on loopback) against the very statements it sends to the driver
 * for the same page (recorded by wrapping the driver, then run straight on it), interleaved. It reports,
 * it never fails on time. Results: stdout and tests/bench/results/catalogue.md (+ .json).
 */
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { v7 as uuidv7 } from 'uuid';
import { buildApp } from '../../src/server/app.ts';
import { ROOT_DIR } from '../../src/server/config.ts';
import { httpClient } from './http-client.ts';
import { markdownTable, ms, now, percentile, ratio, sequence, thousands, timed } from './measure.ts';

const PRODUCTS = Math.max(1_000, Number(process.env.BENCH_PRODUCTS ?? 100_000) || 100_000);
const COLOURS = ['d', 'e', 'f', 'g', 'h', 'i', 'j', 'k'];
const LIMIT = 20;
const SAMPLES = { min: 150, max: 600, budgetMs: 40_000, warmup: 20 };
const ROOT = { email: 'root@bench.local', password: 'bench-root-1' };
/** Two filters on a dynamic value: a common one (1 product in 8) and a selective one (1 in 1,000). */
const CASES = [
  { label: '`values.colour` eq "f" (1 in 8)', filters: [{ field: 'values.colour', operator: 'eq', values: ['f'] }] },
  { label: '`values.lot` eq 417 (1 in 1,000)', filters: [{ field: 'values.lot', operator: 'eq', values: [417] }] },
];
type Case = (typeof CASES)[number];
const listUrl = (c: Case, page: number) =>
  `/api/v1/product?filters=${encodeURIComponent(JSON.stringify(c.filters))}&limit=${LIMIT}&page=${page}`;

type Query = { text: string; values?: unknown[] };
type Driver = { query: (text: string | Query, params?: unknown[]) => Promise<{ rows: Record<string, unknown>[] }> };
const log = (message: string) => console.log(`[bench] ${message}`);

/** One category (a select field and a number), then PRODUCTS products in one INSERT … SELECT, analysed. */
async function seed(driver: Driver): Promise<number> {
  const started = now();
  const categoryId = uuidv7();
  const labels = (name: string) => ({ en: name, fr: name, de: name });
  const fields = [
    {
      key: 'colour',
      type: 'string',
      required: true,
      labels: labels('Colour'),
      options: COLOURS.map((c) => ({ key: c, labels: labels(c.toUpperCase()) })),
      position: 0,
    },
    { key: 'carat', type: 'number', labels: labels('Carat'), position: 1 },
    { key: 'lot', type: 'number', labels: labels('Lot'), position: 2 },
  ];
  await driver.query(`insert into product_categories (id, name, fields) values ($1, 'Diamond', $2::jsonb)`, [
    categoryId,
    JSON.stringify(fields),
  ]);
  await driver.query(
    `insert into products (id, category_id, values, price, description, date_creation)
     select gen_random_uuid(), $1,
       jsonb_build_object('colour', ($2::text[])[1 + (i % 8)], 'carat', round((0.3 + (i % 270) / 100.0)::numeric, 2), 'lot', i % 1000),
       round((500 + (i * 7919) % 100000)::numeric, 2), 'Stone ' || i, now() - make_interval(secs => i)
     from generate_series(1, $3::int) as i`,
    [categoryId, COLOURS, PRODUCTS],
  );
  await driver.query('analyze products');
  return (now() - started) / 1000;
}

/** The statements the API sends to the driver for one list page (the products' page and count). */
async function recordedStatements(
  app: FastifyInstance,
  driver: Driver,
  headers: Record<string, string>,
  c: Case,
  page: number,
): Promise<Query[]> {
  const seen: Query[] = [];
  const original = driver.query;
  driver.query = function (this: unknown, ...args: unknown[]) {
    const [first, params] = args as [string | Query, unknown[] | undefined];
    const query = typeof first === 'string' ? { text: first, values: params } : { text: first.text, values: params ?? first.values };
    if (/from "products"/.test(query.text)) seen.push(query);
    return (original as (...a: unknown[]) => Promise<never>).apply(this, args);
  } as Driver['query'];
  try {
    const response = await app.inject({ method: 'GET', url: listUrl(c, page), headers });
    if (response.statusCode !== 200) throw new Error(`list ${response.statusCode} ${response.body}`);
  } finally {
    driver.query = original;
  }
  if (!seen.length) throw new Error('no products statement seen');
  return seen;
}

async function main() {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'bd-bench-catalogue-'));
  const app = await buildApp({
    dataDir,
    rootEmail: ROOT.email,
    rootPassword: ROOT.password,
    jwtSecret: 'bench-secret-bench-secret-bench-secret',
    logger: false,
  });
  try {
    const driver = (app.services.db as unknown as { $client: Driver }).$client;
    log(`seeding ${thousands(PRODUCTS)} products …`);
    const seedSeconds = await seed(driver);
    log(`seeded in ${seedSeconds.toFixed(1)} s`);
    const token = (await app.inject({ method: 'POST', url: '/api/v1/auth/login', payload: ROOT })).json().token as string;
    const headers = { authorization: `Bearer ${token}` };
    await app.listen({ port: 0, host: '127.0.0.1' });
    const client = httpClient((app.server.address() as { port: number }).port, 1);
    const results = [];
    const rows: string[][] = [];
    for (const c of CASES) {
      log(`${c.label} …`);
      const first = (await app.inject({ method: 'GET', url: listUrl(c, 1), headers })).json() as { count: number; pageToCreate: number };
      const pages = Math.max(1, Math.min(50, first.pageToCreate));
      const statements = new Map<number, Query[]>();
      for (let page = 1; page <= pages; page++) statements.set(page, await recordedStatements(app, driver, headers, c, page));
      // How PostgreSQL answers each statement (the plan's nodes that read the table), for the results.
      const plans: string[] = [];
      for (const q of statements.get(1)!) {
        const plan = await driver.query(`explain ${q.text}`, q.values);
        const reads = plan.rows
          .map((r) => String(Object.values(r)[0]))
          .filter((line) => /Scan/.test(line))
          .map((line) =>
            line
              .trim()
              .replace(/^->\s*/, '')
              .replace(/\s+\(cost.*$/, ''),
          );
        plans.push(`${/count\(/i.test(q.text) ? 'count' : 'page'}: ${reads.join(' + ')}`);
      }
      const ways = {
        raw: async (page: number) => {
          // As the API sends them: the page and its count at once.
          await Promise.all(statements.get(page)!.map((q) => driver.query(q.text, q.values)));
        },
        inject: async (page: number) => {
          const response = await app.inject({ method: 'GET', url: listUrl(c, page), headers });
          if (response.statusCode !== 200) throw new Error(`inject ${response.statusCode}`);
        },
        http: async (page: number) => {
          const response = await client.request('GET', listUrl(c, page), headers);
          if (response.status !== 200) throw new Error(`http ${response.status}`);
        },
      };
      const names = Object.keys(ways) as (keyof typeof ways)[];
      const next = sequence(27);
      for (let i = 0; i < SAMPLES.warmup; i++) for (const name of names) await ways[name](next(pages));
      const samples = { raw: [] as number[], inject: [] as number[], http: [] as number[] };
      const started = now();
      for (let i = 0; i < SAMPLES.max && (i < SAMPLES.min || now() - started < SAMPLES.budgetMs); i++) {
        const page = next(pages);
        for (let k = 0; k < names.length; k++) {
          const name = names[(i + k) % names.length];
          samples[name].push(await timed(() => ways[name](page)));
        }
      }
      const p = (way: keyof typeof samples, q: number) => percentile(samples[way], q);
      const result = {
        filter: c.label,
        matching: first.count,
        samples: samples.raw.length,
        plans,
        p50: { raw: p('raw', 50), inject: p('inject', 50), http: p('http', 50) },
        p95: { raw: p('raw', 95), inject: p('inject', 95), http: p('http', 95) },
        ratio: { inject: p('inject', 50) / p('raw', 50), http: p('http', 50) / p('raw', 50) },
      };
      results.push(result);
      rows.push(
        [`**${c.label}**: matching, pages read`, `${thousands(first.count)} of ${thousands(PRODUCTS)}, pages 1–${pages}, 20 a page`, ''],
        ['how PostgreSQL reads them', plans.join('; '), ''],
        ['p50 ms: raw SQL / inject / HTTP', `${ms(result.p50.raw)} / ${ms(result.p50.inject)} / ${ms(result.p50.http)}`, ''],
        ['p95 ms: raw SQL / inject / HTTP', `${ms(result.p95.raw)} / ${ms(result.p95.inject)} / ${ms(result.p95.http)}`, ''],
        ['**p50 overhead: inject ÷ raw**', `**${ratio(result.ratio.inject)}**`, '≤ 1.5×'],
        ['p50 overhead: HTTP ÷ raw', ratio(result.ratio.http), ''],
      );
    }
    client.close();
    const table = markdownTable(['figure', 'this run', 'goal'], rows);
    const text = `# Catalogue: a product list filtered on a dynamic value\n\n\`npx tsx tests/bench/catalogue.bench.ts\` (${new Date().toISOString().slice(0, 10)}, ${os.cpus().length} cores, embedded PostgreSQL, newest first, up to ${SAMPLES.max} samples per way within ${SAMPLES.budgetMs / 1000} s, interleaved)\n\n${table}\n`;
    console.log(`\n${text}`);
    const out = path.join(ROOT_DIR, 'tests', 'bench', 'results');
    await mkdir(out, { recursive: true });
    await writeFile(path.join(out, 'catalogue.md'), text);
    await writeFile(path.join(out, 'catalogue.json'), `${JSON.stringify({ products: PRODUCTS, results }, null, 2)}\n`);
  } finally {
    await app.close();
    await rm(dataDir, { recursive: true, force: true });
  }
}

await main();
