import { describe, expect, test } from 'vitest';
import { amountText, readAmount } from '../../../src/shared/money/amount-text.ts';

/**
 * Amounts as people type them, read strictly in their language (issue 24, CHECKLIST item 5): the
 * expected cents and refusals are written by hand, never computed.
 */
const NBSP = '\u00a0';
const NNBSP = '\u202f';

type Row = [typed: string, cents: number | string];

/** A number: the cents read; a string: the refusal's message key. */
const TABLE: Record<'en' | 'fr' | 'de', Row[]> = {
  en: [
    ['12', 1200],
    ['12.5', 1250],
    ['12.50', 1250],
    [' 12 ', 1200],
    ['1,000.50', 100050],
    ['1,234,567.89', 123456789],
    ['1000.5', 100050],
    ['0.01', 1],
    ['.5', 50],
    ['€ 20', 2000],
    ['20 €', 2000],
    ['99999999999', 9999999999900],
    ['10.005', 'validation.amountDecimals'],
    ['0.001', 'validation.amountDecimals'],
    ['1.234', 'validation.amountDecimals'],
    ['1,00', 'validation.amountFormat'],
    ['1,0000', 'validation.amountFormat'],
    ['1 000,50', 'validation.amountFormat'],
    ['1.000,50', 'validation.amountFormat'],
    ['10,00,000', 'validation.amountFormat'],
    [',100', 'validation.amountFormat'],
    ['12.', 'validation.amountFormat'],
    ['12abc', 'validation.amountFormat'],
    ['1e5', 'validation.amountFormat'],
    ['-5', 'validation.amountNegative'],
    ['−5', 'validation.amountNegative'],
    ['', 'validation.amountRequired'],
    ['   ', 'validation.amountRequired'],
    ['0', 'validation.positive'],
    ['0.00', 'validation.positive'],
    ['99999999999999999', 'validation.amountMax'],
  ],
  fr: [
    ['12', 1200],
    ['12,5', 1250],
    ['12.5', 1250],
    [' 12 ', 1200],
    ['1 000,50', 100050],
    [`1${NBSP}000,50`, 100050],
    [`1${NNBSP}000,50`, 100050],
    [`1${NNBSP}234${NBSP}567,89`, 123456789],
    ['1000,5', 100050],
    ['20 €', 2000],
    [`1${NNBSP}234,56${NBSP}€`, 123456],
    ['99999999999', 9999999999900],
    ['10,005', 'validation.amountDecimals'],
    ['0,001', 'validation.amountDecimals'],
    ['10.005', 'validation.amountDecimals'],
    ['1,000.50', 'validation.amountFormat'],
    ['1.000,50', 'validation.amountFormat'],
    ['1 00,50', 'validation.amountFormat'],
    ['1 0000', 'validation.amountFormat'],
    ['-5', 'validation.amountNegative'],
    ['', 'validation.amountRequired'],
    ['0', 'validation.positive'],
  ],
  de: [
    ['12', 1200],
    ['12,5', 1250],
    [' 12 ', 1200],
    ['1.000,50', 100050],
    ['1.234.567,89', 123456789],
    ['10.005', 1000500],
    ['1000,5', 100050],
    ['20 €', 2000],
    ['99999999999', 9999999999900],
    ['10,005', 'validation.amountDecimals'],
    ['0,001', 'validation.amountDecimals'],
    ['12.5', 'validation.amountFormat'],
    ['1,000.50', 'validation.amountFormat'],
    ['1 000,50', 'validation.amountFormat'],
    ['1.0000', 'validation.amountFormat'],
    ['1,00,0', 'validation.amountFormat'],
    ['-5', 'validation.amountNegative'],
    ['', 'validation.amountRequired'],
    ['0', 'validation.positive'],
  ],
};

const outcome = (typed: string, language: string) => {
  const reading = readAmount(typed, language);
  return reading.ok ? reading.cents : reading.refusal.key;
};

describe.each(Object.entries(TABLE))('amounts typed in %s', (language, rows) => {
  test.each(rows)('%j reads as %j', (typed, expected) => expect(outcome(typed, language)).toBe(expected));
});

describe('amounts: languages and bounds', () => {
  test('a locale reads as its language; an unknown one as English', () => {
    expect(outcome('1 000,50', 'fr-FR')).toBe(100050);
    expect(outcome('1.000,50', 'de-DE')).toBe(100050);
    expect(outcome('1,000.50', 'en-US')).toBe(100050);
    expect(outcome('1,000.50', 'xx')).toBe(100050);
  });

  test("a field's maximum refuses above it, naming it in cents; zero only where allowed", () => {
    expect(readAmount('10000', 'en', { maxCents: 1000000 })).toEqual({ ok: true, cents: 1000000 });
    expect(readAmount('10000.01', 'en', { maxCents: 1000000 })).toEqual({
      ok: false,
      refusal: { key: 'validation.amountMax', params: { maxCents: 1000000 } },
    });
    expect(readAmount('0', 'en', { allowZero: true })).toEqual({ ok: true, cents: 0 });
  });
});

describe('signed amounts (a profit chosen when staff close an order may be a loss)', () => {
  test('a leading minus reads as negative cents in each language, only where the field is signed', () => {
    expect(readAmount('-1,234.56', 'en', { signed: true })).toEqual({ ok: true, cents: -123456 });
    expect(readAmount('−1 234,56', 'fr', { signed: true })).toEqual({ ok: true, cents: -123456 });
    expect(readAmount('-1.234,56', 'de', { signed: true })).toEqual({ ok: true, cents: -123456 });
    expect(readAmount('- €30', 'en', { signed: true })).toEqual({ ok: true, cents: -3000 });
    expect(readAmount('120.50', 'en', { signed: true })).toEqual({ ok: true, cents: 12050 });
    expect(readAmount('-12.50', 'en')).toEqual({ ok: false, refusal: { key: 'validation.amountNegative' } });
  });

  test('the same strictness and bounds on the negative side', () => {
    expect(readAmount('-10.005', 'en', { signed: true })).toEqual({ ok: false, refusal: { key: 'validation.amountDecimals' } });
    expect(readAmount('-', 'en', { signed: true })).toEqual({ ok: false, refusal: { key: 'validation.amountFormat' } });
    expect(readAmount('-100.01', 'en', { signed: true, maxCents: 10000 })).toEqual({
      ok: false,
      refusal: { key: 'validation.amountMax', params: { maxCents: 10000 } },
    });
    expect(readAmount('-0', 'en', { signed: true, allowZero: true })).toEqual({ ok: true, cents: 0 });
  });
});

describe('an amount as a field edits it (amountText)', () => {
  test("no grouping, the language's decimal mark, decimals only with cents", () => {
    expect(amountText(1_000_000, 'en')).toBe('10000');
    expect(amountText(123_450, 'en')).toBe('1234.50');
    expect(amountText(123_450, 'de')).toBe('1234,50');
    expect(amountText(5, 'fr-FR')).toBe('0,05');
    expect(amountText(-5_050, 'de')).toBe('-50,50');
    expect(amountText(0, 'en')).toBe('0');
  });

  test.each(['en', 'fr', 'de'])('reads back as the same cents in %s', (language) => {
    for (const cents of [0, 1, 99, 100, 123_456, 10_000_000, 99_999_999_999_999, -42, -123_400])
      expect(readAmount(amountText(cents, language), language, { allowZero: true, signed: true })).toEqual({ ok: true, cents });
  });
});
