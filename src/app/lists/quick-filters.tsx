import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { css } from '../../../styled-system/css';
import { Button } from '../ui/button.tsx';
import { Icon } from '../ui/icons.tsx';
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

/**
 * A row of pickers for a list's most used filters (campaign, staff, labels, …). On a phone they fold
 * behind one 'Filters (n)' button, n the pickers in use, so the list itself starts above the fold.
 */
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
  const [unfolded, setUnfolded] = useState(false);
  const id = useId();
  const inUse = filters.filter((filter) => quickValue(state.filters, filter.field).length > 0).length;
  return (
    <div className={css({ display: 'flex', flexDir: 'column', gap: '2' })}>
      <Button
        variant="outline"
        size="sm"
        aria-expanded={unfolded}
        aria-controls={id}
        data-testid="quick-filters-toggle"
        onClick={() => setUnfolded((open) => !open)}
        className={css({ md: { display: 'none' }, alignSelf: 'start' })}
      >
        {t('app.list.quickFiltersToggle', { count: inUse })}
        <Icon name="chevronDown" size={14} />
      </Button>
      <div
        id={id}
        role="group"
        aria-label={t('app.list.quickFilters')}
        data-testid="quick-filters"
        className={css({
          display: { base: unfolded ? 'grid' : 'none', md: 'grid' },
          gap: '2',
          gridTemplateColumns: 'repeat(auto-fill, minmax(11rem, 1fr))',
        })}
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
    </div>
  );
}
