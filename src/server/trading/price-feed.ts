import type { Candle, Quote } from '../../shared/trading/quote.ts';
import type { TradingSymbol } from '../../shared/trading/symbols.ts';

/**
 * Where the server takes every price it books (DESIGN.md §11): orders open and close at its quotes,
 * binary options settle at its last tick at or before expiry, profits convert to euros at its rates.
 * The default is the simulated feed (./feed/); a real one implements the same interface.
 */
export interface PriceFeed {
  /** The current quote (at the feed's clock's now). */
  quote(symbol: TradingSymbol): Quote;
  /** The last tick at or before `time` (binary settlement, close-out with a gap); undefined before the feed's history. */
  quoteAt(symbol: TradingSymbol, time: Date): Quote | undefined;
  /** Euros per one unit of `currency` now (mid prices): 1 for EUR, 1 / EURUSD for USD, 1 / (EURUSD × USDJPY) for JPY. */
  eurPer(currency: 'EUR' | 'USD' | 'JPY', time?: Date): number;
  /** 1-minute candles of the last days, oldest first. */
  candles(symbol: TradingSymbol, since?: Date): Candle[];
  /** Calls `listener` on every new tick of any symbol; returns the unsubscribe. */
  onTick(listener: (quote: Quote) => void): () => void;
}
