import { z } from 'zod';
import { DIVIDEND_FREQUENCIES } from '../constants.ts';
import { calendarDay } from '../fields.ts';
import { errorResponses, idParams } from './common.ts';

/** One period of an investment's schedule (DESIGN.md §10): its date, amount in euros, and whether it was paid. */
const schedulePeriodAnswer = z.object({
  period: z.number().int(),
  date: z.string(),
  amount: z.number(),
  /** A final period shorter than the others, paid at expiry. */
  partial: z.boolean(),
  /** paid: a completed dividend exists for the period; due: not yet. */
  status: z.enum(['paid', 'due']),
});

/** `GET /api/v1/investment/:id/schedule`: scoped like the record (404 outside it). */
export const investmentScheduleContract = {
  params: idParams,
  response: {
    200: z.object({
      investmentId: z.uuid(),
      /** The total return of every period, in euros. */
      totalReturn: z.number(),
      paid: z.number(),
      toCome: z.number(),
      periods: z.array(schedulePeriodAnswer),
    }),
    ...errorResponses,
  },
};
export type InvestmentSchedule = z.output<(typeof investmentScheduleContract.response)[200]>;

/** A month's figures: invested as opened that month, dividends paid (by due date) and to come (scheduled, unpaid). */
const monthAnswer = z.object({ month: z.string(), invested: z.number(), paid: z.number(), toCome: z.number() });
const figuresAnswer = z.object({
  count: z.number().int(),
  active: z.number().int(),
  ended: z.number().int(),
  /** The principal of the active investments, in euros. */
  investedCapital: z.number(),
  dividendsPaid: z.number(),
  dividendsToCome: z.number(),
});

/**
 * `GET /api/v1/investment/stats` (SPEC.md `stats`), within the caller's scope: totals, by frequency, and
 * month by month (UTC months) from `from` to `to` (default: the 12 months before this one to the 12
 * after; at most 120 months).
 */
export const investmentStatsContract = {
  querystring: z.strictObject({ from: calendarDay().optional(), to: calendarDay().optional() }),
  response: {
    200: z.object({
      stats: figuresAnswer.extend({
        byFrequency: z.array(figuresAnswer.extend({ frequency: z.enum(DIVIDEND_FREQUENCIES) })),
        overTime: z.array(monthAnswer),
        from: z.string(),
        to: z.string(),
      }),
    }),
    ...errorResponses,
  },
};
export type InvestmentStats = z.output<(typeof investmentStatsContract.response)[200]>['stats'];
