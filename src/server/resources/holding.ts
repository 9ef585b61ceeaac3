import { ENTITY_ACCESS } from '../../shared/access.ts';
import { holdingEntity } from '../../shared/entities/holding.ts';
import { holdings } from '../db/schema.ts';
import { defineResource } from './define-resource.ts';

/** Read-only: only the purchase and an accepted offer (src/server/vault/) write holdings; scoped like a lead's records. */
export const holdingResource = defineResource({
  entity: holdingEntity,
  table: holdings,
  access: { scope: { kind: 'owned', owner: 'userId' }, ...ENTITY_ACCESS.holding },
});
