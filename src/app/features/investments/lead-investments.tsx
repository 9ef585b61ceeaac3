import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { css } from '../../../../styled-system/css';
import { useMirrorTick, useRecords } from '../../data/use-records.ts';
import { formatDate, formatDateTime, formatMoney } from '../../i18n/format.ts';
import { useOnline } from '../../api/online-only.ts';
import { buttonRecipe } from '../../ui/button.tsx';
import { Card } from '../../ui/card.tsx';
import { WealthStatusBadge } from './investment-badges.tsx';
import { rateText } from './investments-screen.tsx';
import { comingDividends } from './schedule-rows.ts';

/** How many coming dividends the home lists: the next ones; the investment's page has them all. */
const SHOWN = 5;

/**
 * A lead's investments on its home (DESIGN.md §13): each with its principal, rate and status, then
 * the dividends still to come with their dates, from the shared schedule over the mirrored records
 * (so the same offline, marked with the mirror's age).
 */
export function LeadInvestments({ leadId }: { leadId: string }) {
  const { t } = useTranslation();
  const online = useOnline();
  const pulledAt = useMirrorTick();
  const { rows, loading } = useRecords('investment', {
    limit: 50,
    filters: [{ field: 'userId', values: [leadId] }],
    sorts: [{ field: 'expirationDate', order: 'asc' }],
  });
  const coming = comingDividends(rows, new Date()).slice(0, SHOWN);
  return (
    <Card
      title={t('app.investments.home.title')}
      actions={
        <Link to="/investments" className={buttonRecipe({ variant: 'outline', size: 'sm' })}>
          {t('app.investments.home.all')}
        </Link>
      }
    >
      <div className={css({ display: 'flex', flexDir: 'column', gap: '3' })} data-testid="lead-investments">
        {!online && pulledAt ? (
          <p className={css({ fontSize: 'xs', color: 'fg.muted' })}>
            {t('app.investments.fromMirror', { date: formatDateTime(pulledAt) })}
          </p>
        ) : null}
        {!loading && !rows.length ? <p className={css({ fontSize: 'sm', color: 'fg.muted' })}>{t('app.investments.home.none')}</p> : null}
        <ul className={css({ display: 'flex', flexDir: 'column' })}>
          {rows.map((row) => (
            <li
              key={row.id}
              data-testid="home-investment"
              className={css({
                display: 'flex',
                justifyContent: 'space-between',
                gap: '2',
                py: '1.5',
                borderBottomWidth: '1px',
                borderColor: 'border',
                flexWrap: 'wrap',
              })}
            >
              <span className={css({ display: 'flex', flexDir: 'column', minW: 0 })}>
                <Link
                  to="/investments/$investmentId"
                  params={{ investmentId: row.id }}
                  className={css({ color: 'primary', textDecoration: 'underline' })}
                >
                  {String(row.name ?? '')}
                </Link>
                <span className={css({ fontSize: 'xs', color: 'fg.muted' })}>
                  {rateText(t, row.rentability)} · {t(`app.projects.frequency.${String(row.dividendFrequency)}`)} ·{' '}
                  {t('app.investments.ends', { date: formatDate(String(row.expirationDate)) })}
                </span>
              </span>
              <span className={css({ display: 'flex', gap: '2', alignItems: 'center' })}>
                <strong className={css({ fontVariantNumeric: 'tabular-nums' })}>{formatMoney(Number(row.initialAmount ?? 0))}</strong>
                <WealthStatusBadge entity="investment" status={row.status} />
              </span>
            </li>
          ))}
        </ul>
        {coming.length ? (
          <section aria-label={t('app.investments.home.coming')}>
            <h3 className={css({ fontSize: 'sm', fontWeight: 'semibold', mb: '1' })}>{t('app.investments.home.coming')}</h3>
            <ul data-testid="coming-dividends">
              {coming.map((c) => (
                <li
                  key={`${c.investmentId}-${c.period}`}
                  data-testid="coming-dividend"
                  className={css({ display: 'flex', justifyContent: 'space-between', gap: '2', fontSize: 'sm', py: '1' })}
                >
                  <span>
                    {formatDate(c.date)} · {c.name}
                  </span>
                  <strong className={css({ fontVariantNumeric: 'tabular-nums' })}>{formatMoney(c.amountCents / 100)}</strong>
                </li>
              ))}
            </ul>
          </section>
        ) : null}
      </div>
    </Card>
  );
}
