import { productMarketEntity } from '../../shared/entities/product-market.ts';
import { ENTITY_ACCESS } from '../../shared/access.ts';
import { productMarkets } from '../db/schema.ts';
import { defineResource } from './define-resource.ts';

export const productMarketResource = defineResource({
  entity: productMarketEntity,
  table: productMarkets,
  access: { scope: { kind: 'catalog' }, ...ENTITY_ACCESS['product-market'] },
  plainParams: true,
});
