import { marginLevel } from '../../../../shared/trading/pnl.ts';

/**
 * The funds header's figures (DESIGN.md §11), in integer cents: equity is the margin held plus the live
 * profit of the open positions, the margin level that equity over the margin (the server closes the
 * worst position out below 50 %: src/shared/trading/pnl.ts, the server's rule). Pure.
 */
export type AccountFigures = {
  availableCents: number;
  marginCents: number;
  /** null while a position has no live price (offline, or before the first quote). */
  equityCents: number | null;
  /** Percent with two decimals (truncated toward zero, so 50.00 % is never shown for 49.996 %); null without margin held. */
  marginLevel: number | null;
};

export function accountFigures(input: { availableCents: number; marginCents: number; unrealisedCents: number | null }): AccountFigures {
  const { availableCents, marginCents, unrealisedCents } = input;
  const equityCents = unrealisedCents === null ? null : marginCents + unrealisedCents;
  const level = unrealisedCents === null ? null : marginLevel(marginCents, unrealisedCents);
  // Truncated to hundredths, so a level just under 50 % never shows as 50.00 %.
  return { availableCents, marginCents, equityCents, marginLevel: level === null ? null : Math.trunc(level * 100) / 100 };
}

/** The sum of the open positions' live profits, or null when one of them has no live price. */
export function totalProfitCents(profits: readonly (number | null)[]): number | null {
  let total = 0;
  for (const cents of profits) {
    if (cents === null) return null;
    total += cents;
  }
  return total;
}
