import type { TradingSymbol } from './symbols.ts';

/**
 * A price is not money (DESIGN.md §11): it travels as a decimal string with exactly the symbol's
 * digits ("1.08512" for EURUSD, "151.204" for USDJPY), so no float rounding ever shows or books a
 * price the feed did not quote. Conversion to euros happens once, at booking, in integer cents.
 */
export type Price = string;

/** One tick of one symbol: what `GET /price` answers per symbol and what the socket room sends. */
export type Quote = {
  symbol: TradingSymbol;
  bid: Price;
  ask: Price;
  /** ISO time of the tick. */
  time: string;
};

/** A 1-minute candle (open, high, low, close of the mid price); `time` is the minute's start, ISO. */
export type Candle = { time: string; open: Price; high: Price; low: Price; close: Price };

/** socket.io: a client emits `PRICE_SUBSCRIBE` with a symbol (or `PRICE_UNSUBSCRIBE`) and then hears `PRICE_TICK` with a Quote. */
export const PRICE_SUBSCRIBE = 'prices:subscribe';
export const PRICE_UNSUBSCRIBE = 'prices:unsubscribe';
export const PRICE_TICK = 'prices:tick';
/** The socket.io room of one symbol's ticks. */
export const priceRoom = (symbol: string): string => `price:${symbol}`;
