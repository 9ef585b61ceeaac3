import { z } from 'zod';
import { MAX_EUROS } from '../money.ts';
import { ORDER_MARKETS, ORDER_STATUSES, ORDER_TYPES } from '../constants.ts';
import { dateTime, decimal, id, int, oneOf, requiredText } from '../fields.ts';
import { defineEntity, timestamp } from './define-entity.ts';

/** Why an order closed: the lead at the market, staff (a chosen profit or the market), a binary option's expiry, the ESMA close-out. */
export const ORDER_CLOSE_REASONS = ['market', 'staff', 'expiry', 'stop_out'] as const;

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
  filterable: ['userId', 'symbol', 'type', 'status', 'market', 'expiration', 'profit', 'closeReason', 'closedAt', 'createdBy'],
  sortable: ['symbol', 'type', 'status', 'quantity', 'profit', 'expiration', 'closedAt', 'held'],
  searchable: ['symbol'],
  /** Set when the order is filled. */
  nullable: ['openPrice'],
  /**
   * Set by the server (DESIGN.md §11): what it holds (margin or stake), a binary option's payout %, who
   * opened and closed it, when and why, the rate its profit was booked at, a loss the house absorbed, and
   * a staff close waiting for a second person (`closing`).
   */
  readOnly: {
    held: z.number(),
    payout: z.number().nullable(),
    createdBy: z.uuid().nullable().optional(),
    closedAt: timestamp().nullable(),
    closedBy: z.uuid().nullable().optional(),
    closeReason: z.enum(ORDER_CLOSE_REASONS).nullable(),
    closeRate: z.number().nullable(),
    houseAbsorbed: z.number().nullable(),
    closeRequestedBy: z.uuid().nullable().optional(),
    requestedProfit: z.number().nullable(),
    requestedClosePrice: z.number().nullable(),
  },
});
