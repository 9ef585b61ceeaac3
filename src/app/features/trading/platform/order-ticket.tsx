import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import type { z } from 'zod';
import { css } from '../../../../../styled-system/css';
import { useOnline } from '../../../api/online-only.ts';
import { AmountInput } from '../../../forms/amount-input.tsx';
import { submitShowingErrors } from '../../../forms/focus-error.ts';
import { FormError } from '../../../forms/form-error.tsx';
import { useFormKey } from '../../../forms/form-key.ts';
import { useZodForm, type FormSchema } from '../../../forms/use-zod-form.ts';
import { formatDateTime, formatMoney, formatNumber } from '../../../i18n/format.ts';
import { showToast, ui } from '../../../state/ui.ts';
import { Button } from '../../../ui/button.tsx';
import { Checkbox } from '../../../ui/checkbox.tsx';
import { Field, FieldInput, FieldSelect } from '../../../ui/field.tsx';
import { controlStyle } from '../../../ui/input.tsx';
import { OfflineNote } from '../../../ui/offline-note.tsx';
import { readAmount } from '../../../../shared/money/amount-text.ts';
import { symbolSpec } from '../../../../shared/trading/symbols.ts';
import type { QuoteView } from '../api/live-quotes.ts';
import { openOrder } from '../api/orders.ts';
import { lotsText, priceText } from '../api/order-view.ts';
import { binaryWinCents, forexFigures, checkTicket } from './figures.ts';
import { Segmented } from './segmented.tsx';
import { readLots, ticketBody, type TicketValues } from './ticket-form.ts';
import { EXPIRATION_PRESETS, expirationOf } from '../../../../shared/trading/ticket.ts';

type Issue = z.core.$ZodIssue;

/** The form's schema: the typed texts read strictly, then the shared ticket rules on the body it makes. */
const ticketSchema: FormSchema<Record<string, unknown>> = {
  safeParse: (values: unknown) => {
    const made = ticketBody(values as TicketValues, ui.localLanguage);
    const issues =
      'issues' in made
        ? made.issues.map((issue) => ({ code: 'custom', path: [issue.path], message: issue.key, params: issue.params }) as unknown as Issue)
        : checkTicket(made.body);
    if (issues.length || 'issues' in made) return { success: false, error: { issues } };
    return { success: true, data: made.body };
  },
};

const figureRow = css({
  display: 'flex',
  justifyContent: 'space-between',
  gap: '3',
  fontSize: 'sm',
  py: '1',
  borderBottomWidth: '1px',
  borderColor: 'border',
});

/**
 * The order ticket (DESIGN.md §11): forex (buy or sell, lots, leverage up to the symbol's maximum) or,
 * where the company and the lead's label allow, a binary option (stake, direction, expiry) after the
 * risk warning is acknowledged. Before sending it shows what the order would hold and risk at the
 * price now (margin, pip value, close-out price; or the payout); the server's price decides. Online
 * only: offline it says so and sends nothing.
 */
