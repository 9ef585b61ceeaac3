import Dexie from 'dexie';
import { useLiveQuery } from 'dexie-react-hooks';
import { useSnapshot } from 'valtio';
import { http } from '../../../api/client.ts';
import { useFetch } from '../../../data/use-fetch.ts';
import { PULLED_AT, type OfflineDatabase } from '../../../offline/database.ts';
import { offline } from '../../../offline/offline-state.ts';
import { toCents } from '../../../../shared/money.ts';
import type { Statement } from '../../../../shared/money/funds.ts';

/** A lead's trading balances in integer cents, and when the device last heard them from the server. */
export type TradingBalances = { availableCents: number; marginCents: number; pulledAt: number | null };

/** The balances of the mirror's ledger accounts (synced read-only, kept current by every pull). */
async function fromMirror(db: OfflineDatabase, leadId: string): Promise<TradingBalances | null> {
  const table = db.records('account');
  const [pulled, accounts] = await db.transaction('r', [db.meta, table], () =>
    Promise.all([
      db.meta.get(PULLED_AT),
      table.where('[leadId+dateCreation]').between([leadId, Dexie.minKey], [leadId, Dexie.maxKey]).toArray(),
    ]),
  );
  if (typeof pulled?.value !== 'number') return null;
  const of = (kind: string) => toCents(Number(accounts.find((a) => a.kind === kind)?.balance ?? 0));
  return { availableCents: of('available'), marginCents: of('margin'), pulledAt: pulled.value };
}

/**
 * The available funds and the margin held of a lead: a live query of the mirror's accounts (a pull after
 * an order opens, closes or settles shows at once, and offline it is the last known balance with its
 * age); without a local database, the server's statement.
 */
export function useTradingBalances(leadId: string | undefined): TradingBalances | null {
  const db = useSnapshot(offline).engine?.db as OfflineDatabase | undefined;
  const mirror = useLiveQuery(() => (db && leadId ? fromMirror(db, leadId) : undefined), [db, leadId]);
  const server = useFetch(
    (signal) =>
      db || !leadId
        ? Promise.resolve(null)
        : http<Statement>(`/v1/funds/statement/${leadId}`, { query: { limit: 1 }, signal }).then((s): TradingBalances => ({
            availableCents: toCents(s.balances.available),
            marginCents: toCents(s.balances.margin),
            pulledAt: null,
          })),
    [db, leadId],
  );
  return db ? (mirror ?? null) : server.data;
}
