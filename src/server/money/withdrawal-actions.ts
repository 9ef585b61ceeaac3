import { withdrawalCompleteSchema, withdrawalFailSchema } from '../../shared/entities/withdrawal.ts';
import { withdrawalMachine } from '../../shared/lifecycle/machines.ts';
import { realPersonOf } from '../../shared/lifecycle/four-eyes.ts';
import { defineAction } from '../actions/define-action.ts';
import { withdrawalResource } from '../resources/withdrawal.ts';
import { approve, notifyWithdrawal, payWithdrawal, refundWithdrawal } from './withdrawals.ts';

/** POST /withdrawal/:id/approve | complete | fail (DESIGN.md §6), each one transaction with its ledger transfer. */
export const WITHDRAWAL_ACTIONS = [
  defineAction({
    resource: withdrawalResource,
    machine: withdrawalMachine,
    action: 'approve',
    summary: 'Approve a withdrawal (staff; above the threshold two are needed, never by the one who entered it)',
    async run(ctx, withdrawal) {
      const approvedBy = approve(ctx, withdrawal);
      await notifyWithdrawal(ctx, withdrawal, 'approved', approvedBy.length);
      return { set: { approvedBy } };
    },
  }),
  defineAction({
    resource: withdrawalResource,
    machine: withdrawalMachine,
    action: 'complete',
    body: withdrawalCompleteSchema,
    summary: 'Pay a withdrawal out: its held money leaves for the bank (staff)',
    async run(ctx, withdrawal, body) {
      await payWithdrawal(ctx, withdrawal);
      await notifyWithdrawal(ctx, withdrawal, 'completed');
      const decidedBy = realPersonOf(ctx.actor);
      return { set: { transactionId: body.transactionId, decidedBy } };
    },
  }),
  defineAction({
    resource: withdrawalResource,
    machine: withdrawalMachine,
    action: 'fail',
    body: withdrawalFailSchema,
    summary: 'Fail a withdrawal: its held money goes back to available funds (staff)',
    async run(ctx, withdrawal, body) {
      await refundWithdrawal(ctx, withdrawal);
      await notifyWithdrawal(ctx, withdrawal, 'failed');
      return { set: { failureReason: body.reason, decidedBy: realPersonOf(ctx.actor) } };
    },
  }),
];
