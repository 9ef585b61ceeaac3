import { accountResource } from './account.ts';
import { campaignResource } from './campaign.ts';
import { commentResource } from './comment.ts';
import { depositResource } from './deposit.ts';
import { dividendResource } from './dividend.ts';
import { holdingResource } from './holding.ts';
import { investmentResource } from './investment.ts';
import { ledgerEntryResource } from './ledger-entry.ts';
import { notificationResource } from './notification.ts';
import { offerResource } from './offer.ts';
import { orderResource } from './order.ts';
import { productCategoryResource } from './product-category.ts';
import { productMarketResource } from './product-market.ts';
import { productResource } from './product.ts';
import { projectResource } from './project.ts';
import { userResource } from './user.ts';
import { withdrawalResource } from './withdrawal.ts';
import type { ResourceDefinition } from './define-resource.ts';

/** The resources of the standard set, one per entity of src/shared/entities. */
export const RESOURCES: readonly ResourceDefinition[] = [
  userResource,
  notificationResource,
  campaignResource,
  commentResource,
  depositResource,
  investmentResource,
  orderResource,
  productMarketResource,
  projectResource,
  withdrawalResource,
  dividendResource,
  productResource,
  productCategoryResource,
  offerResource,
  // Products bought for leads: written only by the purchase and an accepted offer (src/server/vault/).
  holdingResource,
  // The ledger's read-only mirrors: list, get and /sync; their write routes answer 403.
  accountResource,
  ledgerEntryResource,
];

export const resourceByEntity = (name: string) => RESOURCES.find((r) => r.entity.name === name);
