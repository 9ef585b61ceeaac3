import { orderEntity } from '../../shared/entities/order.ts';
import { orderMachine } from '../../shared/lifecycle/machines.ts';
import { ENTITY_ACCESS } from '../../shared/access.ts';
import { orders } from '../db/schema.ts';
import { AppError } from '../http/app-error.ts';
import { defineResource } from './define-resource.ts';

/**
 * Orders start `open`; closing (and the scheduler's settlement) are actions of the order machine, which
 * write the close price and profit: a plain create leaves them empty and a plain PATCH never changes
 * them, nor a status (DESIGN.md §11).
 */
export const orderResource = defineResource({
  entity: orderEntity,
  table: orders,
  machine: orderMachine,
  access: { scope: { kind: 'owned', owner: 'userId' }, ...ENTITY_ACCESS.order },
  leadFixed: { status: 'open', profit: null, closePrice: null },
  hooks: {
    prepareCreate(_ctx, input) {
      const closing = orderMachine.fixed.find((field) => input[field] != null);
      if (closing) throw new AppError('INVALID_TRANSITION', { [closing]: { key: 'validation.statusByAction', params: {} } });
      return input;
    },
  },
});
