import { z } from 'zod';
import { calendarDay } from '../fields.ts';
import { SYMBOL_NAMES } from '../trading/symbols.ts';
import { errorResponses } from './common.ts';

/** A Price: a decimal string with exactly the symbol's digits (src/shared/trading/quote.ts). */
const price = z.string().regex(/^-?\d+(\.\d+)?$/);
const quoteAnswer = z.object({ symbol: z.enum(SYMBOL_NAMES), bid: price, ask: price, time: z.string() });
const candleAnswer = z.object({ time: z.string(), open: price, high: price, low: price, close: price });

/** `GET /api/v1/price`: the current quote of every symbol (any signed-in user). */
export const quotesContract = {
  response: { 200: z.object({ quotes: z.array(quoteAnswer) }), ...errorResponses },
};
export type QuotesAnswer = z.output<(typeof quotesContract.response)[200]>;

/**
 * `GET /api/v1/price/:symbol/candles?since=`: 1-minute candles of the mid, oldest first, over the last
 * days the feed keeps (from `since` when given); an unknown symbol is 404 `UNKNOWN_SYMBOL`.
 */
export const candlesContract = {
  params: z.strictObject({ symbol: z.string().max(20) }),
  querystring: z.strictObject({ since: z.iso.datetime({ offset: true, error: 'validation.date' }).optional() }),
  response: {
    200: z.object({ symbol: z.enum(SYMBOL_NAMES), digits: z.number().int(), candles: z.array(candleAnswer) }),
    ...errorResponses,
  },
};
export type CandlesAnswer = z.output<(typeof candlesContract.response)[200]>;

/**
 * `GET /api/v1/price/seeds`: today's seed as its SHA-256 (published before the day ends) and the seeds
 * of the past days (revealed), each with the day's opens, so anyone can recompute a settlement price
 * (`npm run recompute-settlement`, docs/decisions/price-feed.md). `?day=YYYY-MM-DD` reveals that one
 * past day instead (any day since the feed began; today or later is 422 `SEED_NOT_REVEALED`).
 */
export const seedsContract = {
  querystring: z.strictObject({ day: calendarDay().optional() }),
  response: {
    200: z.object({
      epoch: z.string(),
      today: z.object({ day: z.string(), hash: z.string() }),
      revealed: z.array(z.object({ day: z.string(), seed: z.string(), opens: z.record(z.string(), z.number()) })),
    }),
    ...errorResponses,
  },
};
export type SeedsAnswer = z.output<(typeof seedsContract.response)[200]>;
