/**
 * IndexedDB serves one database's requests in turn, and an exact count over 100k records takes
 * hundreds of milliseconds of it however it is asked (a native count walks the index entries). So
 * what a person waits on goes first: page reads run at once, and counts start only once page
 * reads have been quiet for a moment. Paging quickly never waits behind a count.
 */
export type ReadPriority = {
  /** A read someone is waiting on (a list page, a record). */
  foreground<T>(read: () => Promise<T>): Promise<T>;
  /** Resolves when no foreground read has run for `quietMs`: call before each background request. */
  yieldToForeground(): Promise<void>;
};

export function createReadPriority(quietMs = 100, now: () => number = () => performance.now()): ReadPriority {
  let running = 0;
  let lastForeground = -Infinity;
  return {
    async foreground(read) {
      running++;
      try {
        return await read();
      } finally {
        running--;
        lastForeground = now();
      }
    },
    async yieldToForeground() {
      for (let wait = quietMs - (now() - lastForeground); running > 0 || wait > 0; wait = quietMs - (now() - lastForeground)) {
        await new Promise((resolve) => setTimeout(resolve, Math.max(wait, 10)));
      }
    },
  };
}
