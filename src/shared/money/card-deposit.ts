import { z } from 'zod';
import { DEPOSIT_STATUSES } from '../constants.ts';
import { COUNTRIES } from '../countries.ts';
import { id, requiredText } from '../fields.ts';
import { money } from '../money.ts';
import { cardBrand, cardDigits, cardExpired, cvvLength, luhnValid } from './card.ts';

/**
 * Bodies and answers of the card deposit calls (DESIGN.md §6), shared by the wizard and the server.
 * Error messages are i18n keys; no issue ever carries the typed value (validate.ts keeps key and field).
 */

/** Digits of a number that passes Luhn; spaces and dashes as printed are allowed. */
export const cardNumberField = () =>
  z
    .string({ error: 'validation.required' })
    .trim()
    .min(1, { error: 'validation.required' })
    .transform(cardDigits)
    .refine(luhnValid, { error: 'validation.cardNumber' });

/** MM/YY (SPEC.md §9), not yet expired: read at each parse, so the form and the server judge by today. */
export const cardExpiryField = () =>
  z
    .string({ error: 'validation.required' })
    .trim()
    .regex(/^(0[1-9]|1[0-2])\/\d{2}$/, { error: 'validation.cardExpiry' })
    .refine((expiry) => !cardExpired(expiry), { error: 'validation.cardExpired' });

export const cardCvvField = () =>
  z
    .string({ error: 'validation.required' })
    .trim()
    .regex(/^\d{3,4}$/, { error: 'validation.cvv' });

export const amountField = () => money().refine((v) => v > 0, { error: 'validation.positive' });

/**
 * The highest either card limit may be set to (settings.cardDepositMax, cardDepositDailyMax), in euros.
 * Card clearing sums every card deposit ever made: at this cap, ten thousand leads paying it every
 * day for over two years stay below numeric(14,2)'s 10^12 (docs/decisions/card-bounds.md). The
 * message `validation.cardLimitMax` names it in each language.
 */
export const CARD_LIMIT_MAX = 100_000;

/** A card limit in settings: above 0, at most CARD_LIMIT_MAX. */
export const cardLimitField = () =>
  money()
    .refine((v) => v > 0, { error: 'validation.positive' })
    .refine((v) => v <= CARD_LIMIT_MAX, { error: 'validation.cardLimitMax' })
    .meta({ input: 'money' });

/** POST /deposit/3d-secure. Staff may deposit for a lead they see (`userId`); a lead deposits for itself. */
export const cardDepositInput = z
  .strictObject({
    amount: amountField(),
    cardNumber: cardNumberField(),
    cardExpirationDate: cardExpiryField(),
    cardCVV: cardCvvField(),
    fullName: requiredText(200),
    street: requiredText(200),
    zipCode: requiredText(20),
    /** One of the 47 countries the deposit screen offers (SPEC.md §9). */
    country: z.enum(COUNTRIES, { error: 'validation.countryRequired' }),
    phone: requiredText(32),
    userId: id().optional(),
  })
  .superRefine((value, issue) => {
    // The CVV's length follows the brand: Amex 4 digits, the others 3.
    const wanted = cvvLength(cardBrand(value.cardNumber));
    if (value.cardCVV.length !== wanted)
      issue.addIssue({ code: 'custom', path: ['cardCVV'], message: wanted === 4 ? 'validation.cvv4' : 'validation.cvv3' });
  });
export type CardDepositInput = z.output<typeof cardDepositInput>;

/** POST /deposit/:id/confirm-3d-secure. */
export const secureCodeInput = z.strictObject({
  secureCode: z
    .string({ error: 'validation.secureCode' })
    .trim()
    .regex(/^\d{4,8}$/, { error: 'validation.secureCode' }),
});

/** Wrong codes allowed before the deposit fails. */
export const SECURE_CODE_TRIES = 3;
/** A deposit left awaiting 3-D Secure this long is cancelled by the scheduler. */
export const AWAITING_3DS_TIMEOUT_MS = 15 * 60 * 1000;

export const DEPOSIT_FAILURE_REASONS = [
  'card_declined',
  'insufficient_funds',
  /** The bank declined after a right 3-D Secure code. */
  'bank_declined',
  /** Three wrong secure codes. */
  'authentication_failed',
  /** Failed by staff (a bank transfer that never arrived). */
  'rejected_by_staff',
] as const;
export type DepositFailureReason = (typeof DEPOSIT_FAILURE_REASONS)[number];

export const DEPOSIT_METHODS = ['card', 'bank_transfer'] as const;

/** What the card calls answer: the deposit as stored, never a card number, CVV or code. */
export const depositAnswer = z.object({
  id: z.string(),
  version: z.number(),
  userId: z.string(),
  amount: z.number(),
  status: z.enum(DEPOSIT_STATUSES),
  method: z.enum(DEPOSIT_METHODS),
  transactionId: z.string().nullable(),
  gatewayReference: z.string().nullable(),
  cardBrand: z.string().nullable(),
  cardLast4: z.string().nullable(),
  /** The payer's own: absent when staff paid for the lead. */
  cardExpirationDate: z.string().nullish(),
  failureReason: z.enum(DEPOSIT_FAILURE_REASONS).nullable(),
  /** Wrong codes so far: SECURE_CODE_TRIES less this are left while awaiting 3-D Secure. */
  secureCodeTries: z.number().int(),
  /** Set while the bank works after a right code (the wizard's step 3). */
  bankRetryAt: z.string().nullable(),
  dateCreation: z.string(),
  dateLastUpdate: z.string(),
});
export type DepositAnswer = z.infer<typeof depositAnswer>;

/** Details of the 422 SECURE_CODE_INVALID answer. */
export const secureCodeInvalidDetails = z.object({ triesLeft: z.number().int() });
