import { z } from 'zod';
import { COUNTRIES } from '../countries.ts';
import { oneOf, requiredText } from '../fields.ts';
import { money } from '../money.ts';

/** Card brands told apart by their first digits (IIN ranges), as a card form shows them while typing. */
export const CARD_BRANDS = ['visa', 'mastercard', 'amex', 'discover', 'diners', 'jcb', 'unionpay'] as const;
export type CardBrand = (typeof CARD_BRANDS)[number];

const BRAND_PATTERNS: readonly [CardBrand, RegExp][] = [
  ['amex', /^3[47]/],
  ['diners', /^3(0[0-5]|[689])/],
  ['jcb', /^35(2[89]|[3-8])/],
  ['visa', /^4/],
  ['mastercard', /^(5[1-5]|2(2[2-9][1-9]|2[3-9]|[3-6]|7[01]|720))/],
  ['discover', /^(6011|64[4-9]|65)/],
  ['unionpay', /^62/],
];

export const digitsOf = (value: string): string => value.replace(/\D/g, '');

/** The brand of a (partial) card number, or null while it cannot be told. */
export function cardBrand(cardNumber: string): CardBrand | null {
  const digits = digitsOf(cardNumber);
  return BRAND_PATTERNS.find(([, pattern]) => pattern.test(digits))?.[0] ?? null;
}

/** American Express cards carry a 4-digit security code; the others 3. */
export const cvvLength = (brand: CardBrand | null): 3 | 4 => (brand === 'amex' ? 4 : 3);

/** The Luhn checksum every card number satisfies (ISO/IEC 7812-1). */
export function passesLuhn(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let digit = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return digits.length > 0 && sum % 10 === 0;
}

/** 4242 4242 4242 4242 as typed; Amex grouped 4-6-5. */
export function groupCardNumber(value: string): string {
  const digits = digitsOf(value).slice(0, 19);
  const groups = cardBrand(digits) === 'amex' ? [4, 6, 5] : [4, 4, 4, 4, 3];
  const parts: string[] = [];
  let at = 0;
  for (const size of groups) {
    if (at >= digits.length) break;
    parts.push(digits.slice(at, at + size));
    at += size;
  }
  return parts.join(' ');
}

/** SPEC.md §5: card number required and a real card number (Luhn). */
export const cardNumberField = () =>
  z
    .string({ error: 'validation.required' })
    .transform(digitsOf)
    .pipe(
      z
        .string()
        .min(1, { error: 'validation.required' })
        .regex(/^\d{12,19}$/, { error: 'validation.cardNumber' })
        .refine(passesLuhn, { error: 'validation.cardNumber' }),
    );

/** SPEC.md §5: expiry MM/YY. */
export const cardExpiryField = () =>
  z
    .string({ error: 'validation.required' })
    .trim()
    .min(1, { error: 'validation.required' })
    .regex(/^(0[1-9]|1[0-2])\/\d{2}$/, { error: 'validation.cardExpiry' });

/**
 * The card deposit of the 3-D Secure wizard's first step (SPEC.md §4, §5): amount, card and billing
 * details. The CVV has 3 or 4 digits, 4 for American Express.
 */
export const cardDepositDetails = z
  .object({
    amount: money().refine((v) => v > 0, { error: 'validation.positive' }),
    cardNumber: cardNumberField(),
    cardExpirationDate: cardExpiryField(),
    cardCVV: z
      .string({ error: 'validation.required' })
      .min(1, { error: 'validation.required' })
      .regex(/^\d{3,4}$/, { error: 'validation.cvv' }),
    fullName: requiredText(200),
    street: requiredText(200),
    zipCode: requiredText(20),
    country: oneOf(COUNTRIES),
    phone: requiredText(32).regex(/^\+?[\d\s().-]{6,}$/, { error: 'validation.phone' }),
  })
  .superRefine((value, ctx) => {
    if (cardBrand(value.cardNumber) === 'amex' && value.cardCVV.length !== 4)
      ctx.addIssue({ code: 'custom', path: ['cardCVV'], message: 'validation.cvvAmex' });
  });
export type CardDepositDetails = z.output<typeof cardDepositDetails>;

/** SPEC.md §5: the 3-D Secure code is required (6 digits from the bank). */
export const secureCodeField = () =>
  z
    .string({ error: 'validation.secureCode' })
    .trim()
    .regex(/^\d{4,8}$/, { error: 'validation.secureCode' });
