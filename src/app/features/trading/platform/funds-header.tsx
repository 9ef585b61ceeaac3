import { useTranslation } from 'react-i18next';
import { css, cx } from '../../../../../styled-system/css';
import { formatDateTime, formatMoney } from '../../../i18n/format.ts';
import { ui } from '../../../state/ui.ts';
import type { AccountFigures } from '../api/account-figures.ts';
import { profitTone } from './closed-orders.tsx';

/** A margin level in percent with two decimals, in the reader's language ("50.25%", "50,25 %"). */
const percent = (value: number) =>
  new Intl.NumberFormat(ui.localLanguage, { style: 'percent', minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(value / 100);

function Figure({ label, value, testId, tone }: { label: string; value: string; testId: string; tone?: string }) {
  return (
    <div className={css({ display: 'flex', flexDir: 'column', minW: 0, px: '3', py: '2', bg: 'subtle', borderRadius: 'md' })}>
      <dt className={css({ fontSize: 'xs', color: 'fg.muted' })}>{label}</dt>
      <dd
        data-testid={testId}
        className={cx(css({ fontWeight: 'bold', fontSize: 'md', fontVariantNumeric: 'tabular-nums', overflowWrap: 'anywhere' }), tone)}
      >
        {value}
      </dd>
    </div>
  );
}

/**
 * The lead's funds over the platform (DESIGN.md §11): available, margin held, equity and margin level,
 * live with the open positions' prices; the balances are the mirror's (the last known, with their date, offline).
 */
export function FundsHeader({ figures, asOf }: { figures: AccountFigures | null; asOf: number | null }) {
  const { t } = useTranslation();
  const money = (cents: number | null | undefined) => (cents === null || cents === undefined ? '—' : formatMoney(cents / 100));
  const level = figures?.marginLevel;
  return (
    <section
      aria-label={t('app.platform.funds.title')}
      data-testid="funds-header"
      className={css({ display: 'flex', flexDir: 'column', gap: '2' })}
    >
      <dl
        className={css({
          display: 'grid',
          gap: '2',
          gridTemplateColumns: { base: 'repeat(2, minmax(0, 1fr))', md: 'repeat(4, minmax(0, 1fr))' },
        })}
      >
        <Figure label={t('app.platform.funds.available')} value={money(figures?.availableCents)} testId="funds-available" />
        <Figure label={t('app.platform.funds.margin')} value={money(figures?.marginCents)} testId="funds-margin" />
        <Figure label={t('app.platform.funds.equity')} value={money(figures?.equityCents)} testId="funds-equity" />
        <Figure
          label={t('app.platform.funds.marginLevel')}
          value={level === null || level === undefined ? t('app.platform.funds.noMargin') : percent(level)}
          testId="funds-level"
          tone={level !== null && level !== undefined && level < 100 ? profitTone(-1) : undefined}
        />
      </dl>
      <p className={css({ fontSize: 'xs', color: 'fg.muted' })}>
        {t('app.platform.funds.explain')}
        {asOf ? ` ${t('app.platform.funds.asOf', { date: formatDateTime(asOf) })}` : ''}
      </p>
    </section>
  );
}
