import { http } from '../../../api/client.ts';
import type { Candle, Quote } from '../../../../shared/trading/quote.ts';

/** The price calls (DESIGN.md §11): quotes of every symbol, and a symbol's 1-minute candles of the last days. */

/** GET /price: the current quote of every symbol. */
export async function loadQuotes(signal?: AbortSignal): Promise<Quote[]> {
  const answer = await http<{ quotes: Quote[] } | Quote[]>('/v1/price', { signal });
  return Array.isArray(answer) ? answer : answer.quotes;
}

/** GET /price/:symbol/candles: 1-minute candles, oldest first. */
export async function loadCandles(symbol: string, signal?: AbortSignal): Promise<Candle[]> {
  const answer = await http<{ candles: Candle[] } | Candle[]>(`/v1/price/${encodeURIComponent(symbol)}/candles`, { signal });
  return Array.isArray(answer) ? answer : answer.candles;
}
