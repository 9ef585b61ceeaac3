import { describe, expect, it } from 'vitest';
import {
  subscriptionBounds,
  subscriptionIssues,
  subscriptionQuote,
  type SubscriptionTerms,
} from '../../../src/shared/wealth/subscription.ts';

/** The calculator of DESIGN.md §10 against tables worked out by hand (the working is beside each). */
const day = (iso: string) => new Date(`${iso}T00:00:00.000Z`);
const terms = (over: Partial<SubscriptionTerms> = {}): SubscriptionTerms => ({
  rentability: 12,
  duration: 12,
  coefficient: 2.5,
  minimumAmount: 1000,
  dividendFrequency: 'monthly',
  ...over,
});

describe('subscriptionBounds', () => {
  it('reads the coefficient: minimum × coefficient inclusive, duration × coefficient', () => {
    // 1,000 € × 2.5 = 2,500 €; 12 months × 2.5 = 30 months.
    expect(subscriptionBounds(terms())).toEqual({ amount: { minCents: 100_000, maxCents: 250_000 }, duration: { min: 1, max: 30 } });
  });

  it('caps the duration at 120 months and rounds fractional bounds down', () => {
    // 24 × 10 = 240 → 120.
    expect(subscriptionBounds(terms({ duration: 24, coefficient: 10 })).duration).toEqual({ min: 1, max: 120 });
    // 100,001 cents × 1.55 = 155,001.55 → 155,001; 7 months × 1.55 = 10.85 → 10.
    expect(subscriptionBounds(terms({ minimumAmount: 1000.01, coefficient: 1.55, duration: 7 }))).toEqual({
      amount: { minCents: 100_001, maxCents: 155_001 },
      duration: { min: 1, max: 10 },
    });
  });
});

describe('subscriptionIssues', () => {
  it('refuses an amount or a duration outside the bounds, the other value staying the project’s', () => {
    expect(subscriptionIssues(terms(), { adjust: 'amount', amountCents: 100_000 })).toEqual([]);
    expect(subscriptionIssues(terms(), { adjust: 'amount', amountCents: 250_000 })).toEqual([]);
    expect(subscriptionIssues(terms(), { adjust: 'amount', amountCents: 99_999 })).toEqual([
      { field: 'amount', code: 'validation.min', bound: 100_000 },
    ]);
    expect(subscriptionIssues(terms(), { adjust: 'amount', amountCents: 250_001 })).toEqual([
      { field: 'amount', code: 'validation.max', bound: 250_000 },
    ]);
    // Adjusting the amount: a duration sent along is not read (the project's 12 months stand).
    expect(subscriptionIssues(terms(), { adjust: 'amount', amountCents: 150_000, duration: 500 })).toEqual([]);
    expect(subscriptionIssues(terms(), { adjust: 'duration', duration: 30 })).toEqual([]);
    expect(subscriptionIssues(terms(), { adjust: 'duration', duration: 31 })).toEqual([
      { field: 'duration', code: 'validation.max', bound: 30 },
    ]);
    expect(subscriptionIssues(terms(), { adjust: 'duration', duration: 0 })).toEqual([
      { field: 'duration', code: 'validation.min', bound: 1 },
    ]);
  });
});

describe('subscriptionQuote', () => {
  it('adjusting the amount: every monthly dividend with its date, the total and the final amount', () => {
    // 2,000 € at 12 % for the project's 3 months from 31 Jan 2027: expiry 30 Apr, n = 3, r = 0;
    // T = 200,000 · 0.12 · 3/12 = 6,000 cents, 2,000 a month; final 206,000.
    const quote = subscriptionQuote(terms({ duration: 3 }), { adjust: 'amount', amountCents: 200_000, start: day('2027-01-31') });
    expect(quote.expiry.toISOString()).toBe('2027-04-30T00:00:00.000Z');
    expect(quote.periods.map((p) => [p.date.toISOString().slice(0, 10), p.amountCents, p.partial])).toEqual([
      ['2027-02-28', 2_000, false],
      ['2027-03-31', 2_000, false],
      ['2027-04-30', 2_000, false],
    ]);
    expect([quote.rate, quote.principalCents, quote.duration, quote.totalReturnCents, quote.finalAmountCents]).toEqual([
      12, 200_000, 3, 6_000, 206_000,
    ]);
  });

  it('adjusting the duration: the amount stays the minimum; a yearly project shorter than a year pays one partial period', () => {
    // 1,000 € at 6 % yearly for 2 months from 15 Jan 2027: expiry 15 Mar, n = 0, r = 31 + 28 = 59 days;
    // T = round(100,000 · 0.06 · 59/365) = round(969.86) = 970; final 100,970.
    const quote = subscriptionQuote(terms({ rentability: 6, dividendFrequency: 'yearly' }), {
      adjust: 'duration',
      duration: 2,
      amountCents: 999_999,
      start: day('2027-01-15'),
    });
    expect(quote.periods.map((p) => [p.period, p.date.toISOString().slice(0, 10), p.amountCents, p.partial])).toEqual([
      [1, '2027-03-15', 970, true],
    ]);
    expect([quote.principalCents, quote.duration, quote.totalReturnCents, quote.finalAmountCents]).toEqual([100_000, 2, 970, 100_970]);
  });

  it('starts now unless told', () => {
    const quote = subscriptionQuote(terms({ dividendFrequency: 'end' }), { adjust: 'duration', duration: 1 }, day('2027-05-31'));
    // 31 May → 30 Jun: 30 days; T = round(100,000 · 0.12 · 30/365) = round(986.30) = 986.
    expect([quote.start.toISOString(), quote.expiry.toISOString(), quote.totalReturnCents]).toEqual([
      '2027-05-31T00:00:00.000Z',
      '2027-06-30T00:00:00.000Z',
      986,
    ]);
  });
});
