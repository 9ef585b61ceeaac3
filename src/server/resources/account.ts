import { accountEntity } from '../../shared/entities/account.ts';
import { accounts } from '../db/schema.ts';
import { defineResource } from './define-resource.ts';

/** Read-only: only src/server/money/ledger.ts writes accounts. */
export const accountResource = defineResource({
  entity: accountEntity,
  table: accounts,
  access: { scope: { kind: 'owned', owner: 'leadId' }, read: 'all', create: 'nobody', update: 'nobody', delete: 'nobody' },
});
