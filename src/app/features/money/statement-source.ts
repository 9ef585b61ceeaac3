import { useLiveQuery } from 'dexie-react-hooks';
import i18next from 'i18next';
import { useSnapshot } from 'valtio';
import { isOnline, useOnline } from '../../api/online-only.ts';
import { toApiError, UNEXPECTED_ERROR, type ApiError } from '../../api/http.ts';
import { localTimeZone } from '../../api/request-headers.ts';
import { useFetch } from '../../data/use-fetch.ts';
import { currentEngine, offline } from '../../offline/offline-state.ts';
import type { OfflineDatabase } from '../../offline/database.ts';
import { mirrorStatement, type StatementFilters, type StatementView } from './mirror-statement.ts';
import { statementOf } from './money-api.ts';

export type { StatementView } from './mirror-statement.ts';

/** The statement from the device's mirror of the ledger, marked with when it last caught up (DESIGN.md §7). */
async function fromMirror(db: OfflineDatabase | undefined, leadId: string, query: StatementFilters): Promise<StatementView> {
  const statement = db ? await mirrorStatement(db, leadId, query, localTimeZone()) : null;
  if (!statement) throw { message: i18next.t('app.money.billing.nothingKnown') || UNEXPECTED_ERROR, network: true };
  return statement;
}

/**
 * The server's statement when online (its computation, unchanged); without a connection, or when the
 * call fails for lack of one, the mirror's, marked as the last known balance.
 */
export async function loadStatement(leadId: string, query: StatementFilters, signal?: AbortSignal): Promise<StatementView> {
  if (isOnline()) {
    try {
      return { ...(await statementOf(leadId, query, signal)), asOf: null };
    } catch (cause) {
      if (!toApiError(cause).network) throw cause;
    }
  }
  return fromMirror(currentEngine()?.db, leadId, query);
}

type Loaded = { data: StatementView | null; error: ApiError | null; loading: boolean };

/**
 * Billing's statement. Offline it is a live query of the mirror: a pull (another tab online, or
 * the connection back) shows at once, and a statement never opened online is there too.
 */
export function useStatement(leadId: string, query: StatementFilters): Loaded {
  const online = useOnline();
  const db = useSnapshot(offline).engine?.db as OfflineDatabase | undefined;
  const key = JSON.stringify(query);
  const server = useFetch((signal) => (online ? loadStatement(leadId, query, signal) : Promise.resolve(null)), [leadId, key, online]);
  const mirror = useLiveQuery(
    (): Promise<Loaded> | undefined =>
      online
        ? undefined
        : fromMirror(db, leadId, query).then(
            (data) => ({ data, error: null, loading: false }),
            (cause: unknown) => ({ data: null, error: toApiError(cause), loading: false }),
          ),
    [online, db, leadId, key],
  );
  if (online) return server;
  return mirror ?? { data: null, error: null, loading: true };
}
