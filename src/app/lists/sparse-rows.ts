import type { EntityRecord, EntityStore, ListQuery } from '../data/entity-store.ts';

export const PAGE_SIZE = 100;

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
  private listeners = new Set<() => void>();

  constructor(
    private readonly store: EntityStore<T>,
    private readonly query: Omit<ListQuery, 'page' | 'limit'>,
    private readonly pageSize = PAGE_SIZE,
  ) {}

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
  }

  private async load(page: number): Promise<void> {
    if (this.pages.has(page) || this.inFlight.has(page)) return;
    this.inFlight.add(page);
    this.publish();
    try {
      const result = await this.store.list({ ...this.query, page, limit: this.pageSize }, this.controller.signal);
      if (this.controller.signal.aborted) return;
      this.pages.set(page, result.rows);
      this.inFlight.delete(page);
      this.publish(result.count);
      // A provisional count (the offline store answers before it has counted): the exact one follows.
      result.exactCount?.then((count) => !this.controller.signal.aborted && this.publish(count), () => undefined);
    } catch (error) {
      this.inFlight.delete(page);
      if (!this.controller.signal.aborted) this.publish(this.snapshot.count, error);
    }
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
    };
  }
}
