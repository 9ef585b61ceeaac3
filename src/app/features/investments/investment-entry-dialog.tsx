import type { ComponentType } from 'react';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { css } from '../../../../styled-system/css';
import { DIVIDEND_FREQUENCIES } from '../../../shared/constants.ts';
import { investmentEntity } from '../../../shared/entities/investment.ts';
import { isQueued } from '../../data/entity-store.ts';
import { entityStore } from '../../data/stores.ts';
import { useAmountConfirmation } from '../../forms/amount-confirmation.tsx';
import { AmountInput, withAmount } from '../../forms/amount-input.tsx';
import { submitShowingErrors } from '../../forms/focus-error.ts';
import { FormActions } from '../../forms/form-actions.tsx';
import { FormError } from '../../forms/form-error.tsx';
import { useZodForm } from '../../forms/use-zod-form.ts';
import { formatMoney } from '../../i18n/format.ts';
import { usePerson } from '../../lists/person-cell.tsx';
import { showToast } from '../../state/ui.ts';
import { DatePicker } from '../../ui/date-picker.tsx';
import { Dialog } from '../../ui/dialog.tsx';
import { Field, FieldInput } from '../../ui/field.tsx';
import { controlStyle } from '../../ui/input.tsx';
import { Select } from '../../ui/select.tsx';

/** The lead picker the route hands in (the money feature's: searched as one types, name and email). */
export type LeadPickerProps = {
  label: string;
  name?: string;
  value: string | undefined;
  onChange: (leadId: string | undefined) => void;
  error?: string | null;
};

/** A calendar day from a picker as the instant the server reads: that day's start on this device. */
export const dayToInstant = (day: unknown) => (typeof day === 'string' && day ? new Date(`${day}T00:00:00`).toISOString() : undefined);

/** A rate typed in the reader's language (12,5 or 12.5); left as typed when it does not read, so the schema says why. */
export const readRate = (text: unknown) => {
  const typed = String(text ?? '')
    .trim()
    .replace(',', '.');
  return typed && /^\d+(\.\d+)?$/.test(typed) ? Number(typed) : typed || undefined;
};

type Issue = z.core.$ZodIssue;

/**
 * The create schema over the form's values: the principal typed in the shared amount field (read
 * strictly, its messages on `amount`), the dates from day pickers, the rate as typed.
 */
const schema = withAmount((values) => {
  const { amount, expirationDate, startDate, rentability, ...rest } = values;
  const parsed = investmentEntity.create.safeParse({
    ...rest,
    initialAmount: amount,
    rentability: readRate(rentability),
    expirationDate: dayToInstant(expirationDate),
    ...(startDate ? { startDate: dayToInstant(startDate) } : {}),
  });
  if (parsed.success) return parsed;
  const issues = parsed.error.issues.map((issue) =>
    issue.path[0] === 'initialAmount' ? { ...issue, path: ['amount'] } : issue,
  ) as Issue[];
  return { success: false as const, error: { issues } };
});

/**
 * Staff open an investment for a lead (DESIGN.md §10): its principal moves from the lead's available
 * funds to invested when the server books it. Through the entity store, so offline it queues in the
 * outbox; checked again when sent, a refusal (not enough funds) lands in sync issues in the server's words.
 */
export function InvestmentEntryDialog({
  leadId,
  LeadPicker,
  onClose,
  onDone,
}: {
  leadId?: string;
  LeadPicker?: ComponentType<LeadPickerProps>;
  onClose: () => void;
  onDone: () => void;
}) {
  const { t } = useTranslation();
  const { confirm, dialog } = useAmountConfirmation();
  const form = useZodForm({
    schema,
    initial: {
      userId: leadId ?? '',
      name: '',
      amount: '',
      rentability: '',
      dividendFrequency: 'monthly',
      expirationDate: '',
      startDate: '',
    },
    fieldLabel: (path) => t(`app.entities.investment.fields.${path}`),
    onSubmit: async (data) => {
      const body = data as Record<string, unknown> & { initialAmount: number };
      const to = t('app.investments.entry.confirmTo', {
        amount: formatMoney(body.initialAmount),
        name: lead && lead.id === body.userId ? `${lead.name} (${lead.email})` : t('app.investments.entry.theLead'),
      });
      if (!(await confirm(Math.round(body.initialAmount * 100), to, t('app.investments.entry.submit')))) return;
      const saved = await entityStore('investment').create(body);
      showToast(
        isQueued(saved) ? t('app.investments.entry.queued') : t('app.investments.entry.done', { amount: formatMoney(body.initialAmount) }),
        'success',
      );
      onDone();
    },
  });
  const lead = usePerson(form.value('userId'));
  const text = (field: string) => String(form.value(field) ?? '');
  return (
    <Dialog
      open
      onOpenChange={(open) => !open && onClose()}
      title={t('app.investments.entry.title')}
      description={t('app.investments.entry.explain')}
    >
      <form
        onSubmit={(event) => void submitShowingErrors(form, event)}
        noValidate
        className={css({ display: 'flex', flexDir: 'column', gap: '4' })}
        data-testid="investment-entry"
      >
        {leadId || !LeadPicker ? null : (
          <LeadPicker
            label={t('app.entities.investment.fields.userId')}
            name="userId"
            value={text('userId') || undefined}
            onChange={(id) => form.setValue('userId', id ?? '')}
            error={form.errors.userId ?? null}
          />
        )}
        <Field label={t('app.entities.investment.fields.name')} required error={form.errors.name ?? null}>
          <FieldInput
            className={controlStyle}
            name="name"
            maxLength={200}
            value={text('name')}
            onChange={(e) => form.setValue('name', e.target.value)}
          />
        </Field>
        <AmountInput form={form} label={t('app.entities.investment.fields.initialAmount')} />
        <Field
          label={t('app.entities.investment.fields.rentability')}
          required
          error={form.errors.rentability ?? null}
          helper={t('app.investments.entry.rateHelp')}
        >
          <FieldInput
            className={controlStyle}
            name="rentability"
            inputMode="decimal"
            autoComplete="off"
            value={text('rentability')}
            onChange={(e) => form.setValue('rentability', e.target.value)}
          />
        </Field>
        <Select
          label={t('app.entities.investment.fields.dividendFrequency')}
          name="dividendFrequency"
          options={DIVIDEND_FREQUENCIES.map((f) => ({ value: f, label: t(`app.projects.frequency.${f}`) }))}
          value={[text('dividendFrequency')]}
          onChange={(value) => form.setValue('dividendFrequency', value[0] ?? '')}
          error={form.errors.dividendFrequency ?? null}
        />
        <DatePicker
          label={t('app.entities.investment.fields.expirationDate')}
          value={text('expirationDate') || null}
          onChange={(day) => form.setValue('expirationDate', day ?? '')}
          error={form.errors.expirationDate ?? null}
        />
        <DatePicker
          label={t('app.entities.investment.fields.startDate')}
          value={text('startDate') || null}
          onChange={(day) => form.setValue('startDate', day ?? '')}
          error={form.errors.startDate ?? null}
        />
        <p className={css({ fontSize: 'xs', color: 'fg.muted', mt: '-2' })}>{t('app.investments.entry.startHelp')}</p>
        <FormError form={form} fields={['userId', 'name', 'amount', 'rentability', 'dividendFrequency', 'expirationDate', 'startDate']} />
        <FormActions submitLabel={t('app.investments.entry.submit')} submitting={form.submitting} onCancel={onClose} />
      </form>
      {dialog}
    </Dialog>
  );
}
