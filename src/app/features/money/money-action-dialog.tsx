import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { css } from '../../../../styled-system/css';
import type { EntityRecord } from '../../data/entity-store.ts';
import { formatMoney } from '../../i18n/format.ts';
import { usePerson } from '../../lists/person-cell.tsx';
import { runOnline } from '../../offline/run-online.ts';
import { Button } from '../../ui/button.tsx';
import { Dialog } from '../../ui/dialog.tsx';
import { Field, FieldInput, FieldTextarea } from '../../ui/field.tsx';
import { controlStyle } from '../../ui/input.tsx';
import type { MoneyEntity } from './money-actions.ts';

/** What an action asks for before it runs: a deposit or withdrawal refused needs its reason, one paid out the bank's reference. */
export const ACTION_INPUT: Partial<Record<`${MoneyEntity}.${string}`, 'reason' | 'reference'>> = {
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
  const lead = usePerson(row.userId);
  const needs = ACTION_INPUT[`${entity}.${action}`];
  const [text, setText] = useState(needs === 'reference' ? String(row.transactionId ?? '') : '');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const amount = formatMoney(Number(row.amount ?? 0));
  const name = lead ? `${lead.name}${lead.email && lead.email !== lead.name ? ` (${lead.email})` : ''}` : '…';
  const danger = action === 'fail' || action === 'cancel';

  async function run() {
    const value = text.trim();
    if (needs && !value) {
      setError(t(needs === 'reason' ? 'app.money.actionInput.reasonRequired' : 'app.money.actionInput.referenceRequired'));
      return;
    }
    setBusy(true);
    try {
      const cancel = entity === 'deposit' && action === 'cancel';
      const body = needs === 'reason' ? { reason: value } : needs === 'reference' ? { transactionId: value } : {};
      await runOnline(entity, row.id, { method: cancel ? 'PATCH' : 'POST', path: `/v1/${entity}/${row.id}/${action}`, body });
      onDone();
    } catch (cause) {
      onFailed(cause);
    } finally {
      setBusy(false);
    }
  }

  return (
    <Dialog
      open
      onOpenChange={(open) => !open && onClose()}
      title={t(`app.money.confirm.${action}`)}
      role="alertdialog"
      description={<span data-testid="action-what">{t(`app.money.actionWhat.${entity}.${action}`, { amount, name })}</span>}
      footer={
        <>
          <Button variant="outline" onClick={onClose}>
            {t('app.common.cancel')}
          </Button>
          <Button variant={danger ? 'danger' : 'solid'} loading={busy} onClick={() => void run()}>
            {t(`app.money.actions.${action}`)}
          </Button>
        </>
      }
    >
      {needs === 'reason' ? (
        <Field label={t('app.money.actionInput.reason')} required error={error}>
          <FieldTextarea
            className={css({ minH: '20' }) + ' ' + controlStyle}
            maxLength={500}
            value={text}
            onChange={(event) => (setText(event.target.value), setError(null))}
            data-testid="action-reason"
          />
        </Field>
      ) : null}
      {needs === 'reference' ? (
        <Field label={t('app.money.actionInput.reference')} required error={error} helper={t('app.money.actionInput.referenceHelp')}>
          <FieldInput
            className={controlStyle}
            maxLength={100}
            autoComplete="off"
            value={text}
            onChange={(event) => (setText(event.target.value), setError(null))}
            data-testid="action-reference"
          />
        </Field>
      ) : null}
    </Dialog>
  );
}
