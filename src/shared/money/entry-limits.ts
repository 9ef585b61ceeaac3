import { money, toCents } from '../money.ts';

/**
 * Bounds of the amounts people enter by hand (CHECKLIST.md 14, docs/decisions/entry-limits.md): a
 * staff-entered deposit (bank transfer), a withdrawal (whoever asks) and a manual adjustment. Cards
 * have their own, in settings (card-bounds.md).
 */

/** The most one entry may carry, in euros. */
export const ENTRY_MAX = 1_000_000;
/** The most of one kind (deposits, withdrawals or adjustments) one lead's entries of the last 24 hours may add up to, in euros. */
export const ENTRY_DAILY_MAX = 5_000_000;

/**
 * The kinds counted apart from each other, each against ENTRY_DAILY_MAX: besides what people enter, what
 * the house pays on a staff member's word (an offer made, a gain chosen when closing an order).
 */
export type EntryKind = 'deposit' | 'withdrawal' | 'adjustment' | 'offer' | 'order';

/**
 * An entered amount: above 0 and at most ENTRY_MAX. The issue names its error code (a 422 on the
 * server, src/server/http/validate.ts) and the limit as money (formatted in the reader's language).
 */
export const entryAmountField = () =>
  money()
    .refine((v) => v > 0, { error: 'validation.positive' })
    .refine((v) => toCents(v) <= toCents(ENTRY_MAX), {
      error: 'errors.ENTRY_MAX',
      params: { code: 'ENTRY_MAX', limit: { euros: ENTRY_MAX } },
    });
