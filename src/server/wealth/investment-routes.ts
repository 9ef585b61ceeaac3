import type { FastifyInstance } from 'fastify';
import { and, eq, getTableColumns, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { z } from 'zod';
import {
  investmentScheduleContract,
  investmentStatsContract,
  type InvestmentSchedule,
  type InvestmentStats,
} from '../../shared/contracts/wealth.ts';
import { DIVIDEND_FREQUENCIES } from '../../shared/constants.ts';
import { dividends, investments } from '../db/schema.ts';
import { AppError } from '../http/app-error.ts';
import { actorOrThrow } from '../http/authenticate.ts';
import { scopeWhere } from '../policy.ts';
import { findScoped } from '../resources/define-resource.ts';
import { dividendResource } from '../resources/dividend.ts';
import { investmentResource } from '../resources/investment.ts';
import { scheduleOf, type InvestmentRow } from './open-investment.ts';
import { registerInvestmentExport } from './investment-export.ts';

const euros = (cents: number) => cents / 100;
const cents = (value: unknown) => Math.round(Number(value ?? 0) * 100);
/** A UTC month, YYYY-MM. */
const monthOf = (date: Date) => date.toISOString().slice(0, 7);
const MAX_MONTHS = 120;

type Figures = { count: number; active: number; ended: number; investedCapital: number; dividendsPaid: number; dividendsToCome: number };
const noFigures = (): Figures => ({ count: 0, active: 0, ended: 0, investedCapital: 0, dividendsPaid: 0, dividendsToCome: 0 });
const inEuros = (f: Figures): Figures => ({
  ...f,
  investedCapital: euros(f.investedCapital),
  dividendsPaid: euros(f.dividendsPaid),
  dividendsToCome: euros(f.dividendsToCome),
});

/** The months from `from` to `to` (YYYY-MM-DD days, by their month), in order. */
function monthsBetween(from: string, to: string): string[] {
  const months: string[] = [];
  let year = Number(from.slice(0, 4));
  let month = Number(from.slice(5, 7));
  const last = to.slice(0, 7);
  for (;;) {
    const key = `${year}-${String(month).padStart(2, '0')}`;
    if (key > last) return months;
    months.push(key);
    if (months.length > MAX_MONTHS) throw new AppError('VALIDATION', { from: { key: 'validation.max', params: { max: MAX_MONTHS } } });
    month += 1;
    if (month > 12) [year, month] = [year + 1, 1];
  }
}

/**
 * `GET /investment/:id/schedule` and `GET /investment/stats` (DESIGN.md §10, SPEC.md `stats`): both
 * read the schedule from the one shared function the scheduler books from, so what is shown as due is
 * what will be paid; both within the caller's scope.
 */
export function registerInvestmentRoutes(app: FastifyInstance) {
  const { db } = app.services;
  registerInvestmentExport(app);

  app.get(
    '/api/v1/investment/:id/schedule',
    {
      schema: {
        tags: ['investment'],
        summary: 'Every dividend period of an investment: date, amount, paid or due',
        ...investmentScheduleContract,
      },
    },
    async (request): Promise<InvestmentSchedule> => {
      const actor = actorOrThrow(request);
      const { id } = request.params as z.output<typeof investmentScheduleContract.params>;
      const row = (await findScoped(db, investmentResource, actor, id)) as InvestmentRow | undefined;
      if (!row) throw new AppError('NOT_FOUND');
      const paidRows = await db
        .select({ period: dividends.period })
        .from(dividends)
        .where(and(eq(dividends.investmentId, id), eq(dividends.status, 'completed'), sql`${dividends.period} is not null`));
      const paid = new Set(paidRows.map((r) => r.period));
      const schedule = scheduleOf(row);
      const periods = schedule.periods.map((p) => ({
        period: p.period,
        date: p.date.toISOString(),
        amount: euros(p.amountCents),
        partial: p.partial,
        status: paid.has(p.period) ? ('paid' as const) : ('due' as const),
      }));
      const sum = (status: 'paid' | 'due') =>
        euros(schedule.periods.filter((p) => paid.has(p.period) === (status === 'paid')).reduce((total, p) => total + p.amountCents, 0));
      return { investmentId: id, totalReturn: euros(schedule.totalCents), paid: sum('paid'), toCome: sum('due'), periods };
    },
  );

  app.get(
    '/api/v1/investment/stats',
    {
      schema: {
        tags: ['investment'],
        summary: 'Invested capital, active and ended, dividends paid and to come: by frequency and by month',
        ...investmentStatsContract,
      },
    },
    async (request): Promise<{ stats: InvestmentStats }> => {
      const actor = actorOrThrow(request);
      const query = request.query as z.output<typeof investmentStatsContract.querystring>;
      const now = app.services.clock.now();
      const thisMonth = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));
      const from = query.from ?? new Date(Date.UTC(thisMonth.getUTCFullYear(), thisMonth.getUTCMonth() - 12, 1)).toISOString().slice(0, 10);
      const to = query.to ?? new Date(Date.UTC(thisMonth.getUTCFullYear(), thisMonth.getUTCMonth() + 13, 0)).toISOString().slice(0, 10);
      if (to < from) throw new AppError('VALIDATION', { to: { key: 'validation.date', params: {} } });
      const months = monthsBetween(from, to);

      const investmentColumns = getTableColumns(investments) as unknown as Record<string, PgColumn>;
      const dividendColumns = getTableColumns(dividends) as unknown as Record<string, PgColumn>;
      const [rows, paidRows] = await Promise.all([
        db
          .select()
          .from(investments)
          .where(scopeWhere(investmentResource.access.scope, investmentColumns, actor, db)),
        // Dividends credited (scheduled or entered by hand), by investment and the month they fell due.
        db
          .select({
            investmentId: dividends.investmentId,
            month: sql<string>`to_char(coalesce(${dividends.dueDate}, ${dividends.dateCreation}) at time zone 'UTC', 'YYYY-MM')`,
            amount: sql<string>`sum(${dividends.amount})::text`,
          })
          .from(dividends)
          .where(and(eq(dividends.status, 'completed'), scopeWhere(dividendResource.access.scope, dividendColumns, actor, db)))
          .groupBy(dividends.investmentId, sql`2`),
      ]);

      const total = noFigures();
      const byFrequency = new Map(DIVIDEND_FREQUENCIES.map((f) => [f, noFigures()]));
      const overTime = new Map(months.map((m) => [m, { month: m, invested: 0, paid: 0, toCome: 0 }]));
      const frequencyOf = new Map<string, Figures>();
      for (const row of rows) {
        const own = byFrequency.get(row.dividendFrequency as (typeof DIVIDEND_FREQUENCIES)[number])!;
        frequencyOf.set(row.id, own);
        const principal = cents(row.initialAmount);
        for (const figures of [total, own]) {
          figures.count += 1;
          if (row.status === 'active') {
            figures.active += 1;
            figures.investedCapital += principal;
          } else figures.ended += 1;
        }
        const opened = overTime.get(monthOf(row.startDate));
        if (opened) opened.invested += principal;
        if (row.status !== 'active') continue;
        // To come: the periods of the schedule the scheduler has not paid yet.
        for (const period of scheduleOf(row).periods) {
          if (period.period < row.nextPeriod) continue;
          total.dividendsToCome += period.amountCents;
          own.dividendsToCome += period.amountCents;
          const month = overTime.get(monthOf(period.date));
          if (month) month.toCome += period.amountCents;
        }
      }
      for (const paid of paidRows) {
        const amount = cents(paid.amount);
        total.dividendsPaid += amount;
        const own = frequencyOf.get(paid.investmentId);
        if (own) own.dividendsPaid += amount;
        const month = overTime.get(paid.month);
        if (month) month.paid += amount;
      }
      return {
        stats: {
          ...inEuros(total),
          byFrequency: DIVIDEND_FREQUENCIES.map((frequency) => ({ frequency, ...inEuros(byFrequency.get(frequency)!) })),
          overTime: [...overTime.values()].map((m) => ({
            month: m.month,
            invested: euros(m.invested),
            paid: euros(m.paid),
            toCome: euros(m.toCome),
          })),
          from,
          to,
        },
      };
    },
  );
}
