import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { getTableColumns, sql, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { DEPOSIT_STATUSES, WITHDRAWAL_STATUSES } from '../../../shared/constants.ts';
import { isLeadOnly } from '../../../shared/roles.ts';
import { fromCents } from '../../../shared/money.ts';
import { moneyStatsContracts } from '../../../shared/contracts/money.ts';
import type { DepositStats, FirstTimeGroup, statsQuery } from '../../../shared/money/stats.ts';
import type { Actor } from '../../context.ts';
import type { Executor } from '../../db/client.ts';
import { deposits, users, withdrawals } from '../../db/schema.ts';
import { AppError } from '../../http/app-error.ts';
import { actorOrThrow } from '../../http/authenticate.ts';
import { timeZoneOf } from '../../http/time-zone.ts';
import { addDays, todayIn } from '../../../shared/calendar.ts';
import { scopeWhere } from '../../policy.ts';
import { depositResource } from '../../resources/deposit.ts';
import { withdrawalResource } from '../../resources/withdrawal.ts';

/**
 * GET /deposit/stats and GET /withdrawal/stats (SPEC.md §7): one function for both. Counts and sums by
 * status, first-time records (a lead's first completed one), net flow (completed deposits less
 * completed withdrawals) and a daily series, days counted in the caller's time zone (`x-timezone`),
 * everything within the caller's scope. Sums are numeric in SQL and cents in JS.
 */
const MAX_DAYS = 366;
const DAY_MS = 86_400_000;

type Flow = { table: typeof deposits | typeof withdrawals; scope: SQL | undefined; name: string };

const cents = (value: unknown) => Math.round(Number(value ?? 0) * 100);
const euros = (value: unknown) => fromCents(cents(value));

function rangeOf(request: FastifyRequest, timeZone: string, now: Date) {
  const query = request.query as z.output<typeof statsQuery>;
  const to = query.to ?? todayIn(timeZone, now);
  const from = query.from ?? addDays(to, -29);
  const days = (Date.parse(to) - Date.parse(from)) / DAY_MS;
  if (Number.isNaN(days)) throw new AppError('VALIDATION', { from: { key: 'validation.date', params: {} } });
  if (days < 0) throw new AppError('VALIDATION', { to: { key: 'validation.date', params: {} } });
  if (days >= MAX_DAYS) throw new AppError('VALIDATION', { from: { key: 'validation.max', params: { max: MAX_DAYS } } });
  return { from, to };
}

/** `x-local-language: fr-FR`, echoed for the screen's number formatting; anything odd is en-US. */
const localeOf = (header: unknown) => (typeof header === 'string' && /^[a-z]{2}(-[A-Z]{2})?$/.test(header) ? header : 'en-US');

/** The day of a record in the caller's zone. */
const dayOf = (table: Flow['table'], timeZone: string) => sql`(${table.dateCreation} at time zone ${timeZone})::date`;

function flowOf(name: 'deposit' | 'withdrawal', db: Executor, actor: Actor): Flow {
  const resource = name === 'deposit' ? depositResource : withdrawalResource;
  const table = name === 'deposit' ? deposits : withdrawals;
  const columns = getTableColumns(table) as unknown as Record<string, PgColumn>;
  return { table, name, scope: scopeWhere(resource.access.scope, columns, actor, db) };
}

const and = (...parts: (SQL | undefined)[]) =>
  sql.join(
    parts.filter((p): p is SQL => !!p).map((p) => sql`(${p})`),
    sql` and `,
  );

/** A lead's first completed record of this flow: no earlier completed one of the same lead. */
const isFirst = (flow: Flow) => {
  const name = sql.raw(`"${flow.table === deposits ? 'deposits' : 'withdrawals'}"`);
  return sql`${flow.table.status} = 'completed' and not exists (select 1 from ${flow.table} as earlier where earlier.user_id = ${name}.user_id
    and earlier.status = 'completed' and (earlier.date_creation, earlier.id) < (${name}.date_creation, ${name}.id))`;
};

/** First-time records in range and scope, summed by a column of their lead (campaign, assigned staff). */
async function firstTimeBy(db: Executor, flow: Flow, where: SQL, by: typeof users.campaignId | typeof users.assignedTo) {
  const rows = (await db.execute(sql`
    select ${by} as id, count(*)::int as count, sum(${flow.table.amount})::text as amount
    from ${flow.table} join ${users} on ${users.id} = ${flow.table.userId}
    where ${where} group by 1 order by sum(${flow.table.amount}) desc, 1 nulls last`)) as unknown as {
    rows: { id: string | null; count: number; amount: string }[];
  };
  return rows.rows.map((row): FirstTimeGroup => ({ id: row.id, count: Number(row.count), amount: euros(row.amount) }));
}

async function statsOf(
  db: Executor,
  actor: Actor,
  subject: 'deposit' | 'withdrawal',
  timeZone: string,
  locale: string,
  from: string,
  to: string,
): Promise<DepositStats> {
  const flow = flowOf(subject, db, actor);
  const deposit = flowOf('deposit', db, actor);
  const withdrawal = flowOf('withdrawal', db, actor);
  const inRange = (f: Flow) => sql`${dayOf(f.table, timeZone)} between ${from}::date and ${to}::date`;
  const where = (f: Flow, ...more: SQL[]) => and(inRange(f), f.scope, ...more);

  const byStatusRows = (await db.execute(sql`
    select ${flow.table.status} as status, count(*)::int as count, coalesce(sum(${flow.table.amount}), 0)::text as amount
    from ${flow.table} where ${where(flow)} group by 1`)) as unknown as { rows: { status: string; count: number; amount: string }[] };

  const perDay = (
    f: Flow,
    extra: SQL,
  ) => sql`select ${dayOf(f.table, timeZone)} as day, count(*)::int as count, coalesce(sum(${f.table.amount}), 0) as amount
    from ${f.table} where ${where(f, extra)} group by 1`;
  const dailyRows = (await db.execute(sql`
    with days as (select generate_series(${from}::date, ${to}::date, interval '1 day')::date as day),
      made as (${perDay(flow, sql`true`)}),
      done as (${perDay(flow, sql`${flow.table.status} = 'completed'`)}),
      firsts as (${perDay(flow, isFirst(flow))}),
      deposited as (${perDay(deposit, sql`${deposit.table.status} = 'completed'`)}),
      withdrawn as (${perDay(withdrawal, sql`${withdrawal.table.status} = 'completed'`)})
    select to_char(days.day, 'YYYY-MM-DD') as date,
      coalesce(made.count, 0) as count, coalesce(made.amount, 0)::text as amount,
      coalesce(done.count, 0) as done_count, coalesce(done.amount, 0)::text as done_amount,
      coalesce(firsts.count, 0) as first_count, coalesce(firsts.amount, 0)::text as first_amount,
      coalesce(deposited.amount, 0)::text as deposited, coalesce(withdrawn.amount, 0)::text as withdrawn
    from days left join made using (day) left join done using (day) left join firsts using (day)
      left join deposited using (day) left join withdrawn using (day)
    order by days.day`)) as unknown as {
    rows: {
      date: string;
      count: number;
      amount: string;
      done_count: number;
      done_amount: string;
      first_count: number;
      first_amount: string;
      deposited: string;
      withdrawn: string;
    }[];
  };

  const firsts = where(flow, isFirst(flow));
  const [byCampaign, byStaff] = isLeadOnly(actor.roles)
    ? [[], []]
    : await Promise.all([firstTimeBy(db, flow, firsts, users.campaignId), firstTimeBy(db, flow, firsts, users.assignedTo)]);

  const statuses = subject === 'deposit' ? DEPOSIT_STATUSES : WITHDRAWAL_STATUSES;
  const byStatus = Object.fromEntries(statuses.map((status) => [status, { count: 0, amount: 0 }])) as DepositStats['byStatus'];
  let totalCount = 0;
  let totalCents = 0;
  for (const row of byStatusRows.rows) {
    byStatus[row.status as keyof typeof byStatus] = { count: Number(row.count), amount: euros(row.amount) };
    totalCount += Number(row.count);
    totalCents += cents(row.amount);
  }
  let firstCount = 0;
  let firstCents = 0;
  let netCents = 0;
  const daily = dailyRows.rows.map((row) => {
    const dayNet = cents(row.deposited) - cents(row.withdrawn);
    firstCount += Number(row.first_count);
    firstCents += cents(row.first_amount);
    netCents += dayNet;
    return {
      date: row.date,
      count: Number(row.count),
      amount: euros(row.amount),
      completed: { count: Number(row.done_count), amount: euros(row.done_amount) },
      firstTime: { count: Number(row.first_count), amount: euros(row.first_amount) },
      net: fromCents(dayNet),
    };
  });
  return {
    timeZone,
    locale,
    from,
    to,
    byStatus,
    total: { count: totalCount, amount: fromCents(totalCents) },
    firstTime: { count: firstCount, amount: fromCents(firstCents) },
    firstTimeBy: { campaign: byCampaign, staff: byStaff },
    net: fromCents(netCents),
    daily,
  };
}

/** PostgreSQL's "time zone not recognized" (22023), somewhere in drizzle's cause chain. */
function isUnknownZone(error: unknown): boolean {
  for (let e = error as { code?: unknown; cause?: unknown } | undefined, depth = 0; e && depth < 5; e = e.cause as typeof e, depth++) {
    if (e.code === '22023') return true;
  }
  return false;
}

export function registerMoneyStatsRoutes(app: FastifyInstance) {
  for (const subject of ['deposit', 'withdrawal'] as const) {
    app.get(
      `/api/v1/${subject}/stats`,
      {
        schema: {
          tags: [subject],
          summary: `${subject} counts and sums by status, first-time, net flow, daily in x-timezone`,
          ...moneyStatsContracts[subject],
        },
      },
      async (request) => {
        const actor = actorOrThrow(request);
        const timeZone = timeZoneOf(request.headers['x-timezone']);
        const { from, to } = rangeOf(request, timeZone, app.services.clock.now());
        const locale = localeOf(request.headers['x-local-language']);
        // A zone Node knows but PostgreSQL does not (their tz databases differ slightly) counts in UTC.
        const stats = await statsOf(app.services.db, actor, subject, timeZone, locale, from, to).catch((error: unknown) => {
          if (!isUnknownZone(error)) throw error;
          return statsOf(app.services.db, actor, subject, 'UTC', locale, from, to);
        });
        return subject === 'deposit' ? { depositStats: stats } : { withdrawalStats: stats };
      },
    );
  }
}
