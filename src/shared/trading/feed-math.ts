import type { Price } from './quote.ts';
import type { SymbolSpec } from './symbols.ts';

/**
 * The simulated feed's arithmetic (DESIGN.md §11, docs/decisions/price-feed.md), pure so that the
 * server, its tests and `scripts/recompute-settlement.ts` compute the very same path:
 *
 * - a tick every TICK_MS of UTC time; tick k of a day is at midnight + k × TICK_MS;
 * - each tick's Z comes from a counter-based generator: a keyed hash of (the day's seed, the symbol,
 *   the tick, a lane), arranged as a Brownian bridge (`wienerAt`), so any tick is computable from the
 *   day's seed and open without the ticks before it, on any node;
 * - the mid moves by the exact GBM step S·exp((μ − σ²/2)Δ + σ√Δ·Z), one step per tick, starting each
 *   day from the day's open: the previous day's last mid (the symbol's `start` on the feed's first
 *   day), computed in one draw per day (`dayClose`), so a chain of years of opens costs microseconds;
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

/** A standard normal keyed by (seed, symbol, point): two hash lanes through Box–Muller. */
export function keyedNormal(seed: Uint32Array, symbol: number, point: number): number {
  return standardNormal(uniform(counterHash(seed, symbol, point, 0)), uniform(counterHash(seed, symbol, point, 1)));
}

/** The exact GBM step: S·exp((μ − σ²/2)Δ + σ√Δ·Z). */
export function gbmStep(price: number, drift: number, volatility: number, dtYears: number, z: number): number {
  return price * Math.exp((drift - (volatility * volatility) / 2) * dtYears + volatility * Math.sqrt(dtYears) * z);
}

/*
 * The day's Brownian path W in tick units (W(0) = 0, W(j) − W(j − 1) a standard normal Z), built
 * top-down (Lévy's construction): W(N) = √N·Z, then each interval [l, r]'s midpoint m from the
 * Brownian bridge, W(m) = W(l) + (m − l)/(r − l)·(W(r) − W(l)) + √((m − l)(r − m)/(r − l))·Z, every Z keyed
 * by (seed, symbol, point j). The increments W(j) − W(j − 1) are then independent standard normals —
 * the Z of tick j − 1's GBM step — while the day's total W(N) (so its close) costs one draw, and any
 * W(j) about 17. The full walk and a single descent compute each W(m) from the same W(l), W(r) with the
 * same operations, so they agree to the bit.
 */
const bridgeMid = (seed: Uint32Array, symbol: number, l: number, r: number, wl: number, wr: number) => {
  const m = Math.floor((l + r) / 2);
  return wl + ((m - l) / (r - l)) * (wr - wl) + Math.sqrt(((m - l) * (r - m)) / (r - l)) * keyedNormal(seed, symbol, m);
};
const wienerEnd = (seed: Uint32Array, symbol: number) => Math.sqrt(TICKS_PER_DAY) * keyedNormal(seed, symbol, TICKS_PER_DAY);

/** W(j) of the day (0 ≤ j ≤ TICKS_PER_DAY) by one descent. */
export function wienerAt(seed: Uint32Array, symbol: number, j: number): number {
  let l = 0;
  let r = TICKS_PER_DAY;
  let wl = 0;
  let wr = wienerEnd(seed, symbol);
  if (j === 0) return 0;
  if (j === r) return wr;
  for (;;) {
    const m = Math.floor((l + r) / 2);
    const wm = bridgeMid(seed, symbol, l, r, wl, wr);
    if (m === j) return wm;
    if (j < m) [r, wr] = [m, wm];
    else [l, wl] = [m, wm];
  }
}

/** Every W(0 … TICKS_PER_DAY) of the day. */
export function wienerPath(seed: Uint32Array, symbol: number): Float64Array {
  const w = new Float64Array(TICKS_PER_DAY + 1);
  w[TICKS_PER_DAY] = wienerEnd(seed, symbol);
  const fill = (l: number, r: number) => {
    if (r - l < 2) return;
    const m = Math.floor((l + r) / 2);
    w[m] = bridgeMid(seed, symbol, l, r, w[l]!, w[r]!);
    fill(l, m);
    fill(m, r);
  };
  fill(0, TICKS_PER_DAY);
  return w;
}

type Motion = Pick<SymbolSpec, 'drift' | 'volatility'>;
/**
 * The mid at tick k of a day (0 ≤ k < TICKS_PER_DAY) from the day's open and W(k + 1): k + 1 exact GBM
 * steps at once, open·exp((μ − σ²/2)Δ·(k + 1) + σ√Δ·W(k + 1)); so mid(k) = gbmStep(mid(k − 1), Z) with
 * Z = W(k + 1) − W(k), and tick TICKS_PER_DAY − 1 is the day's close, the next day's open.
 */
export function midFromWiener(open: number, spec: Motion, k: number, w: number): number {
  const a = (spec.drift - (spec.volatility * spec.volatility) / 2) * TICK_YEARS;
  return open * Math.exp(a * (k + 1) + spec.volatility * Math.sqrt(TICK_YEARS) * w);
}

/** The mid of one tick of one symbol, from the day's seed and open alone. */
export function midAt(seedHex: string, spec: SymbolSpec, open: number, k: number): number {
  return midFromWiener(open, spec, k, wienerAt(seedWords(seedHex), symbolKey(spec.symbol), k + 1));
}

/** The day's close (its last tick's mid): the next day's open. One draw, whatever the day's length. */
export function dayClose(seedHex: string, spec: SymbolSpec, open: number): number {
  return midAt(seedHex, spec, open, TICKS_PER_DAY - 1);
}

/** Every tick's mid of one symbol over one UTC day (element k: tick k). */
export function dayPath(seedHex: string, spec: SymbolSpec, open: number): Float64Array {
  const w = wienerPath(seedWords(seedHex), symbolKey(spec.symbol));
  const path = new Float64Array(TICKS_PER_DAY);
  for (let k = 0; k < TICKS_PER_DAY; k++) path[k] = midFromWiener(open, spec, k, w[k + 1]!);
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

/**
 * The quote the feed gave for `spec`'s symbol at `time` (its last tick at or before it), from that
 * day's revealed seed and opens alone (`GET /price/seeds`): what `scripts/recompute-settlement.ts` prints.
 */
export function recomputeQuote(
  seedHex: string,
  opens: Record<string, number>,
  spec: SymbolSpec,
  time: Date,
): { symbol: string; bid: Price; ask: Price; time: string } {
  const ms = time.getTime();
  const k = tickOfDay(ms);
  const open = opens[spec.symbol];
  if (open === undefined) throw new Error(`no open for ${spec.symbol}`);
  const { bid, ask } = bidAsk(midAt(seedHex, spec, open, k), spec);
  return { symbol: spec.symbol, bid, ask, time: new Date(Math.floor(ms / DAY_MS) * DAY_MS + k * TICK_MS).toISOString() };
}
