import { useTranslation } from 'react-i18next';
import { css } from '../../../../../styled-system/css';
import type { EntityRecord } from '../../../data/entity-store.ts';
import { formatDateTime, formatMoney, formatNumber } from '../../../i18n/format.ts';
import { usePerson } from '../../../lists/person-cell.tsx';
import { priceText } from '../api/order-view.ts';
import { OrderStatusCell, ProfitCell } from './order-cells.tsx';

const lineStyle = css({ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: '2', minW: 0 });
const mutedStyle = css({ fontSize: 'xs', color: 'fg.muted', overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap', minW: 0 });

/** What an order traded, in one line: "Buy 1.5 lots × 30 EURUSD at 1.08512", or a binary option's stake. */
export function useOrderSummary() {
  const { t } = useTranslation();
  return (row: EntityRecord) => {
    const symbol = String(row.symbol ?? '');
    const size =
      row.market === 'binary_options'
        ? t('app.desk.row.stake', { amount: formatMoney(Number(row.quantity ?? 0)) })
        : t('app.desk.row.lots', { quantity: formatNumber(Number(row.quantity ?? 0)), leverage: row.leverage });
    return `${t(`app.desk.type.${String(row.type)}`)} ${symbol} · ${size} · ${t('app.desk.row.at', { price: priceText(row.openPrice, symbol) })}`;
  };
}

/**
 * An order as a stacked row on a phone (CHECKLIST item 4): the lead by name (staff), the profit signed
 * and coloured, what was traded, the status (a close waiting for a second person says so) and when it
 * opened; nothing off to the right.
 */
export function OrderRowFacts({ row, showLead }: { row: EntityRecord; showLead: boolean }) {
  const { t } = useTranslation();
  const lead = usePerson(showLead ? row.userId : undefined);
  const summary = useOrderSummary();
  const title = showLead ? (lead === undefined ? '…' : (lead?.name ?? '—')) : String(row.symbol ?? '');
  return (
    <div data-testid="order-row" className={css({ display: 'flex', flexDir: 'column', gap: '1', w: 'full', minW: 0 })} title={summary(row)}>
      <span className={lineStyle}>
        <span className={css({ overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap', fontWeight: 'medium' })}>{title}</span>
        <ProfitCell value={row.profit} />
      </span>
      <span className={lineStyle}>
        <OrderStatusCell row={row} />
        <span className={mutedStyle}>
          {showLead ? `${String(row.symbol ?? '')} · ` : ''}
          {t(`app.desk.type.${String(row.type)}`)} · {row.dateCreation ? formatDateTime(String(row.dateCreation)) : ''}
        </span>
      </span>
    </div>
  );
}
