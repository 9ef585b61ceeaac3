import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import { css } from '../../../../../styled-system/css';
import { useOnline } from '../../../api/online-only.ts';
import { formatDateTime } from '../../../i18n/format.ts';
import { auth } from '../../../state/auth.ts';
import { Card, PageHeader } from '../../../ui/card.tsx';
import { Icon } from '../../../ui/icons.tsx';
import { isLeadOnly } from '../../../../shared/roles.ts';
import { symbolSpec, SYMBOLS } from '../../../../shared/trading/symbols.ts';
import { useLiveQuotes } from '../api/live-quotes.ts';
import { ageMinutes } from '../api/quote-math.ts';
import { PriceChart } from './price-chart.tsx';
import { Watchlist } from './watchlist.tsx';
import { LeadTrading } from './lead-trading.tsx';

/** The newest quote time among `times` (what offline prices are as of). */
const newest = (times: readonly string[]) => times.reduce<string | null>((a, b) => (!a || Date.parse(b) > Date.parse(a) ? b : a), null);

/**
 * The trading platform (DESIGN.md §11, §13): live quotes, the chosen symbol's chart and, for a lead,
 * its funds, the order ticket, open positions with live profit and closed orders. Staff watch the same
 * quotes here; their orders are the order desk's. 390 px first: one column, then three on a desktop.
 */
export function PlatformScreen({ symbol, onSymbol }: { symbol: string | undefined; onSymbol: (symbol: string) => void }) {
  const { t } = useTranslation();
  const me = useSnapshot(auth).user;
  const online = useOnline();
  const { quotes, live, error } = useLiveQuotes();
  const chosen = symbol && symbolSpec(symbol) ? symbol : SYMBOLS[0].symbol;
  const lead = isLeadOnly(me?.roles ?? []);
  const asOf = live ? null : newest(Object.values(quotes).map((q) => q.time));
  const market = (
    <div
      className={css({
        display: 'grid',
        gap: 'gap',
        gridTemplateColumns: { base: 'minmax(0, 1fr)', lg: 'minmax(0, 25rem) minmax(0, 1fr)' },
        alignItems: 'start',
      })}
    >
      <Card title={t('app.platform.watchlist')}>
        {asOf ? (
          <p data-testid="quotes-stale" className={css({ fontSize: 'xs', color: 'fg.muted' })}>
            {t('app.platform.stale', { date: formatDateTime(asOf), count: ageMinutes(asOf, Date.now()) })}
          </p>
        ) : null}
        {!asOf && !live && !Object.keys(quotes).length && !online ? (
          <p className={css({ fontSize: 'sm', color: 'fg.muted' })}>{t('app.platform.noQuotes')}</p>
        ) : null}
        <Watchlist quotes={quotes} selected={chosen} onSelect={onSymbol} />
      </Card>
      <Card title={t('app.platform.chart.title', { symbol: chosen })}>
        <PriceChart symbol={chosen} online={online} />
      </Card>
    </div>
  );
  return (
    <>
      <PageHeader title={t('app.platform.title')} />
      {!online ? (
        <p
          role="status"
          data-testid="platform-offline"
          className={css({
            display: 'flex',
            gap: '2',
            alignItems: 'start',
            fontSize: 'sm',
            bg: 'warning.subtle',
            borderWidth: '1px',
            borderColor: 'warning',
            borderRadius: 'md',
            px: '3',
            py: '2',
            mb: 'gap',
          })}
        >
          <Icon name="cloudOff" size={16} className={css({ flexShrink: 0, mt: '0.5' })} />
          <span>{t(lead ? 'app.platform.offline.lead' : 'app.platform.offline.staff')}</span>
        </p>
      ) : null}
      {error ? (
        <p role="alert" className={css({ color: 'error', fontSize: 'sm', mb: 'gap' })}>
          {t('app.platform.quotesFailed', { error: error.message })}
        </p>
      ) : null}
      {lead && me ? (
        <LeadTrading leadId={me.id} symbol={chosen} quotes={quotes}>
          {market}
        </LeadTrading>
      ) : (
        <>
          {market}
          <p data-testid="platform-staff-note" className={css({ mt: 'gap', fontSize: 'sm', color: 'fg.muted' })}>
            {t('app.platform.staffNote')}
          </p>
        </>
      )}
    </>
  );
}
