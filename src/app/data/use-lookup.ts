import { useEffect, useMemo, useState } from 'react';
import type { EntityName } from '../../shared/entities/index.ts';
import type { Filter } from '../../shared/list-params.ts';
import type { EntityRecord, EntityStore } from './entity-store.ts';
import { entityStore } from './stores.ts';
import { auth } from '../state/auth.ts';
import { useMirrorTick } from './use-records.ts';

const PAGE = 100;
const MAX_PAGES = 20;
const FRESH_MS = 30_000;
const cache = new Map<string, { at: number; rows: Promise<EntityRecord[]> }>();

async function loadAll(entity: EntityName, filters: Filter[]): Promise<EntityRecord[]> {
  const store = entityStore(entity);
  const rows: EntityRecord[] = [];
  for (let page = 1; page <= MAX_PAGES; page++) {
    const result = await store.list({ page, limit: PAGE, filters });
    rows.push(...result.rows);
    if (result.rows.length < PAGE || rows.length >= result.count) break;
  }
  return rows;
}

/** Drops cached lookups, e.g. after a campaign or a staff member was added. */
export const forgetLookups = () => cache.clear();

/**
 * Names of related records for pickers and cells (campaigns, staff): read through the entity
 * store, so they work offline as the lists do; shared by the screens for a few seconds.
 */
export function useLookup(entity: EntityName, filters: Filter[], labelOf: (row: EntityRecord) => string, enabled = true) {
  const key = `${entity}:${JSON.stringify(filters)}`;
  const [rows, setRows] = useState<EntityRecord[]>([]);
  const [token, setToken] = useState(0);
  const pulledAt = useMirrorTick();
  // The offline mirror may still be filling at start-up: read again when it says records changed.
  useEffect(() => {
    if (!enabled) return;
    const store = entityStore(entity) as EntityStore & { watch?: (onChange: () => void) => () => void };
    let timer: ReturnType<typeof setTimeout> | undefined;
    // At most once a second: a first pull of a large mirror reports many chunks.
    const unwatch = store.watch?.(() => {
      clearTimeout(timer);
      timer = setTimeout(() => {
        cache.delete(key);
        setToken((n) => n + 1);
      }, 1000);
    });
    return () => {
      clearTimeout(timer);
      unwatch?.();
    };
  }, [entity, key, enabled]);
  useEffect(() => {
    if (!enabled) return;
    let cached = cache.get(key);
    // A pull since it was read (the mirror fills after sign-in) makes a cached lookup stale.
    if (!cached || Date.now() - cached.at > FRESH_MS || (pulledAt ?? 0) > cached.at) {
      cached = { at: Date.now(), rows: loadAll(entity, filters) };
      cache.set(key, cached);
      cached.rows.catch(() => cache.delete(key));
    }
    let live = true;
    cached.rows.then((next) => live && setRows(next)).catch(() => undefined);
    return () => {
      live = false;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- `key` stands for entity and filters
  }, [key, enabled, token, pulledAt]);
  return useMemo(() => {
    const names = new Map(rows.map((row) => [row.id, labelOf(row)]));
    const options = rows.map((row) => ({ value: row.id, label: names.get(row.id)! })).sort((a, b) => a.label.localeCompare(b.label));
    // Oneself, even when the offline mirror has not received one's own record.
    const self = entity === 'user' && auth.user ? auth.user : null;
    const nameOf = (id: unknown) =>
      typeof id !== 'string' ? undefined : (names.get(id) ?? (self && id === self.id ? personName(self) : undefined));
    return { rows, options, nameOf };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- labelOf is a pure formatter
  }, [rows]);
}

export const personName = (row: Partial<EntityRecord>) =>
  [row.firstName, row.lastName].filter(Boolean).join(' ') || String(row.email ?? '');
export const STAFF_ROLES = ['root', 'admin', 'regular'] as const;
export const STAFF_FILTER: Filter[] = [{ field: 'roles', values: [...STAFF_ROLES] }];
export const ASSIGNABLE_FILTER: Filter[] = [
  { field: 'roles', values: ['regular', 'admin'] },
  { field: 'status', values: ['active'] },
];
export const LEAD_FILTER: Filter[] = [{ field: 'roles', values: ['lead'] }];

/** Campaign names and staff names (staff: admins see all; regular staff see themselves). */
export const useCampaigns = (enabled = true) => useLookup('campaign', [], (row) => String(row.name ?? ''), enabled);
export const useStaff = (enabled = true) => useLookup('user', STAFF_FILTER, personName, enabled);
export const useAssignable = (enabled = true) => useLookup('user', ASSIGNABLE_FILTER, personName, enabled);
