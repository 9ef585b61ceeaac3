import type { FastifyInstance } from 'fastify';
import { eurRate, type EurRate } from '../../../shared/trading/pnl.ts';
import type { Quote } from '../../../shared/trading/quote.ts';
import { symbolSpec, type SymbolSpec, type TradingSymbol } from '../../../shared/trading/symbols.ts';
import type { PriceFeed } from '../price-feed.ts';

/** The feed every order books at (the app's one PriceFeed, FEED's src/server/trading/feed). */
export const feedOf = (app: FastifyInstance): PriceFeed => app.services.priceFeed;

export const specOf = (symbol: string): SymbolSpec => {
  const spec = symbolSpec(symbol);
  if (!spec) throw new Error(`unknown symbol ${symbol}`);
  return spec;
};

/**
 * The market at one moment: the symbol's quote and the euros per unit of its quote currency, from the
 * feed's EURUSD and USDJPY quotes at the same moment (`at`: the last tick at or before it; now without).
 * Undefined before the feed's history.
 */
export function marketAt(feed: PriceFeed, symbol: string, at?: Date): { quote: Quote; rate: EurRate; spec: SymbolSpec } | undefined {
  const spec = specOf(symbol);
  const read = (name: TradingSymbol) => (at ? feed.quoteAt(name, at) : feed.quote(name));
  const quote = read(spec.symbol as TradingSymbol);
  const eurusd = read('EURUSD');
  const usdjpy = read('USDJPY');
  if (!quote || !eurusd || !usdjpy) return undefined;
  return { quote, spec, rate: eurRate(spec.quoteCurrency, { EURUSD: eurusd, USDJPY: usdjpy }) };
}
