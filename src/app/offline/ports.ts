/** What the engine needs from its surroundings, injected so tests run it in Node (DESIGN.md §7). */
export type FetchLike = (url: string, init: RequestInit) => Promise<Response>;

export type OnlineSignal = { isOnline: () => boolean; subscribe: (listener: (online: boolean) => void) => () => void };

/** Web Locks' `request`: one tab at a time holds a named lock and hands it over when it closes. */
export type LockManagerLike = { request: <T>(name: string, callback: () => Promise<T>) => Promise<T> };

export type Clock = { now: () => number; setTimeout: (fn: () => void, ms: number) => unknown; clearTimeout: (handle: unknown) => void };

export const systemClock: Clock = {
  now: () => Date.now(),
  setTimeout: (fn, ms) => setTimeout(fn, ms),
  clearTimeout: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
};

export function browserOnlineSignal(): OnlineSignal {
  return {
    isOnline: () => navigator.onLine,
    subscribe(listener) {
      const on = () => listener(true);
      const off = () => listener(false);
      window.addEventListener('online', on);
      window.addEventListener('offline', off);
      return () => {
        window.removeEventListener('online', on);
        window.removeEventListener('offline', off);
      };
    },
  };
}

/** A lock manager for one process: what Web Locks gives tabs, for tests and browsers without it. */
export function inProcessLocks(): LockManagerLike {
  const tails = new Map<string, Promise<unknown>>();
  return {
    request(name, callback) {
      const previous = tails.get(name) ?? Promise.resolve();
      const run = previous.catch(() => undefined).then(callback);
      tails.set(
        name,
        run.catch(() => undefined),
      );
      return run;
    },
  };
}
