import { z } from 'zod';
import { DEPOSIT_STATUSES, WITHDRAWAL_STATUSES } from '../constants.ts';

/**
 * GET /deposit/stats and GET /withdrawal/stats (SPEC.md §7): one shape for both, built by one server
 * function. Amounts are euros with 2 decimals, summed in cents. Days are the caller's (`x-timezone`).
 * Query: optional `from` and `to` (YYYY-MM-DD in that zone, inclusive; default the last 30 days).
 */
export const statsQuery = z.strictObject({
  from: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/, { error: 'validation.date' })
    .optional(),
  to: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/, { error: 'validation.date' })
    .optional(),
});

const tally = z.object({ count: z.number().int(), amount: z.number() });

const day = z.object({
  /** YYYY-MM-DD in the caller's time zone. */
  date: z.string(),
  /** Records created that day, every status. */
  count: z.number().int(),
  amount: z.number(),
  /** Completed that day (by creation date): the money that moved. */
  completed: tally,
  /** The leads' first completed record (first-time deposits / withdrawals). */
  firstTime: tally,
  /** Completed deposits less completed withdrawals that day. */
  net: z.number(),
});

/** The first-time records of one campaign or one staff member (`id` null: none, unassigned). */
const group = z.object({ id: z.string().nullable(), count: z.number().int(), amount: z.number() });

const statsOf = <const S extends readonly [string, ...string[]]>(statuses: S) =>
  z.object({
    timeZone: z.string(),
    locale: z.string(),
    from: z.string(),
    to: z.string(),
    byStatus: z.record(z.enum(statuses), tally),
    total: tally,
    firstTime: tally,
    /**
     * The same first-time records by the lead's campaign and by its assigned staff member, largest
     * amount first; empty for a lead (campaigns and staff are not a lead's to read).
     */
    firstTimeBy: z.object({ campaign: z.array(group), staff: z.array(group) }),
    /** Completed deposits less completed withdrawals over the range, in scope. */
    net: z.number(),
    daily: z.array(day),
  });

export const depositStats = statsOf(DEPOSIT_STATUSES);
export const withdrawalStats = statsOf(WITHDRAWAL_STATUSES);
export const depositStatsAnswer = z.object({ depositStats });
export const withdrawalStatsAnswer = z.object({ withdrawalStats });
export type DepositStats = z.infer<typeof depositStats>;
export type WithdrawalStats = z.infer<typeof withdrawalStats>;
export type MoneyFlowDay = z.infer<typeof day>;
export type FirstTimeGroup = z.infer<typeof group>;
