import type { Candle, Quote } from '../../../shared/trading/quote.ts';
import { SYMBOLS, symbolSpec, type SymbolSpec, type TradingSymbol } from '../../../shared/trading/symbols.ts';
import {
  bidAsk,
  DAY_MS,
  dayClose,
  dayPath,
  midAt,
  dayStartMs,
  formatPoints,
  priceToPoints,
  TICK_MS,
  TICKS_PER_DAY,
  tickOfDay,
  toPoints,
  utcDay,
} from '../../../shared/trading/feed-math.ts';
import type { Clock } from '../../scheduler/clock.ts';
import type { PriceFeed } from '../price-feed.ts';

/** Days of 1-minute candles `candles()` answers (and of paths kept in memory). */
export const CANDLE_DAYS = 3;
const TICKS_PER_MINUTE = 60_000 / TICK_MS;

export type SimulatedFeedOptions = {
  clock: Clock;
  /** The day's seed (64 hex digits), the same on every node: see ./seeds.ts. */
  seedOf: (day: string) => string;
  /** The feed's first UTC day ('YYYY-MM-DD'): its open is each symbol's `start`. */
  epoch: string;
};

export type SimulatedFeed = PriceFeed & {
  readonly epoch: string;
  /** Each symbol's open of a day: the previous day's last mid (`start` on the epoch). */
  opens(day: string): Record<string, number>;
  /** Ticks on the clock every TICK_MS (a timer, unref'd) and tells `onTick` listeners. */
  start(): void;
  stop(): void;
  /** Tells the listeners of the current tick now if it is new (the timer calls it; tests with a manual clock too). */
  tick(): void;
};

/**
 * The simulated PriceFeed (DESIGN.md §11): every price is a function of (day's seed, day's open,
 * symbol, tick), computed, never stored, so `quoteAt` answers for any past tick after a restart
 * and every node answers the same. Memory: the mids of the last CANDLE_DAYS days per symbol
 * (8 bytes × 86,400 ticks × 6 symbols ≈ 4 MB a day) and each day's six opens.
 */
