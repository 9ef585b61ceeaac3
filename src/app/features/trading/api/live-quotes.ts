import { useSyncExternalStore } from 'react';
import { toApiError, type ApiError } from '../../../api/http.ts';
import { isOnline } from '../../../api/online-only.ts';
import { currentEngine } from '../../../offline/offline-state.ts';
import { subscribeStream } from '../../../realtime/socket.ts';
import { PRICE_SUBSCRIBE, PRICE_TICK, PRICE_UNSUBSCRIBE, type Quote } from '../../../../shared/trading/quote.ts';
import { SYMBOLS, symbolSpec } from '../../../../shared/trading/symbols.ts';
import { loadQuotes } from './prices.ts';
import { directionOf, type Direction } from './quote-math.ts';

/**
 * The quotes every trading screen reads (DESIGN.md §11): `GET /price` once, then the socket's ticks of
 * every symbol while at least one screen listens. The last quotes are kept in the device's mirror (its
 * meta table), so a screen opened offline shows them, marked stale with their age; they are never used
 * to trade (opening and closing are online-only, at the server's price).
 */

export type QuoteView = Quote & { bidMove: Direction; askMove: Direction };
export type QuotesState = {
  quotes: Readonly<Record<string, QuoteView>>;
  /** Ticking from the server now; false: the last quotes known (offline, or before the first answer). */
  live: boolean;
  loading: boolean;
  error: ApiError | null;
};

/** The mirror's meta key of the last quotes heard. */
const LAST_QUOTES = 'lastQuotes';
/** How often the last quotes are written to the mirror while ticking. */
const SAVE_EVERY_MS = 5_000;

let state: QuotesState = { quotes: {}, live: false, loading: true, error: null };
const listeners = new Set<() => void>();
const tickListeners = new Set<(quote: Quote) => void>();
let stop: (() => void) | null = null;
let saveTimer: ReturnType<typeof setTimeout> | undefined;

const set = (next: Partial<QuotesState>) => {
  state = { ...state, ...next };
  listeners.forEach((listener) => listener());
};

/** A new quote beside the one before it: which way bid and ask moved (exact, on the price's digits). */
export function withMoves(before: QuoteView | undefined, quote: Quote): QuoteView {
  const digits = symbolSpec(quote.symbol)?.digits ?? 5;
  return { ...quote, bidMove: directionOf(before?.bid, quote.bid, digits), askMove: directionOf(before?.ask, quote.ask, digits) };
}

function take(quotes: readonly Quote[], live: boolean) {
  const next = { ...state.quotes };
  for (const quote of quotes) {
    const before = next[quote.symbol];
    // A tick older than what is shown (late on the wire) is dropped.
    if (before && Date.parse(before.time) > Date.parse(quote.time)) continue;
    next[quote.symbol] = withMoves(before, quote);
  }
  set({ quotes: next, live, loading: false, error: null });
}

function saveSoon() {
  if (saveTimer) return;
  saveTimer = setTimeout(() => {
    saveTimer = undefined;
    const quotes = Object.values(state.quotes).map(({ symbol, bid, ask, time }) => ({ symbol, bid, ask, time }));
    void currentEngine()
      ?.db.meta.put({ key: LAST_QUOTES, value: quotes })
      .catch(() => undefined);
  }, SAVE_EVERY_MS);
}

async function fromMirror(): Promise<void> {
  const row = await currentEngine()
    ?.db.meta.get(LAST_QUOTES)
    .catch(() => undefined);
  const quotes = Array.isArray(row?.value) ? (row.value as Quote[]) : [];
  if (quotes.length) take(quotes, false);
  else set({ live: false, loading: false });
}

async function refresh(): Promise<void> {
  if (!isOnline()) return fromMirror();
  try {
    take(await loadQuotes(), true);
    saveSoon();
  } catch (cause) {
    const error = toApiError(cause);
    await fromMirror();
    if (!error.network) set({ error });
  }
}

function start(): () => void {
  const onTick = (payload: unknown) => {
    const quote = payload as Quote;
    if (!quote || typeof quote.symbol !== 'string') return;
    take([quote], true);
    tickListeners.forEach((listener) => listener(quote));
    saveSoon();
  };
  const streams = SYMBOLS.map(({ symbol }) =>
    subscribeStream({
      join: [PRICE_SUBSCRIBE, symbol],
      leave: [PRICE_UNSUBSCRIBE, symbol],
      event: PRICE_TICK,
      listener: (payload) => (payload as Quote | undefined)?.symbol === symbol && onTick(payload),
    }),
  );
  const online = () => void refresh();
  const offline = () => set({ live: false });
  window.addEventListener('online', online);
  window.addEventListener('offline', offline);
  void refresh();
  return () => {
    streams.forEach((leave) => leave());
    window.removeEventListener('online', online);
    window.removeEventListener('offline', offline);
  };
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  if (!stop) stop = start();
  return () => {
    listeners.delete(listener);
    if (listeners.size || !stop) return;
    stop();
    stop = null;
  };
}

/** The quotes of every symbol, live while online (each with which way its bid and ask last moved). */
export const useLiveQuotes = (): QuotesState =>
  useSyncExternalStore(
    subscribe,
    () => state,
    () => state,
  );

/** Every tick as it arrives (the chart draws from them); returns the unsubscribe. */
export function onQuoteTick(listener: (quote: Quote) => void): () => void {
  tickListeners.add(listener);
  return () => tickListeners.delete(listener);
}
