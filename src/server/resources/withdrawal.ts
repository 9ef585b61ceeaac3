import { withdrawalEntity } from '../../shared/entities/withdrawal.ts';
import { withdrawals } from '../db/schema.ts';
import { defineResource } from './define-resource.ts';

export const withdrawalResource = defineResource({
  entity: withdrawalEntity,
  table: withdrawals,
  access: { scope: { kind: 'owned', owner: 'userId' }, read: 'all', create: 'all', update: 'admin', delete: 'admin' },
  leadFixed: { status: 'pending', transactionId: null },
});
