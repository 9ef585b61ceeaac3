import { z } from 'zod';
import { defineEntity } from './define-entity.ts';

/** One side of a ledger transfer, with its account's balance before and after; mirrored read-only so a lead reads its statement offline. */
export const ledgerEntryEntity = defineEntity({
  name: 'ledger-entry',
  plural: 'ledgerEntries',
  create: z.strictObject({}),
  update: z.strictObject({}),
  filterable: ['leadId', 'accountId', 'accountKind', 'kind', 'sourceEntity', 'sourceId', 'seq'],
  sortable: ['seq', 'amount'],
  searchable: [],
});
