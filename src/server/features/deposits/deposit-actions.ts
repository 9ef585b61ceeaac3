import { z } from 'zod';
import { demandedText, optionalText } from '../../../shared/fields.ts';
import { depositMachine } from '../../../shared/lifecycle/machines.ts';
import { realPersonOf } from '../../../shared/lifecycle/four-eyes.ts';
import { defineAction } from '../../actions/define-action.ts';
import { AppError } from '../../http/app-error.ts';
import { depositResource } from '../../resources/deposit.ts';
import { creditDeposit } from '../../money/index.ts';

/** Cancel (the owner or staff), and staff's complete and fail of a pending deposit: audited by `transition`. */
export const DEPOSIT_ACTIONS = [
  defineAction({
    resource: depositResource,
    machine: depositMachine,
    action: 'cancel',
    method: 'PATCH',
    path: '/api/v1/deposit/:id/cancel',
    summary: 'Cancel a pending deposit or one awaiting 3-D Secure',
    run(_ctx, deposit) {
      // The bank already has the right code: the money may be moving, only its answer ends this deposit.
      if (deposit.bankRetryAt) throw new AppError('INVALID_TRANSITION', undefined, { action: 'cancel', from: deposit.status });
    },
  }),
  defineAction({
    resource: depositResource,
    machine: depositMachine,
    action: 'complete',
    body: z.strictObject({ transactionId: optionalText(100) }).optional(),
    summary: 'Staff: the transfer arrived (bank → available funds)',
    async run(ctx, deposit, body) {
      await creditDeposit(ctx, deposit);
      const decidedBy = realPersonOf(ctx.actor);
      return { set: body?.transactionId ? { transactionId: body.transactionId, decidedBy } : { decidedBy } };
    },
  }),
  defineAction({
    resource: depositResource,
    machine: depositMachine,
    action: 'fail',
    // The reason is required (CHECKLIST item 8); failureReason keeps its code (card answers read it as one), the words go to the audit and the history.
    body: z.strictObject({ reason: demandedText(500, 'validation.failureReasonRequired') }),
    summary: 'Staff: the transfer never arrived (with the reason)',
    run: (ctx, _deposit, body) => ({
      set: { failureReason: 'rejected_by_staff', decidedBy: realPersonOf(ctx.actor) },
      audit: { reason: body.reason },
    }),
  }),
];
