import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import { css } from '../../../../styled-system/css';
import { isStaff } from '../../../shared/roles.ts';
import { useFetch } from '../../data/use-fetch.ts';
import { formatDate, formatMoney, formatNumber } from '../../i18n/format.ts';
import { auth } from '../../state/auth.ts';
import { StatGrid, StatTile } from '../../ui/stat-tile.tsx';
import { offerStats } from './vault-api.ts';

const barTrack = css({ h: '2', bg: 'bg.muted', borderRadius: 'full', overflow: 'hidden', flex: '1', minW: '16' });
const STATUSES = ['awaitingRelease', 'pending', 'accepted', 'rejected', 'expired'] as const;

/**
 * The vault figures of SPEC.md §3 (GET /offer/stats), of one lead or every lead in scope, all time as
 * of today (CHECKLIST 3): tiles, and offers by status as bars. A lead reads its own.
 */
export function VaultStatsPanel({ userId, reload = 0 }: { userId?: string; reload?: number }) {
  const { t } = useTranslation();
  // A lead never has an offer waiting for release: it sees them once released.
  const staff = isStaff(useSnapshot(auth).user?.roles ?? []);
  const statuses = STATUSES.filter((s) => s !== 'awaitingRelease' || staff);
  const stats = useFetch((signal) => offerStats(userId, signal), [userId, reload]);
  if (stats.error)
    return (
      <p role="alert" className={css({ color: 'error', fontSize: 'sm', mb: 'gap' })}>
        {t('app.vault.stats.failed', { error: stats.error.message })}
      </p>
    );
  if (!stats.data) return null;
  const data = stats.data;
  const asOf = t('app.vault.stats.asOf', { date: formatDate(Date.now()) });
  const count = (n: number) => t('app.vault.stats.items', { count: n, n: formatNumber(n) });
  const largest = Math.max(1, ...statuses.map((s) => data[s]));
  return (
    <section aria-label={`${t('app.vault.stats.title')}, ${asOf}`} data-testid="vault-stats" className={css({ mb: 'gap' })}>
      <p className={css({ fontSize: 'xs', color: 'fg.muted', mb: '1.5' })}>{asOf}</p>
      <StatGrid>
        <StatTile stat="totalOffers" label={t('app.vault.stats.totalOffers')} value={formatNumber(data.totalOffers)} />
        <StatTile stat="pending" label={t('app.vault.stats.pending')} value={formatNumber(data.pending)} />
        <StatTile stat="accepted" label={t('app.vault.stats.accepted')} value={formatNumber(data.accepted)} />
        <StatTile stat="rejected" label={t('app.vault.stats.rejected')} value={formatNumber(data.rejected)} />
        <StatTile
          stat="totalPurchased"
          label={t('app.vault.stats.totalPurchased')}
          value={formatNumber(data.totalPurchased)}
          sub={formatMoney(data.purchasedAmount)}
        />
        <StatTile
          stat="totalSold"
          label={t('app.vault.stats.totalSold')}
          value={formatNumber(data.totalSold)}
          sub={formatMoney(data.soldAmount)}
        />
        <StatTile stat="held" label={t('app.vault.stats.held')} value={formatMoney(data.heldValue)} sub={count(data.held)} />
        <StatTile stat="maxAcceptedOffer" label={t('app.vault.stats.maxAcceptedOffer')} value={formatMoney(data.maxAcceptedOffer)} />
        <StatTile stat="maxPurchasePrice" label={t('app.vault.stats.maxPurchasePrice')} value={formatMoney(data.maxPurchasePrice)} />
      </StatGrid>
      <figure className={css({ display: 'flex', flexDir: 'column', gap: '1.5', m: '0', mt: '3' })} data-testid="offers-by-status">
        <figcaption className={css({ fontSize: 'sm', color: 'fg.muted' })}>
          {t('app.vault.stats.byStatus')} · {asOf}
        </figcaption>
        {statuses.map((status) => (
          <div key={status} className={css({ display: 'flex', gap: '2', alignItems: 'center', fontSize: 'sm', flexWrap: 'wrap' })}>
            <span className={css({ w: '36', flexShrink: 0 })}>{t(`app.vault.stats.${status}`)}</span>
            <span className={barTrack} aria-hidden="true">
              <span
                className={css({ display: 'block', h: 'full', bg: 'primary' })}
                style={{ width: `${(data[status] / largest) * 100}%` }}
              />
            </span>
            <span className={css({ fontVariantNumeric: 'tabular-nums', minW: '8', textAlign: 'right' })}>{formatNumber(data[status])}</span>
          </div>
        ))}
      </figure>
    </section>
  );
}
