import { offerEntity } from '../../shared/entities/offer.ts';
import { offerMachine } from '../../shared/lifecycle/machines.ts';
import { ENTITY_ACCESS } from '../../shared/access.ts';
import { offers } from '../db/schema.ts';
import { defineResource } from './define-resource.ts';

/**
 * Staff make an offer `pending`; the lead's accept and decline and the scheduler's expiry are actions of
 * the offer machine. Its money (amount, product price, gain) changes only while it is pending.
 */
export const offerResource = defineResource({
  entity: offerEntity,
  table: offers,
  machine: offerMachine,
  access: { scope: { kind: 'owned', owner: 'userId' }, ...ENTITY_ACCESS.offer },
});
