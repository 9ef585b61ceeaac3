import { z } from 'zod';
import { HOLDING_STATUSES } from '../constants.ts';
import { defineEntity, timestamp } from './define-entity.ts';

/**
 * A product bought for a lead (DESIGN.md §12): in its vault at the purchase price until an accepted
 * offer sells it. Written only by the purchase and the offer's accept (src/server/vault/): the
 * standard set lists, searches and reads it (and /sync mirrors it); its write routes are off.
 */
export const holdingEntity = defineEntity({
  name: 'holding',
  plural: 'holdings',
  create: z.strictObject({}),
  update: z.strictObject({}),
  filterable: ['userId', 'productId', 'status', 'purchasedBy', 'soldAt', 'dateCreation', 'purchasePrice', 'offerId'],
  sortable: ['purchasePrice', 'status', 'soldAt', 'saleAmount', 'gain'],
  searchable: [],
  readOnly: {
    userId: z.uuid(),
    productId: z.uuid(),
    /** Euros, 2 decimals: what the lead paid (available → vault). */
    purchasePrice: z.number(),
    status: z.enum(HOLDING_STATUSES),
    /** The staff member who bought it for the lead. */
    purchasedBy: z.uuid().nullable().optional(),
    soldAt: timestamp().nullable(),
    /** The accepted offer that sold it, its amount and gain (amount − purchase price). */
    offerId: z.uuid().nullable(),
    saleAmount: z.number().nullable(),
    gain: z.number().nullable(),
  },
});
