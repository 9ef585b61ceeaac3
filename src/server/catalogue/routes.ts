import type { FastifyInstance } from 'fastify';
import { eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { mayOn } from '../../shared/access.ts';
import { planConversion } from '../../shared/catalogue/conversions.ts';
import {
  fieldTypeContract,
  productCategoryStatsContract,
  productFileContract,
  productStatsContract,
  PRODUCT_FILE_KEYS,
  type FieldTypeAnswer,
  type ProductCategoryStats,
  type ProductStats,
} from '../../shared/contracts/catalogue.ts';
import { idParams } from '../../shared/contracts/common.ts';
import { isStaff } from '../../shared/roles.ts';
import { productCategories, products } from '../db/schema.ts';
import { AppError } from '../http/app-error.ts';
import { actorOrThrow } from '../http/authenticate.ts';
import { mutate } from '../http/mutate.ts';
import { parse } from '../http/validate.ts';
import { audienceOf } from '../policy.ts';
import { findScoped, publicRecord } from '../resources/define-resource.ts';
import { productCategoryResource } from '../resources/product-category.ts';
import { productResource } from '../resources/product.ts';
import { receiveUpload } from '../uploads/store.ts';
import { productsWithValue, rowsOf } from './field-rules.ts';
import { registerProductExport } from './product-export.ts';

type FieldTypeParams = z.output<typeof fieldTypeContract.params>;
type FieldTypeBody = z.output<typeof fieldTypeContract.body>;

const euros = (value: unknown) => Number(value ?? 0);

/**
 * The catalogue beside its standard sets (DESIGN.md §12, issue 27): a field's type change with its dry
 * run, a product's image or file, and the statistics of products and categories.
 */
export function registerCatalogueRoutes(app: FastifyInstance) {
  const { db } = app.services;
  registerProductExport(app);

  app.post(
    '/api/v1/product-category/:id/field/:key/type',
    {
      schema: {
        tags: ['product-category'],
        summary:
          "Change a field's type: a dry run lists the products whose value would not convert; applied, every product converts in one transaction",
        ...fieldTypeContract,
      },
    },
    async (request, reply) => {
      const actor = actorOrThrow(request);
      if (!mayOn(actor.roles, 'product-category', 'update')) throw new AppError('FORBIDDEN');
      const { id, key } = request.params as FieldTypeParams;
      const { type, dryRun } = request.body as FieldTypeBody;
      return mutate(request, reply, async (work): Promise<{ status: number; body: FieldTypeAnswer }> => {
        const [category] = await work.tx.select().from(productCategories).where(eq(productCategories.id, id)).for('update');
        if (!category) throw new AppError('NOT_FOUND');
        const index = category.fields.findIndex((f) => f.key === key);
        if (index < 0) throw new AppError('NOT_FOUND');
        const field = category.fields[index];
        if (field.options?.length && type !== 'string')
          throw new AppError('CATALOGUE_DATA_LOSS', { type: { key: 'validation.selectTypeChange', params: {} } });
        // Locked when applied: no product of the category changes between the plan and its writes.
        const rows = await productsWithValue(work.tx, id, key, !dryRun);
        const plan = planConversion(
          rows.map((r) => ({ id: r.id, value: r.values[key] })),
          type,
        );
        const describe = new Map(rows.map((r) => [r.id, r.description]));
        const failing = plan.failing.map((f) => ({ id: f.id, description: describe.get(f.id) ?? null, value: f.value }));
        if (dryRun || field.type === type)
          return {
            status: 200,
            body: { dryRun, converted: plan.converted.length, failing, category: publicRecord(productCategoryResource, category) as never },
          };
        if (failing.length) {
          const details = { type: { key: 'validation.conversionFails', params: { count: failing.length } } };
          throw new AppError('CATALOGUE_DATA_LOSS', details);
        }
        const changed = plan.converted.filter((c) => c.from !== c.to || typeof c.from !== typeof c.to);
        if (changed.length) {
          // One statement for every product: each value replaced by its conversion, version moved on.
          const updated = await rowsOf<{ id: string }>(
            work.tx,
            sql`
            update ${products} p set values = jsonb_set(p.values, array[${key}::text], c.value), version = p.version + 1, date_last_update = now()
            from jsonb_to_recordset(${JSON.stringify(changed.map((c) => ({ id: c.id, value: c.to })))}::jsonb) as c(id uuid, value jsonb)
            where p.id = c.id returning p.id`,
          );
          for (const row of updated)
            work.changed({ entity: 'product', recordId: row.id, op: 'upsert', ...audienceOf(productResource.access.scope, row) });
        }
        const fields = category.fields.map((f, i) => (i === index ? { ...f, type } : f));
        const [saved] = await work.tx
          .update(productCategories)
          .set({ fields, version: sql`${productCategories.version} + 1`, dateLastUpdate: sql`now()` })
          .where(eq(productCategories.id, id))
          .returning();
        work.changed({
          entity: 'product-category',
          recordId: id,
          op: 'upsert',
          ...audienceOf(productCategoryResource.access.scope, saved),
        });
        await work.audit('product-category.fieldType', 'product-category', id, {
          key,
          from: field.type,
          to: type,
          converted: plan.converted.length,
        });
        return {
          status: 200,
          body: { dryRun, converted: plan.converted.length, failing: [], category: publicRecord(productCategoryResource, saved) as never },
        };
      });
    },
  );

  app.post(
    '/api/v1/product/:id/file',
    {
      schema: {
        tags: ['product'],
        summary: "Set a product's image or file (multipart `key`: image or file, then `file`)",
        ...productFileContract,
      },
    },
    async (request, reply) => {
      const actor = actorOrThrow(request);
      const { id } = parse(idParams, request.params);
      if (!mayOn(actor.roles, 'product', 'update')) throw new AppError('FORBIDDEN');
      if (!(await findScoped(db, productResource, actor, id, ['id']))) throw new AppError('NOT_FOUND');
      let key: (typeof PRODUCT_FILE_KEYS)[number] = 'image';
      const upload = await receiveUpload(app.services, request, (fields) => {
        const named = fields.key ?? 'image';
        if (!(PRODUCT_FILE_KEYS as readonly string[]).includes(named))
          throw new AppError('VALIDATION', { key: { key: 'validation.oneOf', params: {} } });
        key = named as typeof key;
        return { ownerId: actor.id, purpose: key === 'image' ? 'image' : 'productFile', private: false };
      });
      return mutate(request, reply, async (work) => {
        const [updated] = await work.tx
          .update(products)
          .set({ [key]: upload.url, version: sql`${products.version} + 1`, dateLastUpdate: sql`now()` })
          .where(eq(products.id, id))
          .returning();
        if (!updated) throw new AppError('NOT_FOUND');
        work.changed({ entity: 'product', recordId: id, op: 'upsert', ...audienceOf(productResource.access.scope, updated) });
        await work.audit(`product.${key}`, 'product', id, { [key]: upload.url, name: upload.originalName });
        return { status: 200, body: publicRecord(productResource, updated) };
      });
    },
  );

  app.get(
    '/api/v1/product/stats',
    {
      schema: {
        tags: ['product'],
        summary: 'The catalogue as of now: products, held and free, value, by category and by market',
        ...productStatsContract,
      },
    },
    async (request): Promise<{ productStats: ProductStats }> => {
      const actor = actorOrThrow(request);
      if (!isStaff(actor.roles)) throw new AppError('FORBIDDEN');
      const [totals, byCategory, byMarket] = await Promise.all([
        rowsOf<Record<string, string | number | null>>(
          db,
          sql`
          select count(*)::int as count, count(held_by)::int as held, coalesce(sum(price), 0) as total,
            coalesce(round(avg(price), 2), 0) as average, coalesce(min(price), 0) as min, coalesce(max(price), 0) as max
          from products`,
        ),
        rowsOf<{ id: string; name: string; count: number; value: string }>(
          db,
          sql`
          select c.id, c.name, count(p.id)::int as count, coalesce(sum(p.price), 0) as value
          from product_categories c left join products p on p.category_id = c.id group by c.id, c.name order by value desc, c.name`,
        ),
        rowsOf<{ id: string | null; name: string | null; count: number; value: string }>(
          db,
          sql`
          select m.id, m.name, count(*)::int as count, coalesce(sum(p.price), 0) as value
          from products p left join product_markets m on m.id = p.market_id group by m.id, m.name order by value desc, m.name nulls last`,
        ),
      ]);
      const t = totals[0];
      return {
        productStats: {
          count: Number(t.count),
          held: Number(t.held),
          available: Number(t.count) - Number(t.held),
          totalValue: euros(t.total),
          averagePrice: euros(t.average),
          minPrice: euros(t.min),
          maxPrice: euros(t.max),
          byCategory: byCategory.map((r) => ({ id: r.id, name: r.name, count: r.count, value: euros(r.value) })),
          byMarket: byMarket.map((r) => ({ id: r.id, name: r.name, count: r.count, value: euros(r.value) })),
        },
      };
    },
  );

  app.get(
    '/api/v1/product-category/stats',
    {
      schema: {
        tags: ['product-category'],
        summary: 'Categories by status, each with its fields, products and their value',
        ...productCategoryStatsContract,
      },
    },
    async (request): Promise<{ productCategoryStats: ProductCategoryStats }> => {
      const actor = actorOrThrow(request);
      if (!isStaff(actor.roles)) throw new AppError('FORBIDDEN');
      const rows = await rowsOf<{ id: string; name: string; status: string; fields: number; products: number; value: string }>(
        db,
        sql`
        select c.id, c.name, c.status, jsonb_array_length(c.fields)::int as fields, count(p.id)::int as products, coalesce(sum(p.price), 0) as value
        from product_categories c left join products p on p.category_id = c.id
        group by c.id order by c.name, c.id`,
      );
      const categories = rows.map((r) => ({ ...r, value: euros(r.value) }));
      return {
        productCategoryStats: {
          total: categories.length,
          active: categories.filter((c) => c.status === 'active').length,
          inactive: categories.filter((c) => c.status !== 'active').length,
          fields: categories.reduce((sum, c) => sum + c.fields, 0),
          categories,
        },
      };
    },
  );
}
