import { useState } from 'react';
import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import { css } from '../../../../../styled-system/css';
import { isLeadOnly } from '../../../../shared/roles.ts';
import { useRecords } from '../../../data/use-records.ts';
import { formatMoney, formatNumber } from '../../../i18n/format.ts';
import type { ListState } from '../../../lists/list-state.ts';
import { auth } from '../../../state/auth.ts';
import { buttonRecipe } from '../../../ui/button.tsx';
import { BarList } from '../../../ui/bar-list.tsx';
import { Card } from '../../../ui/card.tsx';
import { useDayRange } from '../../../ui/day-range.tsx';
import { OrderDeskScreen } from './order-desk-screen.tsx';
import { statsPeriod, useOrderStats, winRateText } from './order-stats-panel.tsx';

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
      <strong data-testid={testId} className={css({ fontVariantNumeric: 'tabular-nums', overflowWrap: 'anywhere', textAlign: 'end' })}>
        {value}
      </strong>
    </div>
  );
}

/** Staff's trading figures on the dashboard: the orders opened in the last 30 days, as the desk's stats say them, with that period. */
function StaffTrading() {
  const { t } = useTranslation();
  // The same last 30 days the desk opens on, said with the figures (CHECKLIST 3).
  const { range } = useDayRange(30);
  const stats = useOrderStats(0, range);
  const data = stats.data;
  const signed = (euros: number) => `${euros > 0 ? '+' : euros < 0 ? '−' : ''}${formatMoney(Math.abs(euros))}`;
  return (
    <Card
      title={t('app.desk.stats.title')}
      actions={
        <Link to="/orders" className={buttonRecipe({ variant: 'outline', size: 'sm' })}>
          {t('app.desk.stats.openDesk')}
        </Link>
      }
    >
      {stats.error ? (
        <p role="alert" className={css({ color: 'error', fontSize: 'sm' })}>
          {t('app.desk.stats.failed', { error: stats.error.message })}
        </p>
      ) : data ? (
        <div data-testid="trading-figures">
          <p data-testid="trading-period" className={css({ fontSize: 'xs', color: 'fg.muted' })}>
            {t('app.desk.stats.period', { period: statsPeriod(data) })}
          </p>
          <Figure label={t('app.desk.stats.open')} value={formatNumber(data.open)} testId="trading-open" />
          <Figure label={t('app.desk.stats.closed')} value={formatNumber(data.closed)} testId="trading-closed" />
          <Figure label={t('app.desk.stats.volume')} value={formatNumber(data.volume)} testId="trading-volume" />
          <Figure label={t('app.desk.stats.realisedProfit')} value={signed(data.realisedProfit)} testId="trading-profit" />
          <Figure label={t('app.desk.stats.winRate')} value={winRateText(data.winRate)} testId="trading-win-rate" />
          <div className={css({ mt: '3' })}>
            <BarList
              testId="trading-by-symbol"
              caption={`${t('app.desk.stats.bySymbol')} · ${t('app.desk.stats.realisedProfit')}`}
              bars={data.bySymbol
                .filter((s) => s.open + s.closed > 0)
                .map((s) => ({ key: s.symbol, label: s.symbol, value: s.realisedProfit, text: signed(s.realisedProfit) }))}
            />
          </div>
        </div>
      ) : null}
    </Card>
  );
}

/** A lead's open orders on its dashboard: how many, read from its mirror (offline too), and the way to its platform. */
function LeadTrading() {
  const { t } = useTranslation();
  // Read again whenever the mirror's orders change: the first pull may land after this card is shown.
  const open = useRecords('order', { limit: 1, filters: [{ field: 'status', values: ['open'] }] });
  return (
    <Card title={t('app.desk.stats.title')}>
      <Figure label={t('app.desk.stats.open')} value={open.count === null ? '…' : formatNumber(open.count)} testId="trading-open" />
      <div>
        <Link to="/platform" className={buttonRecipe({ variant: 'outline', size: 'sm' })}>
          {t('app.nav.platform')}
        </Link>
      </div>
    </Card>
  );
}

/** The dashboard's trading (DESIGN.md §13): staff read the desk's figures with their period; a lead its open orders. */
export function TradingFigures() {
  const user = useSnapshot(auth).user;
  if (!user) return null;
  return isLeadOnly(user.roles ?? []) ? <LeadTrading /> : <StaffTrading />;
}

/** The orders tab of a lead's page: its orders on the desk's list, closable from there. */
export function LeadOrdersTab({ leadId }: { leadId: string }) {
  const [state, setState] = useState<ListState>({});
  return <OrderDeskScreen leadId={leadId} state={state} onStateChange={setState} />;
}
