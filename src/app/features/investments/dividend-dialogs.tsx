import { useTranslation } from 'react-i18next';
import { css } from '../../../../styled-system/css';
import { dividendEntity } from '../../../shared/entities/dividend.ts';
import { isQueued, type EntityRecord } from '../../data/entity-store.ts';
import { entityStore } from '../../data/stores.ts';
import { ActionDialog } from '../../forms/action-dialog.tsx';
import { useAmountConfirmation } from '../../forms/amount-confirmation.tsx';
import { AmountInput, withAmount } from '../../forms/amount-input.tsx';
import { submitShowingErrors } from '../../forms/focus-error.ts';
import { FormActions } from '../../forms/form-actions.tsx';
import { FormError } from '../../forms/form-error.tsx';
import { useZodForm } from '../../forms/use-zod-form.ts';
import { formatMoney } from '../../i18n/format.ts';
import { runOnline } from '../../offline/run-online.ts';
import { showToast } from '../../state/ui.ts';
import { Dialog } from '../../ui/dialog.tsx';

const schema = withAmount((values) => dividendEntity.create.safeParse(values));

/**
 * Staff enter a dividend by hand (SPEC: amount required): a credit from the house that waits
 * `pending` for another staff member to complete it (four eyes, DESIGN.md §6). Through the entity
 * store, so offline it queues like any create.
 */
export function DividendEntryDialog({
  investment,
  onClose,
  onDone,
}: {
  investment: EntityRecord;
  onClose: () => void;
  onDone: () => void;
}) {
  const { t } = useTranslation();
  const { confirm, dialog } = useAmountConfirmation();
  const form = useZodForm({
    schema,
    initial: { investmentId: investment.id, amount: '' },
    fieldLabel: (path) => t(`app.entities.dividend.fields.${path}`),
    onSubmit: async (data) => {
      const body = data as { investmentId: string; amount: number };
      const what = t('app.investments.dividends.entry.confirm', { amount: formatMoney(body.amount), name: String(investment.name ?? '') });
      if (!(await confirm(Math.round(body.amount * 100), what, t('app.investments.dividends.entry.submit')))) return;
      const saved = await entityStore('dividend').create(body);
      showToast(isQueued(saved) ? t('app.investments.entry.queued') : t('app.investments.dividends.entry.done'), 'success');
      onDone();
    },
  });
  return (
    <Dialog
      open
      onOpenChange={(open) => !open && onClose()}
      title={t('app.investments.dividends.entry.title')}
      description={t('app.investments.dividends.entry.explain')}
    >
      <form
        onSubmit={(event) => void submitShowingErrors(form, event)}
        noValidate
        className={css({ display: 'flex', flexDir: 'column', gap: '4' })}
        data-testid="dividend-entry"
      >
        <AmountInput form={form} label={t('app.entities.dividend.fields.amount')} />
        <FormError form={form} fields={['amount']} />
        <FormActions submitLabel={t('app.investments.dividends.entry.submit')} submitting={form.submitting} onCancel={onClose} />
      </form>
      {dialog}
    </Dialog>
  );
}

/**
 * Complete (credits the lead, by a second person) or fail (with a reason) a hand-entered dividend:
 * online only, through runOnline (refused offline without a request), the answer in the mirror.
 */
export function DividendActionDialog({
  dividend,
  action,
  onClose,
  onDone,
}: {
  dividend: EntityRecord;
  action: 'complete' | 'fail';
  onClose: () => void;
  onDone: () => void;
}) {
  const { t } = useTranslation();
  const amount = formatMoney(Number(dividend.amount ?? 0));
  return (
    <ActionDialog
      title={t(`app.investments.dividends.confirm.${action}`, { amount })}
      what={t(`app.investments.dividends.what.${action}`, { amount })}
      confirmLabel={t(`app.investments.dividends.actions.${action}`)}
      danger={action === 'fail'}
      input={action === 'fail' ? 'reason' : undefined}
      run={async (reason) => {
        const body = action === 'fail' ? { reason } : {};
        await runOnline('dividend', dividend.id, { method: 'POST', path: `/v1/dividend/${dividend.id}/${action}`, body });
        showToast(t(`app.investments.dividends.done.${action}`, { amount }), 'success');
      }}
      onClose={onClose}
      onDone={onDone}
    />
  );
}
