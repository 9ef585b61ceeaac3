import { formatPoints, priceToPoints } from './feed-math.ts';
import type { Price, Quote } from './quote.ts';
import type { SymbolSpec } from './symbols.ts';

/**
 * Trading arithmetic (DESIGN.md §11), pure and exact, shared by the server that books it and the
 * ticket that shows it before sending. Prices are not money: they enter as the feed's decimal strings,
 * become integers of points (10^-digits), and every product and quotient is kept as a fraction of
 * bigints; the euros come out ONCE, at the end, as integer cents rounded half away from zero (0.5 cent
 * → 1 cent, −0.5 → −1), docs/decisions/trading-arithmetic.md. Never a float on the way.
 */

/** An exact fraction (den > 0). */
export type Ratio = { num: bigint; den: bigint };

/** Euros per one unit of a quote currency, as an exact fraction (1/EURUSD mid for USD, …). */
export type EurRate = Ratio;

export type Side = 'buy' | 'sell';

const TEN = 10n;
const pow10 = (n: number) => TEN ** BigInt(n);

/** n / d rounded half away from zero, as a safe integer number. */
export function roundRatio(num: bigint, den: bigint): number {
  if (den === 0n) throw new Error('division by zero');
  if (den < 0n) [num, den] = [-num, -den];
  const negative = num < 0n;
  const abs = negative ? -num : num;
  const q = (abs * 2n + den) / (2n * den);
  const value = Number(negative ? -q : q);
  if (!Number.isSafeInteger(value)) throw new Error('amount out of range');
  return value;
}

/** A quantity (lots, up to 4 decimals) as ten-thousandths: exact (0.01 → 100). */
export const quantityUnits = (quantity: number): bigint => BigInt(Math.round(quantity * 10_000));

const points = (price: Price, digits: number): bigint => BigInt(priceToPoints(price, digits));

/** The mid of a quote as a fraction: (bid + ask) / 2 in prices. */
const midOf = (quote: Pick<Quote, 'bid' | 'ask'>, digits: number): Ratio => ({
  num: points(quote.bid, digits) + points(quote.ask, digits),
  den: 2n * pow10(digits),
});

/**
 * Euros per one unit of `currency` from the feed's EURUSD and USDJPY quotes (mids): 1 for EUR,
 * 1 / EURUSD for USD, 1 / (EURUSD × USDJPY) for JPY. Exact fractions, no float rate.
 */
export function eurRate(
  currency: SymbolSpec['quoteCurrency'],
  quotes: { EURUSD: Pick<Quote, 'bid' | 'ask'>; USDJPY: Pick<Quote, 'bid' | 'ask'> },
): EurRate {
  if (currency === 'EUR') return { num: 1n, den: 1n };
  const eurusd = midOf(quotes.EURUSD, 5);
  if (currency === 'USD') return { num: eurusd.den, den: eurusd.num };
  const usdjpy = midOf(quotes.USDJPY, 3);
  return { num: eurusd.den * usdjpy.den, den: eurusd.num * usdjpy.num };
}

/** A rate as a number, for the record (orders.closeRate); never used to book. */
export const rateNumber = (rate: EurRate): number => Number((rate.num * 10n ** 12n) / rate.den) / 1e12;

type Position = { spec: Pick<SymbolSpec, 'digits' | 'contractSize'>; quantity: number };

/**
 * Margin in cents = quantity × contract size × open price / leverage × euros per unit of the quote
 * currency (DESIGN.md §11; ESMA: leverage divides the margin, never multiplies the profit).
 */
export function marginCents(input: Position & { openPrice: Price; leverage: number; rate: EurRate }): number {
  const { spec, quantity, openPrice, leverage, rate } = input;
  if (!Number.isInteger(leverage) || leverage < 1) throw new Error('leverage is a whole number from 1');
  const num = quantityUnits(quantity) * BigInt(spec.contractSize) * points(openPrice, spec.digits) * rate.num * 100n;
  const den = 10_000n * pow10(spec.digits) * BigInt(leverage) * rate.den;
  return roundRatio(num, den);
}

/** What one pip (the symbol's `pip` step) moves the position's profit by, in cents. */
export function pipValueCents(input: Position & { spec: Pick<SymbolSpec, 'pip'>; rate: EurRate }): number {
  const { spec, quantity, rate } = input;
  const pipPoints = BigInt(Math.round(spec.pip * 10 ** spec.digits));
  const num = quantityUnits(quantity) * BigInt(spec.contractSize) * pipPoints * rate.num * 100n;
  return roundRatio(num, 10_000n * pow10(spec.digits) * rate.den);
}

