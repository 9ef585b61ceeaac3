import { describe, expect, test } from 'vitest';
import { accountFigures, totalProfitCents } from '../../../src/app/features/trading/api/account-figures.ts';
import { asOrder, binaryResult, centsOf, countdownText, lotsText, priceText } from '../../../src/app/features/trading/api/order-view.ts';
import { withMoves } from '../../../src/app/features/trading/api/live-quotes.ts';
import { ageMinutes, candleAfterTick, chartCandle, directionOf } from '../../../src/app/features/trading/api/quote-math.ts';

import { binaryNow, binaryWinCents, checkTicket, forexFigures, liveProfit } from '../../../src/app/features/trading/platform/figures.ts';
import { readLeverage, readLots, ticketBody, type TicketValues } from '../../../src/app/features/trading/platform/ticket-form.ts';

/** The platform's pure client logic; every expected value is written out by hand. */

describe('prices read exactly from their decimal strings', () => {
  test('the move of a tick: up, down or the same, on the digits alone', () => {
    expect(directionOf(undefined, '1.08512', 5)).toBe('same');
    expect(directionOf('1.08512', '1.08513', 5)).toBe('up');
    expect(directionOf('1.08512', '1.08511', 5)).toBe('down');
    expect(directionOf('1.08512', '1.08512', 5)).toBe('same');
    // 0.1 + 0.2 is not 0.3 in floats; in a price's digits it is.
    expect(directionOf('0.30000', '0.30000', 5)).toBe('same');
    expect(directionOf('151.999', '152.000', 3)).toBe('up');
  });
  test('a new quote keeps which way bid and ask moved from the one before', () => {
    const first = withMoves(undefined, { symbol: 'EURUSD', bid: '1.08500', ask: '1.08510', time: '2027-01-04T10:00:00.000Z' });
    expect([first.bidMove, first.askMove]).toEqual(['same', 'same']);
    const second = withMoves(first, { symbol: 'EURUSD', bid: '1.08499', ask: '1.08511', time: '2027-01-04T10:00:01.000Z' });
    expect([second.bidMove, second.askMove]).toEqual(['down', 'up']);
    expect(second.bid).toBe('1.08499');
  });
  test('a booked price shows with its symbol’s digits', () => {
    expect(priceText(1.0851, 'EURUSD')).toBe('1.08510');
    expect(priceText(151.2, 'USDJPY')).toBe('151.200');
    expect(priceText('2350.15', 'XAUUSD')).toBe('2350.15');
    expect(priceText(null, 'EURUSD')).toBe('');
  });
});

describe('the chart follows the ticks', () => {
  const quote = (time: string, bid: string, ask: string) => ({ symbol: 'EURUSD' as const, bid, ask, time });
  test('a server candle is drawn at its minute in seconds', () => {
    expect(chartCandle({ time: '2027-01-04T10:00:00.000Z', open: '1.08500', high: '1.08600', low: '1.08400', close: '1.08550' })).toEqual({
      time: 1_799_056_800,
      open: 1.085,
      high: 1.086,
      low: 1.084,
      close: 1.0855,
    });
  });
  test('a tick in the same minute moves high, low and close; the next minute opens a candle; a late tick changes nothing', () => {
    const last = { time: 1_799_056_800, open: 1.085, high: 1.086, low: 1.084, close: 1.0855 };
    // mid of 1.08700 and 1.08710 = 1.08705
    expect(candleAfterTick(last, quote('2027-01-04T10:00:30.000Z', '1.08700', '1.08710'))).toEqual({
      time: 1_799_056_800,
      open: 1.085,
      high: 1.08705,
      low: 1.084,
      close: 1.08705,
    });
    expect(candleAfterTick(last, quote('2027-01-04T10:01:02.000Z', '1.08300', '1.08310'))).toEqual({
      time: 1_799_056_860,
      open: 1.08305,
      high: 1.08305,
      low: 1.08305,
      close: 1.08305,
    });
    expect(candleAfterTick(last, quote('2027-01-04T09:59:59.000Z', '1.08300', '1.08310'))).toBeNull();
  });
  test('the age of offline prices in whole minutes', () => {
    expect(ageMinutes('2027-01-04T10:00:00.000Z', Date.parse('2027-01-04T10:02:59.000Z'))).toBe(2);
    expect(ageMinutes('2027-01-04T10:00:00.000Z', Date.parse('2027-01-04T09:00:00.000Z'))).toBe(0);
  });
});

