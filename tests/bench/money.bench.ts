/**
 * Money throughput (issue 12), measured side by side in one run on one PostgreSQL database:
 *   DATABASE_URL=postgres://… npx tsx tests/bench/money.bench.ts        (npm run bench money)
 *   BENCH_SCALE=0.25 …                                                  a quick run: 500 transfers
 * It reports, it never fails on time. Results: stdout and tests/bench/results/money.md.
 *
 * 1. `TRANSFERS` ledger transfers from 20 concurrent clients through the API over real HTTP
 *    (POST /funds/adjustment: the transfer plus its audit row, notification, change log and
 *    idempotent answer), against the same transfers as raw SQL from 20 pooled connections (lock
 *    the lead's account, book its side, then the house side last, as the ledger does): the API's
 *    cost over the ledger's own.
 * 2. p50/p99 of a 3-D Secure deposit confirmation (POST /deposit/:id/confirm-3d-secure, right code).
 */
import { randomUUID } from 'node:crypto';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../src/server/app.ts';
import { ROOT_DIR } from '../../src/server/config.ts';
import { SANDBOX_SECURE_CODE } from '../../src/shared/money/test-cards.ts';
import { httpClient } from './http-client.ts';
import { markdownTable, ms, now, percentile, ratio, thousands } from './measure.ts';
import { createDatabase, findPostgres } from './postgres.ts';

const SCALE = Math.min(10, Math.max(0.05, Number(process.env.BENCH_SCALE ?? 1) || 1));
const TRANSFERS = Math.max(200, Math.round(2_000 * SCALE));
const CLIENTS = 20;
/** The app's pool size (src/server/db/client.ts); the raw SQL side gets as many connections. */
const APP_POOL = 10;
/** API and raw SQL alternate in this many rounds each: the load of a shared machine changes by the minute. */
const ROUNDS = 4;
const CONFIRMS = Math.max(30, Math.round(200 * SCALE));
const ROOT = { email: 'root@bench.local', password: 'bench-root-1' };
const DB_NAME = 'bd_money_bench';

type Client = ReturnType<typeof httpClient>;

async function json(client: Client, method: string, url: string, token?: string, body?: unknown, headers: Record<string, string> = {}) {
  const answer = await client.request(
    method,
    url,
    { ...(token ? { authorization: `Bearer ${token}` } : {}), ...headers },
    body === undefined ? undefined : JSON.stringify(body),
  );
  return { status: answer.status, body: answer.body ? JSON.parse(answer.body) : undefined };
}

/** Runs `total` jobs from `clients` concurrent workers; the wall time in ms. */
async function concurrently(total: number, clients: number, job: (i: number, worker: number) => Promise<void>): Promise<number> {
  let next = 0;
  const start = now();
  await Promise.all(
    Array.from({ length: clients }, async (_, worker) => {
      while (next < total) await job(next++, worker);
    }),
  );
  return now() - start;
}

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

