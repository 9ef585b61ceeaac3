import { describe, expect, test } from 'vitest';
import { dayRangeOf, withDayRange } from '../../../src/app/lists/date-range-state.ts';

/** The unit project runs in UTC unless TZ says otherwise: local midnight is written out by hand below. */
describe('a list day range (orders opened from … until …)', () => {
  test('from and to become gte the first midnight and lt the midnight after the last day, read back as days', () => {
    const state = withDayRange({ q: 'x', filters: [{ field: 'status', values: ['open'] }] }, 'dateCreation', {
      from: '2026-03-01',
      to: '2026-03-31',
    });
    const midnight = (day: string) => new Date(`${day}T00:00:00`).toISOString();
    expect(state).toEqual({
      q: 'x',
      filters: [
        { field: 'status', values: ['open'] },
        { field: 'dateCreation', operator: 'gte', values: [midnight('2026-03-01')] },
        { field: 'dateCreation', operator: 'lt', values: [midnight('2026-04-01')] },
      ],
      view: undefined,
    });
    expect(dayRangeOf(state.filters, 'dateCreation')).toEqual({ from: '2026-03-01', to: '2026-03-31' });
  });

  test('one side open; clearing both removes the filters', () => {
    const until = withDayRange({}, 'dateCreation', { to: '2026-12-31' });
    expect(until.filters).toHaveLength(1);
    expect(dayRangeOf(until.filters, 'dateCreation')).toEqual({ from: undefined, to: '2026-12-31' });
    expect(withDayRange(until, 'dateCreation', {}).filters).toBeUndefined();
  });
});
