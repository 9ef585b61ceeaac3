import { useMemo, useState, type ComponentType } from 'react';
import { useTranslation } from 'react-i18next';
import { css } from '../../../../styled-system/css';
import { offerEntity } from '../../../shared/entities/offer.ts';
import type { EntityRecord } from '../../data/entity-store.ts';
import { useRecords } from '../../data/use-records.ts';
import { ActionDialog } from '../../forms/action-dialog.tsx';
import { useAmountConfirmation } from '../../forms/amount-confirmation.tsx';
import { AmountInput, withAmount } from '../../forms/amount-input.tsx';
import { submitShowingErrors } from '../../forms/focus-error.ts';
import { useFormKey } from '../../forms/form-key.ts';
import { FormActions } from '../../forms/form-actions.tsx';
import { FormError } from '../../forms/form-error.tsx';
import { useLeaveGuard } from '../../forms/leave-guard.tsx';
import { useZodForm } from '../../forms/use-zod-form.ts';
import { formatDate, formatMoney } from '../../i18n/format.ts';
import { usePersonLabel } from '../../lists/person-cell.tsx';
import { showToast } from '../../state/ui.ts';
import { DatePicker } from '../../ui/date-picker.tsx';
import { Dialog } from '../../ui/dialog.tsx';
import { Field, FieldInput } from '../../ui/field.tsx';
import { controlStyle } from '../../ui/input.tsx';
import { OfflineNote } from '../../ui/offline-note.tsx';
import { Select } from '../../ui/select.tsx';
import { makeOffer, runOfferAction, type OfferAction } from './vault-api.ts';
import { productLabel } from './vault-cells.tsx';

/** The lead picker a route hands in (the money feature's: searched as one types, name and email). */
export type LeadPickerProps = {
  label: string;
  name?: string;
  value: string | undefined;
  onChange: (leadId: string | undefined) => void;
  error?: string | null;
};

/** A calendar day from the picker as the instant the server reads: the end of that day on this device. */
const endOfDay = (day: unknown) => (typeof day === 'string' && day ? new Date(`${day}T23:59:59`).toISOString() : undefined);

const schema = withAmount((values) =>
  offerEntity.create.safeParse({
    productId: values.productId || undefined,
    amount: values.amount,
    expirationDate: endOfDay(values.expirationDate),
    origin: values.origin,
  }),
);

/**
 * Staff make an offer on a product a lead holds (DESIGN.md §12; SPEC.md §5 messages): the lead (picked,
 * or the screen's), one of its held products, the amount in the shared amount field, an expiration day
 * and an origin. Online only: it waits for another staff member to release it to the lead.
 */
