import type { Price } from './quote.ts';
import type { SymbolSpec } from './symbols.ts';

/**
 * The simulated feed's arithmetic (DESIGN.md §11, docs/decisions/price-feed.md), pure so that the
 * server, its tests and `scripts/recompute-settlement.ts` compute the very same path:
 *
 * - a tick every TICK_MS of UTC time; tick k of a day is at midnight + k × TICK_MS;
 * - each tick's Z comes from a counter-based generator: a keyed hash of (the day's seed, the symbol,
 *   the tick, a lane), so any tick is computable without the ticks before it, on any node;
 * - the mid moves by the exact GBM step S·exp((μ − σ²/2)Δ + σ√Δ·Z), one step per tick, starting each
 *   day from the day's open: the previous day's last mid (the symbol's `start` on the feed's first day);
 * - bid and ask are the mid ± the half-spread in integer points (10^-digits), and a Price is written
 *   from those integers, so no float rounding shows in a quoted price.
 */

/** One tick a second. */
export const TICK_MS = 1000;
export const DAY_MS = 86_400_000;
export const TICKS_PER_DAY = DAY_MS / TICK_MS;
/** Δ of one tick in years (365.25-day years: drift and volatility are yearly). */
export const TICK_YEARS = TICK_MS / (365.25 * DAY_MS);

/** 'YYYY-MM-DD' of the UTC day holding `ms`. */
export const utcDay = (ms: number): string => new Date(Math.floor(ms / DAY_MS) * DAY_MS).toISOString().slice(0, 10);
/** Milliseconds at the start of a 'YYYY-MM-DD' UTC day. */
export const dayStartMs = (day: string): number => Date.parse(`${day}T00:00:00.000Z`);
/** The tick of its day holding `ms` (0 … TICKS_PER_DAY − 1). */
export const tickOfDay = (ms: number): number => Math.floor((ms - Math.floor(ms / DAY_MS) * DAY_MS) / TICK_MS);

/** A 64-hex-digit seed as eight 32-bit words (big-endian), the generator's key. */
export function seedWords(seedHex: string): Uint32Array {
  if (!/^[0-9a-f]{64}$/.test(seedHex)) throw new Error('a seed is 64 lowercase hex digits');
  const words = new Uint32Array(8);
  for (let i = 0; i < 8; i++) words[i] = parseInt(seedHex.slice(i * 8, i * 8 + 8), 16);
  return words;
}

/** FNV-1a (32 bit) of a symbol's name: its key in the generator, whatever the order of SYMBOLS. */
export function symbolKey(symbol: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < symbol.length; i++) h = Math.imul(h ^ symbol.charCodeAt(i), 0x01000193);
  return h >>> 0;
}

const P1 = 0x9e3779b1;
const P2 = 0x85ebca77;
const P3 = 0xc2b2ae3d;
const P4 = 0x27d4eb2f;
const rotl = (x: number, r: number) => (x << r) | (x >>> (32 - r));
const round = (acc: number, word: number) => Math.imul(rotl((acc + Math.imul(word, P2)) | 0, 13), P1);

/**
 * The counter-based generator: xxHash32's rounds and avalanche over the words (seed₀…seed₇, symbol,
 * tick, lane), as 32-bit integers. Same inputs, same output, on every machine (integer arithmetic only).
 */
export function counterHash(seed: Uint32Array, symbol: number, tick: number, lane: number): number {
  let v1 = (P1 + P2) | 0;
  let v2 = P2;
  let v3 = 0;
  let v4 = -P1 | 0;
  v1 = round(v1, seed[0]!);
  v2 = round(v2, seed[1]!);
  v3 = round(v3, seed[2]!);
  v4 = round(v4, seed[3]!);
  v1 = round(v1, seed[4]!);
  v2 = round(v2, seed[5]!);
  v3 = round(v3, seed[6]!);
  v4 = round(v4, seed[7]!);
  let h = (rotl(v1, 1) + rotl(v2, 7) + rotl(v3, 12) + rotl(v4, 18) + 44) | 0;
  for (const word of [symbol, tick, lane]) h = Math.imul(rotl((h + Math.imul(word, P3)) | 0, 17), P4);
  h ^= h >>> 15;
  h = Math.imul(h, P2);
  h ^= h >>> 13;
  h = Math.imul(h, P3);
  h ^= h >>> 16;
  return h >>> 0;
}

