import { afterEach, describe, expect, test } from 'vitest';
import { z } from 'zod';
import { withAmount } from '../../../src/app/forms/amount-input.tsx';
import { ui } from '../../../src/app/state/ui.ts';
import { cardDepositInput } from '../../../src/shared/money/card-deposit.ts';

/** The amount field's schema: the typed text read in the reader's language, one message for the field. */
const schema = withAmount((values) => cardDepositInput.safeParse(values), { rules: () => ({ maxCents: 1000000 }) });
const amountIssues = (typed: string) => {
  const result = schema.safeParse({ amount: typed });
  return result.success ? [] : result.error.issues.filter((issue) => issue.path.join('.') === 'amount');
};

afterEach(() => {
  ui.localLanguage = 'en-US';
});

describe('withAmount', () => {
  test("a refused text is the amount's one issue, whatever the shared schema said", () => {
    ui.localLanguage = 'en-US';
    expect(amountIssues('10.005').map((issue) => issue.message)).toEqual(['validation.amountDecimals']);
    expect(amountIssues('').map((issue) => issue.message)).toEqual(['validation.amountRequired']);
    expect(amountIssues('-5').map((issue) => issue.message)).toEqual(['validation.amountNegative']);
  });

  test("above the field's maximum, the message gets it formatted as {{max}}", () => {
    ui.localLanguage = 'en-US';
    const [issue] = amountIssues('10000.01');
    expect(issue?.message).toBe('validation.amountMax');
    expect((issue as unknown as { maximum: string }).maximum).toBe('€10,000.00');
  });

  test('a good text reaches the shared schema in euros, read in the language of the moment', () => {
    const body = {
      cardNumber: '4242 4242 4242 4242',
      cardExpirationDate: '12/39',
      cardCVV: '123',
      fullName: 'Paula Payer',
      street: '1 Main St',
      zipCode: '75002',
      country: 'FR',
      phone: '+33 6 12 34 56 78',
    };
    ui.localLanguage = 'fr-FR';
    const fr = schema.safeParse({ ...body, amount: '1 000,50' });
    expect(fr.success && (fr.data as { amount: number }).amount).toBe(1000.5);
    ui.localLanguage = 'de-DE';
    const de = schema.safeParse({ ...body, amount: '1.000,50' });
    expect(de.success && (de.data as { amount: number }).amount).toBe(1000.5);
    ui.localLanguage = 'en-US';
    expect(amountIssues('1.000,50').map((issue) => issue.message)).toEqual(['validation.amountFormat']);
  });

  test('any field, and several in one form: a price may be nothing, an offer may not', () => {
    ui.localLanguage = 'de-DE';
    const shared = z.object({ price: z.number(), offer: z.number() });
    const both = withAmount(
      (v) => withAmount((w) => shared.safeParse(w), { field: 'price', rules: () => ({ allowZero: true }) }).safeParse(v),
      {
        field: 'offer',
      },
    );
    const good = both.safeParse({ price: '0', offer: '1.250,5' });
    expect(good.success && good.data).toEqual({ price: 0, offer: 1250.5 });
    const bad = both.safeParse({ price: '12,345', offer: '0' });
    expect(bad.success ? [] : bad.error.issues.map((issue) => [issue.path.join('.'), issue.message])).toEqual([
      ['offer', 'validation.positive'],
      ['price', 'validation.amountDecimals'],
    ]);
  });

  test('an empty country says to choose one', () => {
    const result = schema.safeParse({ amount: '10', country: '' });
    expect(result.success).toBe(false);
    if (!result.success)
      expect(result.error.issues.find((issue) => issue.path[0] === 'country')?.message).toBe('validation.countryRequired');
  });
});
