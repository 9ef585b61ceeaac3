import { withdrawalCreateSchema, withdrawalEntity } from '../../shared/entities/withdrawal.ts';
import { withdrawalMachine } from '../../shared/lifecycle/machines.ts';
import { isLeadOnly } from '../../shared/roles.ts';
import { ENTITY_ACCESS } from '../../shared/access.ts';
import { withdrawals } from '../db/schema.ts';
import { checkEntriesDaily, holdWithdrawal } from '../money/index.ts';
import { defineResource } from './define-resource.ts';
import { personIds } from './person-ids.ts';

/**
 * A lead requests a withdrawal for itself, staff enter one for a lead in their scope; either way it
 * starts `pending` with the money held at once (DESIGN.md §6). Approve, complete and fail are actions
 * (src/server/money/withdrawal-actions.ts); a withdrawal is never deleted.
 */
export const withdrawalResource = defineResource({
  entity: withdrawalEntity,
  table: withdrawals,
  machine: withdrawalMachine,
  access: { scope: { kind: 'owned', owner: 'userId' }, ...ENTITY_ACCESS.withdrawal },
  // Ids of people on it: staff's, and the named person's own (CHECKLIST 16).
  restricted: personIds('createdBy', 'approvedBy', 'decidedBy'),
  /** A lead never sets the bank's reference (403 when it tries). */
  leadFixed: { transactionId: null },
  /** A lead withdraws for itself (its id by default); staff name the lead. */
  createInput: (actor) => (isLeadOnly(actor.roles) ? undefined : withdrawalCreateSchema),
  hooks: {
    /** A lead's withdrawals of 24 hours stay within the daily bound (CHECKLIST.md 14), besides its available funds. */
    async checkBatch(ctx, inputs) {
      const entries = inputs.map((input) => ({ userId: input.userId ?? ctx.actor.id, amount: input.amount }));
      await checkEntriesDaily(ctx.tx, 'withdrawal', entries, { batch: Array.isArray(ctx.request.body) });
      return undefined;
    },
    prepareCreate(ctx, input) {
      return {
        ...input,
        userId: input.userId ?? ctx.actor.id,
        status: 'pending',
        transactionId: input.transactionId ?? null,
        createdBy: ctx.actor.impersonatorId ?? ctx.actor.id,
        approvedBy: [],
      };
    },
    afterCreate: (ctx, created) => holdWithdrawal(ctx, created),
  },
});
