// Style-free (no Panda, no React): the list state logic of a day range, unit-tested on its own.
import type { Filter } from '../../shared/list-params.ts';
import type { ListState } from './list-state.ts';

/** Calendar days (`YYYY-MM-DD`, inclusive) on this device's clock; either side may be open. */
export type DayBounds = { from?: string; to?: string };

/** The instant a local calendar day starts, as the server and the mirror compare it. */
const startOf = (day: string) => new Date(`${day}T00:00:00`).toISOString();

/** A date's local calendar day. */
const localDay = (d: Date) => `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;

/** The local calendar day `days` after `day` (calendar days: a change of clock never shifts them). */
function shift(day: string, days: number): string {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  return localDay(new Date(y, m - 1, d + days));
}

const isBound = (f: Filter, field: string) => f.field === field && (f.operator === 'gte' || f.operator === 'lt');

/** The days a list's filters keep on `field` (its `gte` and `lt` filters), as calendar days. */
export function dayRangeOf(filters: readonly Filter[] | undefined, field: string): DayBounds {
  const gte = filters?.find((f) => f.field === field && f.operator === 'gte')?.values[0];
  const lt = filters?.find((f) => f.field === field && f.operator === 'lt')?.values[0];
  return {
    from: typeof gte === 'string' ? localDay(new Date(gte)) : undefined,
    to: typeof lt === 'string' ? shift(localDay(new Date(lt)), -1) : undefined,
  };
}

/** The list state with `field` kept within these days: from the first day's midnight to the midnight after the last. */
export function withDayRange(state: ListState, field: string, range: DayBounds): ListState {
  const next: Filter[] = (state.filters ?? []).filter((f) => !isBound(f, field));
  if (range.from) next.push({ field, operator: 'gte', values: [startOf(range.from)] });
  if (range.to) next.push({ field, operator: 'lt', values: [startOf(shift(range.to, 1))] });
  return { ...state, filters: next.length ? next : undefined, view: undefined };
}
