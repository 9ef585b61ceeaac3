import { productMarketEntity } from '../../shared/entities/product-market.ts';
import { productMarkets } from '../db/schema.ts';
import { defineResource } from './define-resource.ts';

export const productMarketResource = defineResource({
  entity: productMarketEntity,
  table: productMarkets,
  access: { scope: { kind: 'catalog' }, read: 'all', create: 'admin', update: 'admin', delete: 'admin' },
  plainParams: true,
});
