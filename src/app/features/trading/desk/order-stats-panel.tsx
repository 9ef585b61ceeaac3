import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { css } from '../../../../../styled-system/css';
import { useFetch } from '../../../data/use-fetch.ts';
import { formatDate, formatMoney, formatNumber } from '../../../i18n/format.ts';
import { BarList } from '../../../ui/bar-list.tsx';
import { DayRangeControls, useDayRange, type DayRange } from '../../../ui/day-range.tsx';
import { StatGrid, StatTile } from '../../../ui/stat-tile.tsx';
import { useNarrow } from '../../../ui/use-narrow.ts';
import { loadOrderStats, type OrderStats } from './order-stats.ts';

const day = (value: string) => formatDate(`${value.slice(0, 10)}T00:00:00`);

/** The period an answer covers, in words: "1 Mar 2026 – 31 Mar 2026" (an open side: from the first order, or up to today). */
export const statsPeriod = (stats: Pick<OrderStats, 'from' | 'to'>) =>
  `${stats.from ? day(stats.from) : '…'} – ${day(stats.to ?? new Date().toISOString())}`;

/** GET /order/stats over a day range, read once by the screen that shows it. */
export const useOrderStats = (reload = 0, range?: DayRange) =>
  useFetch<OrderStats>((signal) => loadOrderStats(range ?? {}, signal), [reload, range?.from, range?.to]);

/** A win rate as the reader writes percentages; '—' with no closed order. */
export const winRateText = (rate: number | null) => (rate === null ? '—' : `${formatNumber(rate)} %`);

/**
 * The desk's figures (DESIGN.md §11): open and closed orders, volume, realised profit and win rate of
 * the orders opened in the chosen days (CHECKLIST 3: one range control governs every figure, each says
 * its period), then realised profit by symbol and by market as bars with their figures written out.
 */
export function OrderStatsPanel({ reload = 0 }: { reload?: number }) {
  const { t } = useTranslation();
  const narrow = useNarrow();
  // On a phone the figures fold under one line (what, when, the profit), so the orders start above the fold.
  const [open, setOpen] = useState(!narrow);
  const dayRange = useDayRange(30);
  const stats = useOrderStats(reload, dayRange.valid ? dayRange.range : undefined);
  const data = stats.data;
  const period = data ? statsPeriod(data) : '';
  const orders = (n: number) => t('app.desk.stats.orders', { count: n, n: formatNumber(n) });
  const signed = (euros: number) => `${euros > 0 ? '+' : euros < 0 ? '−' : ''}${formatMoney(Math.abs(euros))}`;
  return (
    <details
      open={open}
      onToggle={(event) => setOpen(event.currentTarget.open)}
      aria-label={`${t('app.desk.stats.title')}, ${period}`}
      data-testid="order-stats"
    >
      <summary className={css({ cursor: 'pointer', fontSize: 'sm', fontWeight: 'semibold', mb: '2' })}>
        {t('app.desk.stats.title')}
        {data ? ` · ${t('app.desk.stats.period', { period })} · ${signed(data.realisedProfit)}` : ''}
      </summary>
      <div className={css({ display: 'flex', flexDir: 'column', gap: '3' })}>
        <div data-testid="stats-range">
          <DayRangeControls {...dayRange} />
        </div>
        {stats.error ? (
          <p role="alert" className={css({ color: 'error', fontSize: 'sm' })}>
            {t('app.desk.stats.failed', { error: stats.error.message })}
          </p>
        ) : null}
        {data ? (
          <>
            <p data-testid="stats-period" className={css({ fontSize: 'xs', color: 'fg.muted' })}>
              {t('app.desk.stats.period', { period })}
            </p>
            <StatGrid>
              <StatTile stat="open" label={t('app.desk.stats.open')} value={formatNumber(data.open)} />
              <StatTile stat="closed" label={t('app.desk.stats.closed')} value={formatNumber(data.closed)} />
              <StatTile stat="volume" label={t('app.desk.stats.volume')} value={formatNumber(data.volume)} />
              <StatTile
                stat="realisedProfit"
                label={t('app.desk.stats.realisedProfit')}
                value={signed(data.realisedProfit)}
                sub={orders(data.closed)}
              />
              <StatTile stat="winRate" label={t('app.desk.stats.winRate')} value={winRateText(data.winRate)} sub={orders(data.closed)} />
            </StatGrid>
            <div
              className={css({
                display: 'grid',
                gap: 'gap',
                gridTemplateColumns: { base: 'minmax(0, 1fr)', lg: 'repeat(2, minmax(0, 1fr))' },
              })}
            >
              <BarList
                testId="by-symbol"
                caption={`${t('app.desk.stats.bySymbol')} · ${t('app.desk.stats.realisedProfit')} · ${period}`}
                bars={data.bySymbol
                  .filter((s) => s.open + s.closed > 0)
                  .map((s) => ({
                    key: s.symbol,
                    label: s.symbol,
                    value: s.realisedProfit,
                    text: `${signed(s.realisedProfit)} · ${orders(s.open + s.closed)} · ${winRateText(s.winRate)}`,
                  }))}
              />
              <BarList
                testId="by-market"
                caption={`${t('app.desk.stats.byMarket')} · ${t('app.desk.stats.realisedProfit')} · ${period}`}
                bars={data.byMarket
                  .filter((m) => m.open + m.closed > 0)
                  .map((m) => ({
                    key: m.market,
                    label: t(`app.desk.market.${m.market}`),
                    value: m.realisedProfit,
                    text: `${signed(m.realisedProfit)} · ${orders(m.open + m.closed)} · ${winRateText(m.winRate)}`,
                  }))}
              />
            </div>
          </>
        ) : null}
      </div>
    </details>
  );
}