export function createSimulatedFeed({ clock, seedOf, epoch }: SimulatedFeedOptions): SimulatedFeed {
  const epochMs = dayStartMs(epoch);
  const opensByDay = new Map<string, Record<string, number>>();
  /** Whole paths of the recent days (candles, ticks): day → symbol → mids. */
  const paths = new Map<string, Map<string, Float64Array>>();
  /** The candles of finished minutes of the kept days ('day symbol' → by minute of the day): a path never changes. */
  const finishedCandles = new Map<string, Candle[]>();
  const listeners = new Set<(quote: Quote) => void>();
  let timer: NodeJS.Timeout | undefined;
  let lastTickMs = -1;

  /** Each symbol's open of a day: the epoch's `start`, then each day's close (one draw a day: a year is ~2 ms). */
  function opens(day: string): Record<string, number> {
    const known = opensByDay.get(day);
    if (known) return known;
    const start = dayStartMs(day);
    let from = start;
    while (from > epochMs && !opensByDay.has(utcDay(from))) from -= DAY_MS;
    let current = opensByDay.get(utcDay(from)) ?? Object.fromEntries(SYMBOLS.map((s) => [s.symbol, s.start]));
    opensByDay.set(utcDay(from), current);
    for (let at = from; at < start; at += DAY_MS) {
      const seed = seedOf(utcDay(at));
      const previous = current;
      current = Object.fromEntries(SYMBOLS.map((s) => [s.symbol, dayClose(seed, s, previous[s.symbol]!)]));
      opensByDay.set(utcDay(at + DAY_MS), current);
    }
    return current;
  }

  const isRecent = (day: string) => dayStartMs(day) > Math.floor(clock.now().getTime() / DAY_MS) * DAY_MS - CANDLE_DAYS * DAY_MS;

  /** A recent day's whole paths, computed once (~45 ms for six symbols) and kept for CANDLE_DAYS days. */
  function recentPaths(day: string): Map<string, Float64Array> {
    const kept = paths.get(day);
    if (kept) return kept;
    const seed = seedOf(day);
    const dayOpens = opens(day);
    const bySymbol = new Map(SYMBOLS.map((s) => [s.symbol as string, dayPath(seed, s, dayOpens[s.symbol]!)]));
    paths.set(day, bySymbol);
    for (const old of paths.keys()) if (!isRecent(old)) paths.delete(old);
    for (const key of finishedCandles.keys()) if (!paths.has(key.slice(0, 10))) finishedCandles.delete(key);
    return bySymbol;
  }

  /** The mid of a tick: from the kept path of a recent day, else by one descent of the day's bridge. */
  function midOf(spec: SymbolSpec, day: string, k: number): number {
    if (isRecent(day)) return recentPaths(day).get(spec.symbol)![k]!;
    return midAt(seedOf(day), spec, opens(day)[spec.symbol]!, k);
  }

  function quoteAt(symbol: TradingSymbol, time: Date): Quote | undefined {
    const spec = symbolSpec(symbol);
    // A tick after the clock's now has not happened: the last tick at or before a later time is now's.
    // (The path is computable ahead; answering it would tell the future.)
    const ms = Math.min(time.getTime(), clock.now().getTime());
    if (!spec || !Number.isFinite(ms) || ms < epochMs) return undefined;
    const day = utcDay(ms);
    const k = tickOfDay(ms);
    const { bid, ask } = bidAsk(midOf(spec, day, k), spec);
    return { symbol: spec.symbol as TradingSymbol, bid, ask, time: new Date(dayStartMs(day) + k * TICK_MS).toISOString() };
  }

  function quote(symbol: TradingSymbol): Quote {
    const now = clock.now();
    const found = quoteAt(symbol, now);
    if (!found) throw new Error(`the price feed starts on ${epoch}; the clock says ${now.toISOString()}`);
    return found;
  }

  /** The mid of a quote, from its integer points ((bid + ask) / 2 is the mid rounded to points). */
  const mid = (symbol: TradingSymbol, time: Date): number => {
    const spec = symbolSpec(symbol)!;
    const q = quoteAt(symbol, time) ?? quote(symbol);
    return (priceToPoints(q.bid, spec.digits) + priceToPoints(q.ask, spec.digits)) / 2 / 10 ** spec.digits;
  };

  /** The candle of ticks `minute … end` of a day: OHLC of the mid in points, as the quotes' mids ((bid + ask) / 2). */
  function candleOf(spec: SymbolSpec, path: Float64Array, dayStart: number, minute: number, end: number): Candle {
    let open = 0;
    let high = -Infinity;
    let low = Infinity;
    let close = 0;
    for (let k = minute; k <= end; k++) {
      const points = toPoints(path[k]!, spec.digits);
      if (k === minute) open = points;
      if (points > high) high = points;
      if (points < low) low = points;
      close = points;
    }
    return {
      time: new Date(dayStart + minute * TICK_MS).toISOString(),
      open: formatPoints(open, spec.digits),
      high: formatPoints(high, spec.digits),
      low: formatPoints(low, spec.digits),
      close: formatPoints(close, spec.digits),
    };
  }

  function candles(symbol: TradingSymbol, since?: Date): Candle[] {
    const spec = symbolSpec(symbol);
    if (!spec) return [];
    const nowMs = clock.now().getTime();
    if (nowMs < epochMs) return [];
    const oldest = Math.max(epochMs, (Math.floor(nowMs / DAY_MS) - (CANDLE_DAYS - 1)) * DAY_MS);
    const fromMs = Math.max(oldest, since ? Math.floor(since.getTime() / 60_000) * 60_000 : oldest);
    const out: Candle[] = [];
    for (let dayStart = Math.floor(fromMs / DAY_MS) * DAY_MS; dayStart <= nowMs; dayStart += DAY_MS) {
      const day = utcDay(dayStart);
      const lastTick = dayStart + DAY_MS > nowMs ? tickOfDay(nowMs) : TICKS_PER_DAY - 1;
      const path = recentPaths(day).get(symbol)!;
      const firstTick = Math.max(0, Math.floor((fromMs - dayStart) / TICK_MS));
      let done = finishedCandles.get(`${day} ${symbol}`);
      if (!done) finishedCandles.set(`${day} ${symbol}`, (done = []));
      for (let minute = firstTick - (firstTick % TICKS_PER_MINUTE); minute <= lastTick; minute += TICKS_PER_MINUTE) {
        const end = minute + TICKS_PER_MINUTE - 1;
        const index = minute / TICKS_PER_MINUTE;
        if (end > lastTick) out.push(candleOf(spec, path, dayStart, minute, lastTick));
        else out.push((done[index] ??= candleOf(spec, path, dayStart, minute, end)));
      }
    }
    return out;
  }

  const feed: SimulatedFeed = {
    epoch,
    opens,
    quote,
    quoteAt,
    candles,
    eurPer(currency, time) {
      if (currency === 'EUR') return 1;
      const at = time ?? clock.now();
      const eurusd = mid('EURUSD', at);
      return currency === 'USD' ? 1 / eurusd : 1 / (eurusd * mid('USDJPY', at));
    },
    onTick(listener) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
    tick() {
      const nowMs = clock.now().getTime();
      if (nowMs < epochMs) return;
      const tickMs = Math.floor(nowMs / TICK_MS) * TICK_MS;
      if (tickMs === lastTickMs) return;
      lastTickMs = tickMs;
      if (!listeners.size) return;
      for (const s of SYMBOLS) {
        const q = quoteAt(s.symbol, new Date(tickMs))!;
        for (const listener of listeners) listener(q);
      }
    },
    start() {
      if (timer) return;
      const loop = () => {
        feed.tick();
        // The next tick boundary of the system's time (the clock may be moved by hand in tests).
        timer = setTimeout(loop, TICK_MS - (Date.now() % TICK_MS) + 1).unref();
      };
      loop();
    },
    stop() {
      clearTimeout(timer);
      timer = undefined;
    },
  };
  return feed;
}