describe('the funds header', () => {
  test('equity is margin plus live profit; the margin level its share of the margin, truncated to hundredths of a percent', () => {
    // margin €1,000.00, live profit −€500.04: equity €499.96, level 49.996 % → 49.99 %
    expect(accountFigures({ availableCents: 250_000, marginCents: 100_000, unrealisedCents: -50_004 })).toEqual({
      availableCents: 250_000,
      marginCents: 100_000,
      equityCents: 49_996,
      marginLevel: 49.99,
    });
    expect(accountFigures({ availableCents: 1_000, marginCents: 0, unrealisedCents: 0 })).toEqual({
      availableCents: 1_000,
      marginCents: 0,
      equityCents: 0,
      marginLevel: null,
    });
    expect(accountFigures({ availableCents: 0, marginCents: 36_167, unrealisedCents: null }).equityCents).toBeNull();
  });
  test('the total live profit waits for every position’s price', () => {
    expect(totalProfitCents([1_234, -234, 1])).toBe(1_001);
    expect(totalProfitCents([1_234, null])).toBeNull();
    expect(totalProfitCents([])).toBe(0);
  });
});

describe('order records as the platform reads them', () => {
  test('a binary option’s last hour counts down in m:ss; lots keep two decimals', () => {
    expect(countdownText(42_000)).toBe('0:42');
    expect(countdownText(41_001)).toBe('0:42');
    expect(countdownText(3_599_000)).toBe('59:59');
    expect(countdownText(3_600_000)).toBeNull();
    expect(countdownText(0)).toBeNull();
    expect(lotsText(0.1, 'en-US')).toBe('0.10');
    expect(lotsText(1.5, 'de-DE')).toBe('1,50');
  });
  test('profit in cents and a binary option’s outcome', () => {
    expect(centsOf('12.30')).toBe(1_230);
    expect(centsOf(-4)).toBe(-400);
    expect(centsOf(null)).toBeNull();
    expect(binaryResult({ profit: 80 })).toBe('won');
    expect(binaryResult({ profit: 0 })).toBe('tied');
    expect(binaryResult({ profit: -100 })).toBe('lost');
    expect(asOrder({ id: 'a', market: 'binary_options', quantity: '100.0000', leverage: null }).quantity).toBe(100);
  });
});

describe('the order ticket reads what was typed, strictly', () => {
  test('lots in the reader’s language, two decimals at most, in hundredths', () => {
    expect(readLots('0.10', 'en-US')).toEqual({ ok: true, value: 10 });
    expect(readLots('0,1', 'fr-FR')).toEqual({ ok: true, value: 10 });
    expect(readLots('1.000,5', 'de-DE')).toEqual({ ok: true, value: 100_050 });
    expect(readLots('0.105', 'en-US')).toEqual({ ok: false, key: 'validation.lotsDecimals' });
    expect(readLots('', 'en-US')).toEqual({ ok: false, key: 'validation.required' });
    expect(readLots('-1', 'en-US')).toEqual({ ok: false, key: 'validation.positive' });
  });
  test('leverage is a whole number', () => {
    expect(readLeverage('30')).toEqual({ ok: true, value: 30 });
    expect(readLeverage('2.5')).toEqual({ ok: false, key: 'validation.integer' });
    expect(readLeverage(' ')).toEqual({ ok: false, key: 'validation.required' });
  });
  const values: TicketValues = {
    market: 'forex',
    symbol: 'EURUSD',
    type: 'sell',
    quantity: '0,25',
    leverage: '20',
    stake: '1 250,50',
    preset: '5m',
    customDate: '',
    riskAcknowledged: true,
  };
  test('a forex ticket sends what the shared schema reads, never a price', () => {
    expect(ticketBody(values, 'fr-FR')).toEqual({
      body: { market: 'forex', symbol: 'EURUSD', type: 'sell', quantity: 0.25, leverage: 20 },
    });
  });
  test('a binary ticket sends its stake, direction, preset and the acknowledged risk', () => {
    expect(ticketBody({ ...values, market: 'binary_options', type: 'buy' }, 'fr-FR')).toEqual({
      body: { market: 'binary_options', symbol: 'EURUSD', direction: 'buy', stake: 1250.5, expiration: '5m', riskAcknowledged: true },
    });
    expect(ticketBody({ ...values, market: 'binary_options', preset: 'custom', customDate: '' }, 'fr-FR')).toEqual({
      issues: [{ path: 'customDate', key: 'validation.expirationRequired' }],
    });
  });
  test('leverage above the symbol’s maximum is refused on its field before sending', () => {
    const body = { market: 'forex', symbol: 'EURUSD', type: 'buy', quantity: 0.1, leverage: 50 };
    expect(checkTicket(body).map((i) => [i.path.join('.'), i.message, (i as { params?: unknown }).params])).toEqual([
      ['leverage', 'validation.leverageAboveMax', { max: 30, symbol: 'EURUSD' }],
    ]);
    expect(checkTicket({ ...body, leverage: 30 })).toEqual([]);
    expect(checkTicket({ ...body, symbol: 'BTCUSD', leverage: 3 }).map((i) => i.message)).toEqual(['validation.leverageAboveMax']);
  });
});

