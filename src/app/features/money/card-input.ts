import { cardBrand, cardDigits } from '../../../shared/money/card.ts';

/** What the card fields show while typing: digits grouped as printed (Amex 4-6-5, others by 4). */
export function groupCardNumber(value: string): string {
  const digits = value.replace(/\D/g, '').slice(0, 19);
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

/** MM/YY as typed: the slash comes by itself after the month. */
export function formatExpiryInput(value: string, previous: string): string {
  const digits = value.replace(/\D/g, '').slice(0, 4);
  // Deleting the slash deletes the month's last digit too, so backspace is not stuck on it.
  if (previous.endsWith('/') && value.length < previous.length) return digits.slice(0, 1);
  if (digits.length < 2) return digits;
  if (digits.length === 2) return `${digits}/`;
  return `${digits.slice(0, 2)}/${digits.slice(2)}`;
}

/** An amount as typed in any of our languages (1 234,56 or 1,234.56) → euros, or the text when unreadable. */
export function parseAmountInput(value: string): number | string | undefined {
  const trimmed = value.replace(/[\s\u00a0\u202f€]/g, '');
  if (!trimmed) return undefined;
  const lastSeparator = Math.max(trimmed.lastIndexOf(','), trimmed.lastIndexOf('.'));
  const decimals = lastSeparator >= 0 && trimmed.length - lastSeparator - 1 <= 2 ? lastSeparator : -1;
  const whole = (decimals >= 0 ? trimmed.slice(0, decimals) : trimmed).replace(/[.,]/g, '');
  const fraction = decimals >= 0 ? trimmed.slice(decimals + 1) : '';
  const text = fraction ? `${whole}.${fraction}` : whole;
  return /^\d+(\.\d{1,2})?$/.test(text) ? Number(text) : value;
}

export const lastFour = (cardNumber: string) => cardDigits(cardNumber).slice(-4);

type Issue = { path: PropertyKey[]; message: string };
type Parsed = { success: true; data: unknown } | { success: false; error: { issues: Issue[] } };

/**
 * A form schema whose amount is typed as text: the text becomes euros before the shared schema reads
 * it, and an empty amount says "Please enter an amount" (SPEC.md §5) rather than "not a number".
 */
export function withTypedAmount<P extends Parsed>(parse: (values: Record<string, unknown>) => P, path: PropertyKey[] = ['amount']) {
  return {
    safeParse: (values: unknown): P => {
      const typed = values as Record<string, unknown>;
      const text = String(typed.amount ?? '');
      const result = parse({ ...typed, amount: parseAmountInput(text) });
      if (!result.success && !text.trim())
        for (const issue of result.error.issues) if (issue.path.join('.') === path.join('.')) issue.message = 'validation.amountRequired';
      return result;
    },
  };
}
