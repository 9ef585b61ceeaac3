import { indexedDB, IDBKeyRange } from 'fake-indexeddb';
import { v7 as uuidv7 } from 'uuid';
import { createOfflineEngine, type EngineOptions, type OfflineEngine } from '../../src/app/offline/engine.ts';
import { inProcessLocks, type Clock, type FetchLike, type OnlineSignal } from '../../src/app/offline/ports.ts';
import { startServer, type TestServer } from '../api/harness.ts';

/** A real server listening on loopback: the engine talks real HTTP to it. */
export async function startListeningServer(): Promise<{ server: TestServer; baseUrl: string }> {
  const server = await startServer();
  const address = await server.app.listen({ port: 0, host: '127.0.0.1' });
  return { server, baseUrl: `${address}/api` };
}

export type Fault = 'none' | 'lostBefore' | 'lostAfter' | 'error500' | 'tooMany' | 'timeout' | 'duplicate';

/**
 * fetch with faults the test chooses per request: the request lost before or after the server did the
 * work, a 500, a 429 with Retry-After, a hang until the timeout, or the same request delivered twice.
 */
export function faultyFetch(next: () => Fault): FetchLike & { log: string[] } {
  const log: string[] = [];
  const faulty = (async (url: string, init: RequestInit) => {
    const fault = init.method === 'GET' ? 'none' : next();
    log.push(`${init.method} ${url.replace(/^.*\/api/, '')} ${fault}`);
    switch (fault) {
      case 'lostBefore':
        throw new TypeError('fetch failed');
      case 'lostAfter':
        await fetch(url, init);
        throw new TypeError('fetch failed');
      case 'error500':
        return new Response(JSON.stringify({ message: 'boom', code: 'INTERNAL' }), { status: 500 });
      case 'tooMany':
        return new Response(JSON.stringify({ message: 'slow down', code: 'RATE_LIMITED' }), {
          status: 429,
          headers: { 'retry-after': '0.01' },
        });
      case 'timeout':
        return new Promise<Response>((_, reject) =>
          init.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError'))),
        );
      case 'duplicate': {
        const [, second] = await Promise.all([fetch(url, init), fetch(url, init)]);
        return second;
      }
      default:
        return fetch(url, init);
    }
  }) as FetchLike & { log: string[] };
  faulty.log = log;
  return faulty;
}

export function switchableOnline(initial = true): OnlineSignal & { set: (online: boolean) => void } {
  let online = initial;
  const listeners = new Set<(online: boolean) => void>();
  return {
    isOnline: () => online,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    set(value) {
      online = value;
      for (const listener of listeners) listener(value);
    },
  };
}

export const sharedLocks = inProcessLocks();

export function engineFor(
  userId: string,
  baseUrl: string,
  token: () => string | undefined,
  overrides: Partial<EngineOptions> = {},
): OfflineEngine {
  return createOfflineEngine({
    userId,
    baseUrl,
    fetch: (url, init) => fetch(url, init),
    getToken: token,
    online: switchableOnline(),
    locks: sharedLocks,
    newId: uuidv7,
    indexedDb: { indexedDB, IDBKeyRange },
    retryBaseMs: 5,
    retryCapMs: 40,
    // Long enough for a real request on a loaded 2-core machine; the timeout fault test sets its own.
    requestTimeoutMs: 5_000,
    pullEveryMs: 200,
    ...overrides,
  });
}

/** Waits until the outbox holds nothing queued (conflicts and dead letters stay), or fails. */
export async function drained(engine: OfflineEngine, timeoutMs = 30_000) {
  const start = Date.now();
  for (;;) {
    const queued = await engine.db.outbox.where('state').equals('queued').count();
    if (queued === 0) return;
    if (Date.now() - start > timeoutMs) throw new Error(`outbox not drained: ${queued} queued`);
    engine.wake();
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/**
 * A clock the test moves by hand (the engine's `clock` option): timers (request timeouts, backoff,
 * timed pulls) fire only inside `advance`, in the order they fall due, so a run depends on the test's
 * choices and not on how busy the machine is.
 */
export function manualClock(start = Date.UTC(2026, 0, 5, 9)): Clock & { advance: (ms: number) => void } {
  let time = start;
  let next = 0;
  const timers = new Map<number, { at: number; fn: () => void }>();
  return {
    now: () => time,
    setTimeout(fn, ms) {
      const handle = ++next;
      timers.set(handle, { at: time + Math.max(0, ms), fn });
      return handle;
    },
    clearTimeout: (handle) => void timers.delete(handle as number),
    advance(ms) {
      const end = time + ms;
      for (;;) {
        let due: [number, { at: number; fn: () => void }] | undefined;
        for (const timer of timers) if (timer[1].at <= end && (!due || timer[1].at < due[1].at)) due = timer;
        if (!due) break;
        timers.delete(due[0]);
        time = Math.max(time, due[1].at);
        due[1].fn();
      }
      time = end;
    },
  };
}

/** A small seeded generator (mulberry32) for the engine's `random`: the same seed, the same backoffs. */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}
