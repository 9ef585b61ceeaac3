import type { AppPriceFeed } from '../../src/server/trading/feed/index.ts';
import type { Quote } from '../../src/shared/trading/quote.ts';
import { SYMBOLS, type TradingSymbol } from '../../src/shared/trading/symbols.ts';

/**
 * A real PriceFeed whose quotes a test sets (not a mock of the order code): `set` records a tick at a
 * time; `quote` answers the latest, `quoteAt` the last at or before a time, exactly as the simulated
 * feed does. Every symbol starts with a tick at `start`.
 */
export function fixedFeed(start: Date, initial: Partial<Record<TradingSymbol, [bid: string, ask: string]>> = {}) {
  const ticks = new Map<string, Quote[]>();
  const listeners = new Set<(quote: Quote) => void>();
  const set = (symbol: TradingSymbol, bid: string, ask: string, at: Date) => {
    const quote: Quote = { symbol, bid, ask, time: at.toISOString() };
    const own = ticks.get(symbol) ?? [];
    own.push(quote);
    own.sort((a, b) => a.time.localeCompare(b.time));
    ticks.set(symbol, own);
    for (const listener of listeners) listener(quote);
  };
  const defaults: Record<TradingSymbol, [string, string]> = {
    EURUSD: ['1.24995', '1.25005'],
    GBPUSD: ['1.26995', '1.27005'],
    USDJPY: ['149.990', '150.010'],
    XAUUSD: ['1999.85', '2000.15'],
    BTCUSD: ['63985.00', '64015.00'],
    US500: ['5199.75', '5200.25'],
  };
  for (const spec of SYMBOLS) {
    const [bid, ask] = initial[spec.symbol] ?? defaults[spec.symbol];
    set(spec.symbol, bid, ask, start);
  }
  const quoteAt = (symbol: TradingSymbol, time: Date) => {
    const own = ticks.get(symbol) ?? [];
    let found: Quote | undefined;
    for (const quote of own) if (quote.time <= time.toISOString()) found = quote;
    return found;
  };
  const feed: AppPriceFeed & { set: typeof set } = {
    set,
    quote: (symbol) => ticks.get(symbol)!.at(-1)!,
    quoteAt,
    eurPer: () => {
      throw new Error('orders convert with exact fractions from the EURUSD and USDJPY quotes, never eurPer');
    },
    candles: () => [],
    onTick: (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    seeds: () => ({ today: { day: start.toISOString().slice(0, 10), hash: '' }, revealed: [] }) as never,
    start: () => undefined,
    stop: () => undefined,
    tick: () => undefined,
  };
  return feed;
}
