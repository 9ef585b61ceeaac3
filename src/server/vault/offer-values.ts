import { and, eq } from 'drizzle-orm';
import { realPersonOf } from '../../shared/lifecycle/four-eyes.ts';
import { offerMachine } from '../../shared/lifecycle/machines.ts';
import { fromCents, toCents } from '../../shared/money.ts';
import { ENTRY_MAX } from '../../shared/money/entry-limits.ts';
import { holdings } from '../db/schema.ts';
import { checkEntriesDaily } from '../money/index.ts';
import { AppError } from '../http/app-error.ts';
import { euros } from '../http/errors.ts';
import type { ResourceContext } from '../resources/define-resource.ts';

type OfferInput = { productId: string; amount: number; expirationDate: Date; origin: string };

/**
 * The row of a new offer (DESIGN.md §12): made on the product's holding (the one lead holding it now,
 * locked so a sale cannot slip between), at its purchase price, with gain = amount − purchase price in
 * cents, by the person behind the request (four eyes: someone else releases it). An expiration already
 * past is refused; the holding's owner is then checked like any owned record's (regular staff: their leads).
 */
export async function offerValues(ctx: ResourceContext, input: OfferInput) {
  const now = ctx.request.server.services.clock.now();
  if (input.expirationDate.getTime() <= now.getTime())
    throw new AppError('VALIDATION', { expirationDate: { key: 'validation.futureDate', params: {} } });
  const [holding] = await ctx.tx
    .select({ id: holdings.id, userId: holdings.userId, purchasePrice: holdings.purchasePrice })
    .from(holdings)
    .where(and(eq(holdings.productId, input.productId), eq(holdings.status, 'held')))
    .limit(1)
    .for('update');
  if (!holding) throw new AppError('PRODUCT_NOT_HELD', { productId: { key: 'errors.PRODUCT_NOT_HELD', params: {} } });
  // Bounds on what the house offers (CHECKLIST 14): at most ENTRY_MAX an offer, ENTRY_DAILY_MAX a lead in 24 hours.
  if (toCents(input.amount) > toCents(ENTRY_MAX))
    throw new AppError(
      'ENTRY_MAX',
      { amount: { key: 'errors.ENTRY_MAX', params: { limit: euros(ENTRY_MAX) } } },
      { limit: euros(ENTRY_MAX) },
    );
  await checkEntriesDaily(ctx.tx, 'offer', [{ userId: holding.userId, amount: input.amount }]);
  const priceCents = toCents(holding.purchasePrice);
  return {
    ...input,
    userId: holding.userId,
    holdingId: holding.id,
    productPrice: fromCents(priceCents),
    gain: fromCents(toCents(input.amount) - priceCents),
    status: offerMachine.initial,
    createdBy: realPersonOf(ctx.actor),
  };
}
