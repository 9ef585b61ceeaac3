import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { css } from '../../../../styled-system/css';
import type { DepositStats } from '../../../shared/money/stats.ts';
import { useFetch } from '../../data/use-fetch.ts';
import { useCampaigns, useStaff } from '../../data/use-lookup.ts';
import { formatCompact, formatDate, formatMoney, formatNumber } from '../../i18n/format.ts';
import { Card, PageHeader } from '../../ui/card.tsx';
import { DayChartFigure, type ChartValues, type DaySeries } from '../../ui/day-chart.tsx';
import { DayRangeControls, useDayRange } from '../../ui/day-range.tsx';
import { Spinner } from '../../ui/spinner.tsx';
import { depositStats, withdrawalStats } from './money-api.ts';
import { MoneyStatsPanel } from './money-stats-panel.tsx';

/** Euros: exact in the legend and the table, short on the axis. */
const EUROS: ChartValues = { format: formatMoney, axis: formatCompact };

/** Cash flow (DESIGN.md §13): deposits and withdrawals together, the daily net flow, totals, first deposits. */
export function CashFlowScreen() {
  const { t } = useTranslation();
  const dayRange = useDayRange();
  const { range, valid } = dayRange;
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
    const series: DaySeries[] = [
      { label: t('app.money.cashFlow.deposits'), tone: 'success', values: flow.data.deposits.daily.map((d) => d.completed.amount) },
      { label: t('app.money.cashFlow.withdrawals'), tone: 'error', values: days.map((day) => out.get(day) ?? 0) },
      { label: t('app.money.cashFlow.net'), tone: 'primary', main: true, values: flow.data.deposits.daily.map((d) => d.net) },
    ];
    return { days, series };
  }, [flow.data, t]);
  const label = t('app.money.cashFlow.chartLabel', { from: formatDate(`${range.from}T00:00:00`), to: formatDate(`${range.to}T00:00:00`) });

  return (
    <div className={css({ display: 'flex', flexDir: 'column', gap: 'gap' })}>
      <PageHeader title={t('app.nav.cash-flow')} />
      <Card title={t('app.money.cashFlow.netFlow')}>
        <DayRangeControls {...dayRange} presets={[7, 30, 90]} />
        {flow.error ? (
          <p role="alert" className={css({ color: 'error', fontSize: 'sm' })}>
            {t('app.money.statsFailed', { error: flow.error.message })}
          </p>
        ) : null}
        {flow.loading && !flow.data ? <Spinner label={t('app.common.loading')} /> : null}
        {flow.data && chart ? (
          <DayChartFigure
            title={label}
            summary={t('app.money.cashFlow.netTotal', { amount: formatMoney(flow.data.deposits.net) })}
            days={chart.days}
            series={chart.series}
            values={EUROS}
            dayLabel={t('app.dashboard.day')}
            height={280}
            chartTestId="flow-chart"
            tableTestId="flow-data"
          />
        ) : null}
      </Card>
      <Card title={t('app.money.cashFlow.depositTotals')}>
        <MoneyStatsPanel entity="deposit" range={valid ? range : undefined} />
      </Card>
      <Card title={t('app.money.cashFlow.withdrawalTotals')}>
        <MoneyStatsPanel entity="withdrawal" range={valid ? range : undefined} />
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
