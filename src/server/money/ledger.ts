import { and, eq, sql, type SQL } from 'drizzle-orm';
import { v7 as uuidv7 } from 'uuid';
import { LEAD_ACCOUNT_KINDS, type HouseAccountKind, type LeadAccountKind } from '../../shared/money/accounts.ts';
import type { Executor, Tx } from '../db/client.ts';
import { namedStatement } from '../db/prepared.ts';
import { accounts, transfers } from '../db/schema.ts';
import { AppError } from '../http/app-error.ts';
import type { Change, Work } from '../http/mutate.ts';

/**
 * The double-entry ledger of DESIGN.md §6: the ONLY code that writes accounts, transfers and
 * ledger entries. Everything else books money through `transfer` / `transferMany` inside its own
 * `mutate()` transaction, so the money moves with the record that caused it or not at all.
 */

export type AccountRef = { lead: string; kind: LeadAccountKind } | { house: HouseAccountKind };

/** Why money moved; unique together, so replays, retries and a second API node never book it twice. */
export type Cause = { sourceEntity: string; sourceId: string; kind: string };

export type TransferRequest = { from: AccountRef; to: AccountRef; amountCents: number; cause: Cause; memo?: string };

/** What a booking needs of `Work`: its transaction, its actor (absent for scheduled work) and the change log. */
export type LedgerWork = Pick<Work, 'tx' | 'changed'> & {
  actor?: (Pick<Work['actor'], 'id'> & Partial<Pick<Work['actor'], 'impersonatorId'>>) | null;
};

/** What booking needs of an account: which one it is (balances are read by the statements that move them). */
type AccountRow = Pick<typeof accounts.$inferSelect, 'id' | 'leadId' | 'kind'>;

const refKey = (ref: AccountRef) => ('lead' in ref ? `${ref.lead}:${ref.kind}` : `house:${ref.house}`);
const refLead = (ref: AccountRef) => ('lead' in ref ? ref.lead : null);
const refKind = (ref: AccountRef) => ('lead' in ref ? ref.kind : ref.house);

