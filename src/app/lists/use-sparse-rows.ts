import { useCallback, useEffect, useState, useSyncExternalStore } from 'react';
import type { EntityRecord, EntityStore } from '../data/entity-store.ts';
import { queryKey, type ListState } from './list-state.ts';
import { SparseRows, type SparseSnapshot } from './sparse-rows.ts';

const EMPTY: SparseSnapshot<never> = {
  count: null,
  version: 0,
  rowAt: () => null,
  loaded: () => [],
  loading: true,
  error: null,
  countExact: false,
};
const noop = () => () => {};

/** React side of SparseRows: a fresh loader whenever the query (not the columns) changes. */
export function useSparseRows<T extends EntityRecord>(store: EntityStore<T>, state: ListState, reloadToken: number) {
  const key = queryKey(state);
  const [loader, setLoader] = useState<SparseRows<T> | null>(null);
  useEffect(() => {
    const next = new SparseRows<T>(store, { q: state.q, filters: state.filters, sorts: state.sorts });
    setLoader(next);
    next.ensureRange(0, 0);
    return () => next.dispose();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- `key` stands for q, filters and sorts
  }, [store, key, reloadToken]);
  const snapshot = useSyncExternalStore(loader?.subscribe ?? noop, loader?.getSnapshot ?? (() => EMPTY as SparseSnapshot<T>));
  const ensureRange = useCallback((start: number, end: number) => loader?.ensureRange(start, end), [loader]);
  return { ...snapshot, ensureRange };
}
