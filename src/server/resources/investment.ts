import { investmentEntity } from '../../shared/entities/investment.ts';
import { investmentMachine } from '../../shared/lifecycle/machines.ts';
import { ENTITY_ACCESS } from '../../shared/access.ts';
import { toCents } from '../../shared/money.ts';
import type { DividendFrequency } from '../../shared/wealth/dividend-schedule.ts';
import { investments } from '../db/schema.ts';
import { bookOpening, investmentValues } from '../wealth/open-investment.ts';
import { defineResource } from './define-resource.ts';
import { personIds } from './person-ids.ts';

/**
 * An investment's principal, rate and dividend frequency are fixed as it is made (DESIGN.md §10): a
 * plain PATCH changes its name or project, never its money or dates; its end is the scheduler's action.
 * A create is `openInvestment`'s (src/server/wealth/): the same checks and row, inserted here, then
 * its principal booked available → invested in the same transaction.
 */
export const investmentResource = defineResource({
  entity: investmentEntity,
  table: investments,
  machine: investmentMachine,
  access: { scope: { kind: 'owned', owner: 'userId' }, ...ENTITY_ACCESS.investment },
  // Ids of people on it: staff's, and the named person's own (CHECKLIST 16).
  restricted: personIds('createdBy'),
  hooks: {
    prepareCreate: (ctx, input) =>
      investmentValues(
        ctx,
        {
          id: input.id as string | undefined,
          userId: input.userId,
          name: input.name,
          initialAmountCents: toCents(input.initialAmount),
          rentability: input.rentability,
          dividendFrequency: input.dividendFrequency as DividendFrequency,
          expirationDate: input.expirationDate,
          startDate: input.startDate,
          projectId: input.projectId ?? null,
        },
        // The app's clock (a test clock in tests): "now" for the start and the never-backdated rule.
        ctx.request.server.services.clock.now(),
      ),
    afterCreate: (ctx, created) => bookOpening(ctx, created),
  },
});
