import { z } from 'zod';
import { ORDER_TYPES } from '../constants.ts';
import { dateTime, decimal, id, int, oneOf } from '../fields.ts';
import { money, toCents } from '../money.ts';
import { ENTRY_MAX } from '../money/entry-limits.ts';
import { SYMBOL_NAMES, symbolSpec } from './symbols.ts';

/**
 * The order ticket (DESIGN.md §11, SPEC.md §5, §9), one schema for the platform's form and the server's
 * `POST /order`: what a person chooses, never a price (the server opens at its own ask or bid) nor a
 * profit. Unknown fields are refused (400), so a client price never slips in.
 */

/** SPEC.md §9: 1 minute, 5 minutes, 30 minutes, 1 hour, 12 hours, 1 day, 1 week, 1 month (or a custom date). */
export const EXPIRATION_PRESETS = ['1m', '5m', '30m', '1h', '12h', '1d', '1w', '1M'] as const;
export type ExpirationPreset = (typeof EXPIRATION_PRESETS)[number];

const PRESET_MS: Record<Exclude<ExpirationPreset, '1M'>, number> = {
  '1m': 60_000,
  '5m': 300_000,
  '30m': 1_800_000,
  '1h': 3_600_000,
  '12h': 43_200_000,
  '1d': 86_400_000,
  '1w': 604_800_000,
};

/** When a binary option opened at `now` expires: a preset counted from `now` (1 month: the same UTC day and time next month, or that month's last day), or the custom date. */
export function expirationOf(expiration: ExpirationPreset | Date, now: Date): Date {
  if (expiration instanceof Date) return expiration;
  if (expiration !== '1M') return new Date(now.getTime() + PRESET_MS[expiration]);
  const next = new Date(now);
  next.setUTCDate(1);
  next.setUTCMonth(next.getUTCMonth() + 1);
  const lastDay = new Date(Date.UTC(next.getUTCFullYear(), next.getUTCMonth() + 1, 0)).getUTCDate();
  next.setUTCDate(Math.min(now.getUTCDate(), lastDay));
  return next;
}

/** The smallest custom expiry: a minute from now (the shortest preset); the longest: a year. */
export const MIN_EXPIRY_MS = 60_000;
export const MAX_EXPIRY_MS = 366 * 86_400_000;

/** Lots: 0.01 (a micro lot) to 100, at most 2 decimals. */
export const MIN_LOTS = 0.01;
export const MAX_LOTS = 100;
/** A binary option's stake in euros. */
export const MIN_STAKE = 1;
export const MAX_STAKE = 100_000;

const symbol = () => oneOf(SYMBOL_NAMES);

export const forexTicketSchema = z.strictObject({
  market: z.literal('forex'),
  symbol: symbol(),
  type: oneOf(ORDER_TYPES),
  quantity: decimal(MIN_LOTS, MAX_LOTS, 2),
  /** 1 to the symbol's maximum (a higher one is refused 422 LEVERAGE_ABOVE_MAX by the server, and flagged by the form). */
  leverage: int(1, 1000),
  /** Staff open for a lead in their scope; a lead opens for itself (absent, or its own id). */
  userId: id().optional(),
});

export const binaryTicketSchema = z.strictObject({
  market: z.literal('binary_options'),
  symbol: symbol(),
  /** buy = call (the price ends above the strike), sell = put. */
  direction: oneOf(ORDER_TYPES),
  stake: money().refine((v) => v >= MIN_STAKE && v <= MAX_STAKE, { error: 'validation.stakeRange' }),
  expiration: z.union([oneOf(EXPIRATION_PRESETS), dateTime()], { error: 'validation.expirationRequired' }),
  /** Binary options are high-risk (ESMA): the lead reads the warning and says so. */
  riskAcknowledged: z.literal(true, { error: 'validation.riskAcknowledged' }),
  userId: id().optional(),
});

export const orderTicketSchema = z.discriminatedUnion('market', [forexTicketSchema, binaryTicketSchema], {
  error: 'validation.oneOf',
});
export type OrderTicket = z.output<typeof orderTicketSchema>;
export type ForexTicket = z.output<typeof forexTicketSchema>;
export type BinaryTicket = z.output<typeof binaryTicketSchema>;

/** The highest leverage the symbol allows (ESMA retail), or undefined for an unknown symbol. */
export const maxLeverageOf = (name: string): number | undefined => symbolSpec(name)?.maxLeverage;

/** Whether a leverage is within the symbol's limit: the form flags it, the server refuses it (422 LEVERAGE_ABOVE_MAX). */
export const leverageAllowed = (name: string, leverage: number): boolean => leverage >= 1 && leverage <= (maxLeverageOf(name) ?? 0);

/** A custom expiry must lie between a minute and a year ahead of `now`. */
export const expiryAllowed = (at: Date, now: Date): boolean =>
  at.getTime() - now.getTime() >= MIN_EXPIRY_MS && at.getTime() - now.getTime() <= MAX_EXPIRY_MS;

/**
 * A staff close (DESIGN.md §11): the profit chosen (a loss is negative) and optionally the price it
 * closed at. A lead sends no body, or an empty one: a lead's profit or price is refused 422 CLOSE_BY_MARKET.
 * A chosen profit is bounded like every amount entered (CHECKLIST 14): ENTRY_MAX a close, and the gains
 * chosen for one lead ENTRY_DAILY_MAX in 24 hours (checked on the server).
 */
export const closeOrderSchema = z.strictObject({
  profit: decimal(-1_000_000_000, 1_000_000_000, 2)
    .refine((v) => Math.abs(toCents(v)) <= toCents(ENTRY_MAX), {
      error: 'errors.ENTRY_MAX',
      params: { code: 'ENTRY_MAX', limit: { euros: ENTRY_MAX } },
    })
    .optional(),
  closePrice: decimal(0, 1_000_000_000, 6).optional(),
});
export type CloseOrder = z.output<typeof closeOrderSchema>;