/**
 * Profit in cents = (close − open) × quantity × contract size, negated for a sell, converted to euros
 * at `rate` once and rounded half away from zero to the cent.
 */
export function profitCents(input: Position & { type: Side; openPrice: Price; closePrice: Price; rate: EurRate }): number {
  const { spec, quantity, type, openPrice, closePrice, rate } = input;
  const move = (points(closePrice, spec.digits) - points(openPrice, spec.digits)) * (type === 'buy' ? 1n : -1n);
  const num = move * quantityUnits(quantity) * BigInt(spec.contractSize) * rate.num * 100n;
  return roundRatio(num, 10_000n * pow10(spec.digits) * rate.den);
}

/** A buy opens at the ask and closes at the bid; a sell the other way (DESIGN.md §11). */
export const openSide = (type: Side): 'ask' | 'bid' => (type === 'buy' ? 'ask' : 'bid');
export const closeSide = (type: Side): 'ask' | 'bid' => (type === 'buy' ? 'bid' : 'ask');

/**
 * The closing price at which a single position's equity (margin + its unrealised profit) is 50 % of
 * its margin, the ESMA close-out: open × (1 − 1/(2 × leverage)) for a buy, open × (1 + 1/(2 × leverage))
 * for a sell (the currency rate cancels out), in the symbol's digits, rounded half away from zero.
 */
export function closeOutPrice(input: { spec: Pick<SymbolSpec, 'digits'>; type: Side; openPrice: Price; leverage: number }): Price {
  const { spec, type, openPrice, leverage } = input;
  const lev2 = 2n * BigInt(leverage);
  const open = points(openPrice, spec.digits);
  return formatPoints(roundRatio(open * (type === 'buy' ? lev2 - 1n : lev2 + 1n), lev2), spec.digits);
}

/** ESMA close-out, per account: equity (margin + unrealised profit) strictly below 50 % of the margin held. */
export const belowCloseOut = (marginHeldCents: number, unrealisedCents: number): boolean =>
  marginHeldCents > 0 && 2 * (marginHeldCents + unrealisedCents) < marginHeldCents;

/** Equity as a % of the margin (the funds header's margin level); null without margin. */
export const marginLevel = (marginHeldCents: number, unrealisedCents: number): number | null =>
  marginHeldCents > 0 ? ((marginHeldCents + unrealisedCents) * 100) / marginHeldCents : null;

/**
 * Negative balance protection: a loss takes at most what the lead has (its available funds once the
 * margin is back); the rest is absorbed by the house. Both in cents.
 */
export function capLoss(lossCents: number, availableCents: number): { chargedCents: number; absorbedCents: number } {
  const charged = Math.max(0, Math.min(lossCents, availableCents));
  return { chargedCents: charged, absorbedCents: lossCents - charged };
}

export type BinaryOutcome = 'won' | 'tied' | 'lost';

/**
 * A binary option's outcome, compared strictly: a call (buy) wins when the settlement price is above
 * the strike, a put (sell) when below; equal is a tie. Strike and settlement are read from the same
 * side of the quote (the ask for a call, the bid for a put), so the spread alone never decides it.
 */
export function binaryOutcome(input: {
  spec: Pick<SymbolSpec, 'digits'>;
  direction: Side;
  strike: Price;
  settlement: Price;
}): BinaryOutcome {
  const { spec, direction, strike, settlement } = input;
  const diff = points(settlement, spec.digits) - points(strike, spec.digits);
  if (diff === 0n) return 'tied';
  return diff > 0n === (direction === 'buy') ? 'won' : 'lost';
}

/** What a binary option pays back, in cents: won stake + stake × payout % (rounded once), tied the stake, lost nothing. */
export function binaryReturnCents(outcome: BinaryOutcome, stakeCents: number, payoutPercent: number): number {
  if (outcome === 'lost') return 0;
  if (outcome === 'tied') return stakeCents;
  const payoutHundredths = BigInt(Math.round(payoutPercent * 100));
  return stakeCents + roundRatio(BigInt(stakeCents) * payoutHundredths, 10_000n);
}
