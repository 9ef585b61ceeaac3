import type { z } from 'zod';
import {
  closeOutPrice,
  eurRate,
  marginCents,
  pipValueCents,
  profitCents,
  binaryOutcome,
  binaryReturnCents,
  type BinaryOutcome,
  closeSide,
  openSide,
  type Side,
} from '../../../../shared/trading/pnl.ts';
import type { Price, Quote } from '../../../../shared/trading/quote.ts';
import { symbolSpec } from '../../../../shared/trading/symbols.ts';
import { expiryAllowed, leverageAllowed, maxLeverageOf, orderTicketSchema } from '../../../../shared/trading/ticket.ts';
import { priceText, type OrderRow } from '../api/order-view.ts';

/**
 * The platform's figures from the shared trading arithmetic (src/shared/trading/pnl.ts, the server's
 * own): what a ticket would hold and risk at the price now, and an open position's live profit. The
 * quotes are the live ones; the server books at its own price when the order reaches it.
 */

type Quotes = Readonly<Record<string, Pick<Quote, 'bid' | 'ask'> | undefined>>;

/** Euros per unit of the symbol's quote currency from the live EURUSD and USDJPY quotes; null until both are known. */
function rateFor(symbol: string, quotes: Quotes) {
  const spec = symbolSpec(symbol);
  const { EURUSD, USDJPY } = quotes;
  if (!spec || !EURUSD || !USDJPY) return null;
  return eurRate(spec.quoteCurrency, { EURUSD, USDJPY });
}

export type TicketFigures = { price: Price; marginCents: number; pipValueCents: number; closeOutPrice: Price };

/** A forex ticket at the price now: the price it would open at (ask for a buy, bid for a sell), its margin, pip value and close-out price. */
export function forexFigures(input: {
  symbol: string;
  type: Side;
  lotsHundredths: number;
  leverage: number;
  quotes: Quotes;
}): TicketFigures | null {
  const { symbol, type, lotsHundredths, leverage, quotes } = input;
  const spec = symbolSpec(symbol);
  const quote = quotes[symbol];
  const rate = rateFor(symbol, quotes);
  if (!spec || !quote || !rate || lotsHundredths <= 0 || !leverageAllowed(symbol, leverage)) return null;
  const price = quote[openSide(type)];
  const quantity = lotsHundredths / 100;
  return {
    price,
    marginCents: marginCents({ spec, quantity, openPrice: price, leverage, rate }),
    pipValueCents: pipValueCents({ spec, quantity, rate }),
    closeOutPrice: closeOutPrice({ spec, type, openPrice: price, leverage }),
  };
}

/** What a winning binary option pays back (stake + stake × payout %), in cents. */
export const binaryWinCents = (stakeCents: number, payoutPercent: number) => binaryReturnCents('won', stakeCents, payoutPercent);

/** An open forex position now: the price it would close at (bid for a buy, ask for a sell) and its profit in cents; nulls without a live price. */
export function liveProfit(order: OrderRow, quotes: Quotes): { closeAt: Price | null; profitCents: number | null } {
  const spec = symbolSpec(order.symbol);
  const quote = quotes[order.symbol];
  const rate = rateFor(order.symbol, quotes);
  const openPrice = priceText(order.openPrice, order.symbol);
  if (order.market !== 'forex' || !spec || !quote || !rate || !openPrice)
    return { closeAt: null, profitCents: order.market === 'forex' ? null : 0 };
  const closeAt = quote[closeSide(order.type)];
  return { closeAt, profitCents: profitCents({ spec, quantity: order.quantity, type: order.type, openPrice, closePrice: closeAt, rate }) };
}

/**
 * An open binary option now: the price on its strike's side (the ask for a call, the bid for a put, as
 * the server settles it) and how it would settle at that price; nulls without a live price.
 */
export function binaryNow(order: OrderRow, quotes: Quotes): { price: Price | null; outcome: BinaryOutcome | null } {
  const spec = symbolSpec(order.symbol);
  const quote = quotes[order.symbol];
  const strike = priceText(order.openPrice, order.symbol);
  if (order.market !== 'binary_options' || !spec || !quote || !strike) return { price: null, outcome: null };
  const price = quote[openSide(order.type)];
  return { price, outcome: binaryOutcome({ spec, direction: order.type, strike, settlement: price }) };
}

type Issue = z.core.$ZodIssue;
// The form reads `maximum` as the message's {{max}} (forms/issues.ts), the rest from `params`.
const issue = (path: string, message: string, params?: Record<string, unknown>) =>
  ({ code: 'custom', path: [path], message, params, maximum: params?.max, input: undefined }) as unknown as Issue;

/**
 * The shared ticket schema on the body the form made, plus the rules the server applies with the
 * symbol in hand (leverage up to its maximum, a custom expiry between a minute and a year ahead): the
 * refusal shows on its field before anything is sent.
 */
export function checkTicket(body: Record<string, unknown>, now = new Date()): Issue[] {
  const parsed = orderTicketSchema.safeParse(body);
  const issues: Issue[] = parsed.success ? [] : [...parsed.error.issues];
  const symbol = String(body.symbol ?? '');
  if (
    body.market === 'forex' &&
    typeof body.leverage === 'number' &&
    !issues.some((i) => i.path[0] === 'leverage') &&
    !leverageAllowed(symbol, body.leverage)
  )
    issues.push(issue('leverage', 'validation.leverageAboveMax', { max: maxLeverageOf(symbol), symbol }));
  if (
    body.market === 'binary_options' &&
    typeof body.expiration === 'string' &&
    body.expiration.includes('T') &&
    !expiryAllowed(new Date(body.expiration), now)
  )
    issues.push(issue('customDate', 'validation.expiryRange'));
  return issues;
}
