import { useTranslation } from 'react-i18next';
import type { EntityRecord } from '../../../data/entity-store.ts';
import { ActionDialog } from '../../../forms/action-dialog.tsx';
import { formatMoney } from '../../../i18n/format.ts';
import { usePersonLabel } from '../../../lists/person-cell.tsx';
import { runDeskAction } from './desk-orders.ts';

/** The profit a waiting close asks for, in euros. */
export const requestedProfitOf = (row: EntityRecord) => Number(row.requestedProfit ?? row.profit ?? 0);

/**
 * A second staff member confirms (books) or cancels a close with a chosen profit that waits for them
 * (four eyes, DESIGN.md §6): the one confirmation dialog of every status action, naming the lead, the
 * symbol, who asked and the amount.
 */
export function ConfirmCloseDialog({
  row,
  action,
  onClose,
  onDone,
}: {
  row: EntityRecord;
  action: 'confirm-close' | 'cancel-close';
  onClose: () => void;
  onDone: () => void;
}) {
  const { t } = useTranslation();
  const name = usePersonLabel(row.userId);
  const requester = usePersonLabel(row.closeRequestedBy);
  const params = { name, symbol: String(row.symbol ?? ''), requester, amount: formatMoney(requestedProfitOf(row)) };
  const confirming = action === 'confirm-close';
  return (
    <ActionDialog
      title={t(confirming ? 'app.desk.confirmClose.title' : 'app.desk.cancelClose.title', params)}
      what={t(confirming ? 'app.desk.confirmClose.what' : 'app.desk.cancelClose.what', params)}
      confirmLabel={t(`app.desk.actions.${action}`)}
      danger={action === 'cancel-close'}
      run={() => runDeskAction(row.id, action)}
      onClose={onClose}
      onDone={onDone}
    />
  );
}
