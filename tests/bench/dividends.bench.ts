/**
 * The dividend scheduler at scale (issue 25), side by side in one run on one PostgreSQL database:
 *   npx tsx tests/bench/dividends.bench.ts        (npm run bench dividends)
 *   BENCH_SCALE=0.1 …                              a quick run: 10,000 investments
 * It reports, it never fails on time. Results: stdout and tests/bench/results/dividends.md.
 *
 * `INVESTMENTS` investments of as many leads fall due at once (one monthly period each, €10). Two
 * sides, each on its own set of the same shape:
 * 1. the scheduler: `runDue('investment-dividends')` of the app, as a node runs it (claims 500 due
 *    investments a transaction from their `next_due_at` watermark, FOR UPDATE SKIP LOCKED, inserts
 *    the dividends, books each through the ledger, moves the watermark, writes the change log);
 * 2. raw SQL: the same dividend, transfer and ledger-entry rows, balances and watermarks, inserted
 *    directly by set-based statements, 500 investments a transaction (no change log, no audit).
 * The ratio is scheduler / raw (goal ≤ 2×). The ledger check runs after both.
 */
import { mkdtemp, rm, writeFile, mkdir } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { buildApp } from '../../src/server/app.ts';
import { manualClock } from '../../src/server/scheduler/clock.ts';
import { createTestDatabase } from '../api/test-database.ts';
import { markdownTable, ms, now, ratio, thousands } from './measure.ts';

const SCALE = Math.min(2, Math.max(0.01, Number(process.env.BENCH_SCALE ?? 1) || 1));
const INVESTMENTS = Math.round(100_000 * SCALE);
const BATCH = 500;
const DUE = '2026-02-01T00:00:00Z';

