import Dexie from 'dexie';
import { dayIn } from '../../../shared/calendar.ts';
import { fromCents, toCents } from '../../../shared/money.ts';
import { CAPITAL_KINDS, LEAD_ACCOUNT_KINDS, type LeadAccountKind } from '../../../shared/money/accounts.ts';
import type { Statement, StatementEntry, StatementQuery } from '../../../shared/money/funds.ts';
import { PULLED_AT, type LocalRecord, type OfflineDatabase } from '../../offline/database.ts';

/** What the billing screen asks of a statement (the server's query, defaults left out). */
export type StatementFilters = Partial<Pick<StatementQuery, 'account' | 'from' | 'to' | 'kind' | 'page' | 'limit'>>;

/** A statement with when it was last heard from the server: `asOf` null when the server answered it just now. */
export type StatementView = Omit<Statement, 'pageToCreate'> & { asOf: string | null };

/** Euros as the server sends them (a number or a numeric string) to exact integer cents. */
const cents = (value: unknown) => toCents(Number(value));

/**
 * A lead's statement read from the device's mirror of the ledger (accounts and ledger entries,
 * synced read-only): the same figures and filters as GET /funds/statement/:id computes on the server,
 * from the balances the ledger recorded (each entry's balance after it), in integer cents. `null` when
 * this device has never caught up with the server (the mirror would show nothing as if it were zero).
 * The transfer's memo is not mirrored: offline entries have none.
 */
export async function mirrorStatement(
  db: OfflineDatabase,
  leadId: string,
  query: StatementFilters,
  zone: string,
): Promise<StatementView | null> {
  const [first, last] = [
    [leadId, Dexie.minKey],
    [leadId, Dexie.maxKey],
  ];
  const accountsTable = db.records('account');
  const entriesTable = db.records('ledger-entry');
  const [pulledAt, accounts, entries] = await db.transaction('r', [db.meta, accountsTable, entriesTable], () =>
    Promise.all([
      db.meta.get(PULLED_AT),
      accountsTable.where('[leadId+dateCreation]').between(first, last).toArray(),
      // Newest first, as the server orders a statement (seq is the ledger's order on an account).
      entriesTable.where('[leadId+seq]').between(first, last).reverse().toArray(),
    ]),
  );
  if (typeof pulledAt?.value !== 'number') return null;

  const balance = new Map(accounts.map((a) => [a.kind as LeadAccountKind, cents(a.balance)]));
  const of = (kind: LeadAccountKind) => balance.get(kind) ?? 0;
  const balances = Object.fromEntries(LEAD_ACCOUNT_KINDS.map((kind) => [kind, fromCents(of(kind))])) as Statement['balances'];
  const capital = CAPITAL_KINDS.reduce((sum, kind) => sum + of(kind), 0);

  const account = query.account ?? 'available';
  const dayOf = dayIn(zone);
  const day = (iso: string) => dayOf(new Date(iso));
  const matching = entries.filter(
    (e) =>
      e.accountKind === account &&
      (!query.kind || e.kind === query.kind) &&
      (!query.from || day(e.dateCreation as string) >= query.from) &&
      (!query.to || day(e.dateCreation as string) <= query.to),
  );
  const limit = query.limit ?? 20;
  const page = query.page ?? 1;
  return {
    entries: matching.slice((page - 1) * limit, page * limit).map(toEntry),
    count: matching.length,
    availableFunds: fromCents(of('available')),
    capital: fromCents(capital),
    balances,
    asOf: new Date(pulledAt.value).toISOString(),
  };
}

const toEntry = (e: LocalRecord): StatementEntry => ({
  id: e.id,
  date: new Date(e.dateCreation as string).toISOString(),
  kind: e.kind as string,
  sourceEntity: e.sourceEntity as string,
  sourceId: e.sourceId as string,
  memo: null,
  amount: fromCents(cents(e.amount)),
  balance: fromCents(cents(e.balanceAfter)),
});
