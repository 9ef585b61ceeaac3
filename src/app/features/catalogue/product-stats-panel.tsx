import { useTranslation } from 'react-i18next';
import { css } from '../../../../styled-system/css';
import { useFetch } from '../../data/use-fetch.ts';
import { formatDate, formatMoney, formatNumber } from '../../i18n/format.ts';
import { BarList } from '../../ui/bar-list.tsx';
import { Card } from '../../ui/card.tsx';
import { StatGrid, StatTile } from '../../ui/stat-tile.tsx';
import { productStats } from './catalogue-api.ts';

/** GET /product/stats as tiles and the value by category and by market: the catalogue as of today (CHECKLIST 3). */
export function ProductStatsPanel() {
  const { t } = useTranslation();
  const stats = useFetch((signal) => productStats(signal), []);
  if (stats.error)
    return (
      <p role="alert" className={css({ color: 'error', fontSize: 'sm' })}>
        {t('app.catalogue.statsFailed', { error: stats.error.message })}
      </p>
    );
  if (!stats.data) return null;
  const data = stats.data;
  const bars = (groups: typeof data.byCategory, none: string) =>
    groups.map((g) => ({
      key: g.id ?? 'none',
      label: g.name ?? none,
      value: g.value,
      text: `${formatMoney(g.value)} · ${t('app.catalogue.productCount', { count: g.count, n: formatNumber(g.count) })}`,
    }));
  return (
    <Card title={t('app.catalogue.product.stats')}>
      <p className={css({ fontSize: 'xs', color: 'fg.muted' })} data-testid="product-stats-period">
        {t('app.catalogue.asOf', { date: formatDate(Date.now()) })}
      </p>
      <div data-testid="product-stats">
        <StatGrid>
          <StatTile
            stat="count"
            label={t('app.catalogue.stats.products')}
            value={formatNumber(data.count)}
            sub={t('app.catalogue.stats.heldOf', { held: formatNumber(data.held), available: formatNumber(data.available) })}
          />
          <StatTile stat="value" label={t('app.catalogue.stats.value')} value={formatMoney(data.totalValue)} />
          <StatTile
            stat="average"
            label={t('app.catalogue.stats.average')}
            value={formatMoney(data.averagePrice)}
            sub={`${formatMoney(data.minPrice)} – ${formatMoney(data.maxPrice)}`}
          />
        </StatGrid>
      </div>
      <div
        className={css({ display: 'grid', gap: 'gap', gridTemplateColumns: { base: 'minmax(0, 1fr)', md: 'repeat(2, minmax(0, 1fr))' } })}
      >
        <BarList caption={t('app.catalogue.stats.byCategory')} bars={bars(data.byCategory, '—')} testId="product-value-by-category" />
        <BarList
          caption={t('app.catalogue.stats.byMarket')}
          bars={bars(data.byMarket, t('app.catalogue.product.noMarket'))}
          testId="product-value-by-market"
        />
      </div>
    </Card>
  );
}
