import { z } from 'zod';
import { holdingEntity } from '../entities/holding.ts';
import { calendarDay } from '../fields.ts';
import { apiErrorSchema, errorResponses } from './common.ts';

const vaultErrors = { ...errorResponses, 422: apiErrorSchema } as const;

/** `POST /api/v1/product/purchase` (SPEC.md §7): staff buy a product for a lead in their scope ('a lead must be selected'). */
export const purchaseSchema = z.strictObject({
  productId: z.uuid({ error: 'validation.productRequired' }),
  userId: z.uuid({ error: 'validation.leadRequired' }),
});
export const purchaseContract = {
  body: purchaseSchema,
  response: { 201: holdingEntity.record, ...vaultErrors },
};

/** The vault figures of SPEC.md §3, in euros; `expired` and `awaitingRelease` beside them. */
const vaultFigures = z.object({
  totalOffers: z.number().int(),
  awaitingRelease: z.number().int(),
  pending: z.number().int(),
  accepted: z.number().int(),
  rejected: z.number().int(),
  expired: z.number().int(),
  /** Holdings bought, and their purchase prices summed. */
  totalPurchased: z.number().int(),
  purchasedAmount: z.number(),
  /** Holdings sold, and their sale amounts summed. */
  totalSold: z.number().int(),
  soldAmount: z.number(),
  /** Held now: count and purchase prices. */
  held: z.number().int(),
  heldValue: z.number(),
  maxAcceptedOffer: z.number(),
  maxPurchasePrice: z.number(),
});
export type VaultFigures = z.output<typeof vaultFigures>;

/**
 * `GET /api/v1/offer/stats` (SPEC.md §3 `stats`): the vault figures within the caller's scope, overall or
 * of one lead (`userId`). A lead reads its own; offers not yet released are never counted for a lead.
 */
export const offerStatsContract = {
  querystring: z.strictObject({ userId: z.uuid({ error: 'validation.id' }).optional() }),
  response: { 200: z.object({ stats: vaultFigures }), ...vaultErrors },
};
export type OfferStats = z.output<(typeof offerStatsContract.response)[200]>['stats'];

/** One day or month of sales: how many, bought for, sold for, gained. */
const salesPeriod = z.object({ period: z.string(), count: z.number().int(), purchased: z.number(), sold: z.number(), gain: z.number() });

/**
 * `GET /api/v1/holding/sales` (staff): sold holdings of the caller's scope between `from` and `to`
 * (calendar days on the reader's clock, both included; default the last 30 days), totals and a series
 * by day, week or month (src/shared/calendar.ts `bucketFor`); at most 3 years.
 */
export const salesStatsContract = {
  querystring: z.strictObject({ from: calendarDay().optional(), to: calendarDay().optional(), userId: z.uuid().optional() }),
  response: {
    200: z.object({
      sales: z.object({
        from: z.string(),
        to: z.string(),
        unit: z.enum(['day', 'week', 'month']),
        count: z.number().int(),
        purchased: z.number(),
        sold: z.number(),
        gain: z.number(),
        series: z.array(salesPeriod),
      }),
    }),
    ...vaultErrors,
  },
};
export type SalesStats = z.output<(typeof salesStatsContract.response)[200]>['sales'];
