import { useTranslation } from 'react-i18next';
import { css, cx } from '../../../../../styled-system/css';
import { Icon } from '../../../ui/icons.tsx';
import { SYMBOLS } from '../../../../shared/trading/symbols.ts';
import type { QuoteView } from '../api/live-quotes.ts';
import type { Direction } from '../api/quote-math.ts';

const moveStyle = {
  up: css({ color: 'success' }),
  down: css({ color: 'error' }),
  same: css({ color: 'fg' }),
} as const;

/** A price as the feed quoted it (never re-rounded), with which way it last moved: a colour, an arrow and words. */
export function PriceCell({ price, move, testId }: { price: string; move: Direction; testId?: string }) {
  const { t } = useTranslation();
  return (
    <span
      data-testid={testId}
      data-move={move}
      className={cx(
        css({ display: 'inline-flex', alignItems: 'center', gap: '0.5', fontVariantNumeric: 'tabular-nums', fontWeight: 'semibold' }),
        moveStyle[move],
      )}
    >
      {move === 'same' ? (
        <span aria-hidden className={css({ w: '14px' })} />
      ) : (
        <Icon name={move === 'up' ? 'sortAsc' : 'sortDesc'} size={14} aria-hidden />
      )}
      {price}
      {move === 'same' ? null : <span className={css({ srOnly: true })}>{t(`app.platform.move.${move}`)}</span>}
    </span>
  );
}

/**
 * Every symbol with its live bid and ask (DESIGN.md §11): a row is a button that shows the symbol on
 * the chart and the ticket. On a phone the label drops and the two prices stay.
 */
export function Watchlist({
  quotes,
  selected,
  onSelect,
}: {
  quotes: Readonly<Record<string, QuoteView>>;
  selected: string;
  onSelect: (symbol: string) => void;
}) {
  const { t } = useTranslation();
  return (
    <section aria-label={t('app.platform.watchlist')} data-testid="watchlist">
      <div
        aria-hidden
        className={css({
          display: 'grid',
          gridTemplateColumns: 'minmax(0, 1fr) 6rem 6rem',
          gap: '2',
          px: '2',
          pb: '1',
          fontSize: 'xs',
          color: 'fg.muted',
        })}
      >
        <span>{t('app.platform.symbol')}</span>
        <span className={css({ textAlign: 'end', whiteSpace: 'nowrap' })}>{t('app.platform.bid')}</span>
        <span className={css({ textAlign: 'end', whiteSpace: 'nowrap' })}>{t('app.platform.ask')}</span>
      </div>
      <ul className={css({ display: 'flex', flexDir: 'column', gap: '1' })}>
        {SYMBOLS.map((spec) => {
          const quote = quotes[spec.symbol];
          const active = spec.symbol === selected;
          return (
            <li key={spec.symbol}>
              <button
                type="button"
                aria-pressed={active}
                data-testid={`watch-${spec.symbol}`}
                onClick={() => onSelect(spec.symbol)}
                className={css({
                  w: '100%',
                  display: 'grid',
                  gridTemplateColumns: 'minmax(0, 1fr) 6rem 6rem',
                  gap: '2',
                  alignItems: 'center',
                  textAlign: 'start',
                  px: '2',
                  py: '1.5',
                  borderRadius: 'md',
                  borderWidth: '1px',
                  borderColor: active ? 'primary' : 'transparent',
                  bg: active ? 'primary.subtle' : 'transparent',
                  cursor: 'pointer',
                  _hover: { bg: 'subtle' },
                })}
              >
                <span className={css({ display: 'flex', flexDir: 'column', minW: 0 })}>
                  <strong className={css({ fontSize: 'sm' })}>{spec.symbol}</strong>
                  <span className={css({ fontSize: 'xs', color: 'fg.muted', truncate: true })}>
                    {t(`app.platform.symbolNames.${spec.symbol}`, { defaultValue: spec.label })}
                  </span>
                </span>
                <span className={css({ textAlign: 'end', whiteSpace: 'nowrap' })}>
                  <span className={css({ srOnly: true })}>{t('app.platform.bid')} </span>
                  {quote ? <PriceCell price={quote.bid} move={quote.bidMove} testId={`bid-${spec.symbol}`} /> : '—'}
                </span>
                <span className={css({ textAlign: 'end', whiteSpace: 'nowrap' })}>
                  <span className={css({ srOnly: true })}>{t('app.platform.ask')} </span>
                  {quote ? <PriceCell price={quote.ask} move={quote.askMove} testId={`ask-${spec.symbol}`} /> : '—'}
                </span>
              </button>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
