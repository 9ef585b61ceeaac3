import { describe, expect, it } from 'vitest';
import {
  belowCloseOut,
  binaryOutcome,
  binaryReturnCents,
  capLoss,
  closeOutPrice,
  eurRate,
  marginCents,
  pipValueCents,
  profitCents,
  roundRatio,
} from '../../../src/shared/trading/pnl.ts';
import { expirationOf } from '../../../src/shared/trading/ticket.ts';
import { symbolSpec } from '../../../src/shared/trading/symbols.ts';

/**
 * Golden values of DESIGN.md §11's formulas, each worked by hand in its comment (exact fractions,
 * then euros rounded half away from zero to the cent, once).
 */
const spec = (name: string) => symbolSpec(name)!;
// EURUSD mid (1.24995 + 1.25005) / 2 = 1.25 → 1 USD = 1 / 1.25 = 0.8 EUR.
const AT_125 = { EURUSD: { bid: '1.24995', ask: '1.25005' }, USDJPY: { bid: '149.990', ask: '150.010' } };
const usd = eurRate('USD', AT_125);
// 1 JPY = 1 / (1.25 × 150) = 1 / 187.5 = 2/375 EUR.
const jpy = eurRate('JPY', AT_125);

describe('trading arithmetic (golden, hand-computed)', () => {
  it('converts with the EURUSD and USDJPY mids as exact fractions', () => {
    expect(Number(usd.num) / Number(usd.den)).toBe(0.8);
    expect(Number(jpy.num * 375n) / Number(jpy.den)).toBe(2);
    expect(eurRate('EUR', AT_125)).toEqual({ num: 1n, den: 1n });
  });

  it('EURUSD buy: margin, pip value, profit at the close rate, close-out price', () => {
    const eurusd = spec('EURUSD');
    // 0.5 × 100,000 × 1.25005 / 30 = 2,083.41666… USD × 0.8 = 1,666.7333… EUR → 1,666.73
    expect(marginCents({ spec: eurusd, quantity: 0.5, openPrice: '1.25005', leverage: 30, rate: usd })).toBe(166_673);
    // 0.5 × 100,000 × 0.0001 = 5 USD × 0.8 = 4.00 EUR
    expect(pipValueCents({ spec: eurusd, quantity: 0.5, rate: usd })).toBe(400);
    // Closed at the bid 1.26005 when EURUSD's mid is 1.2601: (1.26005 − 1.25005) × 50,000 = 500 USD / 1.2601 = 396.7939… → 396.79
    const atClose = eurRate('USD', { ...AT_125, EURUSD: { bid: '1.26005', ask: '1.26015' } });
    expect(profitCents({ spec: eurusd, quantity: 0.5, type: 'buy', openPrice: '1.25005', closePrice: '1.26005', rate: atClose })).toBe(
      39_679,
    );
    // 1.25005 × (1 − 1/60) = 1.229215833… → 1.22922
    expect(closeOutPrice({ spec: eurusd, type: 'buy', openPrice: '1.25005', leverage: 30 })).toBe('1.22922');
  });

  it('USDJPY sell, profit in yen converted to euros', () => {
    const usdjpy = spec('USDJPY');
    // (149.500 − 150.000) × 2 × 100,000 × (−1) = +100,000 JPY / 187.5 = 533.3333… → 533.33
    expect(profitCents({ spec: usdjpy, quantity: 2, type: 'sell', openPrice: '150.000', closePrice: '149.500', rate: jpy })).toBe(53_333);
    // 2 × 100,000 × 150 / 30 = 1,000,000 JPY / 187.5 = 5,333.3333… → 5,333.33
    expect(marginCents({ spec: usdjpy, quantity: 2, openPrice: '150.000', leverage: 30, rate: jpy })).toBe(533_333);
    // 1 pip 0.01 × 200,000 = 2,000 JPY / 187.5 = 10.6666… → 10.67
    expect(pipValueCents({ spec: usdjpy, quantity: 2, rate: jpy })).toBe(1_067);
    // 150.000 × (1 + 1/60) = 152.5
    expect(closeOutPrice({ spec: usdjpy, type: 'sell', openPrice: '150.000', leverage: 30 })).toBe('152.500');
  });

  it('XAUUSD at its 20:1 limit', () => {
    const gold = spec('XAUUSD');
    // 1 × 100 oz × 2,000 / 20 = 10,000 USD × 0.8 = 8,000.00
    expect(marginCents({ spec: gold, quantity: 1, openPrice: '2000.00', leverage: 20, rate: usd })).toBe(800_000);
    // (1,990 − 2,000) × 100 = −1,000 USD × 0.8 = −800.00
    expect(profitCents({ spec: gold, quantity: 1, type: 'buy', openPrice: '2000.00', closePrice: '1990.00', rate: usd })).toBe(-80_000);
    // 2,000 × (1 − 1/40) = 1,950.00: there the loss (50 × 100 × 0.8 = 4,000) is half the margin
    expect(closeOutPrice({ spec: gold, type: 'buy', openPrice: '2000.00', leverage: 20 })).toBe('1950.00');
    expect(belowCloseOut(800_000, -400_000)).toBe(false);
    expect(belowCloseOut(800_000, -400_001)).toBe(true);
  });

  it('BTCUSD at its 2:1 limit', () => {
    const btc = spec('BTCUSD');
    // 0.5 × 1 × 64,000 / 2 = 16,000 USD × 0.8 = 12,800.00
    expect(marginCents({ spec: btc, quantity: 0.5, openPrice: '64000.00', leverage: 2, rate: usd })).toBe(1_280_000);
    // sell: (63,000.50 − 64,000) × 0.5 × (−1) = 499.75 USD × 0.8 = 399.80
    expect(profitCents({ spec: btc, quantity: 0.5, type: 'sell', openPrice: '64000.00', closePrice: '63000.50', rate: usd })).toBe(39_980);
    // 64,000 × (1 − 1/4) = 48,000; a sell × (1 + 1/4) = 80,000
    expect(closeOutPrice({ spec: btc, type: 'buy', openPrice: '64000.00', leverage: 2 })).toBe('48000.00');
    expect(closeOutPrice({ spec: btc, type: 'sell', openPrice: '64000.00', leverage: 2 })).toBe('80000.00');
  });

  it('binary options: won, tied, lost, compared strictly', () => {
    const eurusd = spec('EURUSD');
    expect(binaryOutcome({ spec: eurusd, direction: 'buy', strike: '1.25005', settlement: '1.25006' })).toBe('won');
    expect(binaryOutcome({ spec: eurusd, direction: 'buy', strike: '1.25005', settlement: '1.25005' })).toBe('tied');
    expect(binaryOutcome({ spec: eurusd, direction: 'buy', strike: '1.25005', settlement: '1.25004' })).toBe('lost');
    expect(binaryOutcome({ spec: eurusd, direction: 'sell', strike: '1.25005', settlement: '1.25004' })).toBe('won');
    // 100.00 at 80 %: 100 + 80 = 180.00; tied 100.00; lost 0
    expect(binaryReturnCents('won', 10_000, 80)).toBe(18_000);
    expect(binaryReturnCents('tied', 10_000, 80)).toBe(10_000);
    expect(binaryReturnCents('lost', 10_000, 80)).toBe(0);
    // 33.33 at 75 %: 24.9975 → 25.00, so 58.33
    expect(binaryReturnCents('won', 3_333, 75)).toBe(5_833);
  });

  it('rounds half away from zero, once; caps a loss at the balance', () => {
    expect(roundRatio(1n, 2n)).toBe(1); // half a cent → 1 cent
    expect(roundRatio(-1n, 2n)).toBe(-1);
    expect(roundRatio(49n, 100n)).toBe(0);
    expect(capLoss(10_000, 2_500)).toEqual({ chargedCents: 2_500, absorbedCents: 7_500 });
    expect(capLoss(1_000, 2_500)).toEqual({ chargedCents: 1_000, absorbedCents: 0 });
  });

  it('expiration presets count from now; a month is the same day next month or its last day', () => {
    const now = new Date('2026-01-31T10:00:00Z');
    expect(expirationOf('1m', now).toISOString()).toBe('2026-01-31T10:01:00.000Z');
    expect(expirationOf('1w', now).toISOString()).toBe('2026-02-07T10:00:00.000Z');
    expect(expirationOf('1M', now).toISOString()).toBe('2026-02-28T10:00:00.000Z');
  });
});