/** Cents as the numeric(14,2) text PostgreSQL adds exactly (no binary fractions on the way). */
export const centsToNumeric = (cents: number) => {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(cents);
  return `${sign}${Math.trunc(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
};
/** A numeric(14,2) read as a JS number (or text) to integer cents. */
export const toCentsExact = (value: number | string) => Math.round(Number(value) * 100);

function checkAmount(amountCents: number) {
  if (!Number.isSafeInteger(amountCents) || amountCents <= 0)
    throw new Error(`ledger: amount must be a positive integer of cents, got ${amountCents}`);
}

/** The accounts of some leads and house kinds: the lead rows locked as the sort hands them over (in id order), the house rows only read. */
const loadAccounts = namedStatement<AccountRow>(
  'ledger_accounts',
  `with lead_rows as (
    select id, lead_id, kind from accounts
    where lead_id = any($1::uuid[]) and kind = any($2::text[])
    order by id
    for update
  )
  select id, lead_id as "leadId", kind from lead_rows
  union all
  select id, lead_id, kind from accounts where lead_id is null and kind = any($3::text[])`,
);

/**
 * Opens the accounts of these refs that are missing (a concurrent creator wins harmlessly) and locks
 * the lead's ones, for the bookings that follow to find. A lead's accounts are locked in ascending id
 * order (two transfers over the same accounts never wait on each other in a cycle); house accounts are
 * only read: they may go negative, so nothing needs their balance now, and their booking waits for
 * `settle` at the end of the transaction (see `openLedger`).
 */
async function lockAccounts(tx: Tx, refs: AccountRef[]): Promise<void> {
  const wanted = new Map(refs.map((ref) => [refKey(ref), ref]));
  const leadRefs = [...wanted.values()].filter((r): r is { lead: string; kind: LeadAccountKind } => 'lead' in r);
  const houseKinds = [...wanted.values()].flatMap((r) => ('house' in r ? [r.house] : []));
  const load = () => loadAccounts(tx, [[...new Set(leadRefs.map((r) => r.lead))], [...new Set(leadRefs.map((r) => r.kind))], houseKinds]);
  const found = new Set((await load()).map((row) => (row.leadId ? `${row.leadId}:${row.kind}` : `house:${row.kind}`)));
  const missing = [...wanted].filter(([key]) => !found.has(key)).map(([, ref]) => ref);
  if (missing.length) {
    await tx
      .insert(accounts)
      .values(missing.map((ref) => ({ id: uuidv7(), leadId: refLead(ref), kind: refKind(ref) })))
      .onConflictDoNothing();
    // Again, to lock the lead accounts just opened.
    await load();
  }
}

/** A house account's side of a booked transfer, written by `settle` just before the transaction commits. */
type HouseLeg = { entryId: string; transferId: string; account: AccountRow; cents: number; cause: Cause };

/** The house legs waiting in each open transaction, in booking order. */
const openLedgers = new WeakMap<Tx, HouseLeg[]>();

/**
 * Opens the ledger of one transaction; its owner settles it last, just before commit. Every transfer
 * touches a house account on one side, so one house row per kind is updated by every booking of the
 * company: locking it with the lead accounts would serialize whole API transactions on it. Instead a
 * lead's side is booked at once (locked, conditionally updated, never below zero) and the house side
 * at the end: one atomic `balance = balance + total` per house account, its entries with their
 * balances before and after, all in the same transaction. The house row is then held only from there
 * to commit. `settlement()` hands those statements over as CTEs for the owner's last statement (the
 * change log's: see mutate.ts `writeChanges`); `settle()` runs whatever is left on its own. Either way
 * the house rows are locked in account id order before any is updated (docs/decisions/change-cursor.md),
 * so two settlements over the same house accounts queue on them and never deadlock. Booking without an
 * open ledger throws (fail closed).
 */
export function openLedger(tx: Tx) {
  const legs: HouseLeg[] = [];
  openLedgers.set(tx, legs);
  return {
    settlement: () => settlementCtes(legs.splice(0)),
    /** After the transaction's last statement is sent: a booking then throws instead of being lost. */
    close: () => void openLedgers.delete(tx),
    settle: async () => {
      const ctes = settlementCtes(legs.splice(0));
      if (ctes.length) await tx.execute(sql`with ${sql.join(ctes, sql`, `)} select`);
    },
  };
}

/** The legs of each house account, in ascending account id order (the order rows are locked in). */
function byAccount(legs: HouseLeg[]): [string, HouseLeg[]][] {
  const grouped = new Map<string, HouseLeg[]>();
  for (const leg of legs) {
    const own = grouped.get(leg.account.id);
    if (own) own.push(leg);
    else grouped.set(leg.account.id, [leg]);
  }
  return [...grouped].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
}

const settledName = (accountId: string) => `house_${accountId.replaceAll('-', '')}`;

/**
 * The CTEs booking house legs: first one locking every house account touched, in ascending id order
 * (the statement's one lock order, whatever order PostgreSQL runs its CTEs in), then per account one
 * update adding the total, then its entries with the running balance of each (the balance before all
 * of them plus the legs up to it). The legs travel as one json parameter, however many there are (the
 * demo seed books thousands). Nothing when there are no legs.
 */
function settlementCtes(legs: HouseLeg[]): SQL[] {
  const accounts = byAccount(legs);
  if (!accounts.length) return [];
  const ids = accounts.map(([accountId]) => accountId);
  // Counted, not `exists`: every row must be locked before any update runs, not just the first. The
  // update's own lock mode (no key update), so the key-share locks a booking's foreign keys take on
  // house rows earlier in other transactions do not block it.
  const locked = sql`(select count(*) from house_lock) = ${ids.length}`;
  const lock = sql`house_lock as materialized (
      select id from accounts where id = any(${sql.param(ids)}::uuid[]) order by id for no key update
    )`;
  return [
    lock,
    ...accounts.map(([accountId, own]) => {
      const name = settledName(accountId);
      const total = centsToNumeric(own.reduce((sum, leg) => sum + leg.cents, 0));
      const rows = own.map((leg, ord) => ({
        ord,
        id: leg.entryId,
        transfer_id: leg.transferId,
        kind: leg.cause.kind,
        source_entity: leg.cause.sourceEntity,
        source_id: leg.cause.sourceId,
        amount: centsToNumeric(leg.cents),
      }));
      return sql`${sql.raw(name)}_moved as (
        update accounts set balance = balance + ${total}::numeric, version = version + 1, date_last_update = now()
        where id = ${accountId}::uuid and ${locked}
        returning balance - ${total}::numeric as opening
      ), ${sql.raw(name)} as (
        insert into ledger_entries (id, transfer_id, account_id, lead_id, account_kind, kind, source_entity, source_id, amount, balance_before, balance_after)
        select legs.id, legs.transfer_id, ${accountId}::uuid, null, ${own[0].account.kind}::text, legs.kind, legs.source_entity, legs.source_id,
          legs.amount, moved.opening + legs.running - legs.amount, moved.opening + legs.running
        from ${sql.raw(name)}_moved moved, (
          select v.*, sum(v.amount) over (order by v.ord) as running
          from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb)
            as v(ord int, id uuid, transfer_id uuid, kind text, source_entity text, source_id uuid, amount numeric)
        ) legs
        order by legs.ord
        returning 1
      )`;
    }),
  ];
}

type BookValues = {
  id: string;
  sourceEntity: string;
  sourceId: string;
  kind: string;
  amount: string;
  actorId: string | null;
  memo: string | null;
  debitEntry: string;
  creditEntry: string;
  fromLead: string | null;
  fromKind: string;
  toLead: string | null;
  toKind: string;
};
type BookRow = {
  claimed: number;
  moved: number;
  from_after: string | null;
  to_after: string | null;
  /** The accounts found (null: not opened yet, and nothing booked). */
  from_id: string | null;
  to_id: string | null;
};

/**
 * The booking statement of one shape (whether each side is a lead's account), its text built once:
 * each value a cast parameter, numbered in the order the text first uses it (a prepared statement may
 * leave no parameter unused, and house sides use fewer). The accounts are given by lead and kind: the
 * statement locks the lead rows (in id order) and reads the house rows itself, one round trip for a
 * whole transfer; it books nothing when an account is not opened yet (`from_id` / `to_id` null).
 */
function bookingOf(fromIsLead: boolean, toIsLead: boolean) {
  const shape = `${fromIsLead ? 'lead' : 'house'}_${toIsLead ? 'lead' : 'house'}`;
  let booking = bookings.get(shape);
  if (booking) return booking;
  const keys: (keyof BookValues)[] = [];
  const $ = (key: keyof BookValues, cast: string) => {
    if (!keys.includes(key)) keys.push(key);
    return `$${keys.indexOf(key) + 1}::${cast}`;
  };
  // Both accounts found by this statement, the lead ones locked as the sort hands them over.
  const leadSides = [
    ...(fromIsLead ? [`(${$('fromLead', 'uuid')}, ${$('fromKind', 'text')})`] : []),
    ...(toIsLead ? [`(${$('toLead', 'uuid')}, ${$('toKind', 'text')})`] : []),
  ];
  const found = (isLead: boolean, lead: 'fromLead' | 'toLead', kind: 'fromKind' | 'toKind') =>
    isLead
      ? `select id from locked where lead_id = ${$(lead, 'uuid')} and kind = ${$(kind, 'text')}`
      : `select id from accounts where lead_id is null and kind = ${$(kind, 'text')}`;
  const located = `${leadSides.length ? `locked as (select id, lead_id, kind from accounts where (lead_id, kind) in (${leadSides.join(', ')}) order by id for update), ` : ''}from_account as (${found(fromIsLead, 'fromLead', 'fromKind')}), to_account as (${found(toIsLead, 'toLead', 'toKind')}), `;
  const accountId = (account: 'from' | 'to') => `(select id from ${account}_account)`;
  const side = (
    entry: 'debitEntry' | 'creditEntry',
    lead: 'fromLead' | 'toLead',
    kind: 'fromKind' | 'toKind',
    account: 'from' | 'to',
    sign: '-' | '',
    source: 'debit' | 'credit',
  ) => `
    select ${$(entry, 'uuid')}, ${$('id', 'uuid')}, ${accountId(account)}, ${$(lead, 'uuid')}, ${$(kind, 'text')}, ${$('kind', 'text')},
      ${$('sourceEntity', 'text')}, ${$('sourceId', 'uuid')}, ${sign}${$('amount', 'numeric')}, balance - (${sign}${$('amount', 'numeric')}), balance
    from ${source}`;
  // A house side moves nothing now: its CTE only passes the claim on.
  const move = (isLead: boolean, account: 'from' | 'to', sign: '-' | '+', after: string) =>
    isLead
      ? `update accounts set balance = balance ${sign} ${$('amount', 'numeric')}, version = version + 1, date_last_update = now()
          where id = ${accountId(account)} and exists (${after})${sign === '-' ? ` and balance - ${$('amount', 'numeric')} >= 0` : ''}
          returning balance`
      : `select null::numeric as balance where exists (${after})`;
  const claimed = `insert into transfers (id, source_entity, source_id, kind, amount, from_account_id, to_account_id, actor_id, memo)
      select ${$('id', 'uuid')}, ${$('sourceEntity', 'text')}, ${$('sourceId', 'uuid')}, ${$('kind', 'text')}, ${$('amount', 'numeric')},
        ${accountId('from')}, ${accountId('to')}, ${$('actorId', 'uuid')}, ${$('memo', 'text')}
      where exists (select from from_account) and exists (select from to_account)
      on conflict do nothing
      returning id`;
  const debit = move(fromIsLead, 'from', '-', 'select from claimed');
  const credit = move(toIsLead, 'to', '+', 'select from debit');
  const entries = [
    ...(fromIsLead ? [side('debitEntry', 'fromLead', 'fromKind', 'from', '-', 'debit')] : []),
    ...(toIsLead ? [side('creditEntry', 'toLead', 'toKind', 'to', '', 'credit')] : []),
  ];
  const text = `
    with ${located}claimed as (${claimed}
    ), debit as (${debit}
    ), credit as (${credit}
    )${entries.length ? `, entries as (insert into ledger_entries (id, transfer_id, account_id, lead_id, account_kind, kind, source_entity, source_id, amount, balance_before, balance_after) ${entries.join(' union all ')})` : ''}
    select (select count(*) from claimed)::int as claimed, (select count(*) from credit)::int as moved,
      (select balance::text from debit) as from_after, (select balance::text from credit) as to_after,
      (select id from from_account) as from_id, (select id from to_account) as to_id`;
  const run = namedStatement<BookRow>(`ledger_book_${shape}`, text);
  booking = (tx: Tx, values: BookValues) =>
    run(
      tx,
      keys.map((key) => values[key]),
    );
  bookings.set(shape, booking);
  return booking;
}
const bookings = new Map<string, (tx: Tx, values: BookValues) => Promise<BookRow[]>>();

/**
 * Books one transfer in ONE statement (fewer round trips while the locks are held): find and lock its
 * accounts, claim the cause, take the amount from `from` unless a lead's balance would go below zero,
 * give it to `to`, write the lead sides' entries with the balances before and after; a house side is
 * left to `settle`. `missing` (nothing booked) when an account is not opened yet; not claimed when the
 * cause was booked already; 422 INSUFFICIENT_FUNDS (the caller's transaction rolls back) when a lead's
 * `from` is short. The balances after are null for a house side (known at `settle`).
 */
async function book(tx: Tx, id: string, debitEntry: string, creditEntry: string, request: TransferRequest, actorId: string | null) {
  const { sourceEntity, sourceId, kind } = request.cause;
  const [from, to] = [request.from, request.to].map((ref) => ({ leadId: refLead(ref), kind: refKind(ref) }));
  const [row] = await bookingOf(!!from.leadId, !!to.leadId)(tx, {
    id,
    sourceEntity,
    sourceId,
    kind,
    amount: centsToNumeric(request.amountCents),
    actorId,
    memo: request.memo ?? null,
    debitEntry,
    creditEntry,
    fromLead: from.leadId,
    fromKind: from.kind,
    toLead: to.leadId,
    toKind: to.kind,
  });
  if (!row.from_id || !row.to_id) return { missing: true as const };
  const accounts = { from: { ...from, id: row.from_id }, to: { ...to, id: row.to_id } };
  if (!Number(row.claimed)) return { claimed: false as const, accounts, fromAfter: null, toAfter: null };
  if (!Number(row.moved)) throw new AppError('INSUFFICIENT_FUNDS');
  const cents = (value: string | null) => (value === null ? null : toCentsExact(value));
  return { claimed: true as const, accounts, fromAfter: cents(row.from_after), toAfter: cents(row.to_after) };
}

const accountChange = (account: AccountRow): Change => ({
  entity: 'account',
  recordId: account.id,
  op: 'upsert',
  audience: account.leadId ? [account.leadId] : [],
  leadsOf: account.leadId ? [account.leadId] : undefined,
});

/**
 * `after`: both accounts' balances in cents once booked (absent when the cause was booked already);
 * null for a house account, booked at `settle`.
 */
export type TransferResult = { booked: boolean; after?: { from: number | null; to: number | null } };

/**
 * Books several transfers in one call, each unless its cause already was. Refuses the whole call (422
 * `INSUFFICIENT_FUNDS`) when a lead's account would go below zero; the caller's transaction then rolls
 * everything back.
 */
export async function transferMany(work: LedgerWork, requests: readonly TransferRequest[]): Promise<TransferResult[]> {
  if (!requests.length) return [];
  for (const request of requests) {
    checkAmount(request.amountCents);
    if (refKey(request.from) === refKey(request.to)) throw new Error('ledger: a transfer needs two different accounts');
  }
  const { tx } = work;
  const houseLegs = openLedgers.get(tx);
  if (!houseLegs) throw new Error('ledger: book inside a transaction whose owner opened the ledger (openLedger) and settles it');
  // The real person behind an impersonation, as the audit log records it.
  const actorId = work.actor ? (work.actor.impersonatorId ?? work.actor.id) : null;
  // One transfer (the usual case): one statement finds, locks and books. Several, or an account not
  // opened yet: every account is opened and locked first, in id order (the bookings then find them held).
  let locked = requests.length > 1;
  if (locked)
    await lockAccounts(
      tx,
      requests.flatMap((r) => [r.from, r.to]),
    );
  const results: TransferResult[] = [];
  const touched = new Map<string, AccountRow>();
  for (const request of requests) {
    const id = uuidv7();
    const entries = [
      { id: uuidv7(), leadId: refLead(request.from) },
      { id: uuidv7(), leadId: refLead(request.to) },
    ];
    let booking = await book(tx, id, entries[0].id, entries[1].id, request, actorId);
    if ('missing' in booking && !locked) {
      await lockAccounts(tx, [request.from, request.to]);
      locked = true;
      booking = await book(tx, id, entries[0].id, entries[1].id, request, actorId);
    }
    if ('missing' in booking) throw new Error('ledger: an account could not be opened');
    if (!booking.claimed) {
      results.push({ booked: false });
      continue;
    }
    const { from, to } = booking.accounts;
    work.changed(
      entries.map((e) => ({
        entity: 'ledger-entry',
        recordId: e.id,
        op: 'upsert' as const,
        audience: e.leadId ? [e.leadId] : [],
        leadsOf: e.leadId ? [e.leadId] : undefined,
      })),
    );
    for (const [account, entry, sign] of [
      [from, entries[0], -1],
      [to, entries[1], 1],
    ] as const) {
      if (!account.leadId)
        houseLegs.push({ entryId: entry.id, transferId: id, account, cents: sign * request.amountCents, cause: request.cause });
    }
    touched.set(from.id, from);
    touched.set(to.id, to);
    results.push({ booked: true, after: { from: booking.fromAfter, to: booking.toAfter } });
  }
  work.changed([...touched.values()].map(accountChange));
  return results;
}

/**
 * Books many credits from one house account to leads' accounts in one statement, however many (the
 * scheduler's dividends: 500 a transaction): the causes claimed (a cause booked already is skipped),
 * each lead account raised once by its total, its entries written in request order with their running
 * balances; the house side waits for `settle` like every other. Only credits: a lead's balance only
 * rises, so no refusal is possible. The number of transfers booked.
 */
export async function creditMany(work: LedgerWork, requests: readonly TransferRequest[]): Promise<number> {
  if (!requests.length) return 0;
  const house = requests[0].from;
  if (!('house' in house)) throw new Error('ledger: creditMany books from a house account');
  for (const request of requests) {
    checkAmount(request.amountCents);
    if (!('house' in request.from) || request.from.house !== house.house || !('lead' in request.to))
      throw new Error('ledger: creditMany books from one house account to leads');
  }
  const { tx } = work;
  const houseLegs = openLedgers.get(tx);
  if (!houseLegs) throw new Error('ledger: book inside a transaction whose owner opened the ledger (openLedger) and settles it');
  const actorId = work.actor ? (work.actor.impersonatorId ?? work.actor.id) : null;
  // Opens what is missing and locks the lead accounts, in id order, before the statement finds them.
  await lockAccounts(tx, [house, ...requests.map((r) => r.to)]);
  const rows = requests.map((r, ord) => {
    const to = r.to as { lead: string; kind: LeadAccountKind };
    return {
      ord,
      id: uuidv7(),
      entry: uuidv7(),
      lead: to.lead,
      kind: to.kind,
      amount: centsToNumeric(r.amountCents),
      source_entity: r.cause.sourceEntity,
      source_id: r.cause.sourceId,
      cause: r.cause.kind,
      memo: r.memo ?? null,
    };
  });
  const result = (await tx.execute(sql`
    with req as (
      select r.*, a.id as account_id from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb)
        as r(ord int, id uuid, entry uuid, lead uuid, kind text, amount numeric, source_entity text, source_id uuid, cause text, memo text)
      join accounts a on a.lead_id = r.lead and a.kind = r.kind
    ), house as (
      select id from accounts where lead_id is null and kind = ${house.house}
    ), claimed as (
      insert into transfers (id, source_entity, source_id, kind, amount, from_account_id, to_account_id, actor_id, memo)
      select req.id, req.source_entity, req.source_id, req.cause, req.amount, house.id, req.account_id, ${actorId}::uuid, req.memo
      from req, house order by req.ord
      on conflict do nothing
      returning id
    ), booked as (
      select req.*, sum(req.amount) over (partition by req.account_id order by req.ord) as running
      from req where req.id in (select id from claimed)
    ), moved as (
      update accounts a set balance = a.balance + t.total, version = a.version + 1, date_last_update = now()
      from (select account_id, sum(amount) as total from booked group by 1) t
      where a.id = t.account_id
      returning a.id, a.balance - t.total as opening
    ), entries as (
      insert into ledger_entries (id, transfer_id, account_id, lead_id, account_kind, kind, source_entity, source_id, amount, balance_before, balance_after)
      select b.entry, b.id, b.account_id, b.lead, b.kind, b.cause, b.source_entity, b.source_id, b.amount,
        m.opening + b.running - b.amount, m.opening + b.running
      from booked b join moved m on m.id = b.account_id
      order by b.ord
      returning 1
    )
    select b.ord, b.id, b.entry, b.account_id, (select id from house) as house_id, (select count(*) from entries)::int as written
    from booked b order by b.ord`)) as unknown as {
    rows: { ord: number; id: string; entry: string; account_id: string; house_id: string; written: number }[];
  };
  const booked = result.rows;
  if (!booked.length) return 0;
  const houseAccount: AccountRow = { id: booked[0].house_id, leadId: null, kind: house.house };
  const touched = new Map<string, AccountRow>([[houseAccount.id, houseAccount]]);
  for (const row of booked) {
    const request = requests[row.ord];
    const lead = (request.to as { lead: string }).lead;
    const houseEntry = uuidv7();
    houseLegs.push({ entryId: houseEntry, transferId: row.id, account: houseAccount, cents: -request.amountCents, cause: request.cause });
    touched.set(row.account_id, { id: row.account_id, leadId: lead, kind: (request.to as { kind: string }).kind });
    work.changed([
      { entity: 'ledger-entry', recordId: row.entry, op: 'upsert', audience: [lead], leadsOf: [lead] },
      { entity: 'ledger-entry', recordId: houseEntry, op: 'upsert', audience: [], leadsOf: undefined },
    ]);
  }
  work.changed([...touched.values()].map(accountChange));
  return booked.length;
}

/** Books one transfer; `booked: false` when its cause was booked already (a replay or a retry). */
export async function transfer(work: LedgerWork, request: TransferRequest): Promise<TransferResult> {
  const [result] = await transferMany(work, [request]);
  return result;
}

/** A lead's balances in cents, every kind present (0 for an account not opened yet). */
export async function balancesOf(db: Executor, leadId: string): Promise<Record<LeadAccountKind, number>> {
  const rows = await db.select({ kind: accounts.kind, balance: accounts.balance }).from(accounts).where(eq(accounts.leadId, leadId));
  const balances = Object.fromEntries(LEAD_ACCOUNT_KINDS.map((kind) => [kind, 0])) as Record<LeadAccountKind, number>;
  for (const row of rows) balances[row.kind as LeadAccountKind] = toCentsExact(row.balance);
  return balances;
}

/**
 * One lead account's balance in cents, its row locked to the end of the transaction (0 when not opened):
 * for a booking whose amount depends on it (a trading loss capped at what the lead has).
 */
export async function lockedBalance(tx: Tx, leadId: string, kind: LeadAccountKind): Promise<number> {
  const [row] = await tx
    .select({ balance: accounts.balance })
    .from(accounts)
    .where(and(eq(accounts.leadId, leadId), eq(accounts.kind, kind)))
    .for('update');
  return row ? toCentsExact(row.balance) : 0;
}

/** Whether a cause was booked (for callers that must know before acting, e.g. a refund). */
export async function isBooked(db: Executor, cause: Cause): Promise<boolean> {
  const [row] = await db
    .select({ id: transfers.id })
    .from(transfers)
    .where(and(eq(transfers.sourceEntity, cause.sourceEntity), eq(transfers.sourceId, cause.sourceId), eq(transfers.kind, cause.kind)))
    .limit(1);
  return !!row;
}
