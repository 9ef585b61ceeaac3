import { orderEntity } from '../../shared/entities/order.ts';
import { orders } from '../db/schema.ts';
import { defineResource } from './define-resource.ts';

export const orderResource = defineResource({
  entity: orderEntity,
  table: orders,
  access: { scope: { kind: 'owned', owner: 'userId' }, read: 'all', create: 'all', update: 'staff', delete: 'admin' },
  leadFixed: { status: 'open', profit: null, closePrice: null },
});
