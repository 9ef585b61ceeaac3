import type { FormValues } from '../../forms/use-zod-form.ts';

/**
 * The billing details of the last card payment, kept for this tab only (sessionStorage, per user), so a
 * new start after a cancelled, failed or expired payment, or after a reload, does not ask again. Card
 * number, expiry and CVV are never among them: those stay in the wizard's memory (PCI DSS 3.3.1).
 */
export const BILLING_FIELDS = ['fullName', 'street', 'zipCode', 'country', 'phone'] as const;

const keyOf = (userId: string) => `bd.billing.${userId}`;

export function rememberBilling(userId: string, values: FormValues): void {
  const billing = Object.fromEntries(BILLING_FIELDS.map((field) => [field, String(values[field] ?? '')]));
  try {
    globalThis.sessionStorage?.setItem(keyOf(userId), JSON.stringify(billing));
  } catch {
    // Storage blocked: the details stay in memory for this visit.
  }
}

export function recallBilling(userId: string): Partial<Record<(typeof BILLING_FIELDS)[number], string>> {
  try {
    const raw = globalThis.sessionStorage?.getItem(keyOf(userId));
    const stored = raw ? (JSON.parse(raw) as Record<string, unknown>) : {};
    return Object.fromEntries(BILLING_FIELDS.filter((f) => typeof stored[f] === 'string').map((f) => [f, stored[f] as string]));
  } catch {
    return {};
  }
}
