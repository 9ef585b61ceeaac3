import { useTranslation } from 'react-i18next';
import type { EntityRecord } from '../../../data/entity-store.ts';
import { formatDateTime, formatMoney } from '../../../i18n/format.ts';
import { usePersonLabel } from '../../../lists/person-cell.tsx';
import { DetailDialog, type Fact } from '../../../ui/detail-dialog.tsx';
import { priceText } from '../api/order-view.ts';
import { requestedProfitOf } from './confirm-close-dialog.tsx';
import { waitsForConfirmation } from './desk-orders.ts';
import { OrderStatusCell, ProfitCell } from './order-cells.tsx';
import { useOrderSummary } from './order-row-facts.tsx';

const when = (value: unknown) => (value ? formatDateTime(String(value)) : '—');

/**
 * An order's details (CHECKLIST 8): who it is for and who opened it, what was traded and what it holds,
 * and how it ended: who asked for a close and how much, who closed it, when, why, at what price, the
 * profit, and a loss the house absorbed so the balance stayed at zero.
 */
export function OrderDetail({ row, onClose }: { row: EntityRecord; onClose: () => void }) {
  const { t } = useTranslation();
  const lead = usePersonLabel(row.userId);
  const openedBy = usePersonLabel(row.createdBy);
  const requester = usePersonLabel(row.closeRequestedBy);
  const closedBy = usePersonLabel(row.closedBy);
  const summary = useOrderSummary();
  const symbol = String(row.symbol ?? '');
  const facts: Fact[] = [
    [t('app.fields.userId'), lead],
    [t('app.desk.detail.opened'), `${when(row.dateCreation)}${row.createdBy ? ` · ${openedBy}` : ''}`],
    [t('app.desk.detail.traded'), `${summary(row)} · ${t(`app.desk.market.${String(row.market ?? 'forex')}`)}`],
    [t('app.entities.order.fields.held'), formatMoney(Number(row.held ?? 0))],
    [t('app.fields.status'), <OrderStatusCell key="status" row={row} />],
    ...(waitsForConfirmation(row)
      ? ([[t('app.desk.detail.requested'), `${requester} · ${formatMoney(requestedProfitOf(row))}`]] as Fact[])
      : []),
    ...(row.status === 'closed'
      ? ([
          [t('app.desk.detail.closed'), `${when(row.closedAt)}${row.closedBy ? ` · ${closedBy}` : ''}`],
          [t('app.desk.export.columns.closeReason'), row.closeReason ? t(`app.desk.closeReason.${String(row.closeReason)}`) : '—'],
          [t('app.entities.order.fields.closePrice'), priceText(row.closePrice, symbol) || '—'],
          [t('app.entities.order.fields.profit'), <ProfitCell key="profit" value={row.profit} />],
          ...(Number(row.houseAbsorbed ?? 0) > 0
            ? ([[t('app.desk.detail.houseAbsorbed'), formatMoney(Number(row.houseAbsorbed))]] as Fact[])
            : []),
        ] as Fact[])
      : []),
  ];
  return <DetailDialog title={t('app.desk.detail.title', { symbol, name: lead })} facts={facts} testId="order-detail" onClose={onClose} />;
}
