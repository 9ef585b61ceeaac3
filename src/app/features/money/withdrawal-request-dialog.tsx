import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import { css } from '../../../../styled-system/css';
import { amountField } from '../../../shared/money/card-deposit.ts';
import { useOnline } from '../../api/online-only.ts';
import { useFetch } from '../../data/use-fetch.ts';
import { useAmountConfirmation } from '../../forms/amount-confirmation.tsx';
import { AmountInput, withAmount } from '../../forms/amount-input.tsx';
import { submitShowingErrors } from '../../forms/focus-error.ts';
import { FormActions } from '../../forms/form-actions.tsx';
import { useFormKey } from '../../forms/form-key.ts';
import { useZodForm } from '../../forms/use-zod-form.ts';
import { formatMoney } from '../../i18n/format.ts';
import { auth } from '../../state/auth.ts';
import { showToast } from '../../state/ui.ts';
import { Dialog } from '../../ui/dialog.tsx';
import { OfflineNote } from '../../ui/offline-note.tsx';
import { fundsOf, requestWithdrawal } from './money-api.ts';

/** The amount alone: its issues have no path. */
const schema = withAmount((values) => amountField().safeParse(values.amount), { path: [] });

/** A lead asks for its money (online-only): the server holds the amount at once, staff pay it out. */
export function WithdrawalRequestDialog({ onClose, onDone }: { onClose: () => void; onDone: () => void }) {
  const { t } = useTranslation();
  const online = useOnline();
  const me = useSnapshot(auth).user;
  const funds = useFetch((signal) => (me ? fundsOf(me.id, signal) : Promise.resolve(null)), [me?.id]);
  const key = useFormKey();
  const { confirm, dialog } = useAmountConfirmation();
  const form = useZodForm({
    schema,
    initial: { amount: '' },
    onSubmit: async (amount) => {
      const euros = amount as number;
      const submit = t('app.money.withdraw.submitAmount', { amount: formatMoney(euros) });
      if (!(await confirm(Math.round(euros * 100), t('app.money.withdraw.confirmTo', { amount: formatMoney(euros) }), submit))) return;
      try {
        await requestWithdrawal(euros, key.current());
      } finally {
        key.renew();
      }
      showToast(t('app.money.withdraw.done', { amount: formatMoney(euros) }), 'success');
      onDone();
    },
  });
  // The schema reads the amount alone: its issues have no path, so they belong to the amount field.
  const error = form.errors.amount ?? form.errors._form ?? null;
  return (
    <Dialog
      open
      onOpenChange={(open) => !open && onClose()}
      title={t('app.money.withdraw.title')}
      description={
        funds.data ? (
          <span data-testid="available-funds">{t('app.money.withdraw.available', { amount: formatMoney(funds.data.availableFunds) })}</span>
        ) : undefined
      }
    >
      <form
        onSubmit={(event) => void submitShowingErrors(form, event)}
        noValidate
        className={css({ display: 'flex', flexDir: 'column', gap: '4' })}
      >
        <p className={css({ fontSize: 'sm', color: 'fg.muted' })}>{t('app.money.withdraw.explain')}</p>
        <OfflineNote text={t('app.money.withdraw.offline')} />
        {/* The amount is the form's one field: it shows every refusal, the server's too, once. */}
        <AmountInput form={form} label={t('app.fields.amount')} error={error} disabled={!online} />
        <FormActions submitLabel={t('app.money.withdraw.submit')} submitting={form.submitting} onCancel={onClose} disabled={!online} />
      </form>
      {dialog}
    </Dialog>
  );
}
