import { and, eq, inArray, isNull, or, sql } from 'drizzle-orm';
import { v7 as uuidv7 } from 'uuid';
import { LEAD_ACCOUNT_KINDS, type HouseAccountKind, type LeadAccountKind } from '../../shared/money/accounts.ts';
import type { Executor, Tx } from '../db/client.ts';
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

type AccountRow = typeof accounts.$inferSelect;

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

/**
 * The accounts of these refs, locked in ascending id order (two transfers over the same accounts never
 * wait on each other in a cycle), created first when missing (a concurrent creator wins harmlessly).
 */
async function lockAccounts(tx: Tx, refs: AccountRef[]): Promise<Map<string, AccountRow>> {
  const wanted = new Map(refs.map((ref) => [refKey(ref), ref]));
  const leadRefs = [...wanted.values()].filter((r): r is { lead: string; kind: LeadAccountKind } => 'lead' in r);
  const houseKinds = [...wanted.values()].flatMap((r) => ('house' in r ? [r.house] : []));
  const matching = or(
    leadRefs.length
      ? and(
          inArray(accounts.leadId, [...new Set(leadRefs.map((r) => r.lead))]),
          inArray(accounts.kind, [...new Set(leadRefs.map((r) => r.kind))]),
        )
      : undefined,
    houseKinds.length ? and(isNull(accounts.leadId), inArray(accounts.kind, houseKinds)) : undefined,
  );
  // One query in the usual case: the rows are locked as the sort hands them over, in id order.
  const lock = async () => {
    const rows = await tx.select().from(accounts).where(matching).orderBy(accounts.id).for('update');
    return new Map(rows.map((row) => [row.leadId ? `${row.leadId}:${row.kind}` : `house:${row.kind}`, row]));
  };
  let locked = await lock();
  const missing = [...wanted].filter(([key]) => !locked.has(key)).map(([, ref]) => ref);
  if (missing.length) {
    await tx
      .insert(accounts)
      .values(missing.map((ref) => ({ id: uuidv7(), leadId: refLead(ref), kind: refKind(ref) })))
      .onConflictDoNothing();
    locked = await lock();
  }
  return locked;
}

/**
 * Books one transfer on its locked accounts in ONE statement (fewer round trips while the locks are
 * held): claim the cause, take the amount from `from` unless a lead's balance would go below zero,
 * give it to `to`, write both entries with the balances before and after. Nothing when the cause was
 * booked already; 422 INSUFFICIENT_FUNDS (the caller's transaction rolls back) when `from` is short.
 */
async function book(
  tx: Tx,
  id: string,
  debitEntry: string,
  creditEntry: string,
  from: AccountRow,
  to: AccountRow,
  request: TransferRequest,
  actorId: string | null,
) {
  const amount = centsToNumeric(request.amountCents);
  const { sourceEntity, sourceId, kind } = request.cause;
  const side = (entry: string, account: AccountRow, sign: '-' | '') => sql`
    select ${entry}::uuid, ${id}::uuid, ${account.id}::uuid, ${account.leadId}::uuid, ${account.kind}::text, ${kind}::text,
      ${sourceEntity}::text, ${sourceId}::uuid, ${sql.raw(sign)}${amount}::numeric, balance - (${sql.raw(sign)}${amount}::numeric), balance`;
  const result = (await tx.execute(sql`
    with claimed as (
      insert into transfers (id, source_entity, source_id, kind, amount, from_account_id, to_account_id, actor_id, memo)
      values (${id}::uuid, ${sourceEntity}, ${sourceId}::uuid, ${kind}, ${amount}::numeric, ${from.id}::uuid, ${to.id}::uuid, ${actorId}::uuid, ${request.memo ?? null}::text)
      on conflict do nothing
      returning id
    ), debit as (
      update accounts set balance = balance - ${amount}::numeric, version = version + 1, date_last_update = now()
      where id = ${from.id}::uuid and exists (select from claimed) and (lead_id is null or balance - ${amount}::numeric >= 0)
      returning balance
    ), credit as (
      update accounts set balance = balance + ${amount}::numeric, version = version + 1, date_last_update = now()
      where id = ${to.id}::uuid and exists (select from debit)
      returning balance
    ), entries as (
      insert into ledger_entries (id, transfer_id, account_id, lead_id, account_kind, kind, source_entity, source_id, amount, balance_before, balance_after)
      ${side(debitEntry, from, '-')} from debit
      union all
      ${side(creditEntry, to, '')} from credit
    )
    select (select count(*) from claimed)::int as claimed, (select balance::text from debit) as from_after, (select balance::text from credit) as to_after`)) as unknown as {
    rows: { claimed: number; from_after: string | null; to_after: string | null }[];
  };
  const [row] = result.rows;
  if (!Number(row.claimed)) return { claimed: false as const, fromAfter: 0, toAfter: 0 };
  if (row.from_after === null || row.to_after === null) throw new AppError('INSUFFICIENT_FUNDS');
  return { claimed: true as const, fromAfter: toCentsExact(row.from_after), toAfter: toCentsExact(row.to_after) };
}

