import { and, eq, inArray, isNull, or, sql } from 'drizzle-orm';
import { v7 as uuidv7 } from 'uuid';
import { LEAD_ACCOUNT_KINDS, type HouseAccountKind, type LeadAccountKind } from '../../shared/money/accounts.ts';
import type { Executor, Tx } from '../db/client.ts';
import { accounts, ledgerEntries, transfers } from '../db/schema.ts';
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
export type LedgerWork = Pick<Work, 'tx' | 'changed'> & { actor?: Pick<Work['actor'], 'id'> | null };

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

/** Adds `deltaCents` to a locked account; a lead's account refuses to go below zero (the CHECK is the last guard). */
async function move(tx: Tx, account: AccountRow, deltaCents: number): Promise<{ before: number; after: number }> {
  const delta = centsToNumeric(deltaCents);
  const [row] = await tx
    .update(accounts)
    .set({ balance: sql`${accounts.balance} + ${delta}::numeric`, version: sql`${accounts.version} + 1`, dateLastUpdate: sql`now()` })
    .where(and(eq(accounts.id, account.id), sql`(${accounts.leadId} is null or ${accounts.balance} + ${delta}::numeric >= 0)`))
    .returning({ balance: accounts.balance });
  if (!row) throw new AppError('INSUFFICIENT_FUNDS');
  const after = toCentsExact(row.balance);
  return { before: after - deltaCents, after };
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
    const [claimed] = await tx
      .insert(transfers)
      .values({
        id,
        ...request.cause,
        amount: centsToNumeric(request.amountCents) as unknown as number,
        fromAccountId: from.id,
        toAccountId: to.id,
        actorId: work.actor?.id ?? null,
        memo: request.memo ?? null,
      })
      .onConflictDoNothing()
      .returning({ id: transfers.id });
    if (!claimed) {
      results.push({ booked: false });
      continue;
    }
    const debit = await move(tx, from, -request.amountCents);
    const credit = await move(tx, to, request.amountCents);
    const entry = (account: AccountRow, amountCents: number, balance: { before: number; after: number }) => ({
      id: uuidv7(),
      transferId: id,
      accountId: account.id,
      leadId: account.leadId,
      accountKind: account.kind,
      kind: request.cause.kind,
      sourceEntity: request.cause.sourceEntity,
      sourceId: request.cause.sourceId,
      amount: centsToNumeric(amountCents) as unknown as number,
      balanceBefore: centsToNumeric(balance.before) as unknown as number,
      balanceAfter: centsToNumeric(balance.after) as unknown as number,
    });
    const entries = [entry(from, -request.amountCents, debit), entry(to, request.amountCents, credit)];
    await tx.insert(ledgerEntries).values(entries);
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
    results.push({ booked: true, after: { from: debit.after, to: credit.after } });
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
