import { useTranslation } from 'react-i18next';
import { css } from '../../../../styled-system/css';
import { formatDate, formatMoney, formatNumber } from '../../i18n/format.ts';
import { useFetch } from '../../data/use-fetch.ts';
import { StatGrid, StatTile } from '../../ui/stat-tile.tsx';
import type { DepositStats, WithdrawalStats } from '../../../shared/money/stats.ts';
import { depositStats, withdrawalStats } from './money-api.ts';
import type { MoneyEntity } from './money-actions.ts';

/** The days a stats answer covers, in the reader's words: the default "last 30 days" says so, a chosen range shows its dates. */
export function periodOf(
  t: (key: string, options?: Record<string, unknown>) => string,
  answer: { from: string; to: string },
  days?: number,
) {
  const dates = `${formatDate(`${answer.from}T00:00:00`)} – ${formatDate(`${answer.to}T00:00:00`)}`;
  return days ? `${t('app.money.period.days', { count: days })} (${dates})` : dates;
}

/** The stats' default period when a screen has no range control of its own (the server's: 30 days to today). */
export const DEFAULT_STATS_DAYS = 30;

export const STATS_OF = { deposit: depositStats, withdrawal: withdrawalStats } as const;

/**
 * Count and sum by status (GET /{entity}/stats): one tile each, plus the first-time ones, under the
 * period they cover: the screen's range when it has one (cash flow), else the last 30 days, said so.
 */
export function MoneyStatsPanel({
  entity,
  reload = 0,
  range,
}: {
  entity: MoneyEntity;
  reload?: number;
  range?: { from: string; to: string };
}) {
  const { t } = useTranslation();
  const stats = useFetch<DepositStats | WithdrawalStats>(
    (signal) => STATS_OF[entity](range ?? {}, signal),
    [entity, reload, range?.from, range?.to],
  );
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
  const period = periodOf(t, stats.data, range ? undefined : DEFAULT_STATS_DAYS);
  return (
    <section aria-label={`${t('app.money.stats')}, ${period}`} data-testid={`${entity}-stats`} className={css({ mb: 'gap' })}>
      <p data-testid="stats-period" className={css({ fontSize: 'xs', color: 'fg.muted', mb: '1.5' })}>
        {period}
      </p>
      <StatGrid>
        {tiles.map(({ key, label, tally }) => (
          <StatTile
            key={key}
            stat={key}
            label={label}
            value={formatMoney(tally?.amount ?? 0)}
            sub={t('app.money.records', { count: tally?.count ?? 0, n: formatNumber(tally?.count ?? 0) })}
          />
        ))}
      </StatGrid>
    </section>
  );
}
