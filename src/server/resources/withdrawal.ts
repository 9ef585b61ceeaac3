import { withdrawalEntity } from '../../shared/entities/withdrawal.ts';
import { ENTITY_ACCESS } from '../../shared/access.ts';
import { withdrawals } from '../db/schema.ts';
import { defineResource } from './define-resource.ts';

export const withdrawalResource = defineResource({
  entity: withdrawalEntity,
  table: withdrawals,
  access: { scope: { kind: 'owned', owner: 'userId' }, ...ENTITY_ACCESS.withdrawal },
  leadFixed: { status: 'pending', transactionId: null },
});
