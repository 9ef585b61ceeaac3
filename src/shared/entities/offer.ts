import { z } from 'zod';
import { OFFER_STATUSES } from '../constants.ts';
import { dateTime, decimal, id, oneOf, requiredText } from '../fields.ts';
import { money, MAX_EUROS } from '../money.ts';
import { defineEntity } from './define-entity.ts';

/** SPEC.md §5 messages: 'Please select a product', 'Please enter an amount', 'Amount must be greater than or equal to 0'. */
const shape = {
  productId: z.uuid({ error: 'validation.productRequired' }),
  productPrice: money(),
  gain: decimal(-MAX_EUROS, MAX_EUROS).optional(),
  amount: z.number({ error: 'validation.amountRequired' }).pipe(money()),
  status: oneOf(OFFER_STATUSES).optional(),
  expirationDate: dateTime('validation.expirationRequired'),
  userId: id(),
  origin: requiredText(100),
};

export const offerEntity = defineEntity({
  name: 'offer',
  plural: 'offers',
  create: z.strictObject(shape),
  update: z.strictObject(shape).omit({ userId: true }).partial(),
  filterable: ['productId', 'userId', 'status', 'origin', 'expirationDate', 'amount'],
  sortable: ['amount', 'status', 'expirationDate', 'productPrice'],
  searchable: ['origin'],
  nullable: ['gain'],
});