async function main() {
  const loadStart = os.loadavg()[0];
  const database = await createTestDatabase();
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'bd-dividends-bench-'));
  const clock = manualClock(new Date('2026-02-01T12:00:00Z'));
  const app = await buildApp({
    dataDir,
    databaseUrl: database.url,
    rootEmail: 'root@bench.local',
    rootPassword: 'bench-root-1',
    jwtSecret: 'bench-secret-bench-secret-bench-secret',
    logger: false,
    clock,
    scheduler: false,
  });
  const client = new pg.Client({ connectionString: database.url });
  await client.connect();
  try {
    const [{ version }] = (await client.query<{ version: string }>('show server_version')).rows.map((r) => ({
      version: Object.values(r)[0],
    }));
    console.log(`seeding ${thousands(2 * INVESTMENTS)} leads, accounts and investments …`);
    // Two sets of the same shape: 'scheduler' and 'raw'. Each lead: an available account and one investment
    // of €1,000 at 12 % monthly from 1 January: period 1 on 1 February, round(100,000 c × 0.12 / 12) = €10.
    await client.query(
      `insert into accounts (id, lead_id, kind, balance) values (gen_random_uuid(), null, 'dividends', 0) on conflict do nothing`,
    );
    for (const side of ['scheduler', 'raw']) {
      await client.query(
        `with leads as (
           insert into users (id, email, first_name, last_name, roles)
           select gen_random_uuid(), '${side}' || i || '@bench.local', 'Bench', 'Lead ' || i, '{lead}' from generate_series(1, $1) i
           returning id),
         acc as (insert into accounts (id, lead_id, kind, balance) select gen_random_uuid(), id, 'available', 0 from leads returning lead_id)
         insert into investments (id, user_id, name, initial_amount, rentability, expiration_date, dividend_frequency, status, start_date, next_period, next_due_at)
         select gen_random_uuid(), lead_id, '${side}', 1000, 12, '2027-01-01T00:00:00Z', 'monthly', 'active', '2026-01-01T00:00:00Z', 1,
           ${side === 'scheduler' ? `'${DUE}'::timestamptz` : 'null'}
         from acc`,
        [INVESTMENTS],
      );
    }
    await client.query('analyze');

    // 1. The scheduler.
    let start = now();
    const report = await app.services.scheduler.runDue('investment-dividends');
    const schedulerMs = now() - start;
    const booked = report['investment-dividends'].booked.length;

    // 2. The same rows in plain SQL, 500 investments a transaction.
    const rawIds = (await client.query<{ id: string }>(`select id from investments where name = 'raw' order by id`)).rows.map((r) => r.id);
    const [{ id: house }] = (await client.query<{ id: string }>(`select id from accounts where lead_id is null and kind = 'dividends'`))
      .rows;
    start = now();
    for (let i = 0; i < rawIds.length; i += BATCH) {
      await client.query('begin');
      const { rows: legs } = await client.query<{ transfer_id: string; source_id: string; amount: string }>(
        `with inv as (select id, user_id from investments where id = any($1::uuid[]) order by id for update),
         d as (
           insert into dividends (id, user_id, investment_id, amount, period, due_date, status, date_creation)
           select gen_random_uuid(), user_id, id, 10, 1, $2, 'completed', $2 from inv
           on conflict (investment_id, period) do nothing returning id, user_id, amount),
         t as (
           insert into transfers (id, source_entity, source_id, kind, amount, from_account_id, to_account_id)
           select gen_random_uuid(), 'dividend', d.id, 'dividend', d.amount, $3::uuid, a.id
           from d join accounts a on a.lead_id = d.user_id and a.kind = 'available' returning id, source_id, amount, to_account_id),
         moved as (
           update accounts a set balance = a.balance + t.amount, version = a.version + 1, date_last_update = now()
           from t where a.id = t.to_account_id returning a.id, a.lead_id, a.balance, t.id as transfer_id, t.source_id, t.amount),
         lead_entries as (
           insert into ledger_entries (id, transfer_id, account_id, lead_id, account_kind, kind, source_entity, source_id, amount, balance_before, balance_after)
           select gen_random_uuid(), transfer_id, id, lead_id, 'available', 'dividend', 'dividend', source_id, amount, balance - amount, balance from moved
           returning transfer_id, source_id, amount),
         watermark as (
           update investments set next_period = 2, next_due_at = '2026-03-01T00:00:00Z', version = version + 1, date_last_update = now()
           where id in (select id from inv) returning id)
         select transfer_id, source_id, amount::text from lead_entries`,
        [rawIds.slice(i, i + BATCH), DUE, house],
      );
      // The house side last, as the ledger settles it: one update, its entries with running balances.
      await client.query(
        `with legs as (
           select l.transfer_id, l.source_id, -l.amount as amount, l.ord
           from jsonb_to_recordset($1::jsonb) as l(ord int, transfer_id uuid, source_id uuid, amount numeric)),
         moved as (update accounts set balance = balance + (select sum(amount) from legs), version = version + 1 where id = $2::uuid
           returning balance - (select sum(amount) from legs) as opening)
         insert into ledger_entries (id, transfer_id, account_id, lead_id, account_kind, kind, source_entity, source_id, amount, balance_before, balance_after)
         select gen_random_uuid(), legs.transfer_id, $2::uuid, null, 'dividends', 'dividend', 'dividend', legs.source_id, legs.amount,
           moved.opening + sum(legs.amount) over (order by legs.ord) - legs.amount, moved.opening + sum(legs.amount) over (order by legs.ord)
         from legs, moved order by legs.ord`,
        [JSON.stringify(legs.map((leg, ord) => ({ ord, ...leg }))), house],
      );
      await client.query('commit');
    }
    const rawMs = now() - start;

    const counts = (
      await client.query<{ side: string; dividends: number; total: string }>(
        `select i.name side, count(d.id)::int dividends, coalesce(sum(d.amount), 0)::text total
         from investments i left join dividends d on d.investment_id = i.id group by 1 order by 1`,
      )
    ).rows;
    const check = (
      await client.query<{ total: string; mismatched: number }>(
        `select (select sum(balance)::text from accounts) total,
           (select count(*)::int from accounts a left join (select account_id, sum(amount) s from ledger_entries group by 1) e on e.account_id = a.id
            where a.balance <> coalesce(e.s, 0)) mismatched`,
      )
    ).rows[0];
    const jobRuns = (await client.query<{ n: number }>(`select count(*)::int n from job_runs where job = 'investment-dividends'`)).rows[0]
      .n;

    const rows = [
      [
        'the scheduler (runDue, 500 a transaction, ledger + change log)',
        thousands(booked),
        ms(schedulerMs),
        thousands((booked / schedulerMs) * 1000),
      ],
      ['the same rows as raw SQL (500 a transaction)', thousands(rawIds.length), ms(rawMs), thousands((rawIds.length / rawMs) * 1000)],
    ];
    const text = [
      '# Dividends: the scheduler against raw SQL',
      '',
      `${os.cpus().length} cores (shared), ${new Date().toISOString()}; BENCH_SCALE=${SCALE}; load average (1 min) at the start: ${loadStart.toFixed(1)}.`,
      `Command: \`BENCH_SCALE=${SCALE} npx tsx tests/bench/dividends.bench.ts\` (npm run bench dividends), on the embedded PostgreSQL ${version} with the test settings (fsync off), in one process.`,
      '',
      markdownTable(['side', 'investments paid', 'wall ms', 'per second'], rows),
      '',
      markdownTable(
        ['scheduler / raw SQL (goal ≤ 2×)', 'dividends by side', 'ledger check after both', 'job_runs rows'],
        [
          [
            `**${ratio(schedulerMs / rawMs)}**`,
            counts.map((c) => `${c.side}: ${thousands(c.dividends)} (€${thousands(Number(c.total))})`).join(', '),
            Number(check.total) === 0 && check.mismatched === 0 ? 'ok, sum 0' : `sum ${check.total}, ${check.mismatched} mismatched`,
            String(jobRuns),
          ],
        ],
      ),
      '',
      `Each side pays ${thousands(INVESTMENTS)} investments of as many leads, one €10 period each, in transactions of ${BATCH}.`,
      'The scheduler also writes what raw SQL leaves out: the change-log rows of each dividend, investment, ledger entry and account (for `/sync`).',
      'The machine is shared (other work runs meanwhile): absolute figures are noisy, the ratio side by side is what counts.',
      '',
    ].join('\n');
    console.log(`\n${text}`);
    await mkdir('tests/bench/results', { recursive: true });
    await writeFile('tests/bench/results/dividends.md', text);
  } finally {
    await client.end();
    await app.close();
    await database.drop();
    await rm(dataDir, { recursive: true, force: true });
  }
}

main().catch((error) => {
  console.error(error);
  process.exitCode = 1;
});