async function main() {
  const postgres = await findPostgres();
  if ('skipped' in postgres) {
    console.log(`money bench skipped: ${postgres.skipped}`);
    return;
  }
  const url = await createDatabase(postgres.adminUrl, DB_NAME);
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'bd-money-bench-'));
  let app: FastifyInstance | undefined;
  // As many connections as the app's own pool (src/server/db/client.ts): both sides get the same database.
  const pool = new pg.Pool({ connectionString: url, max: APP_POOL });
  // Dropping the database at the end ends idle connections: not an error of the run.
  pool.on('error', () => {});
  try {
    app = await buildApp({
      dataDir,
      databaseUrl: url,
      rootEmail: ROOT.email,
      rootPassword: ROOT.password,
      logger: false,
      scheduler: false,
      jwtSecret: 'bench-secret-bench-secret-bench-secret',
    });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const port = (app.server.address() as { port: number }).port;
    const client = httpClient(port, CLIENTS);
    const login = async (email: string, password: string) =>
      (await json(client, 'POST', '/api/v1/auth/login', undefined, { email, password })).body.token as string;
    const root = await login(ROOT.email, ROOT.password);

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
    // untimed credit per lead first opens the accounts the raw SQL books on.
    for (const lead of leads) {
      const opened = await json(client, 'POST', '/api/v1/funds/adjustment', root, {
        userId: lead.id,
        amount: 1,
        direction: 'credit',
        reason: 'bench warm-up',
      });
      if (opened.status !== 201) throw new Error(`warm-up: ${opened.status} ${JSON.stringify(opened.body)}`);
    }
    const { rows: accounts } = await pool.query<{ id: string; lead_id: string | null }>(
      `select id, lead_id from accounts where kind in ('available', 'adjustments')`,
    );
    const house = accounts.find((a) => a.lead_id === null)!.id;
    const available = leads.map((l) => accounts.find((a) => a.lead_id === l.id)!.id);
    let failures = 0;
    let apiMs = 0;
    let rawMs = 0;
    const perRound = Math.ceil(TRANSFERS / ROUNDS);
    for (let round = 0; round < ROUNDS; round++) {
      // Through the API: a credit of 1.00 € per transfer, every client on its own lead.
      apiMs += await concurrently(perRound, CLIENTS, async (i, worker) => {
        const answer = await json(
          client,
          'POST',
          '/api/v1/funds/adjustment',
          root,
          { userId: leads[worker].id, amount: 1, direction: 'credit', reason: `bench ${round}.${i}` },
          { 'idempotency-key': randomUUID() },
        );
        if (answer.status !== 201) failures++;
      });
      // The same transfers as raw SQL on the same database: adjustments → each lead's available.
      rawMs += await concurrently(perRound, CLIENTS, async (_, worker) => {
        const connection = await pool.connect();
        try {
          await rawTransfer(connection, house, available[worker], 100);
        } finally {
          connection.release();
        }
      });
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
        {
          amount: 10,
          cardNumber: '4000 0000 0000 3220',
          cardExpirationDate: '12/30',
          cardCVV: '123',
          fullName: 'Bench Lead',
          street: '1 Bench Street',
          zipCode: '75001',
          country: 'FR',
          phone: '+33 1 23 45 67 89',
        },
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
    client.close();

    const perSecond = (count: number, msTotal: number) => thousands((count / msTotal) * 1000);
    const report = [
      `# Money throughput`,
      ``,
      `PostgreSQL ${postgres.version}, ${os.cpus().length} cores (shared), ${new Date().toISOString()}; BENCH_SCALE=${SCALE}.`,
      `Command: \`DATABASE_URL=postgres://… BENCH_SCALE=${SCALE} npx tsx tests/bench/money.bench.ts\``,
      ``,
      markdownTable(
        ['what', 'count', 'clients', 'wall ms', 'per second', 'failures'],
        [
          [
            'transfers through the API (POST /funds/adjustment, HTTP)',
            thousands(perRound * ROUNDS),
            String(CLIENTS),
            ms(apiMs),
            perSecond(perRound * ROUNDS, apiMs),
            String(failures),
          ],
          [
            'the same transfers as raw SQL',
            thousands(perRound * ROUNDS),
            String(CLIENTS),
            ms(rawMs),
            perSecond(perRound * ROUNDS, rawMs),
            '0',
          ],
        ],
      ),
      ``,
      `API / raw SQL: **${ratio(apiMs / rawMs)}** (goal ≤ 2×), in ${ROUNDS} alternating rounds each. Ledger check after both: ${check.body?.ok ? 'ok, sum 0' : JSON.stringify(check.body)}.`,
      `Both sides: ${CLIENTS} concurrent clients on ${APP_POOL} database connections (the app's pool size).`,
      `The machine is shared (other work runs meanwhile): absolute figures are noisy, the ratio side by side is what counts.`,
      ``,
      markdownTable(
        ['3-D Secure confirm (right code)', 'samples', 'p50 ms', 'p99 ms', 'failures'],
        [
          [
            'POST /deposit/:id/confirm-3d-secure',
            String(confirmMs.length),
            ms(percentile(confirmMs, 50)),
            ms(percentile(confirmMs, 99)),
            String(confirmFailures),
          ],
        ],
      ),
      ``,
    ].join('\n');
    console.log(report);
    await mkdir(path.join(ROOT_DIR, 'tests', 'bench', 'results'), { recursive: true });
    await writeFile(path.join(ROOT_DIR, 'tests', 'bench', 'results', 'money.md'), report);
  } finally {
    await app?.close();
    await pool.end();
    // The database stays until the next run replaces it: dropping it WITH (FORCE) here ended a
    // connection the app's pool still held, an unhandled error in that pool.
    await rm(dataDir, { recursive: true, force: true });
  }
}

await main();
