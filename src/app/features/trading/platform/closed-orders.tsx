import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { css, cx } from '../../../../../styled-system/css';
import { useOnline } from '../../../api/online-only.ts';
import { useMirrorTick, useRecords } from '../../../data/use-records.ts';
import { formatDateTime, formatMoney } from '../../../i18n/format.ts';
import { ui } from '../../../state/ui.ts';
import { Badge } from '../../../ui/badge.tsx';
import { Button } from '../../../ui/button.tsx';
import { ExportButtons } from '../../../lists/export-buttons.tsx';
import { asOrder, binaryResult, centsOf, lotsText, priceText, sideKey, type OrderRow } from '../api/order-view.ts';

/** One order in the platform's lists: what it is on the left, its figures on the right, wrapping on a phone. */
export const orderLineStyle = css({
  display: 'flex',
  justifyContent: 'space-between',
  gap: '3',
  py: '2',
  borderBottomWidth: '1px',
  borderColor: 'border',
  flexWrap: 'wrap',
});

/** How many more closed orders each "show more" lists, newest first. */
const PAGE = 20;

export const profitTone = (cents: number | null) => css({ color: cents === null || cents === 0 ? 'fg' : cents > 0 ? 'success' : 'error' });

/** A profit in euros with its sign said in the figure itself ("+€12.30", "−€4.00"), never by colour alone. */
export function signedMoney(cents: number): string {
  const text = formatMoney(Math.abs(cents) / 100);
  return cents > 0 ? `+${text}` : cents < 0 ? `−${text}` : text;
}

function ClosedRow({ order }: { order: OrderRow }) {
  const { t } = useTranslation();
  const cents = centsOf(order.profit);
  const binary = order.market === 'binary_options';
  const result = binary ? binaryResult(order) : null;
  return (
    <li data-testid="closed-order" className={orderLineStyle}>
      <span className={css({ display: 'flex', flexDir: 'column', minW: 0 })}>
        <strong className={css({ fontSize: 'sm' })}>
          {order.symbol} · {t(sideKey(order))}
          {binary
            ? ''
            : ` · ${t('app.platform.positions.lots', { lots: lotsText(order.quantity, ui.localLanguage), leverage: order.leverage })}`}
        </strong>
        <span className={css({ fontSize: 'xs', color: 'fg.muted', fontVariantNumeric: 'tabular-nums' })}>
          {t('app.platform.history.openClose', {
            open: priceText(order.openPrice, order.symbol),
            close: priceText(order.closePrice, order.symbol) || '—',
          })}
          {order.closedAt ? ` · ${t('app.platform.history.closedAt', { date: formatDateTime(order.closedAt) })}` : ''}
        </span>
        {order.closeReason ? (
          <span className={css({ fontSize: 'xs', color: 'fg.muted' })}>
            {t(`app.platform.history.reason.${order.closeReason}`, { defaultValue: '' })}
          </span>
        ) : null}
      </span>
      <span className={css({ display: 'flex', gap: '2', alignItems: 'center' })}>
        {result ? (
          <Badge tone={result === 'won' ? 'success' : result === 'lost' ? 'error' : 'neutral'}>
            {t(`app.platform.history.result.${result}`)}
          </Badge>
        ) : null}
        <strong data-testid="closed-profit" className={cx(css({ fontVariantNumeric: 'tabular-nums' }), profitTone(cents))}>
          {cents === null ? '—' : signedMoney(cents)}
        </strong>
      </span>
    </li>
  );
}

/**
 * The lead's latest closed orders, read from the mirror (orders are a mirrored entity): the same
 * offline, said with when the device last synced; newest first, twenty more at a time; exported whole
 * (xlsx, csv) online.
 */
export function ClosedOrders({ leadId }: { leadId: string }) {
  const { t } = useTranslation();
  const online = useOnline();
  const pulledAt = useMirrorTick();
  const [limit, setLimit] = useState(PAGE);
  const query = useMemo(
    () => ({
      filters: [
        { field: 'userId', values: [leadId] },
        { field: 'status', values: ['closed'] },
      ],
      sorts: [{ field: 'dateLastUpdate', order: 'desc' as const }],
    }),
    [leadId],
  );
  const { rows, count, loading } = useRecords('order', { limit, ...query });
  return (
    <div className={css({ display: 'flex', flexDir: 'column', gap: '2' })} data-testid="closed-orders">
      {!online && pulledAt ? (
        <p data-testid="history-stale" className={css({ fontSize: 'xs', color: 'fg.muted' })}>
          {t('app.platform.history.fromMirror', { date: formatDateTime(pulledAt) })}
        </p>
      ) : null}
      {!loading && !rows.length ? <p className={css({ fontSize: 'sm', color: 'fg.muted' })}>{t('app.platform.history.none')}</p> : null}
      <ul>
        {rows.map((row) => (
          <ClosedRow key={row.id} order={asOrder(row)} />
        ))}
      </ul>
      <div className={css({ display: 'flex', gap: '2', flexWrap: 'wrap' })}>
        {count !== null && count > rows.length ? (
          <Button size="sm" variant="outline" onClick={() => setLimit((n) => n + PAGE)}>
            {t('app.platform.history.more')}
          </Button>
        ) : null}
        {/* Every closed order, as the server exports the desk's list (words, dates on the reader's clock). */}
        {rows.length ? <ExportButtons entity="order" query={query} testId="closed-orders-export" /> : null}
      </div>
    </div>
  );
}
