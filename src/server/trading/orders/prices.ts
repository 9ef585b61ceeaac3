import { formatPoints } from '../../../shared/trading/feed-math.ts';
import type { Price } from '../../../shared/trading/quote.ts';

/** A price column (numeric, read as a number) back to the feed's decimal string with the symbol's digits. */
export const priceText = (value: number, digits: number): Price => formatPoints(Math.round(value * 10 ** digits), digits);
