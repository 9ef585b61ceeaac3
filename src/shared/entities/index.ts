import type { z } from 'zod';
import { accountEntity } from './account.ts';
import { campaignEntity } from './campaign.ts';
import { commentEntity } from './comment.ts';
import { depositEntity } from './deposit.ts';
import { dividendEntity } from './dividend.ts';
import { investmentEntity } from './investment.ts';
import { ledgerEntryEntity } from './ledger-entry.ts';
import { notificationEntity } from './notification.ts';
import { offerEntity } from './offer.ts';
import { orderEntity } from './order.ts';
import { productCategoryEntity } from './product-category.ts';
import { productMarketEntity } from './product-market.ts';
import { productEntity } from './product.ts';
import { projectEntity } from './project.ts';
import { userEntity } from './user.ts';
import { withdrawalEntity } from './withdrawal.ts';

/** The fourteen entities of the standard set (SPEC.md §7), keyed by path segment. */
export const ENTITIES = {
  user: userEntity,
  notification: notificationEntity,
  campaign: campaignEntity,
  comment: commentEntity,
  deposit: depositEntity,
  investment: investmentEntity,
  order: orderEntity,
  'product-market': productMarketEntity,
  project: projectEntity,
  withdrawal: withdrawalEntity,
  dividend: dividendEntity,
  product: productEntity,
  'product-category': productCategoryEntity,
  offer: offerEntity,
} as const;
export type EntityName = keyof typeof ENTITIES;
export const ENTITY_NAMES = Object.keys(ENTITIES) as EntityName[];

/** A record of `entity` as the API answers it (JSON: dates as strings), from its record schema. */
export type RecordOfEntity<N extends EntityName> = (typeof ENTITIES)[N]['record'] extends z.ZodType<infer R, unknown> ? R : never;

/** Read-only mirrors of the ledger (DESIGN.md §6): listed and synced, never written by a client. */
export { accountEntity, ledgerEntryEntity };

/** Every entity whose changes `/sync` carries: the standard set's and the ledger's mirrors. */
export const SYNCED_ENTITY_NAMES = [...ENTITY_NAMES, accountEntity.name, ledgerEntryEntity.name] as const;
