import { useTranslation } from 'react-i18next';
import { css } from '../../../../styled-system/css';
import { useFetch } from '../../data/use-fetch.ts';
import { formatCompact, formatDate, formatMoney, formatNumber } from '../../i18n/format.ts';
import { DayChartFigure, type ChartValues } from '../../ui/day-chart.tsx';
import { StatGrid, StatTile } from '../../ui/stat-tile.tsx';
import { DayRangeControls, useDayRange, type DayRange } from '../../ui/day-range.tsx';
import { investmentStats, type InvestmentStats } from './investments-api.ts';
import { paidWithin } from './stats-figures.ts';

const periodStyle = css({ fontSize: 'xs', color: 'fg.muted', mb: '1.5' });
const barTrack = css({ h: '2', bg: 'bg.muted', borderRadius: 'full', overflow: 'hidden', flex: '1', minW: '16' });

/** Euros: exact in the legend and the table, short on the axis. */
const EUROS: ChartValues = { format: formatMoney, axis: formatCompact };

const day = (value: string) => formatDate(`${value.slice(0, 10)}T00:00:00`);

/** The statistics of GET /investment/stats, read once by the screen that shows them; months over `range` when given. */
export const useInvestmentStats = (reload = 0, range?: DayRange) =>
  useFetch<InvestmentStats>((signal) => investmentStats(range ?? {}, signal), [reload, range?.from, range?.to]);

/**
 * GET /investment/stats (DESIGN.md §13) as tiles, a chart by frequency and one month by month, each
 * under the period it covers (CHECKLIST 3): the totals are every investment in scope as of today; the
 * months run over the server's `from`–`to`.
 */
export function InvestmentStatsPanel({ reload = 0 }: { reload?: number }) {
  const { t } = useTranslation();
  const dayRange = useDayRange(365);
  const stats = useInvestmentStats(reload, dayRange.valid ? dayRange.range : undefined);
  const controls = (
    <div data-testid="stats-range" className={css({ mb: '3' })}>
      <DayRangeControls {...dayRange} />
    </div>
  );
  if (stats.error)
    return (
      <>
        {controls}
        <p role="alert" className={css({ color: 'error', fontSize: 'sm', mb: 'gap' })}>
          {t('app.investments.statsFailed', { error: stats.error.message })}
        </p>
      </>
    );
  if (!stats.data) return controls;
  const data = stats.data;
  const count = (n: number) => t('app.investments.count', { count: n, n: formatNumber(n) });
  const asOf = t('app.investments.stats.asOf', { date: formatDate(Date.now()) });
  const months = `${day(data.from)} – ${day(data.to)}`;
  const largest = Math.max(1, ...data.byFrequency.map((f) => f.investedCapital));
  const paidInPeriod = paidWithin(data.overTime, data.from, data.to);
  return (
    <section aria-label={`${t('app.investments.stats.title')}, ${asOf}`} data-testid="investment-stats" className={css({ mb: 'gap' })}>
      {controls}
      <p data-testid="stats-period" className={periodStyle}>
        {asOf}
      </p>
      <StatGrid>
        <StatTile
          stat="investedCapital"
          label={t('app.investments.stats.investedCapital')}
          value={formatMoney(data.investedCapital)}
          sub={count(data.active)}
        />
        <StatTile stat="active" label={t('app.investments.status.active')} value={formatNumber(data.active)} />
        <StatTile stat="ended" label={t('app.investments.status.ended')} value={formatNumber(data.ended)} />
        <StatTile stat="dividendsPaid" label={t('app.investments.stats.dividendsPaid')} value={formatMoney(data.dividendsPaid)} />
        <StatTile stat="dividendsToCome" label={t('app.investments.stats.dividendsToCome')} value={formatMoney(data.dividendsToCome)} />
        <StatTile stat="paidInPeriod" label={t('app.investments.stats.paidInRange')} value={formatMoney(paidInPeriod)} sub={months} />
      </StatGrid>
      <div
        className={css({ display: 'grid', gap: 'gap', mt: '3', gridTemplateColumns: { base: '1fr', xl: 'minmax(0, 1fr) minmax(0, 2fr)' } })}
      >
        <figure className={css({ display: 'flex', flexDir: 'column', gap: '1.5', m: '0' })} data-testid="by-frequency">
          <figcaption className={css({ fontSize: 'sm', color: 'fg.muted' })}>
            {t('app.investments.stats.byFrequency')} · {asOf}
          </figcaption>
          {data.byFrequency.map((f) => (
            <div key={f.frequency} className={css({ display: 'flex', gap: '2', alignItems: 'center', fontSize: 'sm', flexWrap: 'wrap' })}>
              <span className={css({ w: '24', flexShrink: 0 })}>{t(`app.projects.frequency.${f.frequency}`)}</span>
              <span className={barTrack} aria-hidden="true">
                <span
                  className={css({ display: 'block', h: 'full', bg: 'primary' })}
                  style={{ width: `${(f.investedCapital / largest) * 100}%` }}
                />
              </span>
              <span className={css({ fontVariantNumeric: 'tabular-nums' })}>
                {formatMoney(f.investedCapital)} · {count(f.active)}
              </span>
            </div>
          ))}
        </figure>
        <DayChartFigure
          title={t('app.investments.stats.overTime', { period: months })}
          summary={t('app.investments.stats.paidInPeriod', { amount: formatMoney(paidInPeriod) })}
          days={data.overTime.map((m) => `${m.month}-01`)}
          monthly
          dayLabel={t('app.investments.stats.month')}
          height={200}
          values={EUROS}
          series={[
            { label: t('app.investments.stats.invested'), values: data.overTime.map((m) => m.invested), tone: 'primary', main: true },
            { label: t('app.investments.stats.dividendsPaid'), values: data.overTime.map((m) => m.paid), tone: 'success' },
            { label: t('app.investments.stats.dividendsToCome'), values: data.overTime.map((m) => m.toCome), tone: 'error' },
          ]}
          chartTestId="investments-chart"
          tableTestId="investments-chart-table"
        />
      </div>
    </section>
  );
}