/** A uniform in (0, 1) from a 32-bit integer: never 0 (Box–Muller takes its log) nor 1. */
export const uniform = (bits: number): number => (bits + 0.5) / 4_294_967_296;

/** Box–Muller: a standard normal from two uniforms in (0, 1). */
export const standardNormal = (u1: number, u2: number): number => Math.sqrt(-2 * Math.log(u1)) * Math.cos(2 * Math.PI * u2);

/** The Z of one tick of one symbol on the day of `seed`. */
export function tickNormal(seed: Uint32Array, symbol: number, tick: number): number {
  return standardNormal(uniform(counterHash(seed, symbol, tick, 0)), uniform(counterHash(seed, symbol, tick, 1)));
}

/** The exact GBM step: S·exp((μ − σ²/2)Δ + σ√Δ·Z). */
export function gbmStep(price: number, drift: number, volatility: number, dtYears: number, z: number): number {
  return price * Math.exp((drift - (volatility * volatility) / 2) * dtYears + volatility * Math.sqrt(dtYears) * z);
}

/**
 * One symbol's mids over one UTC day: element k is the mid at tick k, after k + 1 steps from `open`
 * (the previous day's last mid). `until` stops early (ticks after it are left 0).
 */
export function dayPath(seedHex: string, spec: SymbolSpec, open: number, until = TICKS_PER_DAY - 1): Float64Array {
  const seed = seedWords(seedHex);
  const key = symbolKey(spec.symbol);
  const path = new Float64Array(TICKS_PER_DAY);
  let price = open;
  for (let k = 0; k <= until; k++) {
    price = gbmStep(price, spec.drift, spec.volatility, TICK_YEARS, tickNormal(seed, key, k));
    path[k] = price;
  }
  return path;
}

/** A mid in integer points (10^-digits), rounded half away from zero. */
export const toPoints = (price: number, digits: number): number => Math.round(price * 10 ** digits);

/** Integer points written as a Price: exactly `digits` decimals, from integers only ("108512", 5 → "1.08512"). */
export function formatPoints(points: number, digits: number): Price {
  if (!Number.isSafeInteger(points)) throw new Error(`points must be a safe integer: ${points}`);
  const sign = points < 0 ? '-' : '';
  const text = String(Math.abs(points)).padStart(digits + 1, '0');
  return digits === 0 ? sign + text : `${sign}${text.slice(0, -digits)}.${text.slice(-digits)}`;
}

/** A Price back to integer points ("1.08512" → 108512): exact, no float parsing of the fraction. */
export function priceToPoints(price: Price, digits: number): number {
  const match = /^(-?)(\d+)(?:\.(\d+))?$/.exec(price);
  if (!match) throw new Error(`not a price: ${price}`);
  const fraction = (match[3] ?? '').padEnd(digits, '0');
  if (fraction.length > digits) throw new Error(`${price} has more than ${digits} decimals`);
  const points = Number(match[2]) * 10 ** digits + Number(fraction || '0');
  return match[1] ? -points : points;
}

/** Bid and ask from a mid: the mid in points ± the half-spread in points (at least one point each side). */
export function bidAsk(mid: number, spec: Pick<SymbolSpec, 'digits' | 'halfSpread'>): { bid: Price; ask: Price; midPoints: number } {
  const midPoints = toPoints(mid, spec.digits);
  const half = Math.max(1, toPoints(spec.halfSpread, spec.digits));
  return { bid: formatPoints(midPoints - half, spec.digits), ask: formatPoints(midPoints + half, spec.digits), midPoints };
}
