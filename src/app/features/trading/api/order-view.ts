import { symbolSpec } from '../../../../shared/trading/symbols.ts';
import type { Price } from '../../../../shared/trading/quote.ts';

/**
 * How an order's stored figures read on the screens (pure): a price with its symbol's digits, as it
 * was booked (a decimal column, or the feed's string), never rounded to fewer digits.
 */

/** A booked price with the symbol's digits ("1.08512"); '' when there is none. */
export function priceText(value: unknown, symbol: string): Price {
  if (value === null || value === undefined || value === '') return '';
  if (typeof value === 'string') return value;
  const digits = symbolSpec(symbol)?.digits ?? 5;
  return Number(value).toFixed(digits);
}

/** The words of an order's side: buy or sell, a binary option's call (buy) or put (sell). */
export const sideKey = (order: Pick<OrderRow, 'market' | 'type'>): string =>
  order.market === 'binary_options'
    ? order.type === 'buy'
      ? 'app.platform.ticket.call'
      : 'app.platform.ticket.put'
    : `app.platform.ticket.${order.type}`;

/** Lots as traders write them, always with two decimals ("0.10", "0,10" in French). */
export const lotsText = (lots: number, locale: string) =>
  new Intl.NumberFormat(locale, { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(lots);

/** The euros a record carries (a number or a numeric string) in integer cents. */
export const centsOf = (value: unknown): number | null =>
  value === null || value === undefined || value === '' || !Number.isFinite(Number(value)) ? null : Math.round(Number(value) * 100);

/** What an order record is, as the platform reads it. */
export type OrderRow = {
  id: string;
  userId: string;
  market: 'forex' | 'binary_options';
  symbol: string;
  type: 'buy' | 'sell';
  quantity: number;
  leverage: number;
  openPrice: unknown;
  closePrice?: unknown;
  status: string;
  profit?: unknown;
  expiration?: string | null;
  held?: unknown;
  payout?: unknown;
  closedAt?: string | null;
  closeReason?: string | null;
  houseAbsorbed?: unknown;
  dateCreation?: string;
};

export const asOrder = (record: Record<string, unknown>): OrderRow => ({
  ...(record as unknown as OrderRow),
  market: record.market === 'binary_options' ? 'binary_options' : 'forex',
  quantity: Number(record.quantity),
  leverage: Number(record.leverage ?? 1),
});

/** A binary option's outcome from its booked profit: won above zero, tied at zero, lost below. */
export function binaryResult(order: Pick<OrderRow, 'profit'>): 'won' | 'tied' | 'lost' | null {
  const cents = centsOf(order.profit);
  if (cents === null) return null;
  return cents > 0 ? 'won' : cents < 0 ? 'lost' : 'tied';
}

/** A time left under an hour as m:ss ("0:42", "59:59"); nothing (null) past it or at an hour and more. */
export function countdownText(ms: number): string | null {
  if (ms <= 0 || ms >= 3_600_000) return null;
  const seconds = Math.ceil(ms / 1000);
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;
}
