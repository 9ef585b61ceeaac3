import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { RowFacts } from '../../lists/row-facts.tsx';
import { css } from '../../../../styled-system/css';
import { useFetch } from '../../data/use-fetch.ts';
import { useCampaigns } from '../../data/use-lookup.ts';
import { useRecord } from '../../data/use-records.ts';
import { formatCompact, formatDate, formatMoney, formatNumber } from '../../i18n/format.ts';
import { EntityList, type ListColumn } from '../../lists/entity-list.tsx';
import { ExportButtons } from '../../lists/export-buttons.tsx';
import type { ListState } from '../../lists/list-state.ts';
import { withDayRange } from '../../lists/date-range-state.ts';
import { PersonCell } from '../../lists/person-cell.tsx';
import { DayChartFigure, type ChartValues } from '../../ui/day-chart.tsx';
import { DayRangeControls, useDayRange } from '../../ui/day-range.tsx';
import { StatGrid, StatTile } from '../../ui/stat-tile.tsx';
import { salesStats } from './vault-api.ts';
import { Gain, ProductName } from './vault-cells.tsx';

/** The campaign of a sale's lead, by name ('—' without one). */
function LeadCampaign({ leadId }: { leadId: unknown }) {
  const { record } = useRecord('user', String(leadId ?? ''));
  const campaigns = useCampaigns(Boolean(record?.campaignId));
  return <span>{campaigns.nameOf(record?.campaignId) ?? '—'}</span>;
}

const EUROS: ChartValues = { format: formatMoney, axis: formatCompact };
const day = (value: string) => formatDate(`${value.slice(0, 10)}T00:00:00`);

/**
 * Sales (DESIGN.md §12): the holdings sold in the chosen days, with their totals and a chart by day,
 * week or month (GET /holding/sales), and the list of those sales (sold, price, amount, gain, lead,
 * campaign, staff) that the range governs too, exported as it shows (CHECKLIST 3, 9). Staff only.
 */
export function SalesScreen({ state, onStateChange }: { state: ListState; onStateChange: (next: ListState) => void }) {
  const { t } = useTranslation();
  const dayRange = useDayRange(90);
  const { range, valid } = dayRange;
  const sales = useFetch((signal) => (valid ? salesStats(range, signal) : Promise.resolve(undefined)), [range.from, range.to, valid]);
  // The list and its export read the same days as the figures (the sale day on this device's clock).
  const baseFilters = useMemo(
    () => [{ field: 'status', values: ['sold'] }, ...(withDayRange({}, 'soldAt', valid ? range : {}).filters ?? [])],
    [range, valid],
  );
  const period = `${day(range.from)} – ${day(range.to)}`;
  const columns = useMemo<ListColumn[]>(
    () => [
      { field: 'soldAt', render: (value) => (value ? formatDate(String(value)) : '—') },
      { field: 'productId', render: (value) => <ProductName id={value} /> },
      { field: 'userId', render: (value) => <PersonCell id={value} /> },
      { field: 'campaign', render: (_value, row) => <LeadCampaign leadId={row.userId} /> },
      { field: 'purchasePrice', render: (value) => formatMoney(Number(value ?? 0)) },
      { field: 'saleAmount', render: (value) => <span data-testid="sale-amount">{formatMoney(Number(value ?? 0))}</span> },
      { field: 'gain', render: (value) => <Gain value={value} /> },
      { field: 'purchasedBy', render: (value) => <PersonCell id={value} /> },
    ],
    [],
  );
  const data = sales.data;
  return (
    <EntityList
      entity="holding"
      title={t('app.nav.sales')}
      columns={columns}
      state={state}
      onStateChange={onStateChange}
      baseFilters={baseFilters}
      canCreate={false}
      canEdit={() => false}
      canDelete={() => false}
      selectable={false}
      stackedRow={(row) => (
        <RowFacts
          testId="sale-row"
          title={<ProductName id={row.productId} />}
          figure={formatMoney(Number(row.saleAmount ?? 0))}
          meta={<PersonCell id={row.userId} />}
          status={
            <span className={css({ fontSize: 'xs', color: 'fg.muted', textAlign: 'right' })}>
              {formatDate(String(row.soldAt))} · <Gain value={row.gain} />
            </span>
          }
        />
      )}
      actions={
        <ExportButtons
          entity="holding"
          query={{ filters: [...baseFilters, ...(state.filters ?? [])], sorts: state.sorts, q: state.q }}
          testId="sales-export"
        />
      }
      toolbar={
        <section aria-label={`${t('app.vault.sales.title')}, ${period}`} data-testid="sales-stats" className={css({ mb: 'gap' })}>
          <div className={css({ mb: '3' })}>
            <DayRangeControls {...dayRange} />
          </div>
          {sales.error ? (
            <p role="alert" className={css({ color: 'error', fontSize: 'sm' })}>
              {t('app.vault.stats.failed', { error: sales.error.message })}
            </p>
          ) : null}
          {data ? (
            <>
              <p className={css({ fontSize: 'xs', color: 'fg.muted', mb: '1.5' })} data-testid="sales-period">
                {period}
              </p>
              <StatGrid>
                <StatTile stat="count" label={t('app.vault.sales.count')} value={formatNumber(data.count)} sub={period} />
                <StatTile stat="sold" label={t('app.vault.sales.sold')} value={formatMoney(data.sold)} sub={period} />
                <StatTile stat="purchased" label={t('app.vault.sales.purchased')} value={formatMoney(data.purchased)} sub={period} />
                <StatTile stat="gain" label={t('app.vault.sales.gain')} value={formatMoney(data.gain)} sub={period} />
              </StatGrid>
              <div className={css({ mt: '3' })}>
                <DayChartFigure
                  title={t(`app.vault.sales.chart.${data.unit}`, { period })}
                  summary={t('app.vault.sales.summary', { amount: formatMoney(data.sold), gain: formatMoney(data.gain) })}
                  days={data.series.map((p) => p.period)}
                  monthly={data.unit === 'month'}
                  dayLabel={t(`app.vault.sales.unit.${data.unit}`)}
                  height={200}
                  values={EUROS}
                  series={[
                    { label: t('app.vault.sales.sold'), values: data.series.map((p) => p.sold), tone: 'primary', main: true },
                    { label: t('app.vault.sales.gain'), values: data.series.map((p) => p.gain), tone: 'success' },
                  ]}
                  chartTestId="sales-chart"
                  tableTestId="sales-chart-table"
                />
              </div>
            </>
          ) : null}
        </section>
      }
    />
  );
}
