import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import { css } from '../../../../styled-system/css';
import { amountField } from '../../../shared/money/card-deposit.ts';
import { useOnline } from '../../api/online-only.ts';
import { useFetch } from '../../data/use-fetch.ts';
import { FormError } from '../../forms/form-error.tsx';
import { FormActions } from '../../forms/form-actions.tsx';
import { useZodForm } from '../../forms/use-zod-form.ts';
import { formatMoney } from '../../i18n/format.ts';
import { auth } from '../../state/auth.ts';
import { showToast } from '../../state/ui.ts';
import { Dialog } from '../../ui/dialog.tsx';
import { Field, FieldInput } from '../../ui/field.tsx';
import { controlStyle } from '../../ui/input.tsx';
import { OfflineNote } from '../../ui/offline-note.tsx';
import { withTypedAmount } from './card-input.ts';
import { fundsOf, requestWithdrawal } from './money-api.ts';

/** The amount alone: its issues have no path. */
const schema = withTypedAmount((values) => amountField().safeParse(values.amount), []);

/** A lead asks for its money (online-only): the server holds the amount at once, staff pay it out. */
export function WithdrawalRequestDialog({ onClose, onDone }: { onClose: () => void; onDone: () => void }) {
  const { t } = useTranslation();
  const online = useOnline();
  const me = useSnapshot(auth).user;
  const funds = useFetch((signal) => (me ? fundsOf(me.id, signal) : Promise.resolve(null)), [me?.id]);
  const form = useZodForm({
    schema,
    initial: { amount: '' },
    onSubmit: async (amount) => {
      await requestWithdrawal(amount as number);
      showToast(t('app.money.withdraw.done'), 'success');
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
      <form onSubmit={(event) => void form.onSubmit(event)} noValidate className={css({ display: 'flex', flexDir: 'column', gap: '4' })}>
        <p className={css({ fontSize: 'sm', color: 'fg.muted' })}>{t('app.money.withdraw.explain')}</p>
        <OfflineNote text={t('app.money.withdraw.offline')} />
        <Field label={t('app.fields.amount')} error={error} required>
          <FieldInput
            className={controlStyle}
            name="amount"
            inputMode="decimal"
            autoComplete="off"
            disabled={!online}
            value={String(form.value('amount') ?? '')}
            onChange={(event) => form.setValue('amount', event.target.value)}
          />
        </Field>
        {form.errors.amount ? null : <FormError form={form} />}
        <FormActions submitLabel={t('app.money.withdraw.submit')} submitting={form.submitting} onCancel={onClose} disabled={!online} />
      </form>
    </Dialog>
  );
}
