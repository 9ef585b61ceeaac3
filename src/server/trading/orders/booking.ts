import { capLoss, rateNumber, type EurRate } from '../../../shared/trading/pnl.ts';
import { realPersonOf } from '../../../shared/lifecycle/four-eyes.ts';
import { toCents } from '../../../shared/money.ts';
import type { ORDER_CLOSE_REASONS } from '../../../shared/entities/order.ts';
import type { orders } from '../../db/schema.ts';
import type { Work } from '../../http/mutate.ts';
import { centsToNumeric, lockedBalance, transfer } from '../../money/index.ts';

export type OrderRow = typeof orders.$inferSelect;
export type CloseReason = (typeof ORDER_CLOSE_REASONS)[number];

/**
 * The ledger causes of an order (DESIGN.md §6), each booked once: the hold at open, the hold back at
 * close (what the loss left of it), the loss out of the hold, a loss beyond it out of available funds
 * (`order_loss_capped` when negative balance protection left a gap for the house), a profit or payout.
 */
export const ORDER_KINDS = ['order_hold', 'order_release', 'order_loss', 'order_loss_beyond', 'order_loss_capped', 'order_profit'] as const;
export type OrderKind = (typeof ORDER_KINDS)[number];
export const orderCause = (orderId: string, kind: OrderKind) => ({ sourceEntity: 'order', sourceId: orderId, kind });

/** Books an opened order's hold: available → margin (422 INSUFFICIENT_FUNDS, and the caller's transaction rolls back). */
export async function bookHold(work: Work, order: Pick<OrderRow, 'id' | 'userId'>, heldCents: number) {
  await transfer(work, {
    from: { lead: order.userId, kind: 'available' },
    to: { lead: order.userId, kind: 'margin' },
    amountCents: heldCents,
    cause: orderCause(order.id, 'order_hold'),
  });
}

export type Closing = {
  /** The lead's profit in cents (a loss negative), before negative balance protection. */
  profitCents: number;
  closePrice: number | null;
  reason: CloseReason;
  rate: EurRate | null;
  at: Date;
};

/**
 * Books a close (any reason) in the caller's transaction and answers the columns to set: the loss is
 * taken from the hold first (margin → trading), the rest of the hold goes back (margin → available), a
 * loss beyond the hold comes out of available funds but never below zero (the gap is the house's:
 * `houseAbsorbed`, and its ledger line says so), a profit comes from the house (trading → available).
 * Profit recorded is what the lead actually gained or lost.
 */
export async function bookClose(work: Work, order: OrderRow, closing: Closing) {
  const lead = order.userId;
  const heldCents = toCents(order.held);
  const loss = Math.max(0, -closing.profitCents);
  const fromHold = Math.min(loss, heldCents);
  const beyond = loss - fromHold;
  let available: number | null = null;
  let absorbed = 0;
  if (heldCents - fromHold > 0) {
    const result = await transfer(work, {
      from: { lead, kind: 'margin' },
      to: { lead, kind: 'available' },
      amountCents: heldCents - fromHold,
      cause: orderCause(order.id, 'order_release'),
    });
    available = result.after?.to ?? null;
  }
  if (beyond > 0 && available === null) available = await lockedBalance(work.tx, lead, 'available');
  const { chargedCents, absorbedCents } = capLoss(beyond, available ?? 0);
  absorbed = absorbedCents;
  const memo = absorbed > 0 ? `house absorbed ${centsToNumeric(absorbed)}` : undefined;
  if (fromHold > 0)
    await transfer(work, {
      from: { lead, kind: 'margin' },
      to: { house: 'trading' },
      amountCents: fromHold,
      cause: orderCause(order.id, absorbed > 0 && chargedCents === 0 ? 'order_loss_capped' : 'order_loss'),
      memo: chargedCents === 0 ? memo : undefined,
    });
  if (chargedCents > 0)
    await transfer(work, {
      from: { lead, kind: 'available' },
      to: { house: 'trading' },
      amountCents: chargedCents,
      cause: orderCause(order.id, absorbed > 0 ? 'order_loss_capped' : 'order_loss_beyond'),
      memo,
    });
  if (closing.profitCents > 0)
    await transfer(work, {
      from: { house: 'trading' },
      to: { lead, kind: 'available' },
      amountCents: closing.profitCents,
      cause: orderCause(order.id, 'order_profit'),
    });
  const profitCents = closing.profitCents + absorbed;
  return {
    set: {
      profit: profitCents / 100,
      closePrice: closing.closePrice,
      closedAt: closing.at,
      closedBy: work.actor.roles.length ? realPersonOf(work.actor) : null,
      closeReason: closing.reason,
      closeRate: closing.rate ? rateNumber(closing.rate) : null,
      houseAbsorbed: absorbed > 0 ? absorbed / 100 : null,
    },
    audit: {
      profit: profitCents / 100,
      closePrice: closing.closePrice,
      reason: closing.reason,
      ...(absorbed > 0 ? { houseAbsorbed: absorbed / 100 } : {}),
    },
  };
}
