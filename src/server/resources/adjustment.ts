import { adjustmentEntity } from '../../shared/entities/adjustment.ts';
import { adjustmentMachine } from '../../shared/lifecycle/machines.ts';
import { adjustments } from '../db/schema.ts';
import { defineResource } from './define-resource.ts';
import { personIds } from './person-ids.ts';

/**
 * Manual adjustments (DESIGN.md §6): entered by `POST /funds/adjustment`, moved by their actions
 * (src/server/money/adjustment-actions.ts). Not in the standard set: no plain create, patch or delete.
 */
export const adjustmentResource = defineResource({
  entity: adjustmentEntity,
  table: adjustments,
  machine: adjustmentMachine,
  access: { scope: { kind: 'owned', owner: 'userId' }, read: 'admin', create: 'nobody', update: 'nobody', delete: 'nobody' },
  // Ids of people on it: staff's, and the named person's own (CHECKLIST 16).
  restricted: personIds('createdBy', 'decidedBy'),
});
