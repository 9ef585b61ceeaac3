import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import {
  candlesContract,
  quotesContract,
  seedsContract,
  type CandlesAnswer,
  type QuotesAnswer,
  type SeedsAnswer,
} from '../../../shared/contracts/prices.ts';
import { SYMBOLS, symbolSpec, type TradingSymbol } from '../../../shared/trading/symbols.ts';
import { AppError } from '../../http/app-error.ts';
import { actorOrThrow } from '../../http/authenticate.ts';

/**
 * The feed's routes (DESIGN.md §11): quotes, 1-minute candles, and the seeds. Prices are public market
 * data within the app: any signed-in user reads them (staff and leads alike); signed out, 401.
 */
export function registerPriceRoutes(app: FastifyInstance) {
  const feed = () => app.services.priceFeed;

  app.get(
    '/api/v1/price',
    { schema: { tags: ['price'], summary: 'The current bid and ask of every symbol', ...quotesContract } },
    async (request): Promise<QuotesAnswer> => {
      actorOrThrow(request);
      return { quotes: SYMBOLS.map((s) => feed().quote(s.symbol)) };
    },
  );

  app.get(
    '/api/v1/price/seeds',
    { schema: { tags: ['price'], summary: "Today's seed hash and the revealed seeds of past days", ...seedsContract } },
    async (request): Promise<SeedsAnswer> => {
      actorOrThrow(request);
      const { day } = request.query as z.output<typeof seedsContract.querystring>;
      const answer = feed().seeds(day);
      if (day && day >= answer.today.day) throw new AppError('SEED_NOT_REVEALED', undefined, { day });
      return answer;
    },
  );

  app.get(
    '/api/v1/price/:symbol/candles',
    { schema: { tags: ['price'], summary: "1-minute candles of a symbol's mid over the last days", ...candlesContract } },
    async (request): Promise<CandlesAnswer> => {
      actorOrThrow(request);
      const { symbol } = request.params as z.output<typeof candlesContract.params>;
      const { since } = request.query as z.output<typeof candlesContract.querystring>;
      const spec = symbolSpec(symbol);
      if (!spec) throw new AppError('UNKNOWN_SYMBOL', undefined, { symbol });
      return {
        symbol: spec.symbol as TradingSymbol,
        digits: spec.digits,
        candles: feed().candles(spec.symbol as TradingSymbol, since ? new Date(since) : undefined),
      };
    },
  );
}
