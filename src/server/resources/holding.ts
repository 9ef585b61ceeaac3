import { holdingEntity } from '../../shared/entities/holding.ts';
import { holdings } from '../db/schema.ts';
import { defineResource } from './define-resource.ts';

/** Read-only: only the purchase and an accepted offer (src/server/vault/) write holdings; scoped like a lead's records. */
export const holdingResource = defineResource({
  entity: holdingEntity,
  table: holdings,
  access: { scope: { kind: 'owned', owner: 'userId' }, read: 'all', create: 'nobody', update: 'nobody', delete: 'nobody' },
});
