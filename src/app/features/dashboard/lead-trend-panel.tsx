import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { css } from '../../../../styled-system/css';
import { formatDate, formatNumber } from '../../i18n/format.ts';
import { Card } from '../../ui/card.tsx';
import { DayChartFigure, type ChartValues } from '../../ui/day-chart.tsx';
import { DayRangeControls, useDayRange } from '../../ui/day-range.tsx';
import { Spinner } from '../../ui/spinner.tsx';
import { leadTrend } from '../../api/lead-api.ts';
import { useFetch } from '../../data/use-fetch.ts';

/** Counts of leads: whole numbers on the axis, from zero. */
const COUNTS: ChartValues = {
  format: formatNumber,
  axis: (value, locale) => (Number.isInteger(value) ? formatNumber(value, locale) : ''),
  fromZero: true,
};

/** The lead trend (SPEC.md §1): new leads per day over a chosen range, as a chart. */
export function LeadTrendPanel() {
  const { t } = useTranslation();
  // By default the days the 'New (30 days)' figure counts.
  const dayRange = useDayRange();
  const { range, valid } = dayRange;
  const trend = useFetch((signal) => (valid ? leadTrend(range.from, range.to, signal) : Promise.resolve(null)), [range.from, range.to]);
  const data = trend.data?.trendData;
  // Made once per answer: the chart draws again whenever its days or series change.
  const chart = useMemo(
    () =>
      data && {
        days: data.map((point) => point.date),
        series: [
          { label: t('app.dashboard.newLeads'), values: data.map((point) => point.count), tone: 'primary', main: true, filled: true },
        ] as const,
      },
    [data, t],
  );
  const bucket = trend.data?.bucket ?? 'day';
  const label = t(`app.dashboard.chartLabel.${bucket}`, {
    from: formatDate(`${range.from}T00:00:00`),
    to: formatDate(`${range.to}T00:00:00`),
  });
  return (
    <Card title={t('app.dashboard.leadTrend')}>
      <DayRangeControls {...dayRange} />
      {trend.error ? (
        <p role="alert" className={css({ color: 'error', fontSize: 'sm' })}>
          {t('app.dashboard.loadFailed', { error: trend.error.message })}
        </p>
      ) : null}
      {trend.loading && !data?.length ? <Spinner label={t('app.common.loading')} /> : null}
      {trend.data && chart ? (
        <DayChartFigure
          title={label}
          summary={t('app.dashboard.trendTotal', { count: trend.data.total })}
          days={chart.days}
          series={chart.series}
          values={COUNTS}
          dayLabel={t(`app.dashboard.bucket.${bucket}`)}
          monthly={bucket === 'month'}
          chartTestId="lead-trend-chart"
          tableTestId="lead-trend-data"
        />
      ) : null}
    </Card>
  );
}
