import { sql } from 'drizzle-orm';
import type { LedgerCheck } from '../../shared/money/funds.ts';
import type { Executor } from '../db/client.ts';
import { toCentsExact } from './ledger.ts';

type Rows<T> = { rows: T[] };

/**
 * The ledger's invariants, computed from the tables alone: all accounts sum to zero, each balance is
 * the sum of its entries, each transfer has two entries that cancel out, no lead account or entry
 * below zero.
 */
export async function checkLedger(db: Executor): Promise<LedgerCheck> {
  const run = async <T>(query: ReturnType<typeof sql>) => ((await db.execute(query)) as unknown as Rows<T>).rows;
  const [totals] = await run<{ accounts: number; total: string; transfers: number }>(sql`
    select (select count(*)::int from accounts) as accounts,
           (select coalesce(sum(balance), 0)::text from accounts) as total,
           (select count(*)::int from transfers) as transfers`);
  const mismatched = await run<{ id: string; balance: string; entries: string }>(sql`
    select a.id, a.balance::text as balance, coalesce(e.total, 0)::text as entries
    from accounts a left join (select account_id, sum(amount) as total from ledger_entries group by account_id) e on e.account_id = a.id
    where a.balance <> coalesce(e.total, 0)
    limit 100`);
  const unbalanced = await run<{ id: string }>(sql`
    select t.id from transfers t left join ledger_entries e on e.transfer_id = t.id
    group by t.id, t.amount
    having count(e.id) <> 2 or coalesce(sum(e.amount), 0) <> 0 or max(e.amount) <> t.amount
    limit 100`);
  const negative = await run<{ id: string }>(sql`
    select id from accounts where lead_id is not null and balance < 0
    union all select id from ledger_entries where lead_id is not null and balance_after < 0
    limit 100`);
  const total = toCentsExact(totals.total);
  const result: LedgerCheck = {
    ok: false,
    accounts: totals.accounts,
    transfers: totals.transfers,
    total: total / 100,
    mismatchedAccounts: mismatched.map((m) => ({ id: m.id, balance: Number(m.balance), entries: Number(m.entries) })),
    unbalancedTransfers: unbalanced.map((u) => u.id),
    negative: negative.map((n) => n.id),
  };
  result.ok = total === 0 && !result.mismatchedAccounts.length && !result.unbalancedTransfers.length && !result.negative.length;
  return result;
}
