import { css } from '../../../styled-system/css';
import { DatePicker } from '../ui/date-picker.tsx';
import type { ListState } from './list-state.ts';
import { dayRangeOf, withDayRange } from './date-range-state.ts';

/**
 * A list's day range on a date field (orders opened from … until …): two calendars writing the same
 * `filters` of the URL as the filter editor (`gte` the first day's local midnight, `lt` the midnight
 * after the last), so the list, its count and its export read the same days.
 */
export function DateRangeFilter({
  field,
  labels,
  state,
  onStateChange,
}: {
  field: string;
  labels: { from: string; to: string };
  state: ListState;
  onStateChange: (next: ListState) => void;
}) {
  const range = dayRangeOf(state.filters, field);
  return (
    <div
      data-testid={`date-range-${field}`}
      className={css({ display: 'grid', gap: '2', gridTemplateColumns: 'repeat(auto-fill, minmax(min(100%, 11rem), 1fr))' })}
    >
      <DatePicker
        label={labels.from}
        value={range.from ?? null}
        onChange={(from) => onStateChange(withDayRange(state, field, { ...range, from: from ?? undefined }))}
      />
      <DatePicker
        label={labels.to}
        value={range.to ?? null}
        onChange={(to) => onStateChange(withDayRange(state, field, { ...range, to: to ?? undefined }))}
      />
    </div>
  );
}
