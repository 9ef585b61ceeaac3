import { ENTITY_ACCESS } from '../../shared/access.ts';
import { holdingEntity } from '../../shared/entities/holding.ts';
import { holdings } from '../db/schema.ts';
import { defineResource } from './define-resource.ts';
import { personIds } from './person-ids.ts';

/** Read-only: only the purchase and an accepted offer (src/server/vault/) write holdings; scoped like a lead's records. */
export const holdingResource = defineResource({
  entity: holdingEntity,
  table: holdings,
  access: { scope: { kind: 'owned', owner: 'userId' }, ...ENTITY_ACCESS.holding },
  // Ids of people on it: staff's, and the named person's own (CHECKLIST 16).
  restricted: personIds('purchasedBy'),
});
