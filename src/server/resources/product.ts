import { productEntity } from '../../shared/entities/product.ts';
import { ENTITY_ACCESS } from '../../shared/access.ts';
import { checkedValues } from '../catalogue/field-rules.ts';
import { products } from '../db/schema.ts';
import { defineResource } from './define-resource.ts';
import { personIds } from './person-ids.ts';

/** A product's values are checked on every write by the schema built from its category (src/shared/catalogue). */
export const productResource = defineResource({
  entity: productEntity,
  table: products,
  access: { scope: { kind: 'catalog' }, ...ENTITY_ACCESS.product },
  // Which lead holds it: staff's, and that lead's own; other leads read the catalogue too (CHECKLIST 16).
  restricted: personIds('heldBy'),
  hooks: {
    async prepareCreate({ tx }, input) {
      return { ...input, values: await checkedValues(tx, input.categoryId, input.values) };
    },
    async prepareUpdate({ tx }, existing, patch) {
      if (!('values' in patch) && !('categoryId' in patch)) return patch;
      const categoryId = patch.categoryId ?? existing.categoryId;
      // A product keeps the archived options it holds only within its own category.
      const previous = categoryId === existing.categoryId ? existing.values : {};
      return { ...patch, values: await checkedValues(tx, categoryId, patch.values ?? existing.values, previous) };
    },
  },
});
