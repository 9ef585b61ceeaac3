import { toCents } from '../../shared/money.ts';
import type { deposits } from '../db/schema.ts';
import { transfer, type LedgerWork } from './ledger.ts';

export const depositCause = (depositId: string) => ({ sourceEntity: 'deposit', sourceId: depositId, kind: 'deposit' });

/** The ledger side of a deposit becoming `completed`: card clearing (card) or the bank (transfer) → the lead's available funds. */
export async function creditDeposit(work: LedgerWork, deposit: Pick<typeof deposits.$inferSelect, 'id' | 'userId' | 'amount' | 'method'>) {
  await transfer(work, {
    from: { house: deposit.method === 'card' ? 'card_clearing' : 'bank' },
    to: { lead: deposit.userId, kind: 'available' },
    amountCents: toCents(deposit.amount),
    cause: depositCause(deposit.id),
  });
}