const accountChange = (account: AccountRow): Change => ({
  entity: 'account',
  recordId: account.id,
  op: 'upsert',
  audience: account.leadId ? [account.leadId] : [],
  leadsOf: account.leadId ? [account.leadId] : undefined,
});

/**
 * Books several transfers in one call: their accounts are locked once, in ascending id order, then each
 * transfer is booked unless its cause already was. Refuses the whole call (422 `INSUFFICIENT_FUNDS`)
 * when a lead's account would go below zero; the caller's transaction then rolls everything back.
 */
/** `after`: both accounts' balances in cents once booked (absent when the cause was booked already). */
export type TransferResult = { booked: boolean; after?: { from: number; to: number } };

export async function transferMany(work: LedgerWork, requests: readonly TransferRequest[]): Promise<TransferResult[]> {
  if (!requests.length) return [];
  for (const request of requests) {
    checkAmount(request.amountCents);
    if (refKey(request.from) === refKey(request.to)) throw new Error('ledger: a transfer needs two different accounts');
  }
  const { tx } = work;
  const locked = await lockAccounts(
    tx,
    requests.flatMap((r) => [r.from, r.to]),
  );
  const results: TransferResult[] = [];
  const touched = new Map<string, AccountRow>();
  for (const request of requests) {
    const from = locked.get(refKey(request.from))!;
    const to = locked.get(refKey(request.to))!;
    const id = uuidv7();
    const entries = [
      { id: uuidv7(), leadId: from.leadId },
      { id: uuidv7(), leadId: to.leadId },
    ];
    // The real person behind an impersonation, as the audit log records it.
    const actorId = work.actor ? (work.actor.impersonatorId ?? work.actor.id) : null;
    const booking = await book(tx, id, entries[0].id, entries[1].id, from, to, request, actorId);
    if (!booking.claimed) {
      results.push({ booked: false });
      continue;
    }
    work.changed(
      entries.map((e) => ({
        entity: 'ledger-entry',
        recordId: e.id,
        op: 'upsert' as const,
        audience: e.leadId ? [e.leadId] : [],
        leadsOf: e.leadId ? [e.leadId] : undefined,
      })),
    );
    touched.set(from.id, from);
    touched.set(to.id, to);
    results.push({ booked: true, after: { from: booking.fromAfter, to: booking.toAfter } });
  }
  work.changed([...touched.values()].map(accountChange));
  return results;
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

/** Whether a cause was booked (for callers that must know before acting, e.g. a refund). */
export async function isBooked(db: Executor, cause: Cause): Promise<boolean> {
  const [row] = await db
    .select({ id: transfers.id })
    .from(transfers)
    .where(and(eq(transfers.sourceEntity, cause.sourceEntity), eq(transfers.sourceId, cause.sourceId), eq(transfers.kind, cause.kind)))
    .limit(1);
  return !!row;
}
