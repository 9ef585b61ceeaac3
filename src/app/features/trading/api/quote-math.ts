import { priceToPoints } from '../../../../shared/trading/feed-math.ts';
import type { Candle, Price, Quote } from '../../../../shared/trading/quote.ts';

/**
 * Pure reading of quotes for the screens (DESIGN.md §11): a price stays the decimal string the feed
 * quoted; comparisons go through its integer points (the feed's own priceToPoints), never a rounded float.
 */

export type Direction = 'up' | 'down' | 'same';

/** How a new price moved from the one before it (the watchlist's up/down cue). */
export function directionOf(before: Price | undefined, now: Price, digits: number): Direction {
  if (before === undefined) return 'same';
  const a = priceToPoints(before, digits);
  const b = priceToPoints(now, digits);
  return b > a ? 'up' : b < a ? 'down' : 'same';
}

/** A 1-minute candle on the chart: the minute's start in seconds (UTC) and the mid prices as numbers (drawing only). */
export type ChartCandle = { time: number; open: number; high: number; low: number; close: number };

const minuteOf = (iso: string) => Math.floor(Date.parse(iso) / 60_000) * 60;

/** A server candle as the chart draws it (its prices are drawn, never booked or shown as text). */
export const chartCandle = (candle: Candle): ChartCandle => ({
  time: minuteOf(candle.time),
  open: Number(candle.open),
  high: Number(candle.high),
  low: Number(candle.low),
  close: Number(candle.close),
});

/** The mid of a quote, for drawing: (bid + ask) / 2. */
export const midOf = (quote: Pick<Quote, 'bid' | 'ask'>) => (Number(quote.bid) + Number(quote.ask)) / 2;

/**
 * The candle a tick makes: the same minute as `last` moves its high, low and close; a later minute
 * opens a new candle at the tick (its first price); an older tick (late on the wire) changes nothing (null).
 */
export function candleAfterTick(last: ChartCandle | undefined, quote: Quote): ChartCandle | null {
  const time = minuteOf(quote.time);
  const mid = midOf(quote);
  if (!last || time > last.time) return { time, open: mid, high: mid, low: mid, close: mid };
  if (time < last.time) return null;
  return { time, open: last.open, high: Math.max(last.high, mid), low: Math.min(last.low, mid), close: mid };
}

/** How old a reading is, in whole minutes (the stale mark of offline prices). */
export const ageMinutes = (since: string | number, now: number) => Math.max(0, Math.floor((now - new Date(since).getTime()) / 60_000));
