import { z } from 'zod';
import { requiredText, requiredUrl } from '../fields.ts';
import { defineEntity } from './define-entity.ts';

const shape = { name: requiredText(200), description: requiredText(5000), iconUrl: requiredUrl() };

export const productMarketEntity = defineEntity({
  name: 'product-market',
  plural: 'productMarkets',
  create: z.strictObject(shape),
  update: z.strictObject(shape).partial(),
  filterable: ['name'],
  sortable: ['name'],
  searchable: ['name', 'description'],
});
