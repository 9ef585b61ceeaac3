import { investmentEntity } from '../../shared/entities/investment.ts';
import { investmentMachine } from '../../shared/lifecycle/machines.ts';
import { ENTITY_ACCESS } from '../../shared/access.ts';
import { investments } from '../db/schema.ts';
import { defineResource } from './define-resource.ts';

/**
 * An investment's principal, rate and dividend frequency are fixed as it is made (DESIGN.md §10): a
 * plain PATCH changes its name or dates, never its money; its end is the scheduler's action.
 */
export const investmentResource = defineResource({
  entity: investmentEntity,
  table: investments,
  machine: investmentMachine,
  access: { scope: { kind: 'owned', owner: 'userId' }, ...ENTITY_ACCESS.investment },
});
