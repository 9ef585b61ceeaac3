import type { z } from 'zod';
import { accountEntity } from './account.ts';
import { campaignEntity } from './campaign.ts';
import { commentEntity } from './comment.ts';
import { depositEntity } from './deposit.ts';
import { dividendEntity } from './dividend.ts';
import { holdingEntity } from './holding.ts';
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
  /** A product bought for a lead: read by the standard set, written only by the purchase and an accepted offer (src/server/vault/). */
  holding: holdingEntity,
} as const;
export type EntityName = keyof typeof ENTITIES;
export const ENTITY_NAMES = Object.keys(ENTITIES) as EntityName[];

/** A record of `entity` as the API answers it (JSON: dates as strings), from its record schema. */
export type RecordOfEntity<N extends EntityName> = (typeof ENTITIES)[N]['record'] extends z.ZodType<infer R, unknown> ? R : never;

/**
 * The read-only mirrors of the ledger (DESIGN.md §6): listed and synced to the devices that may see
 * them, never written by a client (no outbox, no forms). Kept apart from `ENTITIES` so the standard
 * set's tests and screens, which treat every entity as creatable, never see them.
 */
export const READ_ONLY_ENTITIES = {
  account: accountEntity,
  'ledger-entry': ledgerEntryEntity,
} as const;
export type ReadOnlyEntityName = keyof typeof READ_ONLY_ENTITIES;
export { accountEntity, ledgerEntryEntity };

/** Every entity a device mirrors (and `/sync` carries): the standard set's and the read-only ones. */
export const MIRRORED_ENTITIES = { ...ENTITIES, ...READ_ONLY_ENTITIES } as const;
export type MirroredEntityName = keyof typeof MIRRORED_ENTITIES;
export const MIRRORED_ENTITY_NAMES = Object.keys(MIRRORED_ENTITIES) as MirroredEntityName[];

/** Every entity whose changes `/sync` carries (as a tuple, for the wire contract's enum). */
export const SYNCED_ENTITY_NAMES = [...ENTITY_NAMES, accountEntity.name, ledgerEntryEntity.name] as const;
