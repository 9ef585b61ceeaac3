import { offerEntity } from '../../shared/entities/offer.ts';
import { offerMachine } from '../../shared/lifecycle/machines.ts';
import { ENTITY_ACCESS } from '../../shared/access.ts';
import { offers } from '../db/schema.ts';
import { offerValues } from '../vault/offer-values.ts';
import { defineResource } from './define-resource.ts';
import { personIds } from './person-ids.ts';

/**
 * Staff make an offer on a product a lead holds (DESIGN.md §12): the server reads the lead, the holding
 * and its purchase price, computes the gain and records who made it. It waits `awaiting_release`, hidden
 * from the lead (lists, gets, /sync), until another staff member releases it; then the lead accepts or
 * declines. Only the offer's actions (src/server/vault/offer-actions.ts) move it.
 */
export const offerResource = defineResource({
  entity: offerEntity,
  table: offers,
  machine: offerMachine,
  access: {
    scope: { kind: 'owned', owner: 'userId', hiddenFromOwner: { field: 'status', values: ['awaiting_release'] } },
    ...ENTITY_ACCESS.offer,
  },
  // Ids of people on it: staff's, and the named person's own (CHECKLIST 16).
  restricted: personIds('createdBy', 'releasedBy', 'decidedBy'),
  hooks: {
    prepareCreate: (ctx, input) => offerValues(ctx, input),
  },
});
