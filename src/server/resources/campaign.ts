import { eq } from 'drizzle-orm';
import { campaignEntity } from '../../shared/entities/campaign.ts';
import { ENTITY_ACCESS } from '../../shared/access.ts';
import { campaigns, users } from '../db/schema.ts';
import { AppError } from '../http/app-error.ts';
import { defineResource } from './define-resource.ts';

export const campaignResource = defineResource({
  entity: campaignEntity,
  table: campaigns,
  access: { scope: { kind: 'staff' }, ...ENTITY_ACCESS.campaign },
  hooks: {
    /** SPEC.md §6: a campaign linked to at least one lead cannot be deleted. */
    async beforeDelete({ tx }, campaign) {
      const [lead] = await tx
        .select({ id: users.id })
        .from(users)
        .where(eq(users.campaignId, campaign.id as string))
        .limit(1);
      if (lead) throw new AppError('CAMPAIGN_HAS_LEADS');
    },
  },
});
