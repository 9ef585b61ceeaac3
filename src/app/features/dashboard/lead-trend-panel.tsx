import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { css } from '../../../../styled-system/css';
import { formatDate, formatNumber } from '../../i18n/format.ts';
import { Button } from '../../ui/button.tsx';
import { Card } from '../../ui/card.tsx';
import { DatePicker } from '../../ui/date-picker.tsx';
import { Spinner } from '../../ui/spinner.tsx';
import { leadTrend } from '../../api/lead-api.ts';
import { TrendChart } from './trend-chart.tsx';
import { useFetch } from '../../data/use-fetch.ts';
import { RECENT_DAYS, addDays, todayIn } from '../../../shared/calendar.ts';

/** Today on this device's calendar: the server counts days in the same zone (x-timezone). */
const today = () => todayIn(Intl.DateTimeFormat().resolvedOptions().timeZone, new Date());
const PRESETS = [7, 30, 90, 365] as const;

/** The lead trend (SPEC.md §1): new leads per day over a chosen range, as a chart. */
export function LeadTrendPanel() {
  const { t } = useTranslation();
  // By default the days the 'New (30 days)' figure counts.
  const [range, setRange] = useState(() => ({ from: addDays(today(), 1 - RECENT_DAYS), to: today() }));
  const valid = range.from <= range.to;
  const trend = useFetch((signal) => (valid ? leadTrend(range.from, range.to, signal) : Promise.resolve(null)), [range.from, range.to]);
  const preset = (days: number) => setRange({ from: addDays(today(), 1 - days), to: today() });
  const data = trend.data?.trendData ?? [];
  const bucket = trend.data?.bucket ?? 'day';
  const label = t(`app.dashboard.chartLabel.${bucket}`, {
    from: formatDate(`${range.from}T00:00:00`),
    to: formatDate(`${range.to}T00:00:00`),
  });
  return (
    <Card title={t('app.dashboard.leadTrend')}>
      <div className={css({ display: 'flex', gap: '3', flexWrap: 'wrap', alignItems: 'end' })}>
        <div className={css({ w: { base: 'full', sm: '44' } })}>
          <DatePicker label={t('app.dashboard.from')} value={range.from} onChange={(from) => from && setRange((r) => ({ ...r, from }))} />
        </div>
        <div className={css({ w: { base: 'full', sm: '44' } })}>
          <DatePicker label={t('app.dashboard.to')} value={range.to} onChange={(to) => to && setRange((r) => ({ ...r, to }))} />
        </div>
        <div role="group" aria-label={t('app.dashboard.range')} className={css({ display: 'flex', gap: '1', flexWrap: 'wrap' })}>
          {PRESETS.map((days) => (
            <Button key={days} variant="outline" size="sm" onClick={() => preset(days)}>
              {t(`app.dashboard.last${days}`)}
            </Button>
          ))}
        </div>
      </div>
      {!valid ? (
        <p role="alert" className={css({ color: 'error', fontSize: 'sm' })}>
          {t('app.dashboard.badRange')}
        </p>
      ) : null}
      {trend.error ? (
        <p role="alert" className={css({ color: 'error', fontSize: 'sm' })}>
          {t('app.dashboard.loadFailed', { error: trend.error.message })}
        </p>
      ) : null}
      {trend.loading && !data.length ? <Spinner label={t('app.common.loading')} /> : null}
      {trend.data ? (
        <figure className={css({ display: 'flex', flexDir: 'column', gap: '2', m: '0' })}>
          <figcaption className={css({ fontSize: 'sm', color: 'fg.muted' })}>
            {t('app.dashboard.trendTotal', { count: trend.data.total })} · {label}
          </figcaption>
          <div role="img" aria-label={`${label}. ${t('app.dashboard.trendTotal', { count: trend.data.total })}`}>
            <TrendChart
              data={data}
              bucket={bucket}
              seriesLabel={t('app.dashboard.newLeads')}
              dayLabel={t(`app.dashboard.bucket.${bucket}`)}
            />
          </div>
          {/* Hidden in a box: a table ignores the 1 px width of srOnly and stretched a phone's page to 417 px. */}
          <div className={css({ srOnly: true })}>
            <table data-testid="lead-trend-data">
              <caption>{label}</caption>
              <thead>
                <tr>
                  <th scope="col">{t(`app.dashboard.bucket.${bucket}`)}</th>
                  <th scope="col">{t('app.dashboard.newLeads')}</th>
                </tr>
              </thead>
              <tbody>
                {data.map((point) => (
                  <tr key={point.date}>
                    <td>{formatDate(`${point.date}T00:00:00`)}</td>
                    <td>{formatNumber(point.count)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </figure>
      ) : null}
    </Card>
  );
}
