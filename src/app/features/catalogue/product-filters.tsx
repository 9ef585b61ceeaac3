import { useTranslation } from 'react-i18next';
import { css } from '../../../../styled-system/css';
import { orderedFields } from '../../../shared/catalogue/fields.ts';
import type { Filter, FilterOperator } from '../../../shared/list-params.ts';
import { readTyped } from '../../forms/amount-input.tsx';
import type { ListState } from '../../lists/list-state.ts';
import { Field, FieldInput } from '../../ui/field.tsx';
import { controlStyle } from '../../ui/input.tsx';
import { Select } from '../../ui/select.tsx';
import type { CategoryRecord } from './catalogue-api.ts';
import { useLabel } from './language.ts';

/** The choice of no filter (a select item's value is never empty). */
const ANY = '*';

/** The filter on `field` with `operator` in a list's state, if any. */
export const filterOf = (state: ListState, field: string, operator: FilterOperator = 'in') =>
  state.filters?.find((f) => f.field === field && (f.operator ?? 'in') === operator);

/** The state with the filter on `field`/`operator` replaced (or removed when `values` is empty). */
function withFilter(state: ListState, field: string, operator: FilterOperator, values: Filter['values']): ListState {
  const others = (state.filters ?? []).filter((f) => !(f.field === field && (f.operator ?? 'in') === operator));
  const filters = values.length ? [...others, { field, operator, values }] : others;
  return { ...state, filters: filters.length ? filters : undefined, view: undefined };
}

/**
 * The products' own filters, kept in the list's state (the URL) as list-kit JSON filters: the category,
 * a price range, and once a category is chosen each of its select and yes/no fields (`values.<key>`,
 * answered by the server's GIN index and by the local mirror alike).
 */
export function ProductFilters({
  state,
  onStateChange,
  categories,
}: {
  state: ListState;
  onStateChange: (next: ListState) => void;
  categories: readonly CategoryRecord[];
}) {
  const { t } = useTranslation();
  const label = useLabel();
  const categoryId = filterOf(state, 'categoryId')?.values[0] as string | undefined;
  const category = categories.find((c) => c.id === categoryId);
  const price = (operator: 'gte' | 'lte') => filterOf(state, 'price', operator)?.values[0];
  const setPrice = (operator: 'gte' | 'lte', text: string) => {
    const reading = readTyped(text);
    onStateChange(withFilter(state, 'price', operator, text.trim() && reading.ok ? [reading.cents / 100] : []));
  };
  const chooseCategory = (id: string) => {
    // Another category has other fields: its value filters go.
    const kept: ListState = { ...state, filters: (state.filters ?? []).filter((f) => !f.field.startsWith('values.')) };
    onStateChange(withFilter(kept, 'categoryId', 'in', id ? [id] : []));
  };
  return (
    <div
      className={css({
        display: 'grid',
        gap: '2',
        gridTemplateColumns: 'repeat(auto-fill, minmax(min(100%, 11rem), 1fr))',
        alignItems: 'end',
      })}
      data-testid="product-filters"
    >
      <Select
        label={t('app.catalogue.product.category')}
        options={[
          { value: ANY, label: t('app.catalogue.filters.anyCategory') },
          ...categories.map((c) => ({ value: c.id, label: c.name })),
        ]}
        value={[categoryId ?? ANY]}
        onChange={(value) => chooseCategory(value[0] ?? ANY)}
      />
      <Field label={t('app.catalogue.filters.priceFrom')}>
        <FieldInput
          className={controlStyle}
          inputMode="decimal"
          name="priceFrom"
          defaultValue={price('gte') === undefined ? '' : String(price('gte'))}
          onBlur={(e) => setPrice('gte', e.target.value)}
        />
      </Field>
      <Field label={t('app.catalogue.filters.priceTo')}>
        <FieldInput
          className={controlStyle}
          inputMode="decimal"
          name="priceTo"
          defaultValue={price('lte') === undefined ? '' : String(price('lte'))}
          onBlur={(e) => setPrice('lte', e.target.value)}
        />
      </Field>
      {category
        ? orderedFields(category.fields)
            .filter((f) => f.options?.length || f.type === 'boolean')
            .map((field) => {
              const path = `values.${field.key}`;
              const current = filterOf(state, path)?.values[0];
              const options = field.options?.length
                ? field.options.map((o) => ({ value: o.key, label: label(o.labels) }))
                : [
                    { value: 'true', label: t('app.common.yes') },
                    { value: 'false', label: t('app.common.no') },
                  ];
              return (
                <Select
                  key={field.key}
                  name={path}
                  label={label(field.labels)}
                  options={[{ value: ANY, label: t('app.catalogue.filters.any') }, ...options]}
                  value={[current === undefined ? ANY : String(current)]}
                  onChange={(value) => {
                    const picked = value[0] ?? ANY;
                    const typed = field.type === 'boolean' ? picked === 'true' : picked;
                    onStateChange(withFilter(state, path, 'in', picked === ANY ? [] : [typed]));
                  }}
                />
              );
            })
        : null}
    </div>
  );
}
