import { and, eq, inArray, ne, sql } from 'drizzle-orm';
import { z } from 'zod';
import { demandedText, optionalText } from '../../shared/fields.ts';
import { realPersonOf } from '../../shared/lifecycle/four-eyes.ts';
import { offerMachine } from '../../shared/lifecycle/machines.ts';
import { toCents } from '../../shared/money.ts';
import { defineAction, transition, type ActionContext } from '../actions/define-action.ts';
import { holdings, offers, products } from '../db/schema.ts';
import { AppError } from '../http/app-error.ts';
import { audienceOf } from '../policy.ts';
import { holdingResource } from '../resources/holding.ts';
import { offerResource } from '../resources/offer.ts';
import { productResource } from '../resources/product.ts';
import { bookSale } from './vault-ledger.ts';

type OfferRow = typeof offers.$inferSelect;

const nowOf = (ctx: ActionContext) => ctx.request.server.services.clock.now();

/** Past its expiration date an offer is neither released nor answered (the scheduler marks it expired). */
function refuseExpired(ctx: ActionContext, offer: OfferRow) {
  if (offer.expirationDate.getTime() <= nowOf(ctx).getTime())
    throw new AppError('OFFER_EXPIRED', undefined, {}, { expirationDate: offer.expirationDate.toISOString() });
}

/**
 * Nobody answers, while connected as the lead, an offer they made or released (DESIGN.md §12): the
 * person behind an impersonation is compared with the offer's maker and releaser.
 */
function refuseOwnDecision(ctx: ActionContext, offer: OfferRow) {
  const person = ctx.actor.impersonatorId;
  if (person && (person === offer.createdBy || person === offer.releasedBy)) throw new AppError('OFFER_OWN_DECISION');
}

/**
 * The sale, in the accept's transaction: the holding (locked) sold at this offer's amount; the ledger
 * moves the purchase price vault → sales and the amount sales → available (nothing for an offer of 0);
 * the product is free again; the holding's other offers not yet answered are rejected (`supersede`).
 */
async function sell(ctx: ActionContext, offer: OfferRow, now: Date) {
  const [holding] = await ctx.tx.select().from(holdings).where(eq(holdings.id, offer.holdingId!)).for('update');
  if (!holding || holding.status !== 'held') throw new AppError('PRODUCT_NOT_HELD');
  await bookSale(ctx, { offerId: offer.id, userId: offer.userId, purchasePrice: holding.purchasePrice, amount: offer.amount });
  const gain = (toCents(offer.amount) - toCents(holding.purchasePrice)) / 100;
  const [sold] = await ctx.tx
    .update(holdings)
    .set({
      status: 'sold',
      soldAt: now,
      offerId: offer.id,
      saleAmount: offer.amount,
      gain,
      version: sql`${holdings.version} + 1`,
      dateLastUpdate: sql`now()`,
    })
    .where(eq(holdings.id, holding.id))
    .returning();
  ctx.changed({ entity: 'holding', recordId: sold.id, op: 'upsert', ...audienceOf(holdingResource.access.scope, sold) });
  const [freed] = await ctx.tx
    .update(products)
    .set({ heldBy: null, version: sql`${products.version} + 1`, dateLastUpdate: sql`now()` })
    .where(and(eq(products.id, holding.productId), eq(products.heldBy, offer.userId)))
    .returning();
  if (freed) ctx.changed({ entity: 'product', recordId: freed.id, op: 'upsert', ...audienceOf(productResource.access.scope, freed) });
  const others = await ctx.tx
    .select({ id: offers.id })
    .from(offers)
    .where(and(eq(offers.holdingId, holding.id), ne(offers.id, offer.id), inArray(offers.status, ['awaiting_release', 'pending'])))
    .orderBy(offers.id);
  for (const other of others)
    await transition(ctx, { resource: offerResource, machine: offerMachine, action: 'supersede', id: other.id, scoped: false }, () => ({
      set: { decidedAt: now },
      audit: { acceptedOffer: offer.id },
    }));
}

/**
 * POST /offer/:id/release | accept | decline | withdraw (DESIGN.md §12): a second staff member releases
 * an offer to the lead (four eyes on its maker, checked by `transition`); the lead accepts (the sale, in
 * the same transaction) or declines; staff withdraw one not answered yet. Past its expiration date none
 * of release, accept and decline is made (422 OFFER_EXPIRED).
 */
export const OFFER_ACTIONS = [
  defineAction({
    resource: offerResource,
    machine: offerMachine,
    action: 'release',
    summary: 'Release an offer to its lead (staff; never the one who made it)',
    run(ctx, offer) {
      refuseExpired(ctx, offer);
      return { set: { releasedBy: realPersonOf(ctx.actor), releasedAt: nowOf(ctx) } };
    },
  }),
  defineAction({
    resource: offerResource,
    machine: offerMachine,
    action: 'accept',
    summary: 'Accept an offer (the lead): the holding is sold, the amount credited, its other offers rejected',
    async run(ctx, offer) {
      refuseExpired(ctx, offer);
      refuseOwnDecision(ctx, offer);
      const now = nowOf(ctx);
      await sell(ctx, offer, now);
      return { set: { decidedAt: now }, audit: { amount: offer.amount, gain: offer.gain } };
    },
  }),
  defineAction({
    resource: offerResource,
    machine: offerMachine,
    action: 'decline',
    // A reason if the lead gives one (its words go to the offer and the audit).
    body: z.strictObject({ reason: optionalText(500) }).optional(),
    summary: 'Decline an offer (the lead), with a reason if it gives one',
    run(ctx, offer, body) {
      refuseExpired(ctx, offer);
      refuseOwnDecision(ctx, offer);
      const reason = body?.reason?.trim() || null;
      return { set: { decidedAt: nowOf(ctx), decidedBy: realPersonOf(ctx.actor), decisionReason: reason }, audit: { reason } };
    },
  }),
  defineAction({
    resource: offerResource,
    machine: offerMachine,
    action: 'withdraw',
    // Refusing asks for a reason (CHECKLIST 8): the lead reads it on the offer.
    body: z.strictObject({ reason: demandedText(500, 'validation.failureReasonRequired') }),
    summary: 'Take back an offer not answered yet (staff), saying why',
    run: (ctx, _offer, body) => ({
      set: { decidedAt: nowOf(ctx), decidedBy: realPersonOf(ctx.actor), decisionReason: body.reason },
      audit: { reason: body.reason },
    }),
  }),
];
