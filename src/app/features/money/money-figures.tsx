import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import { css } from '../../../../styled-system/css';
import { isLeadOnly } from '../../../shared/roles.ts';
import { useFetch } from '../../data/use-fetch.ts';
import { formatDateTime, formatMoney, formatNumber } from '../../i18n/format.ts';
import { auth } from '../../state/auth.ts';
import { buttonRecipe } from '../../ui/button.tsx';
import { Card } from '../../ui/card.tsx';
import { AwaitingDeposits } from './awaiting-deposits.tsx';
import { depositStats, withdrawalStats } from './money-api.ts';
import { DEFAULT_STATS_DAYS, periodOf } from './money-stats-panel.tsx';
import { loadStatement } from './statement-source.ts';

const rowStyle = css({
  display: 'flex',
  justifyContent: 'space-between',
  gap: '3',
  fontSize: 'sm',
  py: '1',
  borderBottomWidth: '1px',
  borderColor: 'border',
});

function Figure({ label, value, testId }: { label: string; value: string; testId: string }) {
  return (
    <div className={rowStyle}>
      <span className={css({ color: 'fg.muted' })}>{label}</span>
      <strong data-testid={testId} className={css({ fontVariantNumeric: 'tabular-nums' })}>
        {value}
      </strong>
    </div>
  );
}

/** The dashboard's money: a lead's funds and capital (the mirror's offline, with when it last synced); for staff, the last 30 days' flow. */
export function MoneyFigures() {
  const lead = isLeadOnly(useSnapshot(auth).user?.roles ?? []);
  return lead ? <LeadFunds /> : <StaffMoney />;
}

function LeadFunds() {
  const { t } = useTranslation();
  const me = useSnapshot(auth).user;
  const funds = useFetch((signal) => (me ? loadStatement(me.id, { page: 1, limit: 1 }, signal) : Promise.resolve(null)), [me?.id]);
  return (
    <Card title={t('app.dashboard.funds')}>
      {funds.data ? (
        <div>
          <Figure label={t('app.money.availableFunds')} value={formatMoney(funds.data.availableFunds)} testId="dashboard-available" />
          <Figure label={t('app.money.capital')} value={formatMoney(funds.data.capital)} testId="dashboard-capital" />
        </div>
      ) : null}
      {funds.data?.asOf ? (
        <p className={css({ fontSize: 'xs', color: 'fg.muted' })}>
          {t('app.money.billing.lastKnown', { date: formatDateTime(funds.data.asOf) })}
        </p>
      ) : null}
      <AwaitingDeposits />
      <div className={css({ display: 'flex', gap: '2', flexWrap: 'wrap' })}>
        <Link to="/deposits/new" className={buttonRecipe({ size: 'sm' })}>
          {t('app.money.wizard.open')}
        </Link>
        <Link to="/billing" className={buttonRecipe({ variant: 'outline', size: 'sm' })}>
          {t('app.nav.billing')}
        </Link>
      </div>
    </Card>
  );
}

function StaffMoney() {
  const { t } = useTranslation();
  const stats = useFetch(
    (signal) =>
      Promise.all([depositStats({}, signal), withdrawalStats({}, signal)]).then(([deposits, withdrawals]) => ({ deposits, withdrawals })),
    [],
  );
  const data = stats.data;
  return (
    <Card title={t('app.money.dashboard')}>
      {stats.error ? (
        <p role="alert" className={css({ color: 'error', fontSize: 'sm' })}>
          {t('app.money.statsFailed', { error: stats.error.message })}
        </p>
      ) : null}
      {data ? (
        <div>
          <p data-testid="stats-period" className={css({ fontSize: 'xs', color: 'fg.muted' })}>
            {periodOf(t, data.deposits, DEFAULT_STATS_DAYS)}
          </p>
          <Figure
            label={t('app.money.cashFlow.deposits')}
            value={formatMoney(data.deposits.byStatus.completed?.amount ?? 0)}
            testId="dashboard-deposits"
          />
          <Figure
            label={t('app.money.cashFlow.withdrawals')}
            value={formatMoney(data.withdrawals.byStatus.completed?.amount ?? 0)}
            testId="dashboard-withdrawals"
          />
          <Figure label={t('app.money.cashFlow.net')} value={formatMoney(data.deposits.net)} testId="dashboard-net" />
          <Figure label={t('app.money.firstTime')} value={formatNumber(data.deposits.firstTime.count)} testId="dashboard-first" />
          <Figure
            label={t('app.money.status.pending')}
            value={formatNumber((data.deposits.byStatus.pending?.count ?? 0) + (data.withdrawals.byStatus.pending?.count ?? 0))}
            testId="dashboard-pending"
          />
        </div>
      ) : null}
      <div>
        <Link to="/cash-flow" className={buttonRecipe({ variant: 'outline', size: 'sm' })}>
          {t('app.nav.cash-flow')}
        </Link>
      </div>
    </Card>
  );
}
