import { z } from 'zod';
import { fieldListSchema } from '../catalogue/fields.ts';
import { CATEGORY_STATUSES } from '../constants.ts';
import { oneOf, requiredText } from '../fields.ts';
import { defineEntity } from './define-entity.ts';

export type { FieldDefinition as DynamicField } from '../catalogue/fields.ts';

/** A category and its fields (src/shared/catalogue/fields.ts): keys fixed, labels in en, fr and de. */
const shape = {
  name: requiredText(200),
  status: oneOf(CATEGORY_STATUSES).optional(),
  fields: fieldListSchema.optional(),
};

export const productCategoryEntity = defineEntity({
  name: 'product-category',
  plural: 'productCategories',
  create: z.strictObject(shape),
  update: z.strictObject(shape).partial(),
  filterable: ['name', 'status'],
  sortable: ['name', 'status'],
  searchable: ['name'],
});
