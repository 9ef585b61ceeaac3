import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { css } from '../../../../styled-system/css';
import { COUNTRIES } from '../../../shared/countries.ts';
import type { AmountRules } from '../../../shared/money/amount-text.ts';
import { cardBrand, cardDigits, cvvLength } from '../../../shared/money/card.ts';
import { AmountInput, typedCents } from '../../forms/amount-input.tsx';
import { submitShowingErrors } from '../../forms/focus-error.ts';
import { FormError } from '../../forms/form-error.tsx';
import { FormActions } from '../../forms/form-actions.tsx';
import type { ZodForm } from '../../forms/use-zod-form.ts';
import { useOnline } from '../../api/online-only.ts';
import { formatMoney } from '../../i18n/format.ts';
import { Badge } from '../../ui/badge.tsx';
import { Field, FieldInput, FieldSelect } from '../../ui/field.tsx';
import { controlStyle } from '../../ui/input.tsx';
import { formatExpiryInput, groupCardNumber } from './card-input.ts';

const gridStyle = css({ display: 'grid', gap: '4', gridTemplateColumns: { base: '1fr', sm: 'repeat(2, minmax(0, 1fr))' } });
const wide = css({ gridColumn: { sm: 'span 2' } });

const FIELDS = ['amount', 'cardNumber', 'cardExpirationDate', 'cardCVV', 'fullName', 'street', 'zipCode', 'country', 'phone'];

/**
 * Step 1 of the card deposit (SPEC.md §4, §5): amount, card and billing details, each with the
 * phone's numeric keyboard and the browser's autofill hints. The card details live in the wizard's
 * memory only (the form state): they are never written to storage. Pay says the amount it charges.
 */
export function CardDetailsStep({ form, rules, onCancel }: { form: ZodForm; rules?: AmountRules; onCancel: () => void }) {
  const { t, i18n } = useTranslation();
  const online = useOnline();
  const number = String(form.value('cardNumber') ?? '');
  const digits = cardDigits(number).replace(/\D/g, '');
  const brand = digits ? cardBrand(digits) : null;
  const countryNames = useMemo(() => {
    const names = new Intl.DisplayNames([i18n.language], { type: 'region' });
    return COUNTRIES.map((code) => ({ code, name: names.of(code) ?? code })).sort((a, b) => a.name.localeCompare(b.name, i18n.language));
  }, [i18n.language]);
  const text = (path: string) => String(form.value(path) ?? '');
  const error = (path: string) => form.errors[path] ?? null;
  const cents = typedCents(form, 'amount', rules);
  const set = (path: string) => (event: React.ChangeEvent<HTMLInputElement | HTMLSelectElement>) => form.setValue(path, event.target.value);

  return (
    <form onSubmit={(event) => void submitShowingErrors(form, event)} noValidate aria-label={t('app.money.wizard.details')}>
      <fieldset
        disabled={!online || form.submitting}
        className={css({ display: 'flex', flexDir: 'column', gap: '4', border: 'none', p: '0', m: '0' })}
      >
        <div className={gridStyle}>
          <div className={wide}>
            <AmountInput form={form} label={t('app.fields.amount')} rules={rules} autoComplete="transaction-amount" />
          </div>
          <div className={wide}>
            <Field
              label={
                <span className={css({ display: 'inline-flex', gap: '2', alignItems: 'center' })}>
                  {t('app.fields.cardNumber')}
                  {brand ? (
                    <span data-testid="card-brand">
                      <Badge tone="info">{t(`app.money.brands.${brand}`)}</Badge>
                    </span>
                  ) : null}
                </span>
              }
              error={error('cardNumber')}
              required
            >
              <FieldInput
                className={controlStyle}
                name="cardNumber"
                inputMode="numeric"
                autoComplete="cc-number"
                maxLength={23}
                value={number}
                onChange={(event) => form.setValue('cardNumber', groupCardNumber(event.target.value))}
              />
            </Field>
          </div>
          <Field
            label={t('app.fields.cardExpirationDate')}
            error={error('cardExpirationDate')}
            required
            helper={t('app.money.wizard.expiryHelp')}
          >
            <FieldInput
              className={controlStyle}
              name="cardExpirationDate"
              inputMode="numeric"
              autoComplete="cc-exp"
              placeholder={t('app.money.wizard.expiryPlaceholder')}
              maxLength={5}
              value={text('cardExpirationDate')}
              onChange={(event) => form.setValue('cardExpirationDate', formatExpiryInput(event.target.value, text('cardExpirationDate')))}
            />
          </Field>
          <Field
            label={t('app.fields.cardCVV')}
            error={error('cardCVV')}
            required
            helper={t('app.money.wizard.cvvHelp', { count: cvvLength(brand ?? 'card') })}
          >
            <FieldInput
              className={controlStyle}
              name="cardCVV"
              type="password"
              inputMode="numeric"
              autoComplete="cc-csc"
              maxLength={4}
              value={text('cardCVV')}
              onChange={(event) => form.setValue('cardCVV', event.target.value.replace(/\D/g, ''))}
            />
          </Field>
          <div className={wide}>
            <Field label={t('app.fields.fullName')} error={error('fullName')} required>
              <FieldInput
                className={controlStyle}
                name="fullName"
                autoComplete="cc-name"
                value={text('fullName')}
                onChange={set('fullName')}
              />
            </Field>
          </div>
          <div className={wide}>
            <Field label={t('app.fields.street')} error={error('street')} required>
              <FieldInput
                className={controlStyle}
                name="street"
                autoComplete="street-address"
                value={text('street')}
                onChange={set('street')}
              />
            </Field>
          </div>
          <Field label={t('app.fields.zipCode')} error={error('zipCode')} required>
            <FieldInput
              className={controlStyle}
              name="zipCode"
              autoComplete="postal-code"
              value={text('zipCode')}
              onChange={set('zipCode')}
            />
          </Field>
          <Field label={t('app.fields.country')} error={error('country')} required>
            <FieldSelect className={controlStyle} name="country" autoComplete="country" value={text('country')} onChange={set('country')}>
              <option value="">{t('app.money.wizard.chooseCountry')}</option>
              {countryNames.map(({ code, name }) => (
                <option key={code} value={code}>
                  {name}
                </option>
              ))}
            </FieldSelect>
          </Field>
          <div className={wide}>
            <Field label={t('app.fields.phone')} error={error('phone')} required>
              <FieldInput
                className={controlStyle}
                name="phone"
                type="tel"
                inputMode="tel"
                autoComplete="tel"
                value={text('phone')}
                onChange={set('phone')}
              />
            </Field>
          </div>
        </div>
      </fieldset>
      <FormError form={form} fields={FIELDS} />
      <FormActions
        submitLabel={cents ? t('app.money.wizard.payAmount', { amount: formatMoney(cents / 100) }) : t('app.money.wizard.pay')}
        submitting={form.submitting}
        onCancel={onCancel}
        disabled={!online}
        className={css({ mt: '4' })}
      />
    </form>
  );
}
