/** A month of GET /investment/stats's `overTime`: `YYYY-MM`, amounts in euros. */
export type MonthFigures = { month: string; invested: number; paid: number; toCome: number };

/**
 * The dividends paid in the months of `from`–`to` (days, `YYYY-MM-DD`, read by their month), in
 * euros added as cents so the sum is exact.
 */
export function paidWithin(months: readonly MonthFigures[], from: string, to: string): number {
  const first = from.slice(0, 7);
  const last = to.slice(0, 7);
  let cents = 0;
  for (const m of months) if (m.month >= first && m.month <= last) cents += Math.round(m.paid * 100);
  return cents / 100;
}
