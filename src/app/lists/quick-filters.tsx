import { useTranslation } from 'react-i18next';
import { css } from '../../../styled-system/css';
import { Select, type Option } from '../ui/select.tsx';
import type { ListState } from './list-state.ts';
import { ANY, NONE, quickValue, withQuickValue } from './quick-filter-state.ts';

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

/** A row of pickers for a list's most used filters (campaign, staff, labels, …). */
export function QuickFilters({
  filters,
  state,
  onStateChange,
}: {
  filters: readonly QuickFilter[];
  state: ListState;
  onStateChange: (next: ListState) => void;
}) {
  const { t } = useTranslation();
  return (
    <div
      role="group"
      aria-label={t('app.list.quickFilters')}
      className={css({ display: 'grid', gap: '2', gridTemplateColumns: 'repeat(auto-fill, minmax(11rem, 1fr))' })}
    >
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
