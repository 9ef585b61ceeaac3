import { eq } from 'drizzle-orm';
import { dividendEntity } from '../../shared/entities/dividend.ts';
import { realPersonOf } from '../../shared/lifecycle/four-eyes.ts';
import { dividendMachine } from '../../shared/lifecycle/machines.ts';
import { ENTITY_ACCESS } from '../../shared/access.ts';
import { dividends, investments } from '../db/schema.ts';
import { AppError } from '../http/app-error.ts';
import { defineResource } from './define-resource.ts';
import { personIds } from './person-ids.ts';

/**
 * Dividends (DESIGN.md §10): the scheduler books each period of an investment as it falls due
 * (src/server/wealth/dividend-job.ts). One entered by hand is a credit from the house: it starts
 * `pending`, entered by the real person behind the request, and is credited only when another staff
 * member completes it (src/server/wealth/dividend-actions.ts). Never deleted.
 */
export const dividendResource = defineResource({
  entity: dividendEntity,
  table: dividends,
  machine: dividendMachine,
  access: { scope: { kind: 'owned', owner: 'userId' }, ...ENTITY_ACCESS.dividend },
  // Ids of people on it: staff's, and the named person's own (CHECKLIST 16).
  restricted: personIds('createdBy', 'decidedBy'),
  hooks: {
    /** A dividend belongs to its investment's owner (its scope is checked on that owner). */
    async prepareCreate({ tx, actor }, input) {
      const [investment] = await tx
        .select({ userId: investments.userId })
        .from(investments)
        .where(eq(investments.id, input.investmentId as string));
      if (!investment) throw new AppError('VALIDATION', { investmentId: { key: 'validation.reference', params: {} } });
      return { ...input, userId: investment.userId, status: 'pending', period: null, createdBy: realPersonOf(actor) };
    },
    /** Whoever corrects a pending amount has entered that figure: a second person must complete it. */
    prepareUpdate(ctx, existing, patch) {
      return patch.amount !== undefined && patch.amount !== existing.amount ? { ...patch, createdBy: realPersonOf(ctx.actor) } : patch;
    },
  },
});
