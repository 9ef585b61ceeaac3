import { z } from 'zod';
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
});