describe('the ticket’s figures and live profit (the shared arithmetic, hand-computed here)', () => {
  // EURUSD bid 1.24995, ask 1.25005: mid 1.25, so a dollar is €0.80.
  const quotes = {
    EURUSD: { bid: '1.24995', ask: '1.25005' },
    USDJPY: { bid: '149.995', ask: '150.005' },
    XAUUSD: { bid: '2399.90', ask: '2400.10' },
  };
  test('a buy of 0.10 lot EURUSD at 25:1 opens at the ask: margin, pip value, close-out price', () => {
    // margin: 0.10 × 100,000 × 1.25005 / 25 = 500.02 USD × 0.80 = €400.016 → €400.02
    // pip: 0.10 × 100,000 × 0.0001 = 1 USD = €0.80; close-out: 1.25005 × (1 − 1/50) = 1.225049 → 1.22505
    expect(forexFigures({ symbol: 'EURUSD', type: 'buy', lotsHundredths: 10, leverage: 25, quotes })).toEqual({
      price: '1.25005',
      marginCents: 40_002,
      pipValueCents: 80,
      closeOutPrice: '1.22505',
    });
  });
  test('a sell of 1 lot of gold at 20:1 opens at the bid', () => {
    // margin: 1 × 100 × 2,399.90 / 20 = 11,999.50 USD × 0.80 = €9,599.60; pip 0.1 × 100 = 10 USD = €8.00
    // close-out: 2,399.90 × (1 + 1/40) = 2,459.8975 → 2,459.90
    expect(forexFigures({ symbol: 'XAUUSD', type: 'sell', lotsHundredths: 100, leverage: 20, quotes })).toEqual({
      price: '2399.90',
      marginCents: 959_960,
      pipValueCents: 800,
      closeOutPrice: '2459.90',
    });
  });
  test('no figures above the symbol’s maximum leverage, nor without the rates', () => {
    expect(forexFigures({ symbol: 'EURUSD', type: 'buy', lotsHundredths: 10, leverage: 31, quotes })).toBeNull();
    expect(forexFigures({ symbol: 'EURUSD', type: 'buy', lotsHundredths: 10, leverage: 25, quotes: { EURUSD: quotes.EURUSD } })).toBeNull();
  });
  test('an open buy’s live profit closes at the bid', () => {
    const order = asOrder({
      id: 'o',
      market: 'forex',
      symbol: 'EURUSD',
      type: 'buy',
      quantity: 0.1,
      leverage: 25,
      openPrice: 1.25005,
      status: 'open',
    });
    // EURUSD now 1.27995 / 1.28005 (mid 1.28, a dollar €0.78125): (1.27995 − 1.25005) × 10,000 = 299 USD = €233.59375 → €233.59
    expect(liveProfit(order, { ...quotes, EURUSD: { bid: '1.27995', ask: '1.28005' } })).toEqual({
      closeAt: '1.27995',
      profitCents: 23_359,
    });
    expect(liveProfit(order, { USDJPY: quotes.USDJPY })).toEqual({ closeAt: null, profitCents: null });
  });
  test('an open binary option reads its strike’s side: a call the ask, a put the bid', () => {
    const call = asOrder({
      id: 'b',
      market: 'binary_options',
      symbol: 'EURUSD',
      type: 'buy',
      quantity: 100,
      openPrice: 1.25005,
      status: 'open',
    });
    expect(binaryNow(call, quotes)).toEqual({ price: '1.25005', outcome: 'tied' });
    expect(binaryNow(call, { ...quotes, EURUSD: { bid: '1.25001', ask: '1.25011' } })).toEqual({ price: '1.25011', outcome: 'won' });
    const put = { ...call, type: 'sell' as const, openPrice: 1.24995 };
    expect(binaryNow(put, { ...quotes, EURUSD: { bid: '1.25001', ask: '1.25011' } })).toEqual({ price: '1.25001', outcome: 'lost' });
    expect(binaryNow(call, {})).toEqual({ price: null, outcome: null });
  });
  test('a winning €100 binary option at 80 % pays back €180', () => {
    expect(binaryWinCents(10_000, 80)).toBe(18_000);
  });
});
