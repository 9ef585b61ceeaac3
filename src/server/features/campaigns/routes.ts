import type { FastifyInstance } from 'fastify';
import { and, count, eq, sql } from 'drizzle-orm';
import { campaignStatsContract, topCampaignsContract } from '../../../shared/contracts/campaigns.ts';
import type { Actor } from '../../context.ts';
import type { Executor } from '../../db/client.ts';
import { campaigns, deposits, users } from '../../db/schema.ts';
import { actorOrThrow } from '../../http/authenticate.ts';
import { requireAction } from '../../policy.ts';
import { leadsInScope } from '../../resources/lead-scope.ts';

/** A converted lead made its first completed deposit: it has at least one. */
const converted =
  sql<number>`count(${users.id}) filter (where exists (select 1 from ${deposits} where ${deposits.userId} = ${users.id} and ${deposits.status} = 'completed'))`.mapWith(
    Number,
  );

/** Percent of `leads` converted, 2 decimals. */
const rate = (row: { leads: number; converted: number }) => (row.leads ? Math.round((row.converted / row.leads) * 10_000) / 100 : 0);

/** Each campaign's leads in the actor's scope and how many converted; campaigns without leads only with `all`. */
function campaignFigures(db: Executor, actor: Actor, all: boolean) {
  const leads = and(eq(users.campaignId, campaigns.id), leadsInScope(db, actor));
  const base = db.select({ id: campaigns.id, name: campaigns.name, leads: count(users.id), converted }).from(campaigns);
  return (all ? base.leftJoin(users, leads) : base.innerJoin(users, leads)).groupBy(campaigns.id, campaigns.name);
}

/** Campaigns beyond the standard set: the ranking the dashboard shows and the figures of the campaign list. */
export function registerCampaignRoutes(app: FastifyInstance) {
  const { db } = app.services;

  app.get(
    '/api/v1/campaign/top',
    { schema: { tags: ['campaign'], summary: 'Campaigns ranked by leads and converted leads', ...topCampaignsContract } },
    async (request) => {
      const actor = actorOrThrow(request);
      requireAction(actor, 'campaign.top');
      const { limit } = request.query as { limit: number };
      const rows = await campaignFigures(db, actor, false)
        .orderBy(sql`count(${users.id}) desc`, campaigns.name)
        .limit(limit);
      return { topCampaigns: rows.map((r) => ({ ...r, conversionRate: rate(r) })) };
    },
  );

  app.get(
    '/api/v1/campaign/stats',
    {
      schema: { tags: ['campaign'], summary: "Every campaign's leads and conversion (first completed deposit)", ...campaignStatsContract },
    },
    async (request) => {
      const actor = actorOrThrow(request);
      requireAction(actor, 'campaign.top');
      const rows = await campaignFigures(db, actor, true);
      return {
        campaignStats: rows.map(({ id, leads, converted }) => ({ id, leads, converted, conversionRate: rate({ leads, converted }) })),
      };
    },
  );
}
