import { useTranslation } from 'react-i18next';
import type { EntityRecord } from '../../../data/entity-store.ts';
import { ActionDialog } from '../../../forms/action-dialog.tsx';
import { formatMoney } from '../../../i18n/format.ts';
import { usePersonLabel } from '../../../lists/person-cell.tsx';
import { useLiveQuotes } from '../api/live-quotes.ts';
import { asOrder } from '../api/order-view.ts';
import { liveProfit } from '../platform/figures.ts';
import { runDeskAction } from './desk-orders.ts';

/**
 * Staff close a forex order at the market (DESIGN.md §11): the server closes it at its own bid (a buy)
 * or ask (a sell) when asked, so the confirmation names the lead and says the price and the profit it
 * would book now, live, as an estimate; the booked profit is the one the server computes.
 */
export function MarketCloseDialog({
  row,
  onClose,
  onDone,
}: {
  row: EntityRecord;
  onClose: () => void;
  onDone: (answer: EntityRecord) => void;
}) {
  const { t } = useTranslation();
  const name = usePersonLabel(row.userId);
  const { quotes } = useLiveQuotes();
  const { closeAt, profitCents } = liveProfit(asOrder(row), quotes);
  const symbol = String(row.symbol ?? '');
  const what =
    closeAt === null || profitCents === null
      ? t('app.desk.marketClose.noPrice')
      : t(profitCents < 0 ? 'app.desk.marketClose.loss' : 'app.desk.marketClose.profit', {
          price: closeAt,
          amount: formatMoney(Math.abs(profitCents) / 100),
        });
  return (
    <ActionDialog
      title={t('app.desk.marketClose.title', { symbol, name })}
      what={<span data-testid="market-close-what">{what}</span>}
      confirmLabel={t('app.desk.marketClose.confirm')}
      run={() => runDeskAction(row.id, 'close-market').then(onDone)}
      onClose={onClose}
      onDone={() => undefined}
    />
  );
}
