import { dividendSchedule, type DividendFrequency } from '../../../shared/wealth/dividend-schedule.ts';

/** One line of a schedule as the screens show it: when, how much (cents), and whether it was paid. */
export type ScheduleRow = { period: number; date: string; amountCents: number; partial: boolean; paid: boolean };

/** The fields of an investment record its schedule follows from (DESIGN.md §10). */
export type ScheduledInvestment = {
  initialAmount?: unknown;
  rentability?: unknown;
  dividendFrequency?: unknown;
  startDate?: unknown;
  dateCreation?: unknown;
  expirationDate?: unknown;
  nextPeriod?: unknown;
};

/**
 * The schedule of a mirrored investment, read offline: the one shared function over its frozen
 * fields, never re-derived here. A period before the scheduler's watermark (`nextPeriod`) is paid.
 */
export function scheduleOfRecord(record: ScheduledInvestment): ScheduleRow[] {
  const start = new Date(String(record.startDate ?? record.dateCreation ?? ''));
  const expiry = new Date(String(record.expirationDate ?? ''));
  if (Number.isNaN(start.getTime()) || Number.isNaN(expiry.getTime())) return [];
  const nextPeriod = Number(record.nextPeriod ?? 1);
  const { periods } = dividendSchedule({
    principalCents: Math.round(Number(record.initialAmount) * 100),
    rate: Number(record.rentability),
    frequency: String(record.dividendFrequency) as DividendFrequency,
    start,
    expiry,
  });
  return periods.map((p) => ({
    period: p.period,
    date: p.date.toISOString(),
    amountCents: p.amountCents,
    partial: p.partial,
    paid: p.period < nextPeriod,
  }));
}

/** What the server's schedule route answers, read loosely: amounts in euros, `paid` or a status. */
type ServerPeriod = { period: number; date: string; amount: number; partial?: boolean; paid?: boolean; status?: string };

/** GET /investment/:id/schedule's periods as the screens' rows (euros to cents once, here). */
export function rowsOfServer(answer: { periods: ServerPeriod[] } | ServerPeriod[]): ScheduleRow[] {
  const periods = Array.isArray(answer) ? answer : answer.periods;
  return periods.map((p) => ({
    period: p.period,
    date: p.date,
    amountCents: Math.round(p.amount * 100),
    partial: Boolean(p.partial),
    paid: p.paid ?? p.status === 'paid',
  }));
}

/** Total of a schedule and what of it is still to come, in cents. */
export function scheduleTotals(rows: readonly ScheduleRow[]): { totalCents: number; paidCents: number; dueCents: number } {
  let totalCents = 0;
  let paidCents = 0;
  for (const row of rows) {
    totalCents += row.amountCents;
    if (row.paid) paidCents += row.amountCents;
  }
  return { totalCents, paidCents, dueCents: totalCents - paidCents };
}

/** A dividend still to come of one of a lead's investments. */
export type ComingDividend = { investmentId: string; name: string; period: number; date: string; amountCents: number };

/**
 * The dividends still to come of these investments, soonest first: the unpaid periods of each active
 * one's schedule (the shared function over the record) falling after `now`.
 */
export function comingDividends(
  records: readonly (ScheduledInvestment & { id: string; name?: unknown; status?: unknown })[],
  now: Date,
): ComingDividend[] {
  const coming: ComingDividend[] = [];
  for (const record of records) {
    if (record.status !== undefined && record.status !== 'active') continue;
    for (const row of scheduleOfRecord(record)) {
      if (row.paid || Date.parse(row.date) <= now.getTime()) continue;
      coming.push({
        investmentId: record.id,
        name: String(record.name ?? ''),
        period: row.period,
        date: row.date,
        amountCents: row.amountCents,
      });
    }
  }
  return coming.sort((a, b) => a.date.localeCompare(b.date) || a.name.localeCompare(b.name));
}
