import { and, eq, gt, inArray, lte } from 'drizzle-orm';
import { toCents } from '../../shared/money.ts';
import { realPersonOf } from '../../shared/lifecycle/four-eyes.ts';
import { APPROVAL_WINDOW_MS, approvalsNeeded as approvalsNeededFor, windowTotalCents } from '../../shared/money/withdrawal-approvals.ts';
import type { Work } from '../http/mutate.ts';
import { users, withdrawals } from '../db/schema.ts';
import { AppError } from '../http/app-error.ts';
import { euros } from '../http/errors.ts';
import { notify } from '../notifications/notify.ts';
import { currentSettings } from '../settings/settings.ts';
import { transfer } from './ledger.ts';

type WithdrawalRow = typeof withdrawals.$inferSelect;

/** The three causes a withdrawal books, one transfer each, never twice. */
const cause = (withdrawal: WithdrawalRow, kind: 'withdrawal_hold' | 'withdrawal_paid' | 'withdrawal_refund') => ({
  sourceEntity: 'withdrawal',
  sourceId: withdrawal.id,
  kind,
});
const available = (withdrawal: WithdrawalRow) => ({ lead: withdrawal.userId, kind: 'available' }) as const;
const hold = (withdrawal: WithdrawalRow) => ({ lead: withdrawal.userId, kind: 'withdrawal_hold' }) as const;

/**
 * A new withdrawal: only a verified lead withdraws, and its money moves to `withdrawal_hold` at once
 * (422 INSUFFICIENT_FUNDS when the available funds do not cover it; the create rolls back).
 */
export async function holdWithdrawal(work: Work, withdrawal: WithdrawalRow) {
  const [lead] = await work.tx
    .select({ roles: users.roles, verificationStatus: users.verificationStatus, assignedTo: users.assignedTo })
    .from(users)
    .where(eq(users.id, withdrawal.userId));
  if (!lead?.roles.includes('lead') || lead.verificationStatus !== 'verified') throw new AppError('LEAD_NOT_VERIFIED');
  await transfer(work, {
    from: available(withdrawal),
    to: hold(withdrawal),
    amountCents: toCents(withdrawal.amount),
    cause: cause(withdrawal, 'withdrawal_hold'),
  });
  await work.audit('withdrawal.request', 'withdrawal', withdrawal.id, { userId: withdrawal.userId, amount: withdrawal.amount });
  const data = { amount: withdrawal.amount, withdrawalId: withdrawal.id };
  await notify(work, withdrawal.userId, 'withdrawal', 'app.notifications.withdrawal.requested', data);
  if (lead.assignedTo && lead.assignedTo !== work.actor.id)
    await notify(work, lead.assignedTo, 'withdrawal', 'app.notifications.withdrawal.requested', data);
}

/**
 * Above the company's threshold a withdrawal needs two approvals before it is paid; the threshold
 * counts the lead's withdrawals of the 24 hours up to this one (src/shared/money/withdrawal-approvals.ts).
 */
export async function approvalsNeeded(work: Work, withdrawal: WithdrawalRow): Promise<{ needed: number; threshold: number }> {
  const threshold = (await currentSettings(work.tx)).withdrawalApprovalThreshold;
  const since = new Date(withdrawal.dateCreation.getTime() - APPROVAL_WINDOW_MS);
  const window = await work.tx
    .select({
      id: withdrawals.id,
      userId: withdrawals.userId,
      amount: withdrawals.amount,
      status: withdrawals.status,
      dateCreation: withdrawals.dateCreation,
    })
    .from(withdrawals)
    .where(
      and(
        eq(withdrawals.userId, withdrawal.userId),
        inArray(withdrawals.status, ['pending', 'completed']),
        gt(withdrawals.dateCreation, since),
        lte(withdrawals.dateCreation, withdrawal.dateCreation),
      ),
    );
  return { needed: approvalsNeededFor(windowTotalCents(withdrawal, window), threshold), threshold };
}

/** Staff approve: two different members, neither the one who entered it, each once. */
export function approve(work: Work, withdrawal: WithdrawalRow): string[] {
  const approver = realPersonOf(work.actor);
  if (withdrawal.createdBy === approver) throw new AppError('APPROVAL_NOT_ALLOWED');
  if (withdrawal.approvedBy.includes(approver)) throw new AppError('ALREADY_APPROVED');
  return [...withdrawal.approvedBy, approver];
}

/** Paid out: the held money leaves for the bank. */
export async function payWithdrawal(work: Work, withdrawal: WithdrawalRow) {
  const { needed, threshold } = await approvalsNeeded(work, withdrawal);
  if (withdrawal.approvedBy.length < needed) {
    throw new AppError('APPROVALS_REQUIRED', undefined, { threshold: euros(threshold), count: withdrawal.approvedBy.length });
  }
  await transfer(work, {
    from: hold(withdrawal),
    to: { house: 'bank' },
    amountCents: toCents(withdrawal.amount),
    cause: cause(withdrawal, 'withdrawal_paid'),
  });
}

/** Failed: the held money goes back to the lead's available funds. */
export async function refundWithdrawal(work: Work, withdrawal: WithdrawalRow) {
  await transfer(work, {
    from: hold(withdrawal),
    to: available(withdrawal),
    amountCents: toCents(withdrawal.amount),
    cause: cause(withdrawal, 'withdrawal_refund'),
  });
}

export const notifyWithdrawal = (work: Work, withdrawal: WithdrawalRow, step: 'approved' | 'completed' | 'failed', count?: number) =>
  notify(work, withdrawal.userId, 'withdrawal', `app.notifications.withdrawal.${step}`, {
    amount: withdrawal.amount,
    withdrawalId: withdrawal.id,
    count,
  });
