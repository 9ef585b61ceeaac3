import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import { css } from '../../../../styled-system/css';
import { formatDate } from '../../i18n/format.ts';
import { auth } from '../../state/auth.ts';
import { Card, PageHeader } from '../../ui/card.tsx';

/** The dashboard frame: later issues fill the panels (lead trend, statistics). */
export function DashboardScreen() {
  const { t } = useTranslation();
  const { user } = useSnapshot(auth);
  const panels = ['leadTrend', 'statistics', 'topCampaigns', 'funds'] as const;
  return (
    <>
      <PageHeader title={t('app.dashboard.welcome', { name: user?.firstName ?? '' })} />
      <p className={css({ color: 'fg.muted', mb: 'gap' })}>{formatDate(Date.now())}</p>
      <div className={css({ display: 'grid', gap: 'gap', gridTemplateColumns: { base: '1fr', md: 'repeat(2, minmax(0, 1fr))' } })}>
        {panels.map((panel) => (
          <Card key={panel} title={t(`app.dashboard.${panel}`)}>
            <p className={css({ color: 'fg.muted', fontSize: 'sm' })}>{t('app.placeholder.text')}</p>
          </Card>
        ))}
      </div>
    </>
  );
}
