import { z } from 'zod';
import { HOUSE_ACCOUNT_KINDS, LEAD_ACCOUNT_KINDS } from '../money/accounts.ts';
import { defineEntity } from './define-entity.ts';

/** A ledger account, mirrored read-only to its lead's devices (DESIGN.md §6): only the ledger writes it. */
export const accountEntity = defineEntity({
  name: 'account',
  plural: 'accounts',
  create: z.strictObject({}),
  update: z.strictObject({}),
  filterable: ['leadId', 'kind'],
  sortable: ['kind', 'balance'],
  searchable: [],
  /** Every column is the ledger's: no lead for a house account. */
  readOnly: {
    leadId: z.uuid().nullable(),
    kind: z.enum([...LEAD_ACCOUNT_KINDS, ...HOUSE_ACCOUNT_KINDS]),
    /** Euros, 2 decimals. */
    balance: z.number(),
  },
});
