import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { addMonthsClamped, dividendSchedule, type DividendFrequency } from '../../../src/shared/wealth/dividend-schedule.ts';

/** The schedule of DESIGN.md §10 against tables worked out by hand (the working is beside each). */
const day = (iso: string) => new Date(`${iso}T00:00:00.000Z`);
const rows = (schedule: ReturnType<typeof dividendSchedule>) =>
  schedule.periods.map((p) => [p.period, p.date.toISOString().slice(0, 10), p.amountCents, p.partial]);

describe('dividendSchedule', () => {
  it('monthly from 31 January keeps the month ends, counted from the start (common year)', () => {
    // €10,000 at 12 %, 31 Jan → 30 Apr 2027: three whole months, r = 0; T = 1,000,000 · 0.12 · 3/12 = 30,000.
    const schedule = dividendSchedule({
      principalCents: 1_000_000,
      rate: 12,
      frequency: 'monthly',
      start: day('2027-01-31'),
      expiry: day('2027-04-30'),
    });
    expect(rows(schedule)).toEqual([
      [1, '2027-02-28', 10_000, false],
      [2, '2027-03-31', 10_000, false],
      [3, '2027-04-30', 10_000, false],
    ]);
    expect(schedule.totalCents).toBe(30_000);
  });

  it('monthly from 31 January in a leap year falls on 29 February, with a partial last period', () => {
    // €10,000 at 12 %, 31 Jan → 1 Mar 2028: n = 1 (29 Feb), r = 1 day.
    // T = round(120,000 · (1/12 + 1/365)) = round(10,328.767) = 10,329; weights 365 and 12 (W = 377):
    // round(10,329 · 365/377) = round(10,000.225) = 10,000, then 329.
    const schedule = dividendSchedule({
      principalCents: 1_000_000,
      rate: 12,
      frequency: 'monthly',
      start: day('2028-01-31'),
      expiry: day('2028-03-01'),
    });
    expect(rows(schedule)).toEqual([
      [1, '2028-02-29', 10_000, false],
      [2, '2028-03-01', 329, true],
    ]);
    expect(schedule.totalCents).toBe(10_329);
  });

  it('monthly with fifteen days left over', () => {
    // €10,000 at 12 %, 31 Jan → 15 Apr 2027: 28 Feb, 31 Mar whole (n = 2), r = 15.
    // T = round(120,000 · (2/12 + 15/365)) = round(24,931.507) = 24,932; weights 365, 365, 180 (W = 910):
    // round(24,932 · 365/910) = 10,000; round(24,932 · 730/910) = 20,000; 24,932 − 20,000 = 4,932.
    const schedule = dividendSchedule({
      principalCents: 1_000_000,
      rate: 12,
      frequency: 'monthly',
      start: day('2027-01-31'),
      expiry: day('2027-04-15'),
    });
    expect(rows(schedule)).toEqual([
      [1, '2027-02-28', 10_000, false],
      [2, '2027-03-31', 10_000, false],
      [3, '2027-04-15', 4_932, true],
    ]);
  });

  it('yearly with a partial last period', () => {
    // €5,000 at 7.5 %, 15 Mar 2027 → 1 Sep 2029: 15 Mar 2028 and 2029 whole (n = 2), r = 170 days.
    // T = round(37,500 · (2 + 170/365)) = round(92,465.75) = 92,466; weights 365, 365, 170 (W = 900):
    // round(92,466 · 365/900) = 37,500; round(92,466 · 730/900) = 75,000; then 17,466.
    const schedule = dividendSchedule({
      principalCents: 500_000,
      rate: 7.5,
      frequency: 'yearly',
      start: day('2027-03-15'),
      expiry: day('2029-09-01'),
    });
    expect(rows(schedule)).toEqual([
      [1, '2028-03-15', 37_500, false],
      [2, '2029-03-15', 37_500, false],
      [3, '2029-09-01', 17_466, true],
    ]);
    expect(schedule.totalCents).toBe(92_466);
  });

  it('end: one period at expiry for the days held', () => {
    // €10,000 at 10 %, 1 Jan → 1 Jul 2027: 181 days; T = round(100,000 · 181/365) = round(49,589.04) = 49,589.
    const schedule = dividendSchedule({
      principalCents: 1_000_000,
      rate: 10,
      frequency: 'end',
      start: day('2027-01-01'),
      expiry: day('2027-07-01'),
    });
    expect(rows(schedule)).toEqual([[1, '2027-07-01', 49_589, false]]);
  });

  it('29 February yearly falls on 28 February in common years, from the start each time', () => {
    expect(addMonthsClamped(day('2028-02-29'), 12).toISOString().slice(0, 10)).toBe('2029-02-28');
    expect(addMonthsClamped(day('2028-02-29'), 48).toISOString().slice(0, 10)).toBe('2032-02-29');
  });

  it('no periods when expiry is not after the start; a rate with a third decimal is refused', () => {
    expect(
      dividendSchedule({ principalCents: 100, rate: 5, frequency: 'monthly', start: day('2027-01-01'), expiry: day('2027-01-01') }),
    ).toEqual({ periods: [], totalCents: 0 });
    expect(() =>
      dividendSchedule({ principalCents: 100, rate: 5.005, frequency: 'monthly', start: day('2027-01-01'), expiry: day('2028-01-01') }),
    ).toThrow(RangeError);
  });

  it('payments always add up to T and never differ from their equal share by more than a cent', () => {
    const frequency = fc.constantFrom<DividendFrequency>('monthly', 'yearly', 'end');
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 100_000_000_000 }),
        fc.integer({ min: 0, max: 30_000 }),
        frequency,
        fc.integer({ min: Date.UTC(2020, 0, 1), max: Date.UTC(2040, 0, 1) }),
        fc.integer({ min: 1, max: 120 * 31 }),
        (principalCents, rateHundredths, freq, startMs, days) => {
          const start = new Date(startMs);
          const expiry = new Date(startMs + days * 86_400_000);
          const { periods, totalCents } = dividendSchedule({ principalCents, rate: rateHundredths / 100, frequency: freq, start, expiry });
          expect(periods.reduce((sum, p) => sum + p.amountCents, 0)).toBe(totalCents);
          const last = periods.at(-1)!;
          const weights = periods.map((p) =>
            p.partial
              ? (freq === 'monthly' ? 12 : 1) * Math.round((p.date.getTime() - (periods.at(-2)?.date ?? start).getTime()) / 86_400_000)
              : 365,
          );
          const W = weights.reduce((a, b) => a + b, 0);
          periods.forEach((p, i) => expect(Math.abs(p.amountCents - (totalCents * weights[i]) / W)).toBeLessThanOrEqual(1));
          expect(last.date.getTime()).toBeLessThanOrEqual(expiry.getTime());
        },
      ),
      { numRuns: 400 },
    );
  });
});
