import { and, inArray, lte } from 'drizzle-orm';
import { offerMachine } from '../../shared/lifecycle/machines.ts';
import { transition } from '../actions/define-action.ts';
import { offers } from '../db/schema.ts';
import { offerResource } from '../resources/offer.ts';
import { defineJob } from '../scheduler/define-job.ts';

/**
 * Past its expiration date an offer not answered becomes `expired` (docs/decisions/offer-expiry.md):
 * found by the partial index `offers_pending_expiration`, each once, caught up after downtime.
 */
export const offerExpiryJob = defineJob({
  name: 'offer-expiry',
  intervalMs: 60_000,
  async findDue(db, now) {
    const rows = await db
      .select({ id: offers.id, at: offers.expirationDate })
      .from(offers)
      .where(and(inArray(offers.status, ['awaiting_release', 'pending']), lte(offers.expirationDate, now)));
    return rows.map((r) => ({ key: r.id, dueAt: r.at }));
  },
  async run(work, key, now) {
    await transition(work, { resource: offerResource, machine: offerMachine, action: 'expire', id: key, scoped: false }, () => ({
      set: { decidedAt: now },
    }));
  },
});
