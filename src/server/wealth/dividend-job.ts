import { and, asc, inArray, isNotNull, lte, notInArray, sql } from 'drizzle-orm';
import { v7 as uuidv7 } from 'uuid';
import { toCents } from '../../shared/money.ts';
import { investments } from '../db/schema.ts';
import type { Work } from '../http/mutate.ts';
import { creditMany, transferMany, type TransferRequest } from '../money/index.ts';
import { defineBatchJob } from '../scheduler/define-job.ts';
import { dividendCause } from './dividend-actions.ts';
import { investmentCause, scheduleOf, type InvestmentRow } from './open-investment.ts';

/** Investments a transaction claims and books at once: a few thousand statements' worth, well under a second. */
export const DIVIDEND_BATCH = 500;

/** What one investment's pass books: the periods due by `now` not paid yet, and whether it ends. */
export type DuePlan = {
  dividends: { period: number; dueDate: Date; amountCents: number }[];
  ends: boolean;
  nextPeriod: number;
  nextDueAt: Date | null;
};

/**
 * From the schedule (the one shared function) and the watermark: every period from `nextPeriod` whose
 * date has come, each once; at expiry, with every period paid, the investment ends and the watermark
 * is cleared. A week of downtime is simply several periods due at once, each dated its own due date.
 */
export function planDue(row: InvestmentRow, now: Date): DuePlan {
  const { periods } = scheduleOf(row);
  const due = periods.filter((p) => p.period >= row.nextPeriod && p.date <= now);
  const next = periods.find((p) => p.period >= row.nextPeriod && p.date > now);
  const ends = !next && row.expirationDate <= now;
  return {
    dividends: due.map((p) => ({ period: p.period, dueDate: p.date, amountCents: p.amountCents })),
    ends,
    nextPeriod: next?.period ?? (periods.length ? periods[periods.length - 1].period + 1 : 1),
    nextDueAt: next ? next.date : ends ? null : row.expirationDate,
  };
}

type Inserted = { id: string; investment_id: string; user_id: string; amount: string };

/**
 * Books the due periods of some claimed investments in the caller's transaction: the dividend rows
 * (unique on investment and period: a period paid already inserts nothing and books nothing), one
 * transfer dividends → available for each row inserted, invested → available for those that end, and
 * the watermark moved on. Changes logged for `/sync`; an audit row for each end.
 */
export async function payDue(work: Work, rows: readonly InvestmentRow[], now: Date) {
  const plans = rows.map((row) => ({ row, plan: planDue(row, now) }));
  const toInsert = plans.flatMap(({ row, plan }) =>
    plan.dividends.map((d) => ({
      id: uuidv7(),
      user_id: row.userId,
      investment_id: row.id,
      amount: (d.amountCents / 100).toFixed(2),
      period: d.period,
      due_date: d.dueDate.toISOString(),
    })),
  );
  const inserted: Inserted[] = [];
  for (let i = 0; i < toInsert.length; i += 5_000) {
    const result = (await work.tx.execute(sql`
      insert into dividends (id, user_id, investment_id, amount, period, due_date, status, date_creation, date_last_update)
      select r.id, r.user_id, r.investment_id, r.amount, r.period, r.due_date, 'completed', r.due_date, now()
      from json_to_recordset(${JSON.stringify(toInsert.slice(i, i + 5_000))}::json)
        as r(id uuid, user_id uuid, investment_id uuid, amount numeric, period int, due_date timestamptz)
      on conflict (investment_id, period) do nothing
      returning id, investment_id, user_id, amount::text`)) as unknown as { rows: Inserted[] };
    inserted.push(...result.rows);
  }
  const credits: TransferRequest[] = [];
  for (const dividend of inserted) {
    const cents = toCents(Number(dividend.amount));
    // A rate of 0 % pays nothing: the period is marked paid, no transfer of zero is booked.
    if (cents > 0)
      credits.push({
        from: { house: 'dividends' },
        to: { lead: dividend.user_id, kind: 'available' },
        amountCents: cents,
        cause: dividendCause(dividend.id),
      });
  }
  // Dividends in one statement; the principals that come back (a few a pass) one by one.
  await creditMany(work, credits);
  const requests: TransferRequest[] = [];
  for (const { row, plan } of plans) {
    if (plan.ends)
      requests.push({
        from: { lead: row.userId, kind: 'invested' },
        to: { lead: row.userId, kind: 'available' },
        amountCents: toCents(row.initialAmount),
        cause: investmentCause(row.id, 'investment_return'),
      });
  }
  await transferMany(work, requests);
  const watermarks = plans.map(({ row, plan }) => ({
    id: row.id,
    next_period: plan.nextPeriod,
    next_due_at: plan.nextDueAt?.toISOString() ?? null,
    status: plan.ends ? 'ended' : row.status,
  }));
  await work.tx.execute(sql`
    update investments i set next_period = w.next_period, next_due_at = w.next_due_at, status = w.status,
      version = i.version + 1, date_last_update = now()
    from json_to_recordset(${JSON.stringify(watermarks)}::json) as w(id uuid, next_period int, next_due_at timestamptz, status text)
    where i.id = w.id`);
  work.changed(
    inserted.map((d) => ({ entity: 'dividend', recordId: d.id, op: 'upsert' as const, audience: [d.user_id], leadsOf: [d.user_id] })),
  );
  work.changed(
    rows.map((row) => ({ entity: 'investment', recordId: row.id, op: 'upsert' as const, audience: [row.userId], leadsOf: [row.userId] })),
  );
  for (const { row, plan } of plans)
    if (plan.ends) await work.audit('investment.end', 'investment', row.id, { userId: row.userId, initialAmount: row.initialAmount });
}

/**
 * The dividend job (DESIGN.md §10, §14): due investments come from their own watermark
 * (`next_due_at`, a partial index), claimed 500 at a time FOR UPDATE SKIP LOCKED and booked in that
 * transaction; no `job_runs` rows (the dividends' unique (investment, period) and the ledger's unique
 * cause already make each payment once).
 */
export const dividendJob = defineBatchJob({
  name: 'investment-dividends',
  intervalMs: 60_000,
  batchSize: DIVIDEND_BATCH,
  async claim(tx, now, limit, skip) {
    const claimed = await tx
      .select({ id: investments.id })
      .from(investments)
      .where(
        and(
          isNotNull(investments.nextDueAt),
          lte(investments.nextDueAt, now),
          skip.length ? notInArray(investments.id, [...skip]) : undefined,
        ),
      )
      .orderBy(asc(investments.nextDueAt))
      .limit(limit)
      .for('update', { skipLocked: true });
    return claimed.map((row) => row.id);
  },
  async book(work, keys, now) {
    const rows = await work.tx
      .select()
      .from(investments)
      .where(inArray(investments.id, [...keys]));
    // Claimed rows are locked: still due (another node cannot have moved them), unless ended by hand.
    await payDue(
      work,
      rows.filter((row) => row.status === 'active' && row.nextDueAt && row.nextDueAt <= now),
      now,
    );
  },
});
