import { useTranslation } from 'react-i18next';
import { css } from '../../../../styled-system/css';
import { depositEntity } from '../../../shared/entities/deposit.ts';
import { withdrawalCreateSchema } from '../../../shared/entities/withdrawal.ts';
import { useOnline } from '../../api/online-only.ts';
import { usePerson } from '../../lists/person-cell.tsx';
import { useAmountConfirmation } from '../../forms/amount-confirmation.tsx';
import { AmountInput, withAmount } from '../../forms/amount-input.tsx';
import { submitShowingErrors } from '../../forms/focus-error.ts';
import { FormError } from '../../forms/form-error.tsx';
import { FormActions } from '../../forms/form-actions.tsx';
import { useFormKey } from '../../forms/form-key.ts';
import { useZodForm } from '../../forms/use-zod-form.ts';
import { formatMoney } from '../../i18n/format.ts';
import { showToast } from '../../state/ui.ts';
import { Dialog } from '../../ui/dialog.tsx';
import { Field, FieldInput } from '../../ui/field.tsx';
import { controlStyle } from '../../ui/input.tsx';
import { OfflineNote } from '../../ui/offline-note.tsx';
import { LeadPicker } from './lead-picker.tsx';
import type { MoneyEntity } from './money-actions.ts';
import { enterForLead } from './money-api.ts';

/** The standard create of each: a deposit is a bank transfer, a withdrawal holds the money at once. */
const SCHEMAS = {
  deposit: withAmount((values) => depositEntity.create.safeParse(values)),
  withdrawal: withAmount((values) => withdrawalCreateSchema.safeParse(values)),
};

/**
 * Staff enter a bank-transfer deposit or a withdrawal on behalf of a lead (online-only). Either starts
 * `pending`; completing or failing it is an action of the list (DESIGN.md §6). `leadId` fixes the lead
 * (the lead's page); without it staff choose one (the money desk).
 */
export function MoneyEntryDialog({
  entity,
  leadId,
  onClose,
  onDone,
}: {
  entity: MoneyEntity;
  leadId?: string;
  onClose: () => void;
  onDone: () => void;
}) {
  const { t } = useTranslation();
  const online = useOnline();
  const key = useFormKey();
  const { confirm, dialog } = useAmountConfirmation();
  const form = useZodForm({
    schema: SCHEMAS[entity],
    initial: { userId: leadId ?? '', amount: '', transactionId: '' },
    fieldLabel: (path) => t(`app.fields.${path}`),
    onSubmit: async (data) => {
      const { userId, amount, transactionId } = data as { userId: string; amount: number; transactionId?: string | null };
      const to = t(`app.money.entry.${entity}.confirmTo`, {
        amount: formatMoney(amount),
        name: lead?.id === userId ? `${lead.name} (${lead.email})` : t('app.money.entry.theLead'),
      });
      if (!(await confirm(Math.round(amount * 100), to, t(`app.money.entry.${entity}.submit`)))) return;
      try {
        await enterForLead(entity, { userId, amount, ...(transactionId ? { transactionId } : {}) }, key.current());
      } finally {
        key.renew();
      }
      showToast(t(`app.money.entry.${entity}.done`, { amount: formatMoney(amount) }), 'success');
      onDone();
    },
  });
  // The lead named in the confirmation, with the email that tells namesakes apart.
  const lead = usePerson(form.value('userId'));
  return (
    <Dialog
      open
      onOpenChange={(open) => !open && onClose()}
      title={t(`app.money.entry.${entity}.title`)}
      description={t(`app.money.entry.${entity}.explain`)}
    >
      <form
        onSubmit={(event) => void submitShowingErrors(form, event)}
        noValidate
        className={css({ display: 'flex', flexDir: 'column', gap: '4' })}
        data-testid={`${entity}-entry`}
      >
        <OfflineNote text={t('app.money.entry.offline')} />
        {leadId ? null : (
          <LeadPicker
            label={t('app.money.billing.pickLead')}
            name="userId"
            value={form.value('userId') ? String(form.value('userId')) : undefined}
            onChange={(id) => form.setValue('userId', id ?? '')}
            error={form.errors.userId ?? null}
          />
        )}
        <AmountInput form={form} label={t('app.fields.amount')} disabled={!online} />
        <Field label={t('app.fields.transactionId')} error={form.errors.transactionId ?? null}>
          <FieldInput
            className={controlStyle}
            name="transactionId"
            autoComplete="off"
            disabled={!online}
            value={String(form.value('transactionId') ?? '')}
            onChange={(event) => form.setValue('transactionId', event.target.value)}
          />
        </Field>
        <FormError form={form} fields={['userId', 'amount', 'transactionId']} />
        <FormActions
          submitLabel={t(`app.money.entry.${entity}.submit`)}
          submitting={form.submitting}
          onCancel={onClose}
          disabled={!online}
        />
      </form>
      {dialog}
    </Dialog>
  );
}
