import { useState } from 'react';
import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import { css } from '../../../../styled-system/css';
import { isLeadOnly } from '../../../shared/roles.ts';
import { formatDate, formatMoney } from '../../i18n/format.ts';
import type { ListState } from '../../lists/list-state.ts';
import { auth } from '../../state/auth.ts';
import { buttonRecipe } from '../../ui/button.tsx';
import { Card } from '../../ui/card.tsx';
import { useInvestmentStats } from './investment-stats-panel.tsx';
import { InvestmentsScreen } from './investments-screen.tsx';
import { LeadInvestments } from './lead-investments.tsx';
import { paidWithin } from './stats-figures.ts';

const rowStyle = css({
  display: 'flex',
  justifyContent: 'space-between',
  gap: '3',
  fontSize: 'sm',
  py: '1',
  borderBottomWidth: '1px',
  borderColor: 'border',
});

/** Staff's wealth figures: the capital invested now, and the dividends paid from the stats' first month to today, each with its period. */
function StaffWealth() {
  const { t } = useTranslation();
  const stats = useInvestmentStats();
  const today = new Date().toISOString().slice(0, 10);
  return (
    <Card
      title={t('app.investments.stats.title')}
      actions={
        <Link to="/investments" className={buttonRecipe({ variant: 'outline', size: 'sm' })}>
          {t('app.investments.home.open')}
        </Link>
      }
    >
      {stats.error ? (
        <p role="alert" className={css({ color: 'error', fontSize: 'sm' })}>
          {t('app.investments.statsFailed', { error: stats.error.message })}
        </p>
      ) : stats.data ? (
        <div data-testid="wealth-figures">
          <div className={rowStyle}>
            <span className={css({ color: 'fg.muted' })}>
              {t('app.investments.stats.investedCapital')} · {t('app.investments.stats.asOf', { date: formatDate(Date.now()) })}
            </span>
            <strong data-testid="wealth-invested" className={css({ fontVariantNumeric: 'tabular-nums' })}>
              {formatMoney(stats.data.investedCapital)}
            </strong>
          </div>
          <div className={rowStyle}>
            <span className={css({ color: 'fg.muted' })}>
              {t('app.investments.stats.dividendsPaid')} ·{' '}
              {t('app.investments.dividends.period', {
                from: formatDate(`${stats.data.from}T00:00:00`),
                to: formatDate(`${today}T00:00:00`),
              })}
            </span>
            <strong data-testid="wealth-paid" className={css({ fontVariantNumeric: 'tabular-nums' })}>
              {formatMoney(paidWithin(stats.data.overTime, stats.data.from, today))}
            </strong>
          </div>
        </div>
      ) : null}
    </Card>
  );
}

/** The dashboard's wealth (DESIGN.md §13): staff read the investment figures with their period; a lead its investments and coming dividends. */
export function WealthFigures() {
  const user = useSnapshot(auth).user;
  if (!user) return null;
  return isLeadOnly(user.roles ?? []) ? <LeadInvestments leadId={user.id} /> : <StaffWealth />;
}

/** The investments tab of a lead's page: its investments, where staff open one for it. */
export function LeadInvestmentsTab({ leadId }: { leadId: string }) {
  const [state, setState] = useState<ListState>({});
  return <InvestmentsScreen leadId={leadId} state={state} onStateChange={setState} />;
}
