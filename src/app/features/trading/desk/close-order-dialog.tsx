import { useTranslation } from 'react-i18next';
import { css } from '../../../../../styled-system/css';
import { symbolSpec } from '../../../../shared/trading/symbols.ts';
import { useOnline } from '../../../api/online-only.ts';
import type { EntityRecord } from '../../../data/entity-store.ts';
import { AmountInput, typedCents, withAmount } from '../../../forms/amount-input.tsx';
import { submitShowingErrors } from '../../../forms/focus-error.ts';
import { FormActions } from '../../../forms/form-actions.tsx';
import { FormError } from '../../../forms/form-error.tsx';
import { useLeaveGuard } from '../../../forms/leave-guard.tsx';
import { useFormKey } from '../../../forms/form-key.ts';
import { useZodForm } from '../../../forms/use-zod-form.ts';
import { formatDateTime, formatMoney, formatNumber } from '../../../i18n/format.ts';
import { usePersonLabel } from '../../../lists/person-cell.tsx';
import { settings } from '../../../state/settings.ts';
import { Dialog } from '../../../ui/dialog.tsx';
import { Field, FieldInput } from '../../../ui/field.tsx';
import { controlStyle } from '../../../ui/input.tsx';
import { OfflineNote } from '../../../ui/offline-note.tsx';
import { useSnapshot } from 'valtio';
import { priceText } from '../api/order-view.ts';
import { runDeskAction } from './desk-orders.ts';

/** A profit may be a loss, or nothing. */
const PROFIT_RULES = { signed: true, allowZero: true } as const;

/** A close price as quoted: digits, at most the symbol's decimals; empty when not given. */
const priceIssue = (text: string, digits: number) => (!text || new RegExp(`^\\d+(\\.\\d{1,${digits}})?$`).test(text) ? null : text);

/**
 * Staff close an order with a chosen profit (DESIGN.md §11, SPEC.md §4): a dialog naming the lead and
 * the order, the profit through the shared amount field in its signed mode (a minus for a loss), an
 * optional close price with the symbol's digits, and a button that says the amount ("Close with a
 * profit of €120.50"). A profit is house money: with four eyes on, it says another staff member
 * confirms it. Online only, under the Idempotency-Key made when it opened.
 */
export function CloseOrderDialog({
  row,
  onClose,
  onDone,
}: {
  row: EntityRecord;
  onClose: () => void;
  onDone: (answer: EntityRecord, cents: number) => void;
}) {
  const { t } = useTranslation();
  const online = useOnline();
  const key = useFormKey();
  const fourEyes = useSnapshot(settings).record?.fourEyes ?? true;
  const name = usePersonLabel(row.userId);
  const symbol = String(row.symbol ?? '');
  const digits = symbolSpec(symbol)?.digits ?? 5;
  const form = useZodForm({
    schema: withAmount(
      (values) => {
        const closePrice = String(values.closePrice ?? '').trim();
        return priceIssue(closePrice, digits)
          ? {
              success: false as const,
              error: {
                issues: [{ code: 'custom', path: ['closePrice'], message: 'app.desk.close.closePriceFormat', input: closePrice } as never],
              },
            }
          : { success: true as const, data: { profit: values.profit, ...(closePrice ? { closePrice: Number(closePrice) } : {}) } };
      },
      { field: 'profit', rules: () => PROFIT_RULES },
    ),
    initial: { profit: '', closePrice: '' },
    fieldLabel: (path) => t(path === 'profit' ? 'app.desk.close.profit' : 'app.desk.close.closePrice'),
    onSubmit: async (data) => {
      const body = data as { profit: number; closePrice?: number };
      const cents = Math.round(body.profit * 100);
      try {
        const answer = await runDeskAction(row.id, 'close', body, key.current());
        onDone(answer, cents);
      } finally {
        key.renew();
      }
    },
  });
  const cents = typedCents(form, 'profit', PROFIT_RULES);
  // Leaving the page with a profit or price typed asks first (CHECKLIST 6); a sent close leaves freely.
  const typed = Boolean(String(form.value('profit') ?? '') || String(form.value('closePrice') ?? ''));
  const leaveGuard = useLeaveGuard({ when: !form.submitting && typed });
  const example = (1).toFixed(digits);
  const submitLabel =
    cents === null || cents === 0
      ? t('app.desk.close.submitZero')
      : t(cents > 0 ? 'app.desk.close.submitProfit' : 'app.desk.close.submitLoss', { amount: formatMoney(Math.abs(cents) / 100) });
  const market = row.market === 'binary_options' ? 'binary_options' : 'forex';
  return (
    <Dialog
      open
      onOpenChange={(open) => !open && onClose()}
      title={t('app.desk.close.title', { symbol, name })}
      description={
        <span data-testid="close-what">
          {t('app.desk.close.what', {
            type: t(`app.desk.type.${String(row.type)}`),
            quantity:
              market === 'forex'
                ? t('app.desk.row.lots', { quantity: formatNumber(Number(row.quantity ?? 0)), leverage: row.leverage })
                : formatMoney(Number(row.quantity)),
            symbol,
            price: priceText(row.openPrice, symbol),
            date: row.dateCreation ? formatDateTime(String(row.dateCreation)) : '—',
            held: formatMoney(Number(row.held ?? 0)),
          })}
        </span>
      }
    >
      <form
        onSubmit={(event) => void submitShowingErrors(form, event)}
        noValidate
        className={css({ display: 'flex', flexDir: 'column', gap: '4' })}
        data-testid="close-order"
      >
        <OfflineNote text={t('app.desk.close.online')} />
        <AmountInput
          form={form}
          name="profit"
          label={t('app.desk.close.profit')}
          helper={t('app.desk.close.profitHelp')}
          rules={PROFIT_RULES}
          disabled={!online}
        />
        <Field
          label={t('app.desk.close.closePrice')}
          error={form.errors.closePrice ? t('app.desk.close.closePriceFormat', { digits, example }) : null}
          helper={t('app.desk.close.closePriceHelp', { example: priceText(row.openPrice, symbol) || example })}
        >
          <FieldInput
            className={controlStyle}
            name="closePrice"
            inputMode="decimal"
            autoComplete="off"
            disabled={!online}
            value={String(form.value('closePrice') ?? '')}
            onChange={(event) => form.setValue('closePrice', event.target.value)}
          />
        </Field>
        {fourEyes && cents !== null && cents > 0 ? (
          <p role="note" data-testid="close-four-eyes" className={css({ fontSize: 'sm', color: 'fg.muted' })}>
            {t('app.desk.close.fourEyes')}
          </p>
        ) : null}
        <FormError form={form} fields={['profit', 'closePrice']} />
        <FormActions submitLabel={submitLabel} submitting={form.submitting} onCancel={onClose} disabled={!online} />
      </form>
      {leaveGuard.dialog}
    </Dialog>
  );
}
