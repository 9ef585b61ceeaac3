/**
 * Opening an order (issue 26): through the API against its transaction as raw SQL, side by side in one
 * run on the same database (the embedded PostgreSQL, as `npm start` runs it):
 *   npx tsx tests/bench/orders.bench.ts      (npm run bench orders)
 *   BENCH_SCALE=0.25 …                       a quick run: 500 orders a side
 * It reports, it never fails on time (goal ≤ 2×). Results: stdout and tests/bench/results/orders.md.
 *
 * API: 20 leads, each its own HTTP client, open EURUSD 0.01 lot at 1:30 by POST /order (real HTTP, a
 * server in its own process): authentication, the ticket's validation, the feed's quote, the margin in
 * exact fractions, the order row, available → margin through the ledger, change log, audit row and the
 * idempotent answer. Raw SQL: the same rows from 20 pooled connections in this process, in one
 * transaction each (insert the order, lock the lead's two accounts in id order, claim the transfer,
 * debit available unless short, credit margin, both entries, the change-log and audit rows). Server CPU
 * per order is read from the server process.
 */
import { randomUUID } from 'node:crypto';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { ROOT_DIR } from '../../src/server/config.ts';
import { embeddedDatabaseUrl } from '../../src/server/db/embedded-server.ts';
import { httpClient, requestJson as json } from './http-client.ts';
import { concurrently, cpuMs, markdownTable, ms, ratio, thousands } from './measure.ts';
import { serverRunner, startServerProcess } from './server-process.ts';

const SCALE = Math.min(10, Math.max(0.05, Number(process.env.BENCH_SCALE ?? 1) || 1));
const ORDERS = Math.max(200, Math.round(2_000 * SCALE));
const CLIENTS = 20;
const ROUNDS = 4;
const ROOT = { email: 'root@bench.local', password: 'bench-root-1' };
const JWT_SECRET = 'bench-secret-bench-secret-bench-secret';

/** One order's transaction as raw SQL: what POST /order writes, without the API around it. */
async function rawOpen(client: pg.PoolClient, lead: { id: string; available: string; margin: string }, heldCents: number) {
  const orderId = randomUUID();
  const transferId = randomUUID();
  const amount = (heldCents / 100).toFixed(2);
  await client.query('begin');
  try {
    await client.query(
      `insert into orders (id, user_id, market, symbol, type, quantity, leverage, open_price, held, created_by, status)
       values ($1, $2, 'forex', 'EURUSD', 'buy', 0.01, 30, 1.08512, $3::numeric, $2, 'open')`,
      [orderId, lead.id, amount],
    );
    const { rows } = await client.query(
      `with locked as (select id from accounts where id in ($4::uuid, $5::uuid) order by id for update),
       claimed as (
         insert into transfers (id, source_entity, source_id, kind, amount, from_account_id, to_account_id, actor_id)
         select $1::uuid, 'order', $2::uuid, 'order_hold', $3::numeric, $4::uuid, $5::uuid, $6::uuid where (select count(*) from locked) = 2
         on conflict do nothing returning id
       ), debit as (
         update accounts set balance = balance - $3::numeric, version = version + 1, date_last_update = now()
         where id = $4::uuid and exists (select from claimed) and balance - $3::numeric >= 0 returning lead_id, kind, balance
       ), credit as (
         update accounts set balance = balance + $3::numeric, version = version + 1, date_last_update = now()
         where id = $5::uuid and exists (select from debit) returning lead_id, kind, balance
       ), entries as (
         insert into ledger_entries (id, transfer_id, account_id, lead_id, account_kind, kind, source_entity, source_id, amount, balance_before, balance_after)
         select gen_random_uuid(), $1::uuid, $4::uuid, lead_id, kind, 'order_hold', 'order', $2::uuid, -$3::numeric, balance + $3::numeric, balance from debit
         union all
         select gen_random_uuid(), $1::uuid, $5::uuid, lead_id, kind, 'order_hold', 'order', $2::uuid, $3::numeric, balance - $3::numeric, balance from credit
       ), logged as (
         insert into change_log (entity, record_id, op, audience)
         values ('order', $2::uuid, 'upsert', array[$6::uuid]), ('account', $4::uuid, 'upsert', array[$6::uuid]), ('account', $5::uuid, 'upsert', array[$6::uuid])
       ), audited as (
         insert into audit_log (actor_id, action, entity, entity_id, data) values ($6::uuid, 'order.open', 'order', $2::text, '{}'::jsonb)
       )
       select (select count(*) from credit)::int as moved`,
      [transferId, orderId, amount, lead.available, lead.margin, lead.id],
    );
    if (!rows[0].moved) throw new Error('not booked');
    await client.query('commit');
  } catch (error) {
    await client.query('rollback');
    throw error;
  }
}

