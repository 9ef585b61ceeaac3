import { useTranslation } from 'react-i18next';
import { css } from '../../../../styled-system/css';
import { useFetch } from '../../data/use-fetch.ts';
import { formatDate, formatMoney, formatNumber } from '../../i18n/format.ts';
import { EntityList, type ListColumn } from '../../lists/entity-list.tsx';
import type { ListState } from '../../lists/list-state.ts';
import { Badge } from '../../ui/badge.tsx';
import { BarList } from '../../ui/bar-list.tsx';
import { Card } from '../../ui/card.tsx';
import { StatGrid, StatTile } from '../../ui/stat-tile.tsx';
import { categoryStats, type CategoryRecord } from './catalogue-api.ts';
import { CategoryEditor } from './category-editor.tsx';
import { useLabel } from './language.ts';

/** GET /product-category/stats as tiles and a chart of products by category, as of today (CHECKLIST 3). */
function CategoryStatsPanel() {
  const { t } = useTranslation();
  const stats = useFetch((signal) => categoryStats(signal), []);
  if (stats.error)
    return (
      <p role="alert" className={css({ color: 'error', fontSize: 'sm' })}>
        {t('app.catalogue.statsFailed', { error: stats.error.message })}
      </p>
    );
  if (!stats.data) return null;
  const data = stats.data;
  return (
    <Card title={t('app.catalogue.category.stats')}>
      <p className={css({ fontSize: 'xs', color: 'fg.muted' })} data-testid="category-stats-period">
        {t('app.catalogue.asOf', { date: formatDate(Date.now()) })}
      </p>
      <StatGrid>
        <StatTile
          stat="categories"
          label={t('app.catalogue.category.total')}
          value={formatNumber(data.total)}
          sub={t('app.catalogue.category.activeOf', { active: formatNumber(data.active), inactive: formatNumber(data.inactive) })}
        />
        <StatTile stat="fields" label={t('app.catalogue.category.fieldCount')} value={formatNumber(data.fields)} />
      </StatGrid>
      <BarList
        caption={t('app.catalogue.category.productsBy')}
        testId="category-products-chart"
        bars={data.categories.map((c) => ({
          key: c.id,
          label: c.name,
          value: c.products,
          text: `${t('app.catalogue.productCount', { count: c.products, n: formatNumber(c.products) })} · ${formatMoney(c.value)}`,
        }))}
      />
    </Card>
  );
}

/**
 * Product categories (admins, SPEC.md §2): the list kit with each category's fields named in the
 * reader's language, the field editor to add or change one, and the statistics beside it.
 */
export function CategoriesScreen({ state, onStateChange }: { state: ListState; onStateChange: (next: ListState) => void }) {
  const { t } = useTranslation();
  const label = useLabel();
  const fieldNames = (value: unknown) =>
    ((value as CategoryRecord['fields'] | undefined) ?? [])
      .slice()
      .sort((a, b) => a.position - b.position)
      .map((f) => label(f.labels))
      .join(', ');
  const columns: ListColumn[] = [
    { field: 'name' },
    {
      field: 'status',
      render: (value) => (
        <Badge tone={value === 'active' ? 'success' : 'neutral'}>{t(`app.catalogue.categoryStatus.${String(value ?? 'active')}`)}</Badge>
      ),
    },
    { field: 'fields', render: (value) => <span className={css({ overflowWrap: 'anywhere' })}>{fieldNames(value)}</span> },
    { field: 'dateCreation', kind: 'date', hidden: true },
  ];
  return (
    <div
      className={css({
        display: 'grid',
        gap: 'gap',
        gridTemplateColumns: { base: 'minmax(0, 1fr)', xl: 'minmax(0, 1fr) 22rem' },
        alignItems: 'start',
      })}
    >
      <EntityList
        entity="product-category"
        title={t('app.nav.product-categories')}
        columns={columns}
        state={state}
        onStateChange={onStateChange}
        stackedRow={(row) => {
          const category = row as unknown as CategoryRecord;
          return (
            <div className={css({ minW: 0 })}>
              <p className={css({ display: 'flex', gap: '2', alignItems: 'center', flexWrap: 'wrap' })}>
                <strong className={css({ overflowWrap: 'anywhere' })}>{category.name}</strong>
                <Badge tone={category.status === 'inactive' ? 'neutral' : 'success'}>
                  {t(`app.catalogue.categoryStatus.${category.status ?? 'active'}`)}
                </Badge>
              </p>
              <p className={css({ fontSize: 'sm', color: 'fg.muted', overflowWrap: 'anywhere' })}>{fieldNames(category.fields)}</p>
            </div>
          );
        }}
        renderForm={({ record, onClose, onSaved }) => (
          <CategoryEditor category={record as unknown as CategoryRecord | null} onClose={onClose} onSaved={onSaved} />
        )}
      />
      <aside className={css({ xl: { mt: '14' } })}>
        <CategoryStatsPanel />
      </aside>
    </div>
  );
}
