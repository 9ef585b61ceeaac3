import { describe, expect, it } from 'vitest';
import {
  bidAsk,
  dayClose,
  dayPath,
  formatPoints,
  gbmStep,
  midAt,
  priceToPoints,
  seedWords,
  symbolKey,
  TICK_YEARS,
  TICKS_PER_DAY,
  tickOfDay,
  utcDay,
  wienerAt,
  wienerPath,
} from '../../../src/shared/trading/feed-math.ts';
import { symbolSpec, type SymbolSpec } from '../../../src/shared/trading/symbols.ts';

const EURUSD = symbolSpec('EURUSD')!;
const USDJPY = symbolSpec('USDJPY')!;
const XAUUSD = symbolSpec('XAUUSD')!;
const SEED = '0123456789abcdef'.repeat(4);

describe('feed arithmetic', () => {
  it('takes the exact GBM step for a fixed Z (hand-computed)', () => {
    // Δ = 1 s in 365.25-day years = 1 / 31,557,600 = 3.168808781402895e-8; √Δ = 1.7801148e-4.
    expect(TICK_YEARS).toBeCloseTo(3.168808781402895e-8, 20);
    // EURUSD μ 0, σ 0.07, Z 1.5: 1.085·exp(−0.00245·Δ + 0.07·√Δ·1.5) = 1.085·exp(1.869112e-5) = 1.08502028006...
    expect(gbmStep(1.085, 0, 0.07, TICK_YEARS, 1.5)).toBeCloseTo(1.0850202800634088, 14);
    // XAUUSD μ 0.02, σ 0.15, Z −2: 2350·exp((0.02 − 0.01125)·Δ − 0.15·√Δ·2) = 2349.87450590...
    expect(gbmStep(2350, 0.02, 0.15, TICK_YEARS, -2)).toBeCloseTo(2349.8745059075186, 10);
    expect(gbmStep(100, 0.05, 0.2, TICK_YEARS, 0)).toBeCloseTo(100 * Math.exp(0.03 * 3.168808781402895e-8), 12);
  });

  it('writes prices from integer points with exactly the symbol’s digits', () => {
    expect(formatPoints(108512, 5)).toBe('1.08512');
    expect(formatPoints(5, 5)).toBe('0.00005');
    expect(formatPoints(151204, 3)).toBe('151.204');
    expect(formatPoints(6400000, 2)).toBe('64000.00');
    expect(formatPoints(-3, 2)).toBe('-0.03');
    expect(priceToPoints('1.08512', 5)).toBe(108512);
    expect(priceToPoints('1.085', 5)).toBe(108500);
    expect(priceToPoints('151.204', 3)).toBe(151204);
    expect(() => priceToPoints('1.085123', 5)).toThrow();
    // 0.1 + 0.2 in floats is 0.30000000000000004: points never show it.
    expect(formatPoints(10 + 20, 2)).toBe('0.30');
  });

  it('puts bid and ask the half-spread in points either side of the mid rounded to points', () => {
    // EURUSD half-spread 0.00005 = 5 points; mid 1.085123 → 108512 points.
    expect(bidAsk(1.085123, EURUSD)).toEqual({ bid: '1.08507', ask: '1.08517', midPoints: 108512 });
    // USDJPY half-spread 0.006 = 6 points; mid 151.2046 → 151205 points.
    expect(bidAsk(151.2046, USDJPY)).toEqual({ bid: '151.199', ask: '151.211', midPoints: 151205 });
    // XAUUSD half-spread 0.15 = 15 points; mid 2350.004 → 235000.
    expect(bidAsk(2350.004, XAUUSD)).toEqual({ bid: '2349.85', ask: '2350.15', midPoints: 235000 });
  });

  it('cuts UTC days and ticks', () => {
    const at = Date.parse('2026-11-27T10:00:01.999Z');
    expect(utcDay(at)).toBe('2026-11-27');
    expect(tickOfDay(at)).toBe(36001);
    expect(tickOfDay(Date.parse('2026-11-27T23:59:59.999Z'))).toBe(86399);
    expect(() => seedWords('xyz')).toThrow();
    expect(symbolKey('EURUSD')).not.toBe(symbolKey('GBPUSD'));
  });

  it('gives one descent of the bridge the same W, to the bit, as the whole walk', () => {
    const seed = seedWords(SEED);
    const key = symbolKey('EURUSD');
    const walk = wienerPath(seed, key);
    expect(walk[0]).toBe(0);
    for (const j of [1, 2, 3, 1000, 43200, 43201, 65535, 86398, 86399, 86400]) expect(wienerAt(seed, key, j)).toBe(walk[j]);
  });

  it('moves each tick by a GBM step whose Z is the bridge increment, and Z looks standard normal', () => {
    const seed = seedWords(SEED);
    const key = symbolKey('EURUSD');
    const w = wienerPath(seed, key);
    const path = dayPath(SEED, EURUSD, 1.085);
    for (const k of [1, 2, 500, 86399]) {
      const z = w[k + 1]! - w[k]!;
      expect(path[k]! / gbmStep(path[k - 1]!, EURUSD.drift, EURUSD.volatility, TICK_YEARS, z)).toBeCloseTo(1, 12);
    }
    expect(path[0]! / gbmStep(1.085, EURUSD.drift, EURUSD.volatility, TICK_YEARS, w[1]!)).toBeCloseTo(1, 12);
    // 86,400 increments: mean within 0.02 of 0 (σ of the mean 0.0034), variance within 0.03 of 1.
    let sum = 0;
    let squares = 0;
    for (let j = 1; j <= TICKS_PER_DAY; j++) {
      const z = w[j]! - w[j - 1]!;
      sum += z;
      squares += z * z;
    }
    const mean = sum / TICKS_PER_DAY;
    expect(Math.abs(mean)).toBeLessThan(0.02);
    expect(Math.abs(squares / TICKS_PER_DAY - mean * mean - 1)).toBeLessThan(0.03);
  });

  it('recomputes any tick and the close from the seed and open alone', () => {
    const path = dayPath(SEED, USDJPY, 151.2);
    for (const k of [0, 1, 12345, 86399]) expect(midAt(SEED, USDJPY, 151.2, k)).toBe(path[k]);
    expect(dayClose(SEED, USDJPY, 151.2)).toBe(path[TICKS_PER_DAY - 1]);
    const other = dayPath('f'.repeat(64), USDJPY, 151.2);
    expect(other[100]).not.toBe(path[100]);
  });

  it('keeps every quoted price at the symbol’s digits', () => {
    for (const spec of ['EURUSD', 'USDJPY', 'XAUUSD', 'BTCUSD'].map((s) => symbolSpec(s)!) as SymbolSpec[]) {
      const path = dayPath(SEED, spec, spec.start);
      for (const k of [0, 777, 86399]) {
        const { bid, ask } = bidAsk(path[k]!, spec);
        expect(bid).toMatch(new RegExp(`^\\d+\\.\\d{${spec.digits}}$`));
        expect(ask).toMatch(new RegExp(`^\\d+\\.\\d{${spec.digits}}$`));
      }
    }
  });
});
