import { z } from 'zod';
import { id, optionalText, optionalUrl, ref } from '../fields.ts';
import { money } from '../money.ts';
import { defineEntity } from './define-entity.ts';

const fieldValue = z.union([z.string().max(2000), z.number().finite(), z.boolean(), z.null()]);

const shape = {
  categoryId: id(),
  marketId: ref(),
  values: z.record(z.string().max(100), fieldValue).optional(),
  price: money().refine((v) => v > 0, { error: 'validation.positive' }),
  description: optionalText(5000),
  file: optionalUrl(),
  image: optionalUrl(),
};

export const productEntity = defineEntity({
  name: 'product',
  plural: 'products',
  create: z.strictObject(shape),
  update: z.strictObject(shape).partial(),
  /** The lead holding it (set by a purchase, DESIGN.md §12), never by a write of the product. */
  readOnly: { heldBy: z.uuid().nullable().optional() },
  /** `values.<key>` filters on a dynamic value (src/server/resources/list-query.ts jsonFilter). */
  filterable: ['categoryId', 'marketId', 'price', 'values'],
  sortable: ['price'],
  searchable: ['description'],
});
