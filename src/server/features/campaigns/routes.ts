import type { FastifyInstance } from 'fastify';
import { and, count, eq, sql } from 'drizzle-orm';
import { topCampaignsContract } from '../../../shared/contracts/campaigns.ts';
import { campaigns, deposits, users } from '../../db/schema.ts';
import { actorOrThrow } from '../../http/authenticate.ts';
import { requireAction } from '../../policy.ts';
import { leadsInScope } from '../../resources/lead-scope.ts';

/** Campaigns beyond the standard set: the ranking the dashboard and the campaigns screen show. */
export function registerCampaignRoutes(app: FastifyInstance) {
  const { db } = app.services;

  app.get(
    '/api/v1/campaign/top',
    { schema: { tags: ['campaign'], summary: 'Campaigns ranked by leads and converted leads', ...topCampaignsContract } },
    async (request) => {
      const actor = actorOrThrow(request);
      requireAction(actor, 'campaign.top');
      const { limit } = request.query as { limit: number };
      // A converted lead has at least one completed deposit.
      const converted =
        sql<number>`count(*) filter (where exists (select 1 from ${deposits} where ${deposits.userId} = ${users.id} and ${deposits.status} = 'completed'))`.mapWith(
          Number,
        );
      const rows = await db
        .select({ id: campaigns.id, name: campaigns.name, leads: count(users.id), converted })
        .from(campaigns)
        .innerJoin(users, and(eq(users.campaignId, campaigns.id), leadsInScope(db, actor)))
        .groupBy(campaigns.id, campaigns.name)
        .orderBy(sql`count(${users.id}) desc`, campaigns.name)
        .limit(limit);
      return {
        topCampaigns: rows.map((r) => ({ ...r, conversionRate: r.leads ? Math.round((r.converted / r.leads) * 10_000) / 100 : 0 })),
      };
    },
  );
}
