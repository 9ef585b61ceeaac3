import { orderEntity } from '../../shared/entities/order.ts';
import { orderMachine } from '../../shared/lifecycle/machines.ts';
import { ENTITY_ACCESS } from '../../shared/access.ts';
import { orders } from '../db/schema.ts';
import { defineResource } from './define-resource.ts';
import { personIds } from './person-ids.ts';

/**
 * Orders (DESIGN.md §11): read, listed, searched and exported through the standard set; never created,
 * patched or deleted by it (ENTITY_ACCESS.order switches those routes off). An order is opened by
 * `POST /order` at the server's price (src/server/trading/orders/routes.ts) and moves only by the order
 * machine's actions: close, confirm-close, cancel-close, and the scheduler's settle.
 */
export const orderResource = defineResource({
  entity: orderEntity,
  table: orders,
  machine: orderMachine,
  access: { scope: { kind: 'owned', owner: 'userId' }, ...ENTITY_ACCESS.order },
  // Ids of people on it: staff's, and the named person's own (CHECKLIST 16).
  restricted: personIds('createdBy', 'closedBy', 'closeRequestedBy'),
});
