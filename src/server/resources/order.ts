import { orderEntity } from '../../shared/entities/order.ts';
import { orders } from '../db/schema.ts';
import { defineResource } from './define-resource.ts';

export const orderResource = defineResource({
  entity: orderEntity,
  table: orders,
  // Leads do not place orders until the trading work exists: they would choose their own price and leverage.
  access: { scope: { kind: 'owned', owner: 'userId' }, read: 'all', create: 'staff', update: 'staff', delete: 'admin' },
  leadFixed: { status: 'open', profit: null, closePrice: null },
});
