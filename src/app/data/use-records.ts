import { useCallback, useEffect, useState } from 'react';
import { useSnapshot } from 'valtio';
import type { EntityName } from '../../shared/entities/index.ts';
import { toApiError, type ApiError } from '../api/http.ts';
import type { EntityRecord, EntityStore, ListQuery } from './entity-store.ts';
import { entityStore } from './stores.ts';
import { offline } from '../offline/offline-state.ts';

type Watchable = EntityStore & { watch?: (onChange: () => void) => () => void };

/**
 * When the offline mirror last pulled from the server (null: no mirror, or no pull yet). Reads that
 * may have run on an empty mirror, or on the HTTP store before the mirror was installed, run again.
 */
export const useMirrorTick = () => useSnapshot(offline).status?.lastPulledAt ?? null;

/** Reads again when the store says its records changed (the offline mirror after a pull or a replay). */
function useWatch(entity: EntityName, reload: () => void) {
  const pulledAt = useMirrorTick();
  // The store is looked up again after each pull: the offline one replaces the HTTP one at start-up.
  useEffect(() => (entityStore(entity) as Watchable).watch?.(reload), [entity, reload, pulledAt]);
  useEffect(() => {
    if (pulledAt) reload();
  }, [pulledAt, reload]);
}

/** One record through the entity store, with a reload after actions. */
export function useRecord(entity: EntityName, id: string) {
  const [record, setRecord] = useState<EntityRecord | null>(null);
  const [error, setError] = useState<ApiError | null>(null);
  const [token, setToken] = useState(0);
  const reload = useCallback(() => setToken((n) => n + 1), []);
  useWatch(entity, reload);
  useEffect(() => {
    let live = true;
    entityStore(entity)
      .get(id)
      .then((next) => live && (setRecord(next), setError(null)))
      .catch((cause) => live && setError(toApiError(cause)));
    return () => {
      live = false;
    };
  }, [entity, id, token]);
  return { record, error, reload };
}

/** One page of records through the entity store (comments of a lead, latest notifications). */
export function useRecords(entity: EntityName, query: Omit<ListQuery, 'page'> & { page?: number }, enabled = true) {
  const [rows, setRows] = useState<EntityRecord[]>([]);
  const [count, setCount] = useState<number | null>(null);
  const [error, setError] = useState<ApiError | null>(null);
  const [token, setToken] = useState(0);
  const reload = useCallback(() => setToken((n) => n + 1), []);
  useWatch(entity, reload);
  const key = JSON.stringify(query);
  useEffect(() => {
    if (!enabled) return;
    const controller = new AbortController();
    entityStore(entity)
      .list({ page: 1, ...query }, controller.signal)
      .then((result) => {
        if (controller.signal.aborted) return;
        setRows(result.rows);
        setCount(result.count);
        setError(null);
        result.exactCount?.then((exact) => !controller.signal.aborted && setCount(exact)).catch(() => undefined);
      })
      .catch((cause) => !controller.signal.aborted && setError(toApiError(cause)));
    return () => controller.abort();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- `key` stands for the query
  }, [entity, key, token, enabled]);
  return { rows, count, error, reload, loading: count === null && !error };
}
