/**
 * Card number checks shared by the deposit form and the server, so both accept and refuse the same
 * numbers (DESIGN.md §6). Pure functions on digits: nothing here keeps or prints a number.
 */
export type CardBrand = 'visa' | 'mastercard' | 'amex' | 'discover' | 'card';

/** Digits only: the form lets people type spaces and dashes as printed on the card. */
export const cardDigits = (input: string): string => input.replace(/[\s-]/g, '');

/** The Luhn (mod 10) checksum every issued card number passes. */
export function luhnValid(digits: string): boolean {
  if (!/^\d{12,19}$/.test(digits)) return false;
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let digit = digits.charCodeAt(digits.length - 1 - i) - 48;
    if (i % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0;
}

/** The brand from the number's prefix (IIN ranges), shown as it is typed and kept with the last 4 digits. */
export function cardBrand(digits: string): CardBrand {
  if (/^4/.test(digits)) return 'visa';
  if (/^(5[1-5]|2[2-7])/.test(digits)) return 'mastercard';
  if (/^3[47]/.test(digits)) return 'amex';
  if (/^6(011|5)/.test(digits)) return 'discover';
  return 'card';
}

/** Amex prints a 4-digit security code, the others 3 (SPEC.md §9: 3 or 4 digits). */
export const cvvLength = (brand: CardBrand): 3 | 4 => (brand === 'amex' ? 4 : 3);

/**
 * Whether a card printed `MM/YY` has expired by `now`. A card is good through the last day of its
 * month, wherever the payer is: it counts as expired once that month has ended at UTC−12, the last
 * place on Earth to leave it, so no payer is refused a day early. A malformed value is not expired
 * (the format rule refuses it).
 */
export function cardExpired(expiry: string, now: Date = new Date()): boolean {
  const match = /^(0[1-9]|1[0-2])\/(\d{2})$/.exec(expiry.trim());
  if (!match) return false;
  const month = Number(match[1]);
  const year = 2000 + Number(match[2]);
  // The first moment after the card's month, at UTC−12.
  const end = Date.UTC(year, month, 1, 12);
  return now.getTime() >= end;
}

/**
 * Runs of 13 to 19 digits (single spaces or dashes allowed between them, as printed or typed) that
 * pass Luhn and start like a payment card (2–6: the issuer families of ISO/IEC 7812; a millisecond
 * timestamp such as an idempotency key's starts with 1). A run longer than 19 digits is not a card.
 */
const DIGIT_RUN = /\d(?:[ -]?\d)*/g;

function isCardLike(run: string): boolean {
  const digits = run.replace(/[ -]/g, '');
  return digits.length >= 13 && digits.length <= 19 && /^[2-6]/.test(digits) && luhnValid(digits);
}

/** The same run standing alone, not glued to letters (nor found inside a longer run), as decimal digits in a hex or base64 token are. */
const STANDALONE_RUN = /(?<![A-Za-z0-9])\d(?:[ -]?\d)*(?![A-Za-z0-9])/g;

/**
 * Whether `text` holds something that looks like a card number (a query string; a header with
 * `standalone`, where trace ids, tokens and keys carry long runs of digits among letters).
 */
export const holdsCardNumber = (text: string, { standalone = false } = {}): boolean =>
  (text.match(standalone ? STANDALONE_RUN : DIGIT_RUN) ?? []).some(isCardLike);

/** `text` with every card-like number replaced by `[REDACTED]` (logged URLs). */
export const redactCardNumbers = (text: string): string => text.replace(DIGIT_RUN, (run) => (isCardLike(run) ? '[REDACTED]' : run));
