import type { FastifyInstance } from 'fastify';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { v7 as uuidv7 } from 'uuid';
import type { z } from 'zod';
import { purchaseContract } from '../../shared/contracts/vault.ts';
import { realPersonOf } from '../../shared/lifecycle/four-eyes.ts';
import { holdings, products } from '../db/schema.ts';
import { AppError } from '../http/app-error.ts';
import { actorOrThrow } from '../http/authenticate.ts';
import { mutate } from '../http/mutate.ts';
import { audienceOf, requireAction } from '../policy.ts';
import { findScoped, publicRecord } from '../resources/define-resource.ts';
import { holdingResource } from '../resources/holding.ts';
import { productResource } from '../resources/product.ts';
import { userResource } from '../resources/user.ts';
import { bookPurchase } from './vault-ledger.ts';

/**
 * `POST /product/purchase` (DESIGN.md §12): staff buy a product for a lead in their scope, in ONE
 * transaction: one conditional update takes the product (`held_by is null`: of two buyers, even at the
 * same moment, the second finds it taken once the first commits, 422 PRODUCT_ALREADY_HELD), a holding at
 * the product's price, the ledger moves that price from the lead's `available` to its `vault` (422
 * INSUFFICIENT_FUNDS rolls all of it back), the product's and holding's changes and an audit row.
 */
export function registerPurchaseRoutes(app: FastifyInstance) {
  app.post(
    '/api/v1/product/purchase',
    {
      schema: {
        tags: ['product'],
        summary: 'Buy a product for a lead: its price moves from available to vault (staff)',
        ...purchaseContract,
      },
    },
    async (request, reply) => {
      const actor = actorOrThrow(request);
      requireAction(actor, 'product.purchase');
      const body = request.body as z.output<typeof purchaseContract.body>;
      return mutate(request, reply, async (work) => {
        const lead = await findScoped(work.tx, userResource, work.actor, body.userId, ['roles']);
        if (!lead) throw new AppError('NOT_FOUND');
        if (!(lead.roles as string[]).includes('lead'))
          throw new AppError('VALIDATION', { userId: { key: 'validation.notALead', params: {} } });
        const [taken] = await work.tx
          .update(products)
          .set({ heldBy: body.userId, version: sql`${products.version} + 1`, dateLastUpdate: sql`now()` })
          .where(and(eq(products.id, body.productId), isNull(products.heldBy)))
          .returning();
        if (!taken) {
          const [exists] = await work.tx.select({ id: products.id }).from(products).where(eq(products.id, body.productId));
          if (!exists) throw new AppError('NOT_FOUND');
          throw new AppError('PRODUCT_ALREADY_HELD');
        }
        const id = uuidv7();
        const [holding] = await work.tx
          .insert(holdings)
          .values({
            id,
            userId: body.userId,
            productId: body.productId,
            purchasePrice: taken.price,
            status: 'held',
            purchasedBy: realPersonOf(work.actor),
          })
          .returning();
        await bookPurchase(work, { id, userId: body.userId, purchasePrice: taken.price });
        work.changed([
          { entity: 'product', recordId: taken.id, op: 'upsert', ...audienceOf(productResource.access.scope, taken) },
          { entity: 'holding', recordId: id, op: 'upsert', ...audienceOf(holdingResource.access.scope, holding) },
        ]);
        await work.audit('product.purchase', 'holding', id, { productId: body.productId, userId: body.userId, price: taken.price });
        return { status: 201, body: publicRecord(holdingResource, holding, work.actor) };
      });
    },
  );
}
