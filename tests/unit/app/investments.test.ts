import { describe, expect, test } from 'vitest';
import { comingDividends, rowsOfServer, scheduleOfRecord, scheduleTotals } from '../../../src/app/features/investments/schedule-rows.ts';
import { paidWithin } from '../../../src/app/features/investments/stats-figures.ts';
import { dayToInstant, readRate } from '../../../src/app/features/investments/investment-entry-dialog.tsx';

/** €10,000 at 12 % paid monthly from 31 January to 30 April 2026: three whole months, no partial one. */
const record = {
  id: 'a',
  name: 'Alpha',
  status: 'active',
  initialAmount: 10000,
  rentability: 12,
  dividendFrequency: 'monthly',
  startDate: '2026-01-31T00:00:00.000Z',
  expirationDate: '2026-04-30T00:00:00.000Z',
  nextPeriod: 2,
};

describe('an investment’s schedule on the screens', () => {
  test('read offline from the mirrored record: dates clamped to each month’s end, paid before the watermark', () => {
    // T = 1,000,000 cents × 12 % × 3/12 = 30,000 cents, three equal periods of 10,000.
    expect(scheduleOfRecord(record)).toEqual([
      { period: 1, date: '2026-02-28T00:00:00.000Z', amountCents: 10000, partial: false, paid: true },
      { period: 2, date: '2026-03-31T00:00:00.000Z', amountCents: 10000, partial: false, paid: false },
      { period: 3, date: '2026-04-30T00:00:00.000Z', amountCents: 10000, partial: false, paid: false },
    ]);
    expect(scheduleTotals(scheduleOfRecord(record))).toEqual({ totalCents: 30000, paidCents: 10000, dueCents: 20000 });
  });

  test('a record without dates has no schedule rather than a wrong one', () => {
    expect(scheduleOfRecord({ ...record, expirationDate: undefined })).toEqual([]);
  });

  test('the server’s schedule in euros becomes cents once, paid from its status', () => {
    expect(
      rowsOfServer({
        periods: [
          { period: 1, date: '2026-02-28T00:00:00.000Z', amount: 100.1, partial: false, status: 'paid' },
          { period: 2, date: '2026-03-10T00:00:00.000Z', amount: 32.29, partial: true, status: 'due' },
        ],
      }),
    ).toEqual([
      { period: 1, date: '2026-02-28T00:00:00.000Z', amountCents: 10010, partial: false, paid: true },
      { period: 2, date: '2026-03-10T00:00:00.000Z', amountCents: 3229, partial: true, paid: false },
    ]);
  });

  test('coming dividends: unpaid periods after now of active investments, soonest first', () => {
    const yearly = {
      ...record,
      id: 'b',
      name: 'Beta',
      initialAmount: 1000,
      rentability: 5,
      dividendFrequency: 'end',
      startDate: '2026-01-01T00:00:00.000Z',
      expirationDate: '2026-03-15T00:00:00.000Z',
      nextPeriod: 1,
    };
    const ended = { ...record, id: 'c', name: 'Gamma', status: 'ended' };
    // Beta: 100,000 cents × 5 % × 73/365 = 1,000 cents at expiry.
    expect(comingDividends([record, yearly, ended], new Date('2026-03-01T00:00:00.000Z'))).toEqual([
      { investmentId: 'b', name: 'Beta', period: 1, date: '2026-03-15T00:00:00.000Z', amountCents: 1000 },
      { investmentId: 'a', name: 'Alpha', period: 2, date: '2026-03-31T00:00:00.000Z', amountCents: 10000 },
      { investmentId: 'a', name: 'Alpha', period: 3, date: '2026-04-30T00:00:00.000Z', amountCents: 10000 },
    ]);
  });
});

describe('investment figures and inputs', () => {
  const months = [
    { month: '2025-12', invested: 0, paid: 0.1, toCome: 0 },
    { month: '2026-01', invested: 0, paid: 0.2, toCome: 0 },
    { month: '2026-02', invested: 0, paid: 5, toCome: 0 },
  ];
  test('dividends paid in a period add the months it touches, to the cent', () => {
    expect(paidWithin(months, '2026-01-01', '2026-01-31')).toBe(0.2);
    expect(paidWithin(months, '2025-12-15', '2026-01-10')).toBe(0.3);
    expect(paidWithin(months, '2026-03-01', '2026-12-31')).toBe(0);
  });

  test('a rate reads with either decimal mark; what does not read is left for the schema to refuse', () => {
    expect(readRate('12,5')).toBe(12.5);
    expect(readRate(' 7 ')).toBe(7);
    expect(readRate('')).toBeUndefined();
    expect(readRate('1.2.3')).toBe('1.2.3');
  });

  test('a picked day is sent as that day’s start on this device', () => {
    expect(dayToInstant('2026-05-01')).toBe(new Date(2026, 4, 1).toISOString());
    expect(dayToInstant('')).toBeUndefined();
  });
});
