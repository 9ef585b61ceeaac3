import { z } from 'zod';
import { errorResponses } from './common.ts';

/** `GET /api/v1/campaign/top`: campaigns ranked by leads, with their converted leads. */
export const topCampaignsContract = {
  querystring: z.strictObject({ limit: z.coerce.number().int().min(1).max(50).default(10) }),
  response: {
    200: z.object({
      topCampaigns: z.array(
        z.object({
          id: z.uuid(),
          name: z.string(),
          leads: z.number().int(),
          converted: z.number().int(),
          /** Percent of leads with a completed deposit, 2 decimals. */
          conversionRate: z.number(),
        }),
      ),
    }),
    ...errorResponses,
  },
};
export type TopCampaign = z.output<(typeof topCampaignsContract.response)[200]>['topCampaigns'][number];

/**
 * `GET /api/v1/campaign/stats`: every campaign's leads (in the caller's scope) and its conversion,
 * the share of those leads that made a first completed deposit (percent, 2 decimals).
 */
export const campaignStatsContract = {
  response: {
    200: z.object({
      campaignStats: z.array(z.object({ id: z.uuid(), leads: z.number().int(), converted: z.number().int(), conversionRate: z.number() })),
    }),
    ...errorResponses,
  },
};
