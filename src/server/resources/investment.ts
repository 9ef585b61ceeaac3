import { investmentEntity } from '../../shared/entities/investment.ts';
import { ENTITY_ACCESS } from '../../shared/access.ts';
import { investments } from '../db/schema.ts';
import { defineResource } from './define-resource.ts';

export const investmentResource = defineResource({
  entity: investmentEntity,
  table: investments,
  access: { scope: { kind: 'owned', owner: 'userId' }, ...ENTITY_ACCESS.investment },
});
