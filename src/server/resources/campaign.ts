import { and, count, eq, inArray, ne, sql } from 'drizzle-orm';
import { campaignEntity } from '../../shared/entities/campaign.ts';
import { ENTITY_ACCESS } from '../../shared/access.ts';
import { campaigns, users } from '../db/schema.ts';
import { AppError } from '../http/app-error.ts';
import { defineResource, type DeleteBlock } from './define-resource.ts';

const taken = { name: { key: 'validation.campaignNameTaken', params: {} } };

export const campaignResource = defineResource({
  entity: campaignEntity,
  table: campaigns,
  access: { scope: { kind: 'staff' }, ...ENTITY_ACCESS.campaign },
  hooks: {
    /** Names are unique, case-insensitively, in the batch and against the database. */
    async checkBatch({ tx }, inputs) {
      const seen = new Set<string>();
      const problems = inputs.map((input) => {
        const key = String(input.name).toLowerCase();
        if (seen.has(key)) return taken;
        seen.add(key);
        return undefined;
      });
      const existing = await tx
        .select({ name: sql<string>`lower(${campaigns.name})` })
        .from(campaigns)
        .where(sql`lower(${campaigns.name}) = any(${sql.param([...seen])}::text[])`);
      const clash = new Set(existing.map((row) => row.name));
      inputs.forEach((input, index) => {
        if (clash.has(String(input.name).toLowerCase())) problems[index] = taken;
      });
      return problems.some(Boolean) ? (problems as Record<string, unknown>[]) : undefined;
    },
    async prepareUpdate({ tx }, existing, patch) {
      if (typeof patch.name === 'string') {
        const [other] = await tx
          .select({ id: campaigns.id })
          .from(campaigns)
          .where(and(ne(campaigns.id, existing.id as string), eq(sql`lower(${campaigns.name})`, patch.name.toLowerCase())))
          .limit(1);
        if (other) throw new AppError('VALIDATION', taken);
      }
      return patch;
    },
    /** SPEC.md §6: a campaign linked to at least one lead cannot be deleted; each one is named with its lead count. */
    async deleteBlockers({ tx }, rows) {
      const linked = await tx
        .select({ campaignId: users.campaignId, leads: count() })
        .from(users)
        .where(
          inArray(
            users.campaignId,
            rows.map((row) => row.id),
          ),
        )
        .groupBy(users.campaignId);
      return new Map(
        linked.map(({ campaignId, leads }): [string, DeleteBlock] => [
          campaignId!,
          { key: 'blocked.campaignLeads', params: { count: leads }, dependents: 'campaignLeads', code: 'CAMPAIGN_HAS_LEADS' },
        ]),
      );
    },
  },
});
