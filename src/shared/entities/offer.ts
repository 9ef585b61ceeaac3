import { z } from 'zod';
import { OFFER_STATUSES } from '../constants.ts';
import { dateTime, requiredText } from '../fields.ts';
import { money } from '../money.ts';
import { defineEntity, timestamp } from './define-entity.ts';

/**
 * Staff make an offer on a product a lead holds (DESIGN.md §12). SPEC.md §5 messages: 'Please select a
 * product', 'Please enter an amount', 'Amount must be greater than or equal to 0', an expiration date
 * and an origin required. The lead, the holding, the product's price and the gain are the server's:
 * read from the holding as the offer is made.
 */
const shape = {
  productId: z.uuid({ error: 'validation.productRequired' }),
  amount: z.number({ error: 'validation.amountRequired' }).pipe(money()),
  expirationDate: dateTime('validation.expirationRequired'),
  origin: requiredText(100),
};

export const offerEntity = defineEntity({
  name: 'offer',
  plural: 'offers',
  create: z.strictObject(shape),
  update: z.strictObject(shape).partial(),
  filterable: ['productId', 'userId', 'status', 'origin', 'expirationDate', 'amount', 'holdingId', 'createdBy', 'releasedBy', 'decidedAt'],
  sortable: ['amount', 'status', 'expirationDate', 'productPrice', 'gain', 'decidedAt'],
  searchable: ['origin'],
  readOnly: {
    userId: z.uuid(),
    holdingId: z.uuid().nullable(),
    /** The purchase price of the holding, in euros; `gain` = amount − productPrice. */
    productPrice: z.number(),
    gain: z.number().nullable(),
    status: z.enum(OFFER_STATUSES),
    /** Four eyes: who made it, who released it to the lead and when; when the lead (or the scheduler) answered. */
    createdBy: z.uuid().nullable().optional(),
    releasedBy: z.uuid().nullable().optional(),
    releasedAt: timestamp().nullable(),
    decidedAt: timestamp().nullable(),
    /** Who ended it without a sale, and why: the lead who declined it, or the staff member who withdrew it. */
    decidedBy: z.uuid().nullable().optional(),
    decisionReason: z.string().nullable(),
  },
});
