import { eq } from 'drizzle-orm';
import { dividendEntity } from '../../shared/entities/dividend.ts';
import { ENTITY_ACCESS } from '../../shared/access.ts';
import { dividends, investments } from '../db/schema.ts';
import { AppError } from '../http/app-error.ts';
import { defineResource } from './define-resource.ts';

export const dividendResource = defineResource({
  entity: dividendEntity,
  table: dividends,
  access: { scope: { kind: 'owned', owner: 'userId' }, ...ENTITY_ACCESS.dividend },
  hooks: {
    /** A dividend belongs to its investment's owner. */
    async prepareCreate({ tx }, input) {
      const [investment] = await tx
        .select({ userId: investments.userId })
        .from(investments)
        .where(eq(investments.id, input.investmentId as string));
      if (!investment) throw new AppError('VALIDATION', { investmentId: { key: 'validation.reference', params: {} } });
      return { ...input, userId: investment.userId };
    },
  },
});