async function main() {
  const runner = serverRunner(ROOT_DIR);
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'bd-orders-bench-'));
  const load = os.loadavg()[0].toFixed(2);
  const server = await startServerProcess({
    root: ROOT_DIR,
    runner,
    env: { DATA_DIR: dataDir, ROOT_EMAIL: ROOT.email, ROOT_PASSWORD: ROOT.password, JWT_SECRET },
  });
  const url = embeddedDatabaseUrl(dataDir);
  if (!url) throw new Error('the embedded server wrote no credentials');
  const pool = new pg.Pool({ connectionString: url, max: 10 });
  pool.on('error', () => {});
  const client = httpClient(server.port, CLIENTS);
  try {
    const login = async (email: string, password: string) =>
      (await json(client, 'POST', '/api/v1/auth/login', undefined, { email, password })).body.token as string;
    const root = await login(ROOT.email, ROOT.password);
    const second = await json(client, 'POST', '/api/v1/user', root, {
      firstName: 'Bench',
      lastName: 'Second',
      email: 'bench-second@bench.local',
      password: 'secret123',
      roles: ['admin'],
    });
    if (second.status !== 201) throw new Error(`second admin: ${second.status}`);
    const completer = await login('bench-second@bench.local', 'secret123');
    const leads: { id: string; token: string; available: string; margin: string }[] = [];
    for (let i = 0; i < CLIENTS; i++) {
      const email = `bench-lead-${i}@bench.local`;
      const created = await json(client, 'POST', '/api/v1/user', root, {
        firstName: 'Bench',
        lastName: `Lead ${i}`,
        email,
        password: 'secret123',
        roles: ['lead'],
      });
      if (created.status !== 201) throw new Error(`lead: ${created.status}`);
      const id = created.body.id as string;
      const entered = await json(client, 'POST', '/api/v1/funds/adjustment', root, {
        userId: id,
        amount: 100_000,
        direction: 'credit',
        reason: 'bench funds',
      });
      const done = await json(client, 'POST', `/api/v1/adjustment/${entered.body.id}/complete`, completer, undefined, {
        'idempotency-key': randomUUID(),
      });
      if (done.status !== 200) throw new Error(`funding: ${done.status} ${JSON.stringify(done.body)}`);
      const token = await login(email, 'secret123');
      // One order untimed: opens the margin account the raw side books on, and warms the route.
      const warm = await json(client, 'POST', '/api/v1/order', token, ticket, { 'idempotency-key': randomUUID() });
      if (warm.status !== 201) throw new Error(`warm-up order: ${warm.status} ${JSON.stringify(warm.body)}`);
      const { rows } = await pool.query<{ id: string; kind: string }>(`select id, kind from accounts where lead_id = $1`, [id]);
      leads.push({ id, token, available: rows.find((r) => r.kind === 'available')!.id, margin: rows.find((r) => r.kind === 'margin')!.id });
    }
    const [{ held }] = (await pool.query<{ held: string }>(`select (held * 100)::int::text as held from orders limit 1`)).rows;
    let apiMs = 0;
    let rawMs = 0;
    let serverCpu = 0;
    let rawCpu = 0;
    let failures = 0;
    const perRound = Math.ceil(ORDERS / ROUNDS);
    for (let round = 0; round < ROUNDS; round++) {
      const before = await server.cpu();
      apiMs += await concurrently(perRound, CLIENTS, async (_, worker) => {
        const answer = await json(client, 'POST', '/api/v1/order', leads[worker].token, ticket, { 'idempotency-key': randomUUID() });
        if (answer.status !== 201) failures++;
      });
      serverCpu += cpuMs(await server.cpu()) - cpuMs(before);
      const rawBefore = process.cpuUsage();
      rawMs += await concurrently(perRound, CLIENTS, async (_, worker) => {
        const connection = await pool.connect();
        try {
          await rawOpen(connection, leads[worker], Number(held));
        } finally {
          connection.release();
        }
      });
      rawCpu += cpuMs(process.cpuUsage(rawBefore));
    }
    const orders = perRound * ROUNDS;
    const check = await json(client, 'GET', '/api/v1/funds/check', root);
    const text = [
      '# Opening orders: API against raw SQL',
      '',
      `${os.cpus().length} cores (shared), ${new Date().toISOString()}; BENCH_SCALE=${SCALE}; load average (1 min) at the start: ${load}.`,
      `Command: \`BENCH_SCALE=${SCALE} npx tsx tests/bench/orders.bench.ts\`. Server: \`${runner.label}\` in its own process on the embedded PostgreSQL; API and raw SQL alternate in ${ROUNDS} rounds.`,
      '',
      markdownTable(
        ['what', 'orders', 'clients', 'wall ms', 'per second', 'CPU ms per order', 'failures'],
        [
          [
            'POST /order through the API (HTTP, EURUSD 0.01 lot 1:30)',
            thousands(orders),
            String(CLIENTS),
            ms(apiMs),
            thousands((orders / apiMs) * 1000),
            `${(serverCpu / orders).toFixed(2)} (server)`,
            String(failures),
          ],
          [
            'the same transaction as raw SQL',
            thousands(orders),
            String(CLIENTS),
            ms(rawMs),
            thousands((orders / rawMs) * 1000),
            `${(rawCpu / orders).toFixed(2)} (bench process)`,
            '0',
          ],
        ],
      ),
      '',
      `**API ÷ raw SQL: ${ratio(apiMs / rawMs)}** (goal ≤ 2×). Ledger check after the run: ${check.body?.ok ? 'ok, sum 0' : JSON.stringify(check.body)}.`,
      '',
    ].join('\n');
    console.log(text);
    await mkdir(path.join(ROOT_DIR, 'tests/bench/results'), { recursive: true });
    await writeFile(path.join(ROOT_DIR, 'tests/bench/results/orders.md'), text);
  } finally {
    client.close();
    await pool.end();
    await server.stop();
    await rm(dataDir, { recursive: true, force: true });
  }
}

const ticket = { market: 'forex', symbol: 'EURUSD', type: 'buy', quantity: 0.01, leverage: 30 };

await main();
