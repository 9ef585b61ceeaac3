import { adjustmentFailSchema } from '../../shared/entities/adjustment.ts';
import { realPersonOf } from '../../shared/lifecycle/four-eyes.ts';
import { adjustmentMachine } from '../../shared/lifecycle/machines.ts';
import { toCents } from '../../shared/money.ts';
import type { adjustments } from '../db/schema.ts';
import { defineAction, type ActionContext } from '../actions/define-action.ts';
import { notify } from '../notifications/notify.ts';
import { adjustmentResource } from '../resources/adjustment.ts';
import { transfer } from './ledger.ts';

type AdjustmentRow = typeof adjustments.$inferSelect;

/** Books an adjustment once, keyed by its cause: adjustments → available for a credit, the other way for a debit. */
async function bookAdjustment(ctx: ActionContext, adjustment: AdjustmentRow) {
  const available = { lead: adjustment.userId, kind: 'available' } as const;
  const house = { house: 'adjustments' } as const;
  const credit = adjustment.direction === 'credit';
  // Notification first: the transfer locks the lead's account, held until commit.
  await notify(ctx, adjustment.userId, 'funds', `app.notifications.adjustment.${adjustment.direction}`, {
    amount: adjustment.amount,
    reason: adjustment.reason,
  });
  await transfer(ctx, {
    from: credit ? house : available,
    to: credit ? available : house,
    amountCents: toCents(adjustment.amount),
    cause: { sourceEntity: 'adjustment', sourceId: adjustment.id, kind: `adjustment_${adjustment.direction}` },
    memo: adjustment.reason,
  });
}

/** POST /adjustment/:id/complete | fail (DESIGN.md §6): completing books it, by someone other than who entered it. */
export const ADJUSTMENT_ACTIONS = [
  defineAction({
    resource: adjustmentResource,
    machine: adjustmentMachine,
    action: 'complete',
    summary: "Book a pending adjustment on the lead's available funds (admin; never the one who entered it)",
    async run(ctx, adjustment) {
      await bookAdjustment(ctx, adjustment);
      return { set: { decidedBy: realPersonOf(ctx.actor) } };
    },
  }),
  defineAction({
    resource: adjustmentResource,
    machine: adjustmentMachine,
    action: 'fail',
    body: adjustmentFailSchema,
    summary: 'Refuse a pending adjustment: nothing is booked (admin)',
    run: (ctx, _adjustment, body) => ({ set: { failureReason: body?.reason ?? null, decidedBy: realPersonOf(ctx.actor) } }),
  }),
];
