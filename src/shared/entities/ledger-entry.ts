import { z } from 'zod';
import { HOUSE_ACCOUNT_KINDS, LEAD_ACCOUNT_KINDS } from '../money/accounts.ts';
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
  /** Every column is the ledger's; amounts in euros, signed (positive into the account). */
  readOnly: {
    seq: z.number().int(),
    transferId: z.uuid(),
    accountId: z.uuid(),
    leadId: z.uuid().nullable(),
    accountKind: z.enum([...LEAD_ACCOUNT_KINDS, ...HOUSE_ACCOUNT_KINDS]),
    kind: z.string(),
    sourceEntity: z.string(),
    sourceId: z.uuid(),
    amount: z.number(),
    balanceBefore: z.number(),
    balanceAfter: z.number(),
  },
});
