import { toCents } from '../money.ts';

/**
 * Withdrawal approvals (DESIGN.md §6), one rule for the server that refuses and the screens that
 * offer: above the company's threshold a withdrawal needs two approvals by different staff members,
 * neither the one who entered it. The threshold counts the lead's withdrawals of the 24 hours up to
 * this one (pending and completed, this one included), so splitting a payout does not avoid it.
 */

export const APPROVALS_ABOVE_THRESHOLD = 2;
export const APPROVAL_WINDOW_MS = 24 * 60 * 60 * 1000;

/** What the rule reads of a withdrawal (a table row, or a record off the wire). */
export type WithdrawalFacts = {
  id: string;
  userId: string;
  amount: number;
  status: string;
  dateCreation: Date | string;
  createdBy?: string | null;
  approvedBy?: readonly string[] | null;
};

const COUNTED = new Set(['pending', 'completed']);
const timeOf = (value: Date | string) => new Date(value).getTime();

/** The lead's withdrawals counted with `target`, in cents: its own amount plus the pending and completed ones of the 24 hours before it. */
export function windowTotalCents(target: WithdrawalFacts, others: readonly WithdrawalFacts[]): number {
  const end = timeOf(target.dateCreation);
  let total = toCents(target.amount);
  for (const other of others) {
    if (other.id === target.id || other.userId !== target.userId || !COUNTED.has(other.status)) continue;
    const at = timeOf(other.dateCreation);
    if (at <= end && at > end - APPROVAL_WINDOW_MS) total += toCents(other.amount);
  }
  return total;
}

/** Approvals a withdrawal needs: two when its window's total is above the threshold, else none. */
export const approvalsNeeded = (windowCents: number, thresholdEuros: number): number =>
  windowCents > toCents(thresholdEuros) ? APPROVALS_ABOVE_THRESHOLD : 0;

/** Why a person may not approve: they entered it, or approved it already; or none is needed. */
export type ApprovalBlock = 'entered' | 'approved' | 'notNeeded';

/** Whether `person` may approve, and whether the withdrawal has the approvals it needs to be completed. */
export function approvalState(
  withdrawal: Pick<WithdrawalFacts, 'createdBy' | 'approvedBy'>,
  needed: number,
  person: string | null | undefined,
) {
  const approvers = [...(withdrawal.approvedBy ?? [])];
  const block: ApprovalBlock | null =
    needed === 0 ? 'notNeeded' : withdrawal.createdBy === person ? 'entered' : person && approvers.includes(person) ? 'approved' : null;
  return {
    needed,
    approvers,
    count: approvers.length,
    mayApprove: block === null && approvers.length < needed,
    block,
    mayComplete: approvers.length >= needed,
  };
}
