/**
 * The price feed's entry point (DESIGN.md §11, docs/decisions/price-feed.md).
 *
 * For ORDERS, PLATFORM and anyone booking at a price: take the feed from the services,
 * app.services.priceFeed (a `PriceFeed` of ../price-feed.ts, plus `seeds()`), never construct one:
 *
 *   const { priceFeed } = app.services;
 *   const q = priceFeed.quote('EURUSD');                   // { symbol, bid: '1.08512', ask: '1.08522', time }
 *   const settle = priceFeed.quoteAt('EURUSD', expiresAt);  // last tick at or before a time (computed, survives restarts)
 *   const rate = priceFeed.eurPer('USD');                   // euros per dollar now, from EURUSD mids
 *
 * Prices are decimal strings with the symbol's digits; turn them into integer points with
 * `priceToPoints(price, digits)` of src/shared/trading/feed-math.ts and keep arithmetic in integers
 * until the one conversion to euro cents at booking.
 *
 * Tests: `buildApp({ clock: manualClock(new Date('2026-11-27T10:00:00Z')) })` drives the feed by that
 * clock (the feed reads time only from it; move it and call `app.services.priceFeed.tick()` to emit
 * the tick of the new time at once), or `buildApp({ priceFeed })` injects any PriceFeed. The feed starts
 * on `PRICE_EPOCH` (or the clock's day when that is earlier, a test's past date), so a clock far after
 * it costs nothing (a day’s close, the next day’s open, is one draw: a year of opens ~20 ms).
 */
import type { SeedsAnswer } from '../../../shared/contracts/prices.ts';
import { utcDay } from '../../../shared/trading/feed-math.ts';
import type { Clock } from '../../scheduler/clock.ts';
import type { PriceFeed } from '../price-feed.ts';
import { daySeed, feedKey, seedHash } from './seeds.ts';
import { createSimulatedFeed, type SimulatedFeed } from './simulated-feed.ts';

export type { PriceFeed } from '../price-feed.ts';
export { createSimulatedFeed, type SimulatedFeed } from './simulated-feed.ts';
export { daySeed, feedKey, seedHash } from './seeds.ts';
export { registerPriceRoutes } from './routes.ts';

/** The simulated feed's first UTC day in production: each symbol opens at its `start` on it. */
export const PRICE_EPOCH = '2026-01-01';
/** Past days whose seeds `GET /price/seeds` reveals. */
export const REVEALED_DAYS = 30;

/** The app's feed: a PriceFeed that also says its seeds, and ticks while started. */
export type AppPriceFeed = PriceFeed & {
  /** Today's hash and the past REVEALED_DAYS days' seeds; with `day`, that past day's seed alone (none for today or later). */
  seeds(day?: string): SeedsAnswer;
  start(): void;
  stop(): void;
  /** Emits the current tick now if it is new (a manual clock moved). */
  tick(): void;
};

export type PriceFeedOptions = { clock: Clock; jwtSecret: string; epoch?: string };

/** The simulated feed keyed by the shared secret, on the app's clock. */
export function createPriceFeed({ clock, jwtSecret, epoch = PRICE_EPOCH }: PriceFeedOptions): SimulatedFeed & AppPriceFeed {
  const key = feedKey(jwtSecret);
  const seedOf = (day: string) => daySeed(key, day);
  const clockDay = utcDay(clock.now().getTime());
  // A test's clock before the epoch starts the feed on its own day (one node; production clocks are later).
  const first = clockDay < epoch ? clockDay : epoch;
  const feed: SimulatedFeed = createSimulatedFeed({ clock, seedOf, epoch: first });
  return Object.assign(feed, {
    seeds(day?: string): SeedsAnswer {
      const now = clock.now().getTime();
      const today = utcDay(now);
      const revealed: SeedsAnswer['revealed'] = [];
      if (day !== undefined) {
        if (day < today && day >= first) revealed.push({ day, seed: seedOf(day), opens: feed.opens(day) });
        return { epoch: first, today: { day: today, hash: seedHash(seedOf(today)) }, revealed };
      }
      for (let i = 1; i <= REVEALED_DAYS; i++) {
        const day = utcDay(now - i * 86_400_000);
        if (day < first) break;
        revealed.push({ day, seed: seedOf(day), opens: feed.opens(day) });
      }
      return { epoch: first, today: { day: today, hash: seedHash(seedOf(today)) }, revealed };
    },
  });
}
