// Style-free (no Panda, no React): the list state logic of quick filters, unit-tested on its own.
import type { Filter } from '../../shared/list-params.ts';
import type { ListState } from './list-state.ts';

/** The single-choice pickers' "any" (no filter) and "none" (the field is empty) values. */
export const ANY = '*';
export const NONE = '\u2205';

const isQuick = (filter: Filter) => !filter.operator || filter.operator === 'in' || filter.operator === 'isNull';

/** What a quick filter currently shows, from the list state. */
export function quickValue(filters: readonly Filter[] | undefined, field: string): string[] {
  const filter = filters?.find((f) => f.field === field && isQuick(f));
  if (!filter) return [];
  if (filter.operator === 'isNull') return filter.values[0] === false ? [] : [NONE];
  return filter.values.map(String);
}

/** The list state with the quick filter on `field` replaced by `values` (none = removed). */
export function withQuickValue(state: ListState, field: string, values: string[]): ListState {
  const others = (state.filters ?? []).filter((f) => !(f.field === field && isQuick(f)));
  const chosen = values.filter((v) => v !== ANY);
  const next: Filter[] = [...others];
  // "None" alone means the field is empty; chosen with other values, the last choice wins.
  if (chosen.at(-1) === NONE) next.push({ field, operator: 'isNull', values: [true] });
  else if (chosen.length) next.push({ field, values: chosen.filter((v) => v !== NONE) });
  return { ...state, filters: next.length ? next : undefined, view: undefined };
}
