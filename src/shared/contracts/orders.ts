import { z } from 'zod';
import { ORDER_MARKETS } from '../constants.ts';
import { orderEntity } from '../entities/order.ts';
import { calendarDay, id } from '../fields.ts';
import { orderTicketSchema } from '../trading/ticket.ts';
import { SYMBOL_NAMES } from '../trading/symbols.ts';
import { apiErrorSchema, errorResponses } from './common.ts';

/**
 * Trading's routes beside the order machine's actions (DESIGN.md §11). The actions themselves
 * (`POST /order/:id/close` with `closeOrderSchema`, `confirm-close`, `cancel-close`) take their contract
 * from `actionContract` like every action.
 */

/**
 * `POST /api/v1/order`: opens a forex order or a binary option at the server's price (the ticket carries
 * none), holding its margin or stake. 422: INSUFFICIENT_FUNDS, LEVERAGE_ABOVE_MAX, BINARY_OPTIONS_OFF,
 * BINARY_OPTIONS_NOT_ALLOWED, EXPIRY_OUT_OF_RANGE; 403 for a lead opening for someone else.
 */
export const openOrderContract = {
  body: orderTicketSchema,
  response: { 201: orderEntity.record, ...errorResponses, 422: apiErrorSchema },
};

/** The figures of some orders: counts, volume, realised profit and win rate (DESIGN.md §11). */
const figures = z.object({
  /** Orders still open (a close waiting for a second person included). */
  open: z.number().int(),
  closed: z.number().int(),
  /** Lots of the forex orders. */
  volume: z.number(),
  /** Euros staked on binary options. */
  staked: z.number(),
  /** What open orders hold now (margins and stakes), euros. */
  held: z.number(),
  /** The sum of closed orders' profits (the lead's side: a loss is negative), euros. */
  realisedProfit: z.number(),
  /** % of closed orders with a profit above zero; null when none closed. */
  winRate: z.number().nullable(),
  /** Losses the house took over so balances stayed at zero (negative balance protection), euros. */
  houseAbsorbed: z.number(),
});
export type OrderFigures = z.output<typeof figures>;

/**
 * `GET /api/v1/order/stats` (SPEC.md `orderStats`): the orders in the caller's scope (a lead its own,
 * a regular its leads', admins all) opened from `from` to `to` (calendar days, the caller's time zone;
 * default all time), for one lead with `userId`: totals, by symbol and by market.
 */
export const orderStatsContract = {
  querystring: z.strictObject({ from: calendarDay().optional(), to: calendarDay().optional(), userId: id().optional() }),
  response: {
    200: z.object({
      orderStats: figures.extend({
        bySymbol: z.array(figures.extend({ symbol: z.enum(SYMBOL_NAMES) })),
        byMarket: z.array(figures.extend({ market: z.enum(ORDER_MARKETS) })),
        from: z.string().nullable(),
        to: z.string().nullable(),
      }),
    }),
    ...errorResponses,
  },
};
export type OrderStats = z.output<(typeof orderStatsContract.response)[200]>['orderStats'];
