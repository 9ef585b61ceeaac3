import { orderEntity } from '../../shared/entities/order.ts';
import { ENTITY_ACCESS } from '../../shared/access.ts';
import { orders } from '../db/schema.ts';
import { defineResource } from './define-resource.ts';

export const orderResource = defineResource({
  entity: orderEntity,
  table: orders,
  access: { scope: { kind: 'owned', owner: 'userId' }, ...ENTITY_ACCESS.order },
  leadFixed: { status: 'open', profit: null, closePrice: null },
});
