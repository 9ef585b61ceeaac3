import { useTranslation } from 'react-i18next';
import { css } from '../../../../styled-system/css';
import { adjustmentEntity } from '../../../shared/entities/adjustment.ts';
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
import { Field, FieldTextarea } from '../../ui/field.tsx';
import { labelStyle } from '../../ui/field.tsx';
import { controlStyle } from '../../ui/input.tsx';
import { OfflineNote } from '../../ui/offline-note.tsx';
import { enterAdjustment, type AdjustmentInput } from './adjustments-api.ts';
import { LeadPicker } from './lead-picker.tsx';

const schema = withAmount((values) => adjustmentEntity.create.safeParse(values));
const DIRECTIONS = ['credit', 'debit'] as const;

/**
 * An admin enters a manual adjustment of a lead's available funds (DESIGN.md §6): the lead searched as
 * one types (name and email), credit or debit, the amount through the shared field, a reason. It is
 * entered `pending` under the Idempotency-Key made when the dialog opened; another admin completes it.
 */
export function AdjustmentEntryDialog({ onClose, onDone }: { onClose: () => void; onDone: () => void }) {
  const { t } = useTranslation();
  const online = useOnline();
  const key = useFormKey();
  const { confirm, dialog } = useAmountConfirmation();
  const form = useZodForm({
    schema,
    initial: { userId: '', direction: 'credit', amount: '', reason: '' },
    fieldLabel: (path) => t(`app.money.adjustments.fields.${path}`),
    onSubmit: async (data) => {
      const input = data as AdjustmentInput;
      const what = t(`app.money.adjustments.confirmEntry.${input.direction}`, {
        amount: formatMoney(input.amount),
        name: lead?.id === input.userId ? `${lead.name} (${lead.email})` : t('app.money.entry.theLead'),
      });
      if (!(await confirm(Math.round(input.amount * 100), what, t('app.money.adjustments.submit')))) return;
      try {
        await enterAdjustment(input, key.current());
      } finally {
        key.renew();
      }
      showToast(t(`app.money.adjustments.entered.${input.direction}`, { amount: formatMoney(input.amount) }), 'success');
      onDone();
    },
  });
  const lead = usePerson(form.value('userId'));
  const direction = String(form.value('direction') ?? 'credit');
  return (
    <Dialog
      open
      onOpenChange={(open) => !open && onClose()}
      title={t('app.money.adjustments.enter')}
      description={t('app.money.adjustments.explain')}
    >
      <form
        onSubmit={(event) => void submitShowingErrors(form, event)}
        noValidate
        className={css({ display: 'flex', flexDir: 'column', gap: '4' })}
        data-testid="adjustment-entry"
      >
        <OfflineNote text={t('app.money.entry.offline')} />
        <LeadPicker
          label={t('app.money.billing.pickLead')}
          name="userId"
          value={form.value('userId') ? String(form.value('userId')) : undefined}
          onChange={(id) => form.setValue('userId', id ?? '')}
          error={form.errors.userId ?? null}
        />
        <fieldset className={css({ display: 'flex', flexDir: 'column', gap: '1.5', border: 'none', p: 0, m: 0 })}>
          <legend className={labelStyle}>{t('app.money.adjustments.fields.direction')}</legend>
          <div className={css({ display: 'flex', gap: '4', flexWrap: 'wrap' })}>
            {DIRECTIONS.map((value) => (
              <label
                key={value}
                className={css({ display: 'inline-flex', alignItems: 'center', gap: '2', fontSize: 'sm', cursor: 'pointer' })}
              >
                <input
                  type="radio"
                  name="direction"
                  value={value}
                  checked={direction === value}
                  disabled={!online}
                  onChange={() => form.setValue('direction', value)}
                  className={css({ w: '4.5', h: '4.5', accentColor: 'var(--bd-primary)' })}
                />
                {t(`app.money.adjustments.direction.${value}`)}
              </label>
            ))}
          </div>
        </fieldset>
        <AmountInput form={form} label={t('app.fields.amount')} disabled={!online} />
        <Field label={t('app.money.adjustments.fields.reason')} required error={form.errors.reason ?? null}>
          <FieldTextarea
            className={css({ minH: '20' }) + ' ' + controlStyle}
            name="reason"
            maxLength={500}
            disabled={!online}
            value={String(form.value('reason') ?? '')}
            onChange={(event) => form.setValue('reason', event.target.value)}
            data-testid="adjustment-reason"
          />
        </Field>
        <FormError form={form} fields={['userId', 'direction', 'amount', 'reason']} />
        <FormActions submitLabel={t('app.money.adjustments.submit')} submitting={form.submitting} onCancel={onClose} disabled={!online} />
      </form>
      {dialog}
    </Dialog>
  );
}
