import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { css } from '../../../../styled-system/css';
import type { DepositStats } from '../../../shared/money/stats.ts';
import { useFetch } from '../../data/use-fetch.ts';
import { useCampaigns, useStaff } from '../../data/use-lookup.ts';
import { formatDate, formatMoney, formatNumber } from '../../i18n/format.ts';
import { Button } from '../../ui/button.tsx';
import { Card, PageHeader } from '../../ui/card.tsx';
import { DatePicker } from '../../ui/date-picker.tsx';
import { Spinner } from '../../ui/spinner.tsx';
import { FlowChart, type FlowSeries } from './flow-chart.tsx';
import { depositStats, withdrawalStats } from './money-api.ts';
import { MoneyStatsPanel } from './money-stats-panel.tsx';

const DAY = 86_400_000;
const isoDay = (time: number) => {
  const d = new Date(time);
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
};
const PRESETS = [7, 30, 90] as const;

/** Cash flow (DESIGN.md §13): deposits and withdrawals together, the daily net flow, totals, first deposits. */
export function CashFlowScreen() {
  const { t } = useTranslation();
  const today = isoDay(Date.now());
  const [range, setRange] = useState({ from: isoDay(Date.now() - 29 * DAY), to: today });
  const valid = range.from <= range.to;
  const flow = useFetch(
    (signal) =>
      valid
        ? Promise.all([depositStats(range, signal), withdrawalStats(range, signal)]).then(([deposits, withdrawals]) => ({
            deposits,
            withdrawals,
          }))
        : Promise.resolve(null),
    [range.from, range.to],
  );
  const chart = useMemo(() => {
    if (!flow.data) return null;
    const out = new Map(flow.data.withdrawals.daily.map((d) => [d.date, d.completed.amount]));
    const days = flow.data.deposits.daily.map((d) => d.date);
    const series: FlowSeries[] = [
      { label: t('app.money.cashFlow.deposits'), tone: 'success', values: flow.data.deposits.daily.map((d) => d.completed.amount) },
      { label: t('app.money.cashFlow.withdrawals'), tone: 'error', values: days.map((day) => out.get(day) ?? 0) },
      { label: t('app.money.cashFlow.net'), tone: 'primary', values: flow.data.deposits.daily.map((d) => d.net) },
    ];
    return { days, series };
  }, [flow.data, t]);
  const label = t('app.money.cashFlow.chartLabel', { from: formatDate(`${range.from}T00:00:00`), to: formatDate(`${range.to}T00:00:00`) });

  return (
    <div className={css({ display: 'flex', flexDir: 'column', gap: 'gap' })}>
      <PageHeader title={t('app.nav.cash-flow')} />
      <Card title={t('app.money.cashFlow.netFlow')}>
        <div className={css({ display: 'flex', gap: '3', flexWrap: 'wrap', alignItems: 'end' })}>
          <div className={css({ w: '44' })}>
            <DatePicker label={t('app.dashboard.from')} value={range.from} onChange={(from) => from && setRange((r) => ({ ...r, from }))} />
          </div>
          <div className={css({ w: '44' })}>
            <DatePicker label={t('app.dashboard.to')} value={range.to} onChange={(to) => to && setRange((r) => ({ ...r, to }))} />
          </div>
          <div role="group" aria-label={t('app.dashboard.range')} className={css({ display: 'flex', gap: '1' })}>
            {PRESETS.map((days) => (
              <Button
                key={days}
                variant="outline"
                size="sm"
                onClick={() => setRange({ from: isoDay(Date.now() - (days - 1) * DAY), to: today })}
              >
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
        {flow.error ? (
          <p role="alert" className={css({ color: 'error', fontSize: 'sm' })}>
            {t('app.money.statsFailed', { error: flow.error.message })}
          </p>
        ) : null}
        {flow.loading && !flow.data ? <Spinner label={t('app.common.loading')} /> : null}
        {flow.data && chart ? (
          <figure className={css({ display: 'flex', flexDir: 'column', gap: '2', m: '0' })}>
            <figcaption className={css({ fontSize: 'sm', color: 'fg.muted' })}>
              {t('app.money.cashFlow.netTotal', { amount: formatMoney(flow.data.deposits.net) })} · {label}
            </figcaption>
            <div role="img" aria-label={`${label}. ${t('app.money.cashFlow.netTotal', { amount: formatMoney(flow.data.deposits.net) })}`}>
              <FlowChart days={chart.days} series={chart.series} dayLabel={t('app.dashboard.day')} />
            </div>
            <table className={css({ srOnly: true })} data-testid="flow-data">
              <caption>{label}</caption>
              <thead>
                <tr>
                  <th scope="col">{t('app.dashboard.day')}</th>
                  {chart.series.map((s) => (
                    <th key={s.label} scope="col">
                      {s.label}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {chart.days.map((day, i) => (
                  <tr key={day}>
                    <td>{formatDate(`${day}T00:00:00`)}</td>
                    {chart.series.map((s) => (
                      <td key={s.label}>{formatMoney(s.values[i] ?? 0)}</td>
                    ))}
                  </tr>
                ))}
              </tbody>
            </table>
          </figure>
        ) : null}
      </Card>
      <Card title={t('app.money.cashFlow.depositTotals')}>
        <MoneyStatsPanel entity="deposit" />
      </Card>
      <Card title={t('app.money.cashFlow.withdrawalTotals')}>
        <MoneyStatsPanel entity="withdrawal" />
      </Card>
      <FirstDepositsPanel firsts={flow.data?.deposits.firstTimeBy ?? null} loading={flow.loading} />
    </div>
  );
}

/** First deposits of the range by the lead's campaign and by its assigned staff member, as the server sums them. */
function FirstDepositsPanel({ firsts, loading }: { firsts: DepositStats['firstTimeBy'] | null; loading: boolean }) {
  const { t } = useTranslation();
  const campaigns = useCampaigns();
  const staff = useStaff();
  const groups = useMemo(
    () => ({
      campaign: (firsts?.campaign ?? []).map((g) => ({ ...g, name: campaigns.nameOf(g.id) ?? t('app.common.none') })),
      staff: (firsts?.staff ?? []).map((g) => ({ ...g, name: g.id ? (staff.nameOf(g.id) ?? '…') : t('app.people.unassigned') })),
    }),
    [firsts, campaigns, staff, t],
  );

  return (
    <div className={css({ display: 'grid', gap: 'gap', gridTemplateColumns: { base: '1fr', md: 'repeat(2, minmax(0, 1fr))' } })}>
      {(['campaign', 'staff'] as const).map((by) => (
        <Card key={by} title={t(`app.money.cashFlow.firstBy.${by}`)}>
          {loading && !firsts ? <Spinner label={t('app.common.loading')} /> : null}
          <table className={css({ w: 'full', fontSize: 'sm', borderCollapse: 'collapse' })} data-testid={`first-by-${by}`}>
            <thead>
              <tr className={css({ color: 'fg.muted', textAlign: 'start' })}>
                <th scope="col" className={css({ textAlign: 'start', py: '1' })}>
                  {t(`app.money.cashFlow.${by}`)}
                </th>
                <th scope="col" className={css({ textAlign: 'end', py: '1' })}>
                  {t('app.money.cashFlow.count')}
                </th>
                <th scope="col" className={css({ textAlign: 'end', py: '1' })}>
                  {t('app.fields.amount')}
                </th>
              </tr>
            </thead>
            <tbody>
              {groups[by].map((row) => (
                <tr key={row.id ?? 'none'} className={css({ borderTopWidth: '1px', borderColor: 'border' })}>
                  <td className={css({ py: '1.5' })}>{row.name}</td>
                  <td className={css({ py: '1.5', textAlign: 'end' })}>{formatNumber(row.count)}</td>
                  <td className={css({ py: '1.5', textAlign: 'end', fontVariantNumeric: 'tabular-nums' })}>{formatMoney(row.amount)}</td>
                </tr>
              ))}
            </tbody>
          </table>
          {firsts && !groups[by].length ? (
            <p className={css({ color: 'fg.muted', fontSize: 'sm' })}>{t('app.money.cashFlow.noFirst')}</p>
          ) : null}
        </Card>
      ))}
    </div>
  );
}