export function OrderTicket({
  symbol,
  quotes,
  binaryAllowed,
  availableCents,
}: {
  symbol: string;
  quotes: Readonly<Record<string, QuoteView>>;
  binaryAllowed: boolean;
  availableCents: number | null;
}) {
  const { t } = useTranslation();
  const online = useOnline();
  const { localLanguage } = useSnapshot(ui);
  const key = useFormKey();
  const spec = symbolSpec(symbol);
  const initial: TicketValues = {
    market: 'forex',
    symbol,
    type: 'buy',
    quantity: '',
    leverage: String(spec?.maxLeverage ?? 1),
    stake: '',
    preset: '1m',
    customDate: '',
    riskAcknowledged: false,
  };
  const form = useZodForm({
    schema: ticketSchema,
    initial,
    onSubmit: async (body) => {
      try {
        const order = await openOrder({ ...body, symbol }, key.current());
        showToast(t('app.platform.ticket.opened', { symbol, price: priceText(order.openPrice, symbol) }), 'success');
      } finally {
        key.renew();
      }
    },
  });
  const values = { ...(form.values as TicketValues), symbol };
  const binary = binaryAllowed && values.market === 'binary_options';
  const quote = quotes[symbol];
  const lots = readLots(values.quantity, localLanguage);
  const leverage = Number(values.leverage);
  const figures =
    !binary && spec && lots.ok && Number.isInteger(leverage) && leverage >= 1 && leverage <= spec.maxLeverage
      ? forexFigures({ symbol, type: values.type, lotsHundredths: lots.value, leverage, quotes })
      : null;
  const stake = readAmount(values.stake, localLanguage);
  // What the order would hold from the available funds: above them, the server would refuse it (said, not offered).
  const heldCents = binary ? (stake.ok ? stake.cents : null) : (figures?.marginCents ?? null);
  const overFunds = heldCents !== null && availableCents !== null && heldCents > availableCents;
  const submitLabel = binary
    ? t('app.platform.ticket.submitBinary', { amount: stake.ok ? formatMoney(stake.cents / 100) : '', symbol })
    : t(values.type === 'buy' ? 'app.platform.ticket.submitBuy' : 'app.platform.ticket.submitSell', {
        lots: lots.ok ? lotsText(lots.value / 100, localLanguage) : '',
        symbol,
      });
  const set = (name: keyof TicketValues) => (value: unknown) => form.setValue(name, value);

  return (
    <form
      aria-label={t('app.platform.ticket.title')}
      data-testid="order-ticket"
      noValidate
      onSubmit={(event) => void submitShowingErrors(form, event)}
      className={css({ display: 'flex', flexDir: 'column', gap: '3' })}
    >
      <OfflineNote text={t('app.platform.ticket.onlineOnly')} />
      {binaryAllowed ? (
        <Segmented
          legend={t('app.platform.ticket.kind')}
          name="market"
          value={values.market}
          onChange={set('market')}
          options={[
            { value: 'forex', label: t('app.platform.ticket.forex') },
            { value: 'binary_options', label: t('app.platform.ticket.binary') },
          ]}
        />
      ) : null}
      <Segmented
        legend={t('app.platform.ticket.side')}
        name="type"
        value={values.type}
        onChange={set('type')}
        options={[
          { value: 'buy', label: t(binary ? 'app.platform.ticket.call' : 'app.platform.ticket.buy'), tone: 'success' },
          { value: 'sell', label: t(binary ? 'app.platform.ticket.put' : 'app.platform.ticket.sell'), tone: 'error' },
        ]}
      />
      {/* Offline the last known price is not the market's: the ticket says nothing of a price then. */}
      {quote && online ? (
        <p className={css({ fontSize: 'xs', color: 'fg.muted' })} data-testid="ticket-price">
          {t('app.platform.ticket.price', { price: values.type === 'buy' ? quote.ask : quote.bid })}
        </p>
      ) : null}
      {binary ? (
        <>
          <AmountInput form={form} name="stake" label={t('app.platform.ticket.stake')} disabled={!online} />
          <Field label={t('app.platform.ticket.expiration')} error={form.errors.expiration ?? null} required>
            <FieldSelect
              name="preset"
              className={controlStyle}
              value={values.preset}
              onChange={(event) => form.setValue('preset', event.target.value)}
            >
              {[...EXPIRATION_PRESETS, 'custom' as const].map((preset) => (
                <option key={preset} value={preset}>
                  {t(`app.platform.ticket.presets.${preset}`)}
                </option>
              ))}
            </FieldSelect>
          </Field>
          {values.preset === 'custom' ? (
            <Field label={t('app.platform.ticket.customDate')} error={form.errors.customDate ?? null} required>
              <FieldInput
                type="datetime-local"
                name="customDate"
                className={controlStyle}
                value={values.customDate}
                onChange={(event) => form.setValue('customDate', event.target.value)}
              />
            </Field>
          ) : (
            <p className={css({ fontSize: 'xs', color: 'fg.muted' })}>{formatDateTime(expirationOf(values.preset, new Date()))}</p>
          )}
          {overFunds ? (
            <p className={css({ fontSize: 'xs', color: 'error' })}>
              {t('app.platform.ticket.marginAbove', { amount: formatMoney(availableCents / 100) })}
            </p>
          ) : null}
          {stake.ok && spec ? (
            <p className={css({ fontSize: 'sm' })} data-testid="ticket-payout">
              {t('app.platform.ticket.payout', {
                amount: formatMoney(binaryWinCents(stake.cents, spec.binaryPayout) / 100),
                payout: spec.binaryPayout,
              })}
            </p>
          ) : null}
          <div
            role="note"
            className={css({
              borderWidth: '1px',
              borderColor: 'warning',
              bg: 'warning.subtle',
              borderRadius: 'md',
              p: '3',
              display: 'flex',
              flexDir: 'column',
              gap: '2',
            })}
          >
            <strong className={css({ fontSize: 'sm' })}>{t('app.platform.ticket.riskTitle')}</strong>
            <p className={css({ fontSize: 'sm' })}>{t('app.platform.ticket.risk')}</p>
            <Checkbox checked={values.riskAcknowledged} onChange={set('riskAcknowledged')} name="riskAcknowledged">
              {t('app.platform.ticket.riskAck')}
            </Checkbox>
            {form.errors.riskAcknowledged ? (
              <p role="alert" className={css({ color: 'error', fontSize: 'sm' })}>
                {form.errors.riskAcknowledged}
              </p>
            ) : null}
          </div>
        </>
      ) : (
        <>
          <Field
            label={t('app.platform.ticket.lots')}
            error={form.errors.quantity ?? null}
            required
            helper={
              lots.ok && spec
                ? t('app.platform.ticket.lotsReads', {
                    lots: lotsText(lots.value / 100, localLanguage),
                    units: formatNumber((lots.value * spec.contractSize) / 100),
                  })
                : t('app.platform.ticket.lotsHelp', { size: formatNumber(spec?.contractSize ?? 0), example: lotsText(0.1, localLanguage) })
            }
          >
            <FieldInput
              name="quantity"
              inputMode="decimal"
              autoComplete="off"
              className={controlStyle}
              value={values.quantity}
              onChange={(event) => form.setValue('quantity', event.target.value)}
            />
          </Field>
          <Field
            label={t('app.platform.ticket.leverage')}
            error={form.errors.leverage ?? null}
            required
            helper={t('app.platform.ticket.leverageHelp', { max: spec?.maxLeverage ?? 1, symbol })}
          >
            <FieldInput
              name="leverage"
              inputMode="numeric"
              autoComplete="off"
              className={controlStyle}
              value={values.leverage}
              onChange={(event) => form.setValue('leverage', event.target.value)}
            />
          </Field>
          {figures ? (
            <dl data-testid="ticket-figures" className={css({ display: 'flex', flexDir: 'column' })}>
              <div className={figureRow}>
                <dt>{t('app.platform.ticket.margin')}</dt>
                <dd data-testid="ticket-margin" className={css({ fontWeight: 'semibold', fontVariantNumeric: 'tabular-nums' })}>
                  {formatMoney(figures.marginCents / 100)}
                </dd>
              </div>
              <div className={figureRow}>
                <dt>{t('app.platform.ticket.pipValue', { pip: spec?.pip })}</dt>
                <dd data-testid="ticket-pip" className={css({ fontWeight: 'semibold', fontVariantNumeric: 'tabular-nums' })}>
                  {formatMoney(figures.pipValueCents / 100)}
                </dd>
              </div>
              <div className={figureRow}>
                <dt title={t('app.platform.ticket.closeOutHelp')}>{t('app.platform.ticket.closeOut')}</dt>
                <dd data-testid="ticket-closeout" className={css({ fontWeight: 'semibold', fontVariantNumeric: 'tabular-nums' })}>
                  {figures.closeOutPrice ?? '—'}
                </dd>
              </div>
              {overFunds ? (
                <p className={css({ fontSize: 'xs', color: 'error', pt: '1' })}>
                  {t('app.platform.ticket.marginAbove', { amount: formatMoney(availableCents / 100) })}
                </p>
              ) : null}
            </dl>
          ) : null}
        </>
      )}
      <FormError form={form} />
      <Button type="submit" loading={form.submitting} disabled={!online || overFunds} variant={values.type === 'sell' ? 'danger' : 'solid'}>
        {submitLabel}
      </Button>
    </form>
  );
}
