import { accountResource } from './account.ts';
import { commentResource } from './comment.ts';
import { depositResource } from './deposit.ts';
import { dividendResource } from './dividend.ts';
import { holdingResource } from './holding.ts';
import { investmentResource } from './investment.ts';
import { ledgerEntryResource } from './ledger-entry.ts';
import { offerResource } from './offer.ts';
import { orderResource } from './order.ts';
import { withdrawalResource } from './withdrawal.ts';

/**
 * The resources whose records belong to one lead (scope `owned`): they follow their lead when it
 * changes hands (lead-records.ts). Apart from the registry, so the user resource can reach them
 * without importing itself back (tests/unit/resource-registry.test.ts keeps the two lists in step).
 */
export const LEAD_OWNED_RESOURCES = [
  commentResource,
  depositResource,
  investmentResource,
  orderResource,
  withdrawalResource,
  dividendResource,
  offerResource,
  holdingResource,
  // The lead's ledger mirrors: its balances and statement reach its new staff member's devices too.
  accountResource,
  ledgerEntryResource,
] as const;
