import type { ReactNode } from 'react';
import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import { css } from '../../../../styled-system/css';
import { mayDo } from '../../../shared/access.ts';
import { formatDate } from '../../i18n/format.ts';
import { auth } from '../../state/auth.ts';
import { buttonRecipe } from '../../ui/button.tsx';
import { Card, PageHeader } from '../../ui/card.tsx';
import { LeadStatsPanel } from './lead-stats-panel.tsx';
import { LeadTrendPanel } from './lead-trend-panel.tsx';
import { VerificationBadge } from '../../ui/person-badges.tsx';

/** The dashboard (SPEC.md §1): lead trend and statistics for staff; a lead sees its own verification. */
/**
 * `campaigns` is the campaigns feature's panel and `funds` the money figures, both composed in by the
 * route (features do not import each other).
 */
export function DashboardScreen({
  campaigns,
  funds,
  wealth,
  trading,
}: {
  campaigns?: ReactNode;
  funds?: ReactNode;
  /** The investments feature's figures: staff's invested capital and dividends with their period; a lead's investments. */
  wealth?: ReactNode;
  /** The trading feature's figures: staff's orders, volume, realised profit and win rate with their period; a lead's open orders. */
  trading?: ReactNode;
} = {}) {
  const { t } = useTranslation();
  const { user } = useSnapshot(auth);
  const staff = mayDo(user?.roles ?? [], 'user.stats');
  const placeholder = (panel: string) => (
    <Card key={panel} title={t(`app.dashboard.${panel}`)}>
      <p className={css({ color: 'fg.muted', fontSize: 'sm' })}>{t('app.placeholder.text')}</p>
    </Card>
  );
  return (
    <>
      <PageHeader title={t('app.dashboard.welcome', { name: user?.firstName ?? '' })} />
      <p className={css({ color: 'fg.muted', mb: 'gap' })}>{formatDate(Date.now())}</p>
      {staff ? (
        <LeadStatsPanel
          between={
            <div
              className={css({
                display: 'grid',
                gap: 'gap',
                gridTemplateColumns: { base: '1fr', xl: 'minmax(0, 2fr) minmax(0, 1fr)' },
                alignItems: 'start',
              })}
            >
              <LeadTrendPanel />
              <div className={css({ display: 'flex', flexDir: 'column', gap: 'gap' })}>
                {campaigns}
                {funds ?? placeholder('funds')}
                {wealth}
                {trading}
              </div>
            </div>
          }
        />
      ) : (
        <div className={css({ display: 'grid', gap: 'gap', gridTemplateColumns: { base: '1fr', md: 'repeat(2, minmax(0, 1fr))' } })}>
          <Card title={t('app.dashboard.myVerification')} actions={<VerificationBadge status={user?.verificationStatus} />}>
            <p className={css({ fontSize: 'sm' })}>
              {t(`app.documents.explain.${user?.verificationStatus ?? 'uninitialized'}`, { note: user?.verificationNote ?? '' })}
            </p>
            <div>
              <Link to="/verification" className={buttonRecipe({ variant: 'outline', size: 'sm' })}>
                {t('app.dashboard.goVerification')}
              </Link>
            </div>
          </Card>
          {funds ?? placeholder('funds')}
          {wealth}
          {trading}
        </div>
      )}
    </>
  );
}
