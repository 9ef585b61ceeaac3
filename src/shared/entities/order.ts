import { z } from 'zod';
import { MAX_EUROS } from '../money.ts';
import { ORDER_MARKETS, ORDER_STATUSES, ORDER_TYPES } from '../constants.ts';
import { dateTime, decimal, id, int, oneOf, requiredText } from '../fields.ts';
import { defineEntity } from './define-entity.ts';

const shape = {
  userId: id(),
  market: oneOf(ORDER_MARKETS).optional(),
  symbol: requiredText(32),
  type: oneOf(ORDER_TYPES),
  quantity: decimal(0.0001, 1_000_000_000, 4),
  leverage: int(1, 1000),
  openPrice: decimal(0, 1_000_000_000, 6).optional(),
  closePrice: decimal(0, 1_000_000_000, 6).nullable().optional(),
  status: oneOf(ORDER_STATUSES).optional(),
  profit: decimal(-MAX_EUROS, MAX_EUROS, 2).nullable().optional(),
  expiration: dateTime().nullable().optional(),
};

export const orderEntity = defineEntity({
  name: 'order',
  plural: 'orders',
  create: z.strictObject(shape).refine((o) => o.market !== 'binary_options' || o.expiration, {
    error: 'validation.expirationRequired',
    path: ['expiration'],
  }),
  update: z.strictObject(shape).omit({ userId: true }).partial(),
  filterable: ['userId', 'symbol', 'type', 'status', 'market', 'expiration', 'profit'],
  sortable: ['symbol', 'type', 'status', 'quantity', 'profit', 'expiration'],
  searchable: ['symbol'],
  /** Set when the order is filled. */
  nullable: ['openPrice'],
});
