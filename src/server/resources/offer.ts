import { offerEntity } from '../../shared/entities/offer.ts';
import { offers } from '../db/schema.ts';
import { defineResource } from './define-resource.ts';

export const offerResource = defineResource({
  entity: offerEntity,
  table: offers,
  access: { scope: { kind: 'owned', owner: 'userId' }, read: 'all', create: 'staff', update: 'staff', delete: 'admin' },
});
