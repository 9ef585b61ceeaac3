import { ledgerEntryEntity } from '../../shared/entities/ledger-entry.ts';
import { ledgerEntries } from '../db/schema.ts';
import { defineResource } from './define-resource.ts';

/** Read-only: only src/server/money/ledger.ts writes entries, and never changes one. */
export const ledgerEntryResource = defineResource({
  entity: ledgerEntryEntity,
  table: ledgerEntries,
  access: { scope: { kind: 'owned', owner: 'leadId' }, read: 'all', create: 'nobody', update: 'nobody', delete: 'nobody' },
});
