import { z } from 'zod';
import { CATEGORY_STATUSES, FIELD_TYPES } from '../constants.ts';
import { bool, oneOf, requiredText } from '../fields.ts';
import { defineEntity } from './define-entity.ts';

export const dynamicFieldSchema = z
  .strictObject({
    fieldName: requiredText(100, 'validation.fieldNameRequired'),
    type: oneOf(FIELD_TYPES),
    required: bool().optional(),
    options: z
      .array(z.strictObject({ key: requiredText(100, 'validation.optionKeyRequired'), label: requiredText(200) }))
      .max(200)
      .optional(),
  })
  .refine((f) => new Set((f.options ?? []).map((o) => o.key)).size === (f.options ?? []).length, {
    error: 'validation.optionKeyUnique',
    path: ['options'],
  });
export type DynamicField = z.infer<typeof dynamicFieldSchema>;

const shape = {
  name: requiredText(200),
  status: oneOf(CATEGORY_STATUSES).optional(),
  fields: z.array(dynamicFieldSchema).max(100).optional(),
};

export const productCategoryEntity = defineEntity({
  name: 'product-category',
  plural: 'productCategories',
  create: z.strictObject(shape).refine((c) => new Set((c.fields ?? []).map((f) => f.fieldName)).size === (c.fields ?? []).length, {
    error: 'validation.fieldNameUnique',
    path: ['fields'],
  }),
  update: z.strictObject(shape).partial(),
  filterable: ['name', 'status'],
  sortable: ['name', 'status'],
  searchable: ['name'],
});
