import { and, eq, sql, type SQL } from 'drizzle-orm';
import { fieldByKey, valuesSchema, type FieldDefinition } from '../../shared/catalogue/fields.ts';
import { reconcileFields, type FieldUsage } from '../../shared/catalogue/reconcile.ts';
import type { Executor } from '../db/client.ts';
import { productCategories, products } from '../db/schema.ts';
import { AppError } from '../http/app-error.ts';
import { issuesToDetails, type FieldIssue } from '../http/validate.ts';

/** The rows of a raw query, typed by the caller. */
export const rowsOf = async <T>(db: Executor, query: SQL): Promise<T[]> => ((await db.execute(query)) as unknown as { rows: T[] }).rows;

/** A category's fields, or a VALIDATION error on `categoryId` when there is no such category. */
export async function categoryFields(db: Executor, categoryId: string, lock = false): Promise<FieldDefinition[]> {
  const query = db.select({ fields: productCategories.fields }).from(productCategories).where(eq(productCategories.id, categoryId));
  const [category] = lock ? await query.for('share') : await query;
  if (!category) throw new AppError('VALIDATION', { categoryId: { key: 'validation.reference', params: {} } });
  return category.fields;
}

/**
 * A product's values checked by the schema built from its category (src/shared/catalogue/fields.ts, the
 * form's own), the category's row share-locked so its fields cannot change under the write. A problem
 * names the field by its label in each language: the reader gets '{field} is required' in theirs.
 */
export async function checkedValues(db: Executor, categoryId: string, values: unknown, previous: Record<string, unknown> = {}) {
  const fields = await categoryFields(db, categoryId, true);
  const result = valuesSchema(fields, previous).safeParse(values ?? {});
  if (result.success) return result.data;
  const byKey = fieldByKey(fields);
  const details: Record<string, FieldIssue> = issuesToDetails(result.error.issues, ['values']);
  for (const [path, issue] of Object.entries(details)) {
    const field = byKey.get(path.split('.')[1] ?? '');
    if (field) issue.params = { ...issue.params, field: field.labels };
  }
  throw new AppError('VALIDATION', details);
}

/** How the products of a category use its fields, counted by PostgreSQL (one pass over the category's products). */
export async function fieldUsage(db: Executor, categoryId: string, fields: readonly FieldDefinition[]): Promise<FieldUsage> {
  const [{ count }] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(products)
    .where(eq(products.categoryId, categoryId));
  const keyRows = await rowsOf<{ key: string; value: string | null; count: number }>(
    db,
    sql`
    select v.key, case when jsonb_typeof(v.value) = 'string' then v.value #>> '{}' end as value, count(*)::int as count
    from ${products} p, jsonb_each(p.values) v
    where p.category_id = ${categoryId} and v.value <> 'null'::jsonb and v.value <> '""'::jsonb
    group by 1, 2`,
  );
  const usage: FieldUsage = { products: count, values: {}, options: {} };
  const withOptions = new Set(fields.filter((f) => f.options?.length).map((f) => f.key));
  for (const row of keyRows) {
    usage.values[row.key] = (usage.values[row.key] ?? 0) + row.count;
    if (withOptions.has(row.key) && row.value !== null) (usage.options[row.key] ??= {})[row.value] = row.count;
  }
  return usage;
}

/** A category's new fields against its products (reconcileFields): the list to store, or the refusal naming each field. */
export async function reconciledFields(db: Executor, categoryId: string, before: FieldDefinition[], after: FieldDefinition[]) {
  const usage = await fieldUsage(db, categoryId, before);
  const { fields, problems } = reconcileFields(before, after, usage);
  if (Object.keys(problems).length) throw new AppError('CATALOGUE_DATA_LOSS', problems);
  return fields;
}

/** Products of a category holding a value for a field, locked for a conversion when `lock`. */
export async function productsWithValue(db: Executor, categoryId: string, key: string, lock: boolean) {
  const query = db
    .select({ id: products.id, description: products.description, values: products.values, version: products.version })
    .from(products)
    .where(and(eq(products.categoryId, categoryId), sql`${products.values} ? ${key}`))
    .orderBy(products.id);
  return lock ? query.for('update') : query;
}
