import { productCategoryEntity } from '../../shared/entities/product-category.ts';
import { ENTITY_ACCESS } from '../../shared/access.ts';
import { reconciledFields } from '../catalogue/field-rules.ts';
import { productCategories } from '../db/schema.ts';
import { defineResource } from './define-resource.ts';

/**
 * A category's fields change by PATCH (the field editor's add, reorder, rename, options, archive), judged
 * against what its products hold (src/shared/catalogue/reconcile.ts): nothing that loses a value passes;
 * a type change is its own route with a dry run (src/server/catalogue/category-routes.ts).
 */
export const productCategoryResource = defineResource({
  entity: productCategoryEntity,
  table: productCategories,
  access: { scope: { kind: 'catalog' }, ...ENTITY_ACCESS['product-category'] },
  hooks: {
    async prepareUpdate({ tx }, existing, patch) {
      if (!patch.fields) return patch;
      return { ...patch, fields: await reconciledFields(tx, existing.id, existing.fields, patch.fields) };
    },
  },
});
