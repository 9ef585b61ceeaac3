import type { Matching } from '../../shared/selection.ts';
import { http } from '../api/client.ts';
import type { ApiError } from '../api/http.ts';
import { isOnline, offlineError } from '../api/online-only.ts';
import type { EntityRecord } from '../data/entity-store.ts';
import { currentEngine } from '../offline/offline-state.ts';

/**
 * What a list's bulk actions act on (docs/decisions/bulk-selection.md): the rows ticked by hand, or
 * every record matching the list's filters and search (`matching`, resolved by the server in the
 * caller's scope). `count` is how many the person was told they selected.
 */
export type ListSelection = {
  count: number;
  /** The ticked rows; empty when `matching` is set (they are not all loaded). */
  records: EntityRecord[];
  matching?: Matching;
};

/** The selection as a request body: `ids` (under the route's own name) or `matching`, plus `except` when given. */
export const selectionBody = (selection: ListSelection, idsKey = 'ids', except: readonly string[] = []) =>
  selection.matching
    ? { matching: selection.matching, ...(except.length ? { except } : {}) }
    : { [idsKey]: selection.records.map((r) => r.id).filter((id) => !except.includes(id)) };

/**
 * A bulk call on the server (a filtered set needs it: the mirror may hold only part of the records):
 * refused at once offline with the translated OFFLINE error, nothing sent; afterwards the mirror pulls
 * the server's changes so the list reads the result.
 */
export async function runBulkOnline<T>(method: 'PATCH' | 'DELETE' | 'POST', path: string, body: Record<string, unknown>): Promise<T> {
  const engine = currentEngine();
  if (engine ? !engine.status().online : !isOnline()) throw offlineError();
  const answer = await http<T>(path, { method, body });
  await engine?.pull().catch(() => undefined);
  return answer;
}

/** Records a delete refused (DELETE_BLOCKED, or HAS_DEPENDENTS for one record): id → "name: reason", translated by the server. */
export const blockedOf = (error: ApiError): Record<string, string> | null =>
  (error.code === 'DELETE_BLOCKED' || error.code === 'HAS_DEPENDENTS') && error.details ? error.details : null;
