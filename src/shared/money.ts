import { z } from 'zod';

/** Money is euros with at most 2 decimals on the wire, integer cents in arithmetic (DESIGN.md §6). */
export const MAX_EUROS = 999_999_999_999.99; // numeric(14,2)

export const toCents = (euros: number): number => Math.round(euros * 100);
export const fromCents = (cents: number): number => cents / 100;

export const hasAtMostTwoDecimals = (value: number): boolean => Math.abs(Math.round(value * 100) - value * 100) < 1e-6;

export const money = () =>
  z
    .number({ error: 'validation.number' })
    .finite()
    .min(0, { error: 'validation.amountMin' })
    .max(MAX_EUROS, { error: 'validation.tooLarge' })
    .refine(hasAtMostTwoDecimals, { error: 'validation.twoDecimals' })
    // Forms built from a schema show it as the strict amount field (src/app/forms/amount-input.tsx).
    .meta({ input: 'money' });
