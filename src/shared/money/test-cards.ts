/**
 * The sandbox gateway's test cards (DESIGN.md §6), one list for the server's sandbox gateway and the
 * deposit screen, which shows it in sandbox mode. Numbers as Stripe's test cards; none is a real card.
 */
export type TestCardBehaviour =
  /** Completed at once, no 3-D Secure. */
  | 'succeeds'
  /** Asks for 3-D Secure; the code SANDBOX_SECURE_CODE completes it, 3 wrong codes fail it. */
  | 'three_ds'
  /** Declined at authorization: failed, reason card_declined. */
  | 'declined'
  /** Declined at authorization: failed, reason insufficient_funds. */
  | 'insufficient_funds'
  /** 3-D Secure; after the right code the bank takes ~3 s, then completed (on the socket). */
  | 'three_ds_slow_bank'
  /** 3-D Secure; after the right code the bank declines: failed, reason bank_declined. */
  | 'three_ds_then_declined'
  /** Fails the Luhn check: 400 on the card number, no deposit created. */
  | 'luhn_failure';

export type TestCard = {
  /** As printed (groups of digits), for display; the gateway compares digits only. */
  number: string;
  behaviour: TestCardBehaviour;
  /** Digits of the CVV to type: Amex has 4. */
  cvvLength: 3 | 4;
};

/** The code that passes the sandbox's 3-D Secure step. */
export const SANDBOX_SECURE_CODE = '123456';
/** How long the slow bank takes after a right code. */
export const SLOW_BANK_MS = 3_000;

export const TEST_CARDS: readonly TestCard[] = [
  { number: '4242 4242 4242 4242', behaviour: 'succeeds', cvvLength: 3 },
  { number: '5555 5555 5555 4444', behaviour: 'succeeds', cvvLength: 3 },
  { number: '3782 822463 10005', behaviour: 'succeeds', cvvLength: 4 },
  { number: '4000 0000 0000 3220', behaviour: 'three_ds', cvvLength: 3 },
  { number: '4000 0000 0000 0002', behaviour: 'declined', cvvLength: 3 },
  { number: '4000 0000 0000 9995', behaviour: 'insufficient_funds', cvvLength: 3 },
  { number: '4000 0000 0000 3063', behaviour: 'three_ds_slow_bank', cvvLength: 3 },
  { number: '4000 0084 0000 1629', behaviour: 'three_ds_then_declined', cvvLength: 3 },
  { number: '4242 4242 4242 4241', behaviour: 'luhn_failure', cvvLength: 3 },
];
