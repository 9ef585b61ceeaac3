import { useTranslation } from 'react-i18next';
import { css } from '../../../styled-system/css';
import type { Filter } from '../../shared/list-params.ts';
import { Select, type Option } from '../ui/select.tsx';
import type { ListState } from './list-state.ts';

/** One filter offered as a picker beside the search (it edits the same `filters` of the URL). */
export type QuickFilter = {
  field: string;
  label: string;
  options: readonly Option[];
  /** Several values (any of them matches); one value otherwise. */
  multiple?: boolean;
  /** Offers "none" (the field is empty) with this label. */
  noneLabel?: string;
};

const ANY = '*';
const NONE = '\u2205';

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

/** A row of pickers for a list's most used filters (campaign, staff, labels, …). */
export function QuickFilters({ filters, state, onStateChange }: { filters: readonly QuickFilter[]; state: ListState; onStateChange: (next: ListState) => void }) {
  const { t } = useTranslation();
  return (
    <div role="group" aria-label={t('app.list.quickFilters')} className={css({ display: 'grid', gap: '2', gridTemplateColumns: 'repeat(auto-fill, minmax(11rem, 1fr))' })}>
      {filters.map((filter) => {
        const options: Option[] = [
          ...(filter.multiple ? [] : [{ value: ANY, label: t('app.list.any') }]),
          ...(filter.noneLabel ? [{ value: NONE, label: filter.noneLabel }] : []),
          ...filter.options,
        ];
        return (
          <Select
            key={filter.field}
            label={filter.label}
            options={options}
            multiple={filter.multiple}
            placeholder={t('app.list.any')}
            value={quickValue(state.filters, filter.field)}
            onChange={(values) => onStateChange(withQuickValue(state, filter.field, filter.multiple ? values : values.slice(-1)))}
          />
        );
      })}
    </div>
  );
}
