import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { css, cx } from '../../../../../styled-system/css';
import { useOnline } from '../../../api/online-only.ts';
import { ActionDialog } from '../../../forms/action-dialog.tsx';
import { useFormKey } from '../../../forms/form-key.ts';
import { formatDateTime, formatMoney } from '../../../i18n/format.ts';
import { useAllowedActions } from '../../../lists/allowed-actions.ts';
import { showToast, ui } from '../../../state/ui.ts';
import { Button } from '../../../ui/button.tsx';
import { orderMachine } from '../../../../shared/lifecycle/machines.ts';
import type { BinaryOutcome } from '../../../../shared/trading/pnl.ts';
import { Badge } from '../../../ui/badge.tsx';
import { closeOrder } from '../api/orders.ts';
import { centsOf, countdownText, lotsText, priceText, sideKey, type OrderRow } from '../api/order-view.ts';
import { orderLineStyle, profitTone, signedMoney } from './closed-orders.tsx';

/**
 * One open position as the platform shows it: the order and, while a live price is known, the price it
 * would close at and its profit (forex), or how it would settle now (a binary option).
 */
export type LivePosition = { order: OrderRow; closeAt: string | null; profitCents: number | null; outcome?: BinaryOutcome | null };

/** A binary option's time limit while it runs (CHECKLIST 6): its expiry, the last hour counted down, then that the server settles it. */
function Expiry({ at }: { at: string }) {
  const { t } = useTranslation();
  const [now, setNow] = useState(() => Date.now());
  const left = Date.parse(at) - now;
  useEffect(() => {
    if (left <= 0 || left > 3_660_000) return;
    const timer = setTimeout(() => setNow(Date.now()), 1000 - (now % 1000));
    return () => clearTimeout(timer);
  }, [now, left]);
  const countdown = countdownText(left);
  return (
    <span data-testid="binary-expiry" className={css({ fontSize: 'xs', color: 'fg.muted' })}>
      {t('app.platform.positions.expires', { date: formatDateTime(at) })}
      {' · '}
      {left <= 0
        ? t('app.platform.positions.settling')
        : countdown
          ? t('app.platform.positions.settlesIn', { time: countdown })
          : t('app.platform.positions.settles')}
    </span>
  );
}

function PositionRow({ position, onClose }: { position: LivePosition; onClose: (position: LivePosition) => void }) {
  const { t } = useTranslation();
  const online = useOnline();
  const { order, closeAt, profitCents, outcome } = position;
  const binary = order.market === 'binary_options';
  const canClose = useAllowedActions(orderMachine, order as unknown as Record<string, unknown>).includes('close') && !binary;
  return (
    <li data-testid="open-position" data-symbol={order.symbol} className={cx(orderLineStyle, css({ alignItems: 'center' }))}>
      <span className={css({ display: 'flex', flexDir: 'column', minW: 0 })}>
        <strong className={css({ fontSize: 'sm' })}>
          {order.symbol} · {t(sideKey(order))}
        </strong>
        <span className={css({ fontSize: 'xs', color: 'fg.muted', fontVariantNumeric: 'tabular-nums' })}>
          {binary
            ? t('app.platform.positions.stake', { amount: formatMoney(Number(order.quantity)) })
            : t('app.platform.positions.lots', { lots: lotsText(order.quantity, ui.localLanguage), leverage: order.leverage })}
          {' · '}
          {t('app.platform.positions.openAt', { price: priceText(order.openPrice, order.symbol) })}
          {closeAt ? ` · ${t('app.platform.positions.now', { price: closeAt })}` : ''}
        </span>
        {binary && order.expiration ? <Expiry at={order.expiration} /> : null}
      </span>
      <span className={css({ display: 'flex', gap: '2', alignItems: 'center' })}>
        {binary && outcome ? (
          <span data-testid="binary-now">
            <Badge tone={outcome === 'won' ? 'success' : outcome === 'lost' ? 'error' : 'neutral'}>
              {t(`app.platform.positions.outcome.${outcome}`)}
            </Badge>
          </span>
        ) : null}
        {binary ? null : (
          <strong
            data-testid="position-profit"
            aria-label={t('app.platform.positions.liveProfit')}
            className={cx(css({ fontVariantNumeric: 'tabular-nums' }), profitTone(profitCents))}
          >
            {profitCents === null ? '—' : signedMoney(profitCents)}
          </strong>
        )}
        {canClose ? (
          <Button
            size="sm"
            variant="outline"
            disabled={!online}
            title={online ? undefined : t('app.platform.positions.closeOffline')}
            onClick={() => onClose(position)}
          >
            {t('app.platform.positions.close')}
          </Button>
        ) : null}
      </span>
    </li>
  );
}

/**
 * The lead's open positions with their live profit (DESIGN.md §11): a forex position closes at the
 * market after a confirmation naming it and its profit now (online only, said when offline); a binary
 * option waits for the server's settlement at its expiry.
 */
export function OpenPositions({ positions, totalCents }: { positions: readonly LivePosition[]; totalCents: number | null }) {
  const { t } = useTranslation();
  const [closing, setClosing] = useState<LivePosition | null>(null);
  const key = useFormKey();
  return (
    <div className={css({ display: 'flex', flexDir: 'column', gap: '2' })} data-testid="open-positions">
      {!positions.length ? <p className={css({ fontSize: 'sm', color: 'fg.muted' })}>{t('app.platform.positions.none')}</p> : null}
      <ul>
        {positions.map((position) => (
          <PositionRow key={position.order.id} position={position} onClose={setClosing} />
        ))}
      </ul>
      {positions.some((p) => p.order.market === 'forex') ? (
        <p className={css({ display: 'flex', justifyContent: 'space-between', fontSize: 'sm' })}>
          <span>{t('app.platform.positions.total')}</span>
          <strong data-testid="positions-total" className={cx(css({ fontVariantNumeric: 'tabular-nums' }), profitTone(totalCents))}>
            {totalCents === null ? '—' : signedMoney(totalCents)}
          </strong>
        </p>
      ) : null}
      {closing ? (
        <ActionDialog
          title={t('app.platform.positions.closeTitle')}
          what={t('app.platform.positions.closeWhat', {
            side: t(`app.platform.ticket.${closing.order.type}`),
            lots: lotsText(closing.order.quantity, ui.localLanguage),
            symbol: closing.order.symbol,
            price: priceText(closing.order.openPrice, closing.order.symbol),
            profit: closing.profitCents === null ? '—' : signedMoney(closing.profitCents),
          })}
          confirmLabel={t('app.platform.positions.closeConfirm')}
          run={async () => {
            try {
              const closed = await closeOrder(closing.order.id, key.current());
              const cents = centsOf(closed.profit);
              showToast(
                t('app.platform.positions.closed', { symbol: closing.order.symbol, profit: cents === null ? '—' : signedMoney(cents) }),
                'success',
              );
            } finally {
              key.renew();
            }
          }}
          onClose={() => setClosing(null)}
          onDone={() => setClosing(null)}
        />
      ) : null}
    </div>
  );
}
