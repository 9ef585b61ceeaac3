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
