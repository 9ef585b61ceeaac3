import { useSnapshot } from 'valtio';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { css } from '../../../styled-system/css';
import { toCents } from '../../shared/money.ts';
import { amountText, readAmount, type AmountRules } from '../../shared/money/amount-text.ts';
import { formatMoney } from '../i18n/format.ts';
import { ui } from '../state/ui.ts';
import { Field, FieldInput } from '../ui/field.tsx';
import { controlStyle } from '../ui/input.tsx';
import type { FieldDescriptor } from './describe-schema.ts';
import type { FormSchema, FormValues, ZodForm } from './use-zod-form.ts';

/**
 * The one amount field of the app (CHECKLIST item 5): the form holds the text as typed, read strictly
 * in the reader's language (shared/money/amount-text.ts) when the form is checked; below the field,
 * the amount as it will be sent. Every money field uses it: deposits, withdrawals, adjustments, and
 * later investments, orders, prices and offers.
 */

type Issue = z.core.$ZodIssue;
type Parsed = { success: true; data: unknown } | { success: false; error: { issues: Issue[] } };

/** The reading of the typed amount in the reader's language (`rules` as the field's). */
export const readTyped = (text: unknown, rules?: AmountRules) => readAmount(String(text ?? ''), ui.localLanguage, rules);

/** The typed amount in cents, or null while it does not read as one: for a Pay button or a confirmation. */
export function typedCents(form: ZodForm, path = 'amount', rules?: AmountRules): number | null {
  const reading = readTyped(form.value(path), rules);
  return reading.ok ? reading.cents : null;
}

const samePath = (a: readonly PropertyKey[], b: readonly PropertyKey[]) => a.join('.') === b.join('.');

/**
 * A form schema whose amount (the value `field`, its issues at `path`; [] when the schema reads the
 * amount alone) is typed as text: read strictly first, then given to the shared schema in euros, the
 * wire's unit. A refusal of the text replaces whatever the shared schema said about the amount, so the
 * field shows one message. A form with several amounts (a price and an offer) nests one per field:
 * `withAmount((v) => withAmount(parse, { field: 'price' }).safeParse(v), { field: 'offer' })`.
 */
export function withAmount<P extends Parsed>(
  parse: (values: Record<string, unknown>) => P,
  options: { field?: string; path?: PropertyKey[]; rules?: () => AmountRules; optional?: boolean } = {},
): FormSchema {
  const field = options.field ?? 'amount';
  const path = options.path ?? [field];
  return {
    safeParse: (values: unknown) => {
      const typed = values as Record<string, unknown>;
      // An optional amount left empty is no amount: the schema says whether that will do.
      if (options.optional && !String(typed[field] ?? '').trim())
        return parse({ ...typed, [field]: undefined }) as ReturnType<FormSchema['safeParse']>;
      const reading = readTyped(typed[field], options.rules?.());
      const result = parse({ ...typed, [field]: reading.ok ? reading.cents / 100 : undefined });
      if (reading.ok) return result as ReturnType<FormSchema['safeParse']>;
      const { key, params } = reading.refusal;
      // translateIssues reads `maximum` as the message's {{max}}.
      const maximum = typeof params?.maxCents === 'number' ? formatMoney(params.maxCents / 100) : undefined;
      const refusal = { code: 'custom', path, message: key, input: undefined, maximum } as unknown as Issue;
      const others = result.success ? [] : result.error.issues.filter((issue) => !samePath(issue.path, path));
      return { success: false, error: { issues: [refusal, ...others] } };
    },
  };
}

/** The rules of an amount a form built from a schema reads: zero is the schema's to refuse (a threshold may be 0). */
const SCHEMA_RULES: AmountRules = { allowZero: true };

/**
 * A form built from a schema (describe-schema.ts) whose money fields are typed as text: each is read
 * strictly in the reader's language, then the schema checks the euros (CHECKLIST 5). One wrapper per
 * money field, around the schema.
 */
export function withAmounts(schema: FormSchema, fields: readonly FieldDescriptor[]): FormSchema {
  return fields
    .filter((field) => field.kind === 'money')
    .reduce<FormSchema>(
      (inner, field) =>
        withAmount((values) => inner.safeParse(values) as Parsed, {
          field: field.name,
          rules: () => SCHEMA_RULES,
          optional: !field.required,
        }),
      schema,
    );
}

/** Euros as the text an amount field edits in the reader's language ("1234,50" in German): it reads back the same. */
export const editableAmount = (euros: number): string => amountText(toCents(euros), ui.localLanguage);

/** A record's values for such a form: each money field as the text its field edits. */
export function amountsAsText(values: FormValues, fields: readonly FieldDescriptor[]): FormValues {
  const money = new Set(fields.filter((field) => field.kind === 'money').map((field) => field.name));
  return Object.fromEntries(
    Object.entries(values).map(([name, value]) => [name, money.has(name) && typeof value === 'number' ? editableAmount(value) : value]),
  );
}

/** The amount field: decimal keypad, the reader's separators, and the amount as it will be sent. */
export function AmountInput({
  form,
  name = 'amount',
  label,
  helper,
  error,
  disabled,
  rules,
  autoComplete = 'off',
  required = true,
}: {
  form: ZodForm;
  name?: string;
  label: string;
  helper?: string;
  /** The field's message when the form keeps it elsewhere (a schema of the amount alone); else the form's. */
  error?: string | null;
  disabled?: boolean;
  rules?: AmountRules;
  autoComplete?: string;
  required?: boolean;
}) {
  const { t } = useTranslation();
  useSnapshot(ui); // the reading follows the reader's language
  const text = String(form.value(name) ?? '');
  const reading = text.trim() ? readTyped(text, rules) : null;
  const shown = error === undefined ? (form.errors[name] ?? null) : error;
  return (
    <Field
      label={label}
      error={shown}
      required={required}
      helper={
        reading?.ok ? (
          <span data-testid="amount-reading" className={css({ fontVariantNumeric: 'tabular-nums' })}>
            {t('app.amount.reads', { amount: formatMoney(reading.cents / 100) })}
          </span>
        ) : (
          (helper ?? t('app.amount.help', { example: formatMoney(1234.5) }))
        )
      }
    >
      <FieldInput
        className={controlStyle}
        name={name}
        inputMode="decimal"
        autoComplete={autoComplete}
        disabled={disabled}
        value={text}
        onChange={(event) => form.setValue(name, event.target.value)}
      />
    </Field>
  );
}
