import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { manualClock } from '../../src/server/scheduler/clock.ts';
import { createPriceFeed, daySeed, feedKey, PRICE_EPOCH } from '../../src/server/trading/feed/index.ts';
import { priceToPoints, recomputeQuote } from '../../src/shared/trading/feed-math.ts';
import type { Quote } from '../../src/shared/trading/quote.ts';
import { SYMBOLS, symbolSpec } from '../../src/shared/trading/symbols.ts';

const SECRET = 'unit-secret-unit-secret-unit-secret';
const NOW = new Date('2026-11-27T10:00:00.400Z');

describe('simulated price feed', () => {
  it('gives the same ticks on two instances with the same secret, other ticks with another', () => {
    const a = createPriceFeed({ clock: manualClock(NOW), jwtSecret: SECRET });
    const b = createPriceFeed({ clock: manualClock(new Date('2026-11-27T23:00:00Z')), jwtSecret: SECRET });
    const c = createPriceFeed({ clock: manualClock(NOW), jwtSecret: 'another-secret-another-secret' });
    for (const time of ['2026-11-27T09:59:59.999Z', '2026-11-26T00:00:00Z', '2026-11-20T13:14:15Z', '2026-01-01T00:00:00Z']) {
      for (const { symbol } of SYMBOLS) expect(b.quoteAt(symbol, new Date(time))).toEqual(a.quoteAt(symbol, new Date(time)));
      expect(c.quoteAt('EURUSD', new Date(time))).not.toEqual(a.quoteAt('EURUSD', new Date(time)));
    }
    expect(a.quote('EURUSD')).toEqual(b.quoteAt('EURUSD', NOW));
    // A day still kept whole on one instance (its clock the next day) and computed by one descent on another.
    const kept = createPriceFeed({ clock: manualClock(new Date('2026-11-21T08:00:00Z')), jwtSecret: SECRET });
    for (const time of ['2026-11-20T13:14:15Z', '2026-11-20T23:59:59Z'])
      for (const { symbol } of SYMBOLS) expect(kept.quoteAt(symbol, new Date(time))).toEqual(a.quoteAt(symbol, new Date(time)));
  });

  it('answers the last tick at or before a time, nothing before the epoch', () => {
    const feed = createPriceFeed({ clock: manualClock(NOW), jwtSecret: SECRET });
    expect(feed.quoteAt('USDJPY', new Date('2026-11-27T09:00:00.999Z'))!.time).toBe('2026-11-27T09:00:00.000Z');
    expect(feed.quoteAt('USDJPY', new Date('2026-11-27T09:00:00.999Z'))).toEqual(
      feed.quoteAt('USDJPY', new Date('2026-11-27T09:00:00.000Z')),
    );
    expect(PRICE_EPOCH).toBe('2026-01-01');
    expect(feed.quoteAt('USDJPY', new Date('2025-12-31T23:59:59.999Z'))).toBeUndefined();
    expect(feed.quoteAt('EURUSD', new Date('2026-01-01T00:00:00Z'))).toBeDefined();
  });

  it('never answers a tick after its clock’s now: a later time gets the current tick', () => {
    const clock = manualClock(NOW);
    const feed = createPriceFeed({ clock, jwtSecret: SECRET });
    const later = new Date('2026-11-27T10:05:00Z');
    expect(feed.quoteAt('BTCUSD', later)).toEqual(feed.quote('BTCUSD'));
    expect(feed.quoteAt('BTCUSD', later)!.time).toBe('2026-11-27T10:00:00.000Z');
    expect(feed.candles('BTCUSD', new Date('2026-11-27T10:00:00Z')).map((c) => c.time)).toEqual(['2026-11-27T10:00:00.000Z']);
    clock.set(later);
    expect(feed.quoteAt('BTCUSD', later)!.time).toBe('2026-11-27T10:05:00.000Z');
  });

  it('starts on its clock’s day when that is before the epoch (a test’s past clock)', () => {
    const feed = createPriceFeed({ clock: manualClock(new Date('2025-06-02T08:00:00Z')), jwtSecret: SECRET });
    expect(feed.seeds().epoch).toBe('2025-06-02');
    // The first day opens at each symbol's start: EURUSD 1.085 at tick 0 is within a few points of it.
    expect(Math.abs(priceToPoints(feed.quoteAt('EURUSD', new Date('2025-06-02T00:00:00Z'))!.bid, 5) - 108495)).toBeLessThan(20);
  });

  it('is continuous over midnight: a day opens at the previous day’s last mid', () => {
    const feed = createPriceFeed({ clock: manualClock(NOW), jwtSecret: SECRET });
    const last = feed.quoteAt('XAUUSD', new Date('2026-11-25T23:59:59.999Z'))!;
    const opens = feed.opens('2026-11-26');
    expect(Math.round(opens.XAUUSD! * 100)).toBe((priceToPoints(last.bid, 2) + priceToPoints(last.ask, 2)) / 2);
  });

  it('builds 1-minute candles that agree with its ticks', () => {
    const clock = manualClock(NOW);
    const feed = createPriceFeed({ clock, jwtSecret: SECRET });
    const candles = feed.candles('EURUSD', new Date('2026-11-27T09:58:30Z'));
    expect(candles.map((c) => c.time)).toEqual(['2026-11-27T09:58:00.000Z', '2026-11-27T09:59:00.000Z', '2026-11-27T10:00:00.000Z']);
    for (const candle of candles.slice(0, 2)) {
      const start = Date.parse(candle.time);
      const mids: number[] = [];
      for (let s = 0; s < 60; s++) {
        const q = feed.quoteAt('EURUSD', new Date(start + s * 1000))!;
        mids.push((priceToPoints(q.bid, 5) + priceToPoints(q.ask, 5)) / 2);
      }
      expect(priceToPoints(candle.open, 5)).toBe(mids[0]);
      expect(priceToPoints(candle.close, 5)).toBe(mids[59]);
      expect(priceToPoints(candle.high, 5)).toBe(Math.max(...mids));
      expect(priceToPoints(candle.low, 5)).toBe(Math.min(...mids));
    }
    // The current minute holds its ticks so far: one, at 10:00:00.
    expect(candles[2]!.open).toBe(candles[2]!.close);
    // Three days kept: from two days before today's midnight.
    expect(feed.candles('EURUSD')[0]!.time).toBe('2026-11-25T00:00:00.000Z');
    expect(feed.candles('EURUSD').length).toBe(2 * 1440 + 600 + 1);
  });

  it('ticks every symbol once per new second of its clock', () => {
    const clock = manualClock(NOW);
    const feed = createPriceFeed({ clock, jwtSecret: SECRET });
    const heard: Quote[] = [];
    const stop = feed.onTick((q) => heard.push(q));
    feed.tick();
    feed.tick();
    expect(heard.map((q) => q.symbol)).toEqual(SYMBOLS.map((s) => s.symbol));
    clock.advance(500);
    feed.tick();
    expect(heard).toHaveLength(6);
    clock.advance(600);
    feed.tick();
    expect(heard).toHaveLength(12);
    expect(heard[6]!.time).toBe('2026-11-27T10:00:01.000Z');
    stop();
    clock.advance(1000);
    feed.tick();
    expect(heard).toHaveLength(12);
  });

  it('converts to euros at the mids of EURUSD and USDJPY', () => {
    const feed = createPriceFeed({ clock: manualClock(NOW), jwtSecret: SECRET });
    const eurusd = feed.quote('EURUSD');
    const usdjpy = feed.quote('USDJPY');
    const eurusdMid = (priceToPoints(eurusd.bid, 5) + priceToPoints(eurusd.ask, 5)) / 2 / 1e5;
    const usdjpyMid = (priceToPoints(usdjpy.bid, 3) + priceToPoints(usdjpy.ask, 3)) / 2 / 1e3;
    expect(feed.eurPer('EUR')).toBe(1);
    expect(feed.eurPer('USD')).toBeCloseTo(1 / eurusdMid, 12);
    expect(feed.eurPer('JPY')).toBeCloseTo(1 / (eurusdMid * usdjpyMid), 14);
  });

  it('publishes today’s seed as a hash and reveals past seeds that recompute a settlement price', () => {
    const feed = createPriceFeed({ clock: manualClock(NOW), jwtSecret: SECRET });
    const seeds = feed.seeds();
    expect(seeds.today.day).toBe('2026-11-27');
    expect(seeds.revealed).toHaveLength(30);
    expect(seeds.revealed[0]!.day).toBe('2026-11-26');
    expect(seeds.revealed.some((r) => r.day === '2026-11-27')).toBe(false);
    const todaySeed = daySeed(feedKey(SECRET), '2026-11-27');
    expect(seeds.today.hash).toBe(createHash('sha256').update(Buffer.from(todaySeed, 'hex')).digest('hex'));
    // A binary option that expired yesterday at 14:30:05.5 settles at the tick of 14:30:05.
    const day = seeds.revealed[0]!;
    const expiry = new Date('2026-11-26T14:30:05.500Z');
    for (const { symbol } of SYMBOLS) {
      const recomputed = recomputeQuote(day.seed, day.opens, symbolSpec(symbol)!, expiry);
      expect(recomputed).toEqual(feed.quoteAt(symbol, expiry));
    }
    expect(recomputeQuote(day.seed, day.opens, symbolSpec('EURUSD')!, expiry).time).toBe('2026-11-26T14:30:05.000Z');
  });
});
