import { offerEntity } from '../../shared/entities/offer.ts';
import { ENTITY_ACCESS } from '../../shared/access.ts';
import { offers } from '../db/schema.ts';
import { defineResource } from './define-resource.ts';

export const offerResource = defineResource({
  entity: offerEntity,
  table: offers,
  access: { scope: { kind: 'owned', owner: 'userId' }, ...ENTITY_ACCESS.offer },
});