export function MakeOfferDialog({
  leadId,
  productId,
  LeadPicker,
  onClose,
  onDone,
}: {
  leadId?: string;
  productId?: string;
  LeadPicker?: ComponentType<LeadPickerProps>;
  onClose: () => void;
  onDone: () => void;
}) {
  const { t } = useTranslation();
  const key = useFormKey();
  const { confirm, dialog } = useAmountConfirmation();
  const [lead, setLead] = useState<string | undefined>(leadId);
  const held = useRecords(
    'holding',
    {
      limit: 100,
      filters: [
        { field: 'userId', values: [lead ?? ''] },
        { field: 'status', values: ['held'] },
      ],
      sorts: [{ field: 'dateCreation', order: 'desc' }],
    },
    Boolean(lead) && !productId,
  );
  const products = useRecords(
    'product',
    { limit: 100, filters: [{ field: 'id', values: held.rows.map((h) => String(h.productId)) }] },
    held.rows.length > 0,
  );
  const options = useMemo(
    () =>
      held.rows.map((h) => {
        const product = products.rows.find((p) => p.id === h.productId);
        return {
          value: String(h.productId),
          label: `${productLabel(product, t('app.vault.unknownProduct'))} · ${formatMoney(Number(h.purchasePrice ?? 0))}`,
        };
      }),
    [held.rows, products.rows, t],
  );
  const leadName = usePersonLabel(lead);
  const form = useZodForm({
    schema,
    initial: { productId: productId ?? '', amount: '', expirationDate: '', origin: '' },
    fieldLabel: (path) => t(`app.vault.offer.fields.${path}`),
    onSubmit: async (data) => {
      const body = data as { productId: string; amount: number; expirationDate: Date | string; origin: string };
      const what = t('app.vault.offer.confirm', { amount: formatMoney(body.amount), name: leadName });
      if (!(await confirm(Math.round(body.amount * 100), what, t('app.vault.offer.submit')))) return;
      try {
        await makeOffer({ ...body, expirationDate: new Date(body.expirationDate).toISOString() }, key.current());
      } finally {
        key.renew();
      }
      showToast(t('app.vault.offer.made', { amount: formatMoney(body.amount) }), 'success');
      onDone();
    },
  });
  const text = (field: string) => String(form.value(field) ?? '');
  // Leaving the page with an amount or origin typed asks first (CHECKLIST 6); a sent offer leaves freely.
  const leaveGuard = useLeaveGuard({ when: !form.submitting && Boolean(text('amount') || text('origin')) });
  return (
    <Dialog open onOpenChange={(open) => !open && onClose()} title={t('app.vault.offer.title')} description={t('app.vault.offer.explain')}>
      <form
        onSubmit={(event) => void submitShowingErrors(form, event)}
        noValidate
        className={css({ display: 'flex', flexDir: 'column', gap: '4' })}
        data-testid="make-offer"
      >
        <OfflineNote text={t('app.vault.onlineOnly')} />
        {leadId || !LeadPicker || productId ? null : (
          <LeadPicker
            label={t('app.vault.offer.fields.userId')}
            name="userId"
            value={lead}
            onChange={(id) => {
              setLead(id);
              form.setValue('productId', '');
            }}
          />
        )}
        {productId ? null : (
          <Select
            label={t('app.vault.offer.fields.productId')}
            name="productId"
            placeholder={
              lead
                ? held.rows.length
                  ? t('app.vault.offer.pickProduct')
                  : t('app.vault.offer.nothingHeld')
                : t('app.vault.offer.pickLeadFirst')
            }
            options={options}
            value={text('productId') ? [text('productId')] : []}
            onChange={(value) => form.setValue('productId', value[0] ?? '')}
            error={form.errors.productId ?? null}
          />
        )}
        <AmountInput form={form} label={t('app.vault.offer.fields.amount')} />
        <DatePicker
          label={t('app.vault.offer.fields.expirationDate')}
          value={text('expirationDate') || null}
          onChange={(day) => form.setValue('expirationDate', day ?? '')}
          error={form.errors.expirationDate ?? null}
        />
        <Field
          label={t('app.vault.offer.fields.origin')}
          required
          error={form.errors.origin ?? null}
          helper={t('app.vault.offer.originHelp')}
        >
          <FieldInput
            className={controlStyle}
            name="origin"
            maxLength={100}
            value={text('origin')}
            onChange={(e) => form.setValue('origin', e.target.value)}
          />
        </Field>
        <FormError form={form} fields={['productId', 'amount', 'expirationDate', 'origin']} />
        <FormActions submitLabel={t('app.vault.offer.submit')} submitting={form.submitting} onCancel={onClose} />
      </form>
      {dialog}
      {leaveGuard.dialog}
    </Dialog>
  );
}

/**
 * The confirmation of an offer action (SPEC.md §4: accept and decline are confirmed): who, which
 * product, how much and the gain; accepting says the product is sold and the amount credited; a
 * withdrawal asks why, a decline lets the lead say why. Online only.
 */
export function OfferActionDialog({
  offer,
  action,
  product,
  onClose,
  onDone,
}: {
  offer: EntityRecord;
  action: OfferAction;
  product: string;
  onClose: () => void;
  onDone: () => void;
}) {
  const { t } = useTranslation();
  const lead = usePersonLabel(offer.userId);
  const amount = formatMoney(Number(offer.amount ?? 0));
  const params = { amount, product, name: lead, date: offer.expirationDate ? formatDate(String(offer.expirationDate)) : '' };
  return (
    <ActionDialog
      title={t(`app.vault.actions.confirm.${action}`, params)}
      what={t(`app.vault.actions.what.${action}`, params)}
      confirmLabel={t(`app.vault.actions.button.${action}`, params)}
      danger={action === 'decline' || action === 'withdraw'}
      // Refusing asks for a reason (CHECKLIST 8): staff withdrawing must give one, a lead declining may.
      input={action === 'withdraw' ? 'reason' : action === 'decline' ? 'optionalReason' : undefined}
      run={(reason) => runOfferAction(offer.id, action, reason)}
      onClose={onClose}
      onDone={() => {
        showToast(t(`app.vault.actions.done.${action}`, params), 'success');
        onDone();
      }}
    >
      <OfflineNote text={t('app.vault.onlineOnly')} />
    </ActionDialog>
  );
}
