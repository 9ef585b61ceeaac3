import { sql, type SQL } from 'drizzle-orm';
import { ENTRY_DAILY_MAX, type EntryKind } from '../../shared/money/entry-limits.ts';
import { toCents } from '../../shared/money.ts';
import type { Tx } from '../db/client.ts';
import { AppError } from '../http/app-error.ts';
import { euros } from '../http/errors.ts';

/**
 * The daily bound of entered amounts (CHECKLIST.md 14, docs/decisions/entry-limits.md): what one
 * lead's entries of one kind in the last 24 hours add up to, those that went or may still go through.
 * The per-entry maximum is the shared schema's (entryAmountField).
 */
const USED: Record<EntryKind, (lead: string) => SQL> = {
  deposit: (lead) => sql`select coalesce(sum(amount * 100), 0)::bigint as cents from deposits where user_id = ${lead}
    and method = 'bank_transfer' and status in ('pending', 'completed') and date_creation > now() - interval '24 hours'`,
  withdrawal: (lead) => sql`select coalesce(sum(amount * 100), 0)::bigint as cents from withdrawals where user_id = ${lead}
    and status in ('pending', 'completed') and date_creation > now() - interval '24 hours'`,
  adjustment: (lead) => sql`select coalesce(sum(amount * 100), 0)::bigint as cents from adjustments where user_id = ${lead}
    and status in ('pending', 'completed') and date_creation > now() - interval '24 hours'`,
  // Offers the house makes a lead (issue 27): those that may still be paid or were.
  offer: (lead) => sql`select coalesce(sum(amount * 100), 0)::bigint as cents from offers where user_id = ${lead}
    and status in ('awaiting_release', 'pending', 'accepted') and date_creation > now() - interval '24 hours'`,
  // Gains staff chose when closing a lead's orders (issue 26): waiting for a second person, or booked
  // (a chosen close books without the feed's rate). A close at the market is the market's, not counted.
  order: (lead) => sql`select coalesce(sum(case when status = 'closing' then requested_profit else profit end * 100), 0)::bigint as cents
    from orders where user_id = ${lead} and date_last_update > now() - interval '24 hours'
    and ((status = 'closing' and requested_profit > 0) or (status = 'closed' and close_reason = 'staff' and close_rate is null and profit > 0))`,
};

/**
 * Refuses entries that would take a lead past ENTRY_DAILY_MAX of their kind (422 ENTRY_DAILY_MAX on the
 * amount, naming the limit and what is left; the transaction rolls back, nothing is created). Each lead
 * is held (a transaction lock, in id order) until commit, so two entries at once cannot both fit in
 * what was left. In a batch (`batch`) the refused entry is named by its index, as validation names it;
 * `field` names the input that carries the amount (an order's chosen `profit`).
 */
export async function checkEntriesDaily(
  tx: Tx,
  kind: EntryKind,
  entries: readonly { userId: string; amount: number }[],
  { batch = false, field = 'amount' }: { batch?: boolean; field?: string } = {},
) {
  const daily = toCents(ENTRY_DAILY_MAX);
  const leads = [...new Set(entries.map((entry) => entry.userId))].sort();
  // Every statement is sent before any answer is awaited: a batch's inserts follow on the same pipelined
  // connection (define-resource.ts), and a sum sent after them would count the batch itself. Each sum
  // is a statement of its own after its lead's lock, so it sees what a twin committed before.
  const sums = leads.flatMap((lead) => [
    tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`entry:${kind}:${lead}`}, 0))`),
    tx.execute(USED[kind](lead)),
  ]);
  const answers = (await Promise.all(sums)) as unknown as { rows: { cents?: string }[] }[];
  const used = new Map(leads.map((lead, i) => [lead, Number(answers[2 * i + 1].rows[0].cents)]));
  entries.forEach((entry, index) => {
    const before = used.get(entry.userId)!;
    const after = before + toCents(entry.amount);
    if (after > daily) {
      const params = { limit: euros(ENTRY_DAILY_MAX), remaining: euros(Math.max(0, daily - before) / 100) };
      const amount = { [field]: { key: 'errors.ENTRY_DAILY_MAX', params } };
      throw new AppError('ENTRY_DAILY_MAX', batch ? { items: { [index]: amount } } : amount, params);
    }
    used.set(entry.userId, after);
  });
}
