import { and, eq, isNotNull, isNull, lte } from 'drizzle-orm';
import { depositMachine } from '../../../shared/lifecycle/machines.ts';
import { AWAITING_3DS_TIMEOUT_MS } from '../../../shared/money/card-deposit.ts';
import type { Services } from '../../context.ts';
import { deposits } from '../../db/schema.ts';
import { transition } from '../../actions/define-action.ts';
import { defineJob } from '../../scheduler/define-job.ts';
import { depositResource } from '../../resources/deposit.ts';
import { afterGateway, applyGatewayAnswer, type DepositRow } from './deposit-booking.ts';
import { gatewayFor } from '../../payments/gateways.ts';

const awaiting = eq(deposits.status, 'awaiting_3d_secure');
const depositIdOf = (key: string) => key.split('@')[0];

async function announceDeposit(services: Services, key: string) {
  const [deposit] = await services.db
    .select()
    .from(deposits)
    .where(eq(deposits.id, depositIdOf(key)));
  if (deposit) services.realtime.depositUpdated(deposit.userId, deposit);
}

/**
 * The slow bank (DESIGN.md §6): after a right 3-D Secure code the gateway said "processing"; when its
 * retry time falls due the gateway is asked again and the deposit settles (credited in the same
 * transaction) or waits longer. The key carries the retry time: a new wait is a new item.
 */
export const depositBankAnswerJob = defineJob({
  name: 'deposit-bank-answer',
  intervalMs: 1_000,
  async findDue(db, now) {
    const rows = await db
      .select({ id: deposits.id, at: deposits.bankRetryAt })
      .from(deposits)
      .where(and(awaiting, isNotNull(deposits.bankRetryAt), lte(deposits.bankRetryAt, now)));
    return rows.map((row) => ({ key: `${row.id}@${row.at!.toISOString()}`, dueAt: row.at! }));
  },
  async run(work, key, now) {
    const [deposit] = (await work.tx
      .select()
      .from(deposits)
      .where(eq(deposits.id, depositIdOf(key)))
      .for('update')) as DepositRow[];
    if (!deposit || deposit.status !== 'awaiting_3d_secure' || !deposit.bankRetryAt || !deposit.gatewayReference) return;
    const answer = await gatewayFor(deposit.gatewayReference).status(deposit.gatewayReference);
    if (answer.outcome === 'processing') {
      // Still working: wait again (a new item, keyed by the new time).
      const { set } = afterGateway(deposit, answer, now);
      await work.tx.update(deposits).set(set).where(eq(deposits.id, deposit.id));
      return;
    }
    await transition(
      work,
      { resource: depositResource, machine: depositMachine, action: 'settle', id: deposit.id, scoped: false },
      (record) => applyGatewayAnswer(work, record, answer, now),
    );
  },
  announce: announceDeposit,
});

/** A deposit left awaiting 3-D Secure for 15 minutes (no code, or too few tries) is cancelled. */
export const depositExpiryJob = defineJob({
  name: 'deposit-3ds-expiry',
  intervalMs: 30_000,
  async findDue(db, now) {
    const limit = new Date(now.getTime() - AWAITING_3DS_TIMEOUT_MS);
    const rows = await db
      .select({ id: deposits.id, created: deposits.dateCreation })
      .from(deposits)
      .where(and(awaiting, isNull(deposits.bankRetryAt), lte(deposits.dateCreation, limit)));
    return rows.map((row) => ({ key: row.id, dueAt: new Date(row.created.getTime() + AWAITING_3DS_TIMEOUT_MS) }));
  },
  async run(work, key) {
    const [deposit] = await work.tx.select().from(deposits).where(eq(deposits.id, key)).for('update');
    // Confirmed or cancelled meanwhile, or the bank is working on it: nothing to expire.
    if (!deposit || deposit.status !== 'awaiting_3d_secure' || deposit.bankRetryAt) return;
    await transition(work, { resource: depositResource, machine: depositMachine, action: 'expire', id: key, scoped: false });
  },
  announce: announceDeposit,
});
