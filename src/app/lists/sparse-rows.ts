import type { EntityRecord, EntityStore, ListQuery } from '../data/entity-store.ts';

export const PAGE_SIZE = 100;
export const REFRESH_EVERY_MS = 250;

export type SparseSnapshot<T> = {
  /** null until the first page answers. */
  count: number | null;
  /** Changes whenever a page arrives, so views know to read rows again. */
  version: number;
  /** The row at an index; null where its page has not arrived yet. */
  rowAt: (index: number) => T | null;
  /** The rows loaded so far (for selecting all of them). */
  loaded: () => T[];
  loading: boolean;
  error: unknown;
  /** False while `count` is provisional (a lower bound the offline store gives before it has counted). */
  countExact: boolean;
};

/**
 * A list of any length loaded page by page as the rows come into view, so a 100,000-row
 * list costs only the pages scrolled through. Plain TypeScript (the React hook wraps it).
 */
export class SparseRows<T extends EntityRecord> {
  private pages = new Map<number, T[]>();
  private inFlight = new Set<number>();
  private controller = new AbortController();
  private snapshot: SparseSnapshot<T> = this.makeSnapshot(null, 0, null);
  private countExact = true;
  private listeners = new Set<() => void>();
  /** Bumped by every refresh: a page read before it is stale when it lands. */
  private generation = 0;
  private refreshing = false;
  private refreshAgain = false;
  private refreshTimer: ReturnType<typeof setTimeout> | undefined;
  private lastRefresh = 0;
  private unwatch: (() => void) | undefined;

  constructor(
    private readonly store: EntityStore<T>,
    private readonly query: Omit<ListQuery, 'page' | 'limit'>,
    private readonly pageSize = PAGE_SIZE,
    /** Changes closer together than this are read once (a pull writes its pages in quick chunks). */
    private readonly refreshEveryMs = REFRESH_EVERY_MS,
  ) {
    // Lists follow the store: a pull, a replay, another tab's write re-read the pages in view.
    this.unwatch = store.watch?.(() => this.scheduleRefresh());
  }

  subscribe = (listener: () => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  getSnapshot = () => this.snapshot;

  /** Asks for the pages covering rows [start, end]; pages already there or on the way are skipped. */
  ensureRange(start: number, end: number): void {
    const last = this.snapshot.count === null ? 1 : Math.max(1, Math.ceil(this.snapshot.count / this.pageSize));
    const from = Math.floor(Math.max(0, start) / this.pageSize) + 1;
    const to = Math.min(last, Math.floor(Math.max(0, end) / this.pageSize) + 1);
    for (let page = from; page <= to; page++) void this.load(page);
  }

  dispose(): void {
    this.controller.abort();
    this.listeners.clear();
    this.unwatch?.();
    clearTimeout(this.refreshTimer);
  }

  /** A change was reported: refresh now, or once at the end of the current interval. */
  private scheduleRefresh(): void {
    if (this.controller.signal.aborted || this.refreshTimer !== undefined) return;
    const wait = Math.max(0, this.lastRefresh + this.refreshEveryMs - Date.now());
    this.refreshTimer = setTimeout(() => {
      this.refreshTimer = undefined;
      this.lastRefresh = Date.now();
      void this.refresh();
    }, wait);
  }

  /**
   * Reads the loaded pages again (and the count). The rows on screen stay until the new ones arrive,
   * so nothing flickers or jumps; pages past the new end are dropped.
   */
  async refresh(): Promise<void> {
    if (this.controller.signal.aborted) return;
    if (this.refreshing) {
      this.refreshAgain = true;
      return;
    }
    this.refreshing = true;
    const generation = ++this.generation;
    try {
      const wanted = this.pages.size ? [...this.pages.keys()] : [1];
      const results = await Promise.all(
        wanted.map((page) => this.store.list({ ...this.query, page, limit: this.pageSize }, this.controller.signal)),
      );
      if (this.controller.signal.aborted || generation !== this.generation) return;
      const count = results[0]?.count ?? this.snapshot.count ?? 0;
      wanted.forEach((page, i) => this.pages.set(page, results[i]!.rows));
      const last = Math.max(1, Math.ceil(count / this.pageSize));
      for (const page of [...this.pages.keys()]) if (page > last) this.pages.delete(page);
      const exact = results.find((r) => r.exactCount)?.exactCount;
      this.countExact = !exact;
      this.publish(count);
      exact?.then(
        (n) => !this.controller.signal.aborted && generation === this.generation && this.publishExact(n),
        () => undefined,
      );
    } catch (error) {
      if (!this.controller.signal.aborted) this.publish(this.snapshot.count, error);
    } finally {
      this.refreshing = false;
      if (this.refreshAgain) {
        this.refreshAgain = false;
        this.scheduleRefresh();
      }
    }
  }

  private async load(page: number): Promise<void> {
    if (this.pages.has(page) || this.inFlight.has(page)) return;
    this.inFlight.add(page);
    this.publish();
    const generation = this.generation;
    try {
      const result = await this.store.list({ ...this.query, page, limit: this.pageSize }, this.controller.signal);
      if (this.controller.signal.aborted) return;
      this.inFlight.delete(page);
      // Read before a change it does not show: read it again.
      if (generation !== this.generation) return void this.load(page);
      this.pages.set(page, result.rows);
      if (result.exactCount) this.countExact = false;
      this.publish(result.count);
      // A provisional count (the offline store answers before it has counted): the exact one follows.
      result.exactCount?.then(
        (count) => !this.controller.signal.aborted && generation === this.generation && this.publishExact(count),
        () => undefined,
      );
    } catch (error) {
      this.inFlight.delete(page);
      if (!this.controller.signal.aborted) this.publish(this.snapshot.count, error);
    }
  }

  private publishExact(count: number): void {
    this.countExact = true;
    this.publish(count);
  }

  // O(1) per page: nothing is copied, so a page arriving costs the same at row 10 or 99,990.
  private publish(count = this.snapshot.count, error: unknown = null): void {
    this.snapshot = this.makeSnapshot(count, this.snapshot.version + 1, error);
    this.listeners.forEach((listener) => listener());
  }

  private makeSnapshot(count: number | null, version: number, error: unknown): SparseSnapshot<T> {
    return {
      count,
      version,
      rowAt: (index) => this.pages.get(Math.floor(index / this.pageSize) + 1)?.[index % this.pageSize] ?? null,
      loaded: () => [...this.pages.values()].flat(),
      loading: this.inFlight.size > 0,
      error,
      countExact: this.countExact,
    };
  }
}
