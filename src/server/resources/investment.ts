import { investmentEntity } from '../../shared/entities/investment.ts';
import { investments } from '../db/schema.ts';
import { defineResource } from './define-resource.ts';

export const investmentResource = defineResource({
  entity: investmentEntity,
  table: investments,
  access: { scope: { kind: 'owned', owner: 'userId' }, read: 'all', create: 'staff', update: 'admin', delete: 'admin' },
});
