// Types only: shared/list-params.ts builds zod schemas, and routes parse their search with this
// file, so a value import would pull zod into the first-load bundle.
import type { Filter, FilterOperator, Sort } from '../../shared/list-params.ts';

/** What a list shows, kept in the URL so a link or a reload reopens the same list. */
export type ListState = {
  q?: string;
  filters?: Filter[];
  sorts?: Sort[];
  /** Visible columns, in order; absent = the screen's defaults. */
  cols?: string[];
  /** Name of the saved view this state came from. */
  view?: string;
};

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);
const asArray = (value: unknown): unknown[] => {
  if (Array.isArray(value)) return value;
  if (typeof value === 'string') {
    try {
      const parsed: unknown = JSON.parse(value);
      return Array.isArray(parsed) ? parsed : [];
    } catch {
      return [];
    }
  }
  return [];
};

const isScalar = (v: unknown): v is string | number | boolean | null => v === null || ['string', 'number', 'boolean'].includes(typeof v);

/** A filterable field, or one key of a filterable JSON field (`values.colour`: a product's dynamic value, a slug key). */
const filterAllowed = (filterable: readonly string[], field: string) => {
  const dot = field.indexOf('.');
  return dot < 0
    ? filterable.includes(field)
    : filterable.includes(field.slice(0, dot)) && /^[a-z][a-z0-9_]{0,63}$/.test(field.slice(dot + 1));
};

/**
 * Keeps only well-formed parts (and, given `allowed`, only fields the entity allows), so a
 * hand-edited URL never produces a request the server refuses. Routes call it without
 * `allowed` (their search validation must not pull the schemas into the main bundle);
 * the list screen calls it again with the entity's field lists.
 */
export function parseListState(
  search: Record<string, unknown>,
  allowed?: { filterable: readonly string[]; sortable: readonly string[]; operators: readonly string[] },
): ListState {
  const state: ListState = {};
  if (typeof search.q === 'string' && search.q.trim()) state.q = search.q.slice(0, 200);
  const filters = asArray(search.filters)
    .filter(isRecord)
    .filter((f) => typeof f.field === 'string' && (!allowed || filterAllowed(allowed.filterable, f.field)) && Array.isArray(f.values))
    .map((f) => {
      const filter: Filter = { field: f.field as string, values: (f.values as unknown[]).filter(isScalar).slice(0, 50) };
      if (typeof f.operator === 'string' && (!allowed || allowed.operators.includes(f.operator)))
        filter.operator = f.operator as FilterOperator;
      return filter;
    })
    .slice(0, 20);
  if (filters.length) state.filters = filters;
  const sorts = asArray(search.sorts)
    .filter(isRecord)
    .filter((s) => typeof s.field === 'string' && (!allowed || allowed.sortable.includes(s.field)))
    .map((s) => ({ field: s.field as string, order: s.order === 'desc' ? 'desc' : 'asc' }) satisfies Sort)
    .slice(0, 5);
  if (sorts.length) state.sorts = sorts;
  const cols = asArray(search.cols).filter((c): c is string => typeof c === 'string');
  if (cols.length) state.cols = cols;
  if (typeof search.view === 'string' && search.view) state.view = search.view.slice(0, 100);
  return state;
}

/** Clicking a sortable header: none → asc → desc → none; the clicked field becomes the only sort. */
export function toggleSort(sorts: readonly Sort[] | undefined, field: string): Sort[] | undefined {
  const current = sorts?.find((s) => s.field === field);
  if (!current) return [{ field, order: 'asc' }];
  if (current.order === 'asc') return [{ field, order: 'desc' }];
  return undefined;
}

/** A stable key of what the server is asked (not columns or view), to know when to reload. */
export const queryKey = (state: ListState) => JSON.stringify([state.q ?? '', state.filters ?? [], state.sorts ?? []]);
