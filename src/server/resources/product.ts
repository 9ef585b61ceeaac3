import { eq } from 'drizzle-orm';
import { productEntity } from '../../shared/entities/product.ts';
import { ENTITY_ACCESS } from '../../shared/access.ts';
import type { Executor } from '../db/client.ts';
import { productCategories, products } from '../db/schema.ts';
import { AppError } from '../http/app-error.ts';
import { defineResource, type Row } from './define-resource.ts';

/** SPEC.md §5: each required dynamic field of the product's category gives '{field} is required'. */
async function checkDynamicValues(db: Executor, categoryId: string, values: Record<string, unknown> = {}) {
  const [category] = await db
    .select({ fields: productCategories.fields })
    .from(productCategories)
    .where(eq(productCategories.id, categoryId));
  if (!category) throw new AppError('VALIDATION', { categoryId: { key: 'validation.reference', params: {} } });
  const problems: Record<string, unknown> = {};
  for (const field of category.fields) {
    const value = values[field.fieldName];
    const missing = value === undefined || value === null || value === '';
    if (missing) {
      if (field.required) problems[`values.${field.fieldName}`] = { key: 'validation.fieldRequired', params: { field: field.fieldName } };
      continue;
    }
    const ok =
      field.type === 'number'
        ? typeof value === 'number'
        : field.type === 'boolean'
          ? typeof value === 'boolean'
          : field.type === 'date'
            ? typeof value === 'string' && !Number.isNaN(Date.parse(value))
            : typeof value === 'string' && (!field.options?.length || field.options.some((o) => o.key === value));
    if (!ok) problems[`values.${field.fieldName}`] = { key: 'validation.invalid', params: {} };
  }
  if (Object.keys(problems).length) throw new AppError('VALIDATION', problems);
}

export const productResource = defineResource({
  entity: productEntity,
  table: products,
  access: { scope: { kind: 'catalog' }, ...ENTITY_ACCESS.product },
  hooks: {
    async prepareCreate({ tx }, input) {
      await checkDynamicValues(tx, input.categoryId as string, input.values as Row | undefined);
      return input;
    },
    async prepareUpdate({ tx }, existing, patch) {
      if ('values' in patch || 'categoryId' in patch) {
        await checkDynamicValues(tx, (patch.categoryId ?? existing.categoryId) as string, (patch.values ?? existing.values) as Row);
      }
      return patch;
    },
  },
});
