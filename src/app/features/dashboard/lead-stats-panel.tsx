import type { ReactNode } from 'react';
import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { css } from '../../../../styled-system/css';
import { VERIFICATION_STATUSES } from '../../../shared/constants.ts';
import { formatNumber } from '../../i18n/format.ts';
import { Card } from '../../ui/card.tsx';
import { Spinner } from '../../ui/spinner.tsx';
import { leadStats } from '../../api/lead-api.ts';
import { VerificationBadge } from '../../ui/person-badges.tsx';
import { useFetch } from '../../data/use-fetch.ts';

const tileStyle = css({
  bg: 'surface',
  borderWidth: '1px',
  borderColor: 'border',
  borderRadius: 'lg',
  p: 'pad',
  display: 'flex',
  flexDir: 'column',
  gap: '1',
});

/** Lead statistics (issue 5): totals, new, assigned vs unassigned, then `between`, then verification states and leads by campaign. */
export function LeadStatsPanel({ between }: { between?: ReactNode }) {
  const { t } = useTranslation();
  const { data, error } = useFetch((signal) => leadStats(signal), []);
  const failed = error ? (
    <p role="alert" className={css({ color: 'error' })}>
      {t('app.dashboard.loadFailed', { error: error.message })}
    </p>
  ) : null;
  // One tree whatever the state, so `between` is never mounted again when the figures arrive.
  if (!data) {
    return (
      <section aria-label={t('app.dashboard.statistics')} className={css({ display: 'flex', flexDir: 'column', gap: 'gap' })}>
        {failed ?? <Spinner label={t('app.common.loading')} />}
        {between}
      </section>
    );
  }
  const { stats } = data;
  const tiles = [
    { key: 'total', value: stats.total, search: {} },
    { key: 'new', value: stats.new, search: {} },
    {
      key: 'assigned',
      value: stats.assigned,
      search: { filters: [{ field: 'assignedTo', operator: 'isNull' as const, values: [false] }] },
    },
    {
      key: 'unassigned',
      value: stats.unassigned,
      search: { filters: [{ field: 'assignedTo', operator: 'isNull' as const, values: [true] }] },
    },
    { key: 'locked', value: stats.locked, search: { filters: [{ field: 'status', values: ['locked'] }] } },
  ];
  const top = Math.max(1, ...stats.byCampaign.map((c) => c.count));
  return (
    <section aria-label={t('app.dashboard.statistics')} className={css({ display: 'flex', flexDir: 'column', gap: 'gap' })}>
      <ul className={css({ display: 'grid', gap: 'gap', gridTemplateColumns: 'repeat(auto-fit, minmax(9rem, 1fr))', listStyle: 'none' })}>
        {tiles.map((tile) => (
          <li key={tile.key} className={tileStyle}>
            <span className={css({ fontSize: 'sm', color: 'fg.muted' })}>{t(`app.dashboard.stats.${tile.key}`)}</span>
            <Link
              to="/leads"
              search={tile.search}
              className={css({ fontSize: '2xl', fontWeight: 'bold', color: 'fg', textDecoration: 'none', _hover: { color: 'primary' } })}
              data-testid={`stat-${tile.key}`}
            >
              {formatNumber(tile.value)}
            </Link>
          </li>
        ))}
      </ul>
      {between}
      <div className={css({ display: 'grid', gap: 'gap', gridTemplateColumns: { base: '1fr', md: 'repeat(2, minmax(0, 1fr))' } })}>
        <Card title={t('app.dashboard.stats.verification')}>
          <ul className={css({ display: 'flex', flexDir: 'column', gap: '2', listStyle: 'none' })}>
            {VERIFICATION_STATUSES.map((status) => (
              <li key={status} className={css({ display: 'flex', justifyContent: 'space-between', alignItems: 'center' })}>
                <VerificationBadge status={status} />
                <Link
                  to="/leads"
                  search={{ filters: [{ field: 'verificationStatus', values: [status] }] }}
                  className={css({ fontWeight: 'semibold', color: 'fg' })}
                >
                  {formatNumber(stats.verification[status] ?? 0)}
                </Link>
              </li>
            ))}
          </ul>
        </Card>
        <Card title={t('app.dashboard.stats.byCampaign')}>
          <ul className={css({ display: 'flex', flexDir: 'column', gap: '2', listStyle: 'none' })}>
            {stats.byCampaign.slice(0, 8).map((row) => (
              <li
                key={row.campaignId ?? 'none'}
                className={css({ display: 'grid', gridTemplateColumns: 'minmax(0, 1fr) auto', gap: '1', fontSize: 'sm' })}
              >
                <span className={css({ overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' })}>
                  {row.name ?? t('app.dashboard.stats.noCampaign')}
                </span>
                <span className={css({ fontWeight: 'semibold' })}>{formatNumber(row.count)}</span>
                {/* A proportion bar, as a meter: the value is read out, the bar only shows it. */}
                <meter
                  min={0}
                  max={top}
                  value={row.count}
                  aria-label={row.name ?? t('app.dashboard.stats.noCampaign')}
                  className={css({ gridColumn: '1 / -1', w: 'full', h: '2' })}
                />
              </li>
            ))}
          </ul>
        </Card>
      </div>
    </section>
  );
}
