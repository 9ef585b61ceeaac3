import { useTranslation } from 'react-i18next';
import { css } from '../../../../styled-system/css';
import { formatMoney, formatNumber } from '../../i18n/format.ts';
import { useFetch } from '../../data/use-fetch.ts';
import type { DepositStats, WithdrawalStats } from '../../../shared/money/stats.ts';
import { depositStats, withdrawalStats } from './money-api.ts';
import type { MoneyEntity } from './money-actions.ts';

const tileStyle = css({
  bg: 'surface',
  borderWidth: '1px',
  borderColor: 'border',
  borderRadius: 'lg',
  p: '3',
  display: 'flex',
  flexDir: 'column',
  gap: '0.5',
  minW: '0',
});

export const STATS_OF = { deposit: depositStats, withdrawal: withdrawalStats } as const;

/** Count and sum by status (GET /{entity}/stats): one tile each, plus the first-time ones. */
export function MoneyStatsPanel({ entity, reload = 0 }: { entity: MoneyEntity; reload?: number }) {
  const { t } = useTranslation();
  const stats = useFetch<DepositStats | WithdrawalStats>((signal) => STATS_OF[entity]({}, signal), [entity, reload]);
  if (stats.error)
    return (
      <p role="alert" className={css({ color: 'error', fontSize: 'sm', mb: 'gap' })}>
        {t('app.money.statsFailed', { error: stats.error.message })}
      </p>
    );
  if (!stats.data) return null;
  const tiles = [
    ...Object.entries(stats.data.byStatus).map(([status, tally]) => ({ key: status, label: t(`app.money.status.${status}`), tally })),
    ...(entity === 'deposit' ? [{ key: 'firstTime', label: t('app.money.firstTime'), tally: stats.data.firstTime }] : []),
  ];
  return (
    <section
      aria-label={t('app.money.stats')}
      data-testid={`${entity}-stats`}
      className={css({ display: 'grid', gap: '2', gridTemplateColumns: 'repeat(auto-fill, minmax(9.5rem, 1fr))', mb: 'gap' })}
    >
      {tiles.map(({ key, label, tally }) => (
        <div key={key} className={tileStyle} data-stat={key}>
          <span className={css({ fontSize: 'xs', color: 'fg.muted' })}>{label}</span>
          <strong className={css({ fontSize: 'lg' })}>{formatMoney(tally?.amount ?? 0)}</strong>
          <span className={css({ fontSize: 'xs', color: 'fg.muted' })}>
            {t('app.money.records', { count: tally?.count ?? 0, n: formatNumber(tally?.count ?? 0) })}
          </span>
        </div>
      ))}
    </section>
  );
}
