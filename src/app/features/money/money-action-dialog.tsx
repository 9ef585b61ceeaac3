import { useTranslation } from 'react-i18next';
import type { EntityRecord } from '../../data/entity-store.ts';
import { ActionDialog, type ActionInput } from '../../forms/action-dialog.tsx';
import { formatMoney } from '../../i18n/format.ts';
import { usePersonLabel } from '../../lists/person-cell.tsx';
import { runOnline } from '../../offline/run-online.ts';
import type { MoneyEntity } from './money-actions.ts';

/** What an action asks for before it runs: a deposit or withdrawal refused needs its reason, one paid out the bank's reference. */
export const ACTION_INPUT: Partial<Record<`${MoneyEntity}.${string}`, ActionInput>> = {
  'withdrawal.fail': 'reason',
  'deposit.fail': 'reason',
  'withdrawal.complete': 'reference',
};

/**
 * The confirmation of a status action on a money record: it names the lead (name and email), the
 * amount and where the money goes, and asks what the action needs (CHECKLIST item 8). Runs online only.
 */
export function MoneyActionDialog({
  entity,
  row,
  action,
  onClose,
  onDone,
  onFailed,
}: {
  entity: MoneyEntity;
  row: EntityRecord;
  action: string;
  onClose: () => void;
  onDone: () => void;
  onFailed: (cause: unknown) => void;
}) {
  const { t } = useTranslation();
  const name = usePersonLabel(row.userId);
  const needs = ACTION_INPUT[`${entity}.${action}`];
  const amount = formatMoney(Number(row.amount ?? 0));
  return (
    <ActionDialog
      title={t(`app.money.confirm.${action}`)}
      what={t(`app.money.actionWhat.${entity}.${action}`, { amount, name })}
      confirmLabel={t(`app.money.actions.${action}`)}
      danger={action === 'fail' || action === 'cancel'}
      input={needs}
      initialText={needs === 'reference' ? String(row.transactionId ?? '') : ''}
      run={async (value) => {
        const cancel = entity === 'deposit' && action === 'cancel';
        const body = needs === 'reason' ? { reason: value } : needs === 'reference' ? { transactionId: value } : {};
        await runOnline(entity, row.id, { method: cancel ? 'PATCH' : 'POST', path: `/v1/${entity}/${row.id}/${action}`, body });
      }}
      onClose={onClose}
      onDone={onDone}
      onFailed={onFailed}
    />
  );
}
