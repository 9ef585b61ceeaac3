import { LEAD_ACCOUNT_KINDS } from '../../../shared/money/accounts.ts';
import { sumEuros } from '../../../shared/money.ts';
import { isOnline } from '../../api/online-only.ts';
import { toApiError } from '../../api/http.ts';
import type { EntityName } from '../../../shared/entities/index.ts';
import { entityStore } from '../../data/stores.ts';
import { offline } from '../../offline/offline-state.ts';
import { statementOf, type StatementQuery } from './money-api.ts';
import type { StatementEntry } from '../../../shared/money/funds.ts';

/** A statement as the billing screen shows it; `asOf` set when it comes from the device's mirror. */
export type StatementView = {
  entries: StatementEntry[];
  count: number;
  availableFunds: number;
  capital: number;
  /** When the mirror last heard from the server: the balance is the last known one. */
  asOf: string | null;
};

/**
 * The server's statement when online; without a connection, the lead's accounts and entries from the
 * offline mirror (read-only entities synced to its devices), marked with when they were last pulled.
 */
export async function loadStatement(leadId: string, query: StatementQuery, signal?: AbortSignal): Promise<StatementView> {
  if (isOnline()) {
    try {
      const answer = await statementOf(leadId, query, signal);
      return { ...answer, asOf: null };
    } catch (cause) {
      if (!toApiError(cause).network) throw cause;
    }
  }
  return fromMirror(leadId, query, signal);
}

/** The ledger's read-only mirrored entities (src/shared/entities/account.ts, ledger-entry.ts). */
const MIRRORED = { account: 'account' as EntityName, entry: 'ledger-entry' as EntityName };

async function fromMirror(leadId: string, query: StatementQuery, signal?: AbortSignal): Promise<StatementView> {
  const accounts = await entityStore(MIRRORED.account).list(
    { page: 1, limit: 20, filters: [{ field: 'leadId', values: [leadId] }] },
    signal,
  );
  const balanceOf = (kind: string) => accounts.rows.filter((a) => a.kind === kind).map((a) => Number(a.balance ?? 0));
  const filters = [
    { field: 'leadId', values: [leadId] },
    { field: 'accountKind', values: ['available'] },
    ...(query.kind ? [{ field: 'kind', values: [query.kind] }] : []),
  ];
  const limit = query.limit ?? 20;
  const page = await entityStore(MIRRORED.entry).list(
    { page: query.page ?? 1, limit, filters, sorts: [{ field: 'seq', order: 'desc' }] },
    signal,
  );
  const inRange = (date: string) => (!query.from || date.slice(0, 10) >= query.from) && (!query.to || date.slice(0, 10) <= query.to);
  const entries: StatementEntry[] = page.rows
    .map((row) => ({
      id: row.id,
      date: String(row.dateCreation ?? ''),
      kind: String(row.kind ?? ''),
      sourceEntity: String(row.sourceEntity ?? ''),
      sourceId: String(row.sourceId ?? ''),
      memo: null,
      amount: Number(row.amount ?? 0),
      balance: Number(row.balanceAfter ?? 0),
    }))
    .filter((entry) => inRange(entry.date));
  const lastPulled = offline.status?.lastPulledAt ?? null;
  return {
    entries,
    count: page.count,
    availableFunds: sumEuros(balanceOf('available')),
    capital: sumEuros(LEAD_ACCOUNT_KINDS.flatMap(balanceOf)),
    asOf: lastPulled ? new Date(lastPulled).toISOString() : new Date(0).toISOString(),
  };
}
