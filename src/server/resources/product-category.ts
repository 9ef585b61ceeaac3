import { productCategoryEntity } from '../../shared/entities/product-category.ts';
import { ENTITY_ACCESS } from '../../shared/access.ts';
import { productCategories } from '../db/schema.ts';
import { defineResource } from './define-resource.ts';

export const productCategoryResource = defineResource({
  entity: productCategoryEntity,
  table: productCategories,
  access: { scope: { kind: 'catalog' }, ...ENTITY_ACCESS['product-category'] },
});
