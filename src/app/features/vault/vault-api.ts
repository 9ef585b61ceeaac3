import type { OfferStats, SalesStats } from '../../../shared/contracts/vault.ts';
import { http } from '../../api/client.ts';
import type { EntityRecord } from '../../data/entity-store.ts';
import { runOnline } from '../../offline/run-online.ts';

export type { OfferStats, SalesStats };

/** GET /offer/stats: the vault figures of SPEC.md §3 in the reader's scope, of one lead or all. */
export const offerStats = (userId: string | undefined, signal?: AbortSignal) =>
  http<{ stats: OfferStats }>('/v1/offer/stats', { query: userId ? { userId } : {}, signal }).then((answer) => answer.stats);

/** GET /holding/sales: sales between two calendar days (this device's zone), totals and series. */
export const salesStats = (range: { from: string; to: string }, signal?: AbortSignal) =>
  http<{ sales: SalesStats }>('/v1/holding/sales', { query: range, signal }).then((answer) => answer.sales);

/** GET /funds/available/{id}: the lead's available funds, in euros. */
export const availableOf = (leadId: string, signal?: AbortSignal) =>
  http<{ availableFunds: number }>(`/v1/funds/available/${leadId}`, { signal }).then((answer) => answer.availableFunds);

/**
 * POST /product/purchase (online only: money moves at once, and two staff may want the same product):
 * the holding bought, under the dialog's Idempotency-Key. Offline it is refused before anything is sent.
 */
export const purchaseFor = (productId: string, userId: string, key: string): Promise<EntityRecord> =>
  runOnline('holding', null, { method: 'POST', path: '/v1/product/purchase', body: { productId, userId }, key, after: [userId] });

/** The offer actions a screen makes (DESIGN.md §12), all online only. */
export type OfferAction = 'release' | 'accept' | 'decline' | 'withdraw';

/**
 * POST /offer/:id/{action} through the offline engine: refused offline, the answer lands in the mirror.
 * A withdrawal says why; a decline may.
 */
export const runOfferAction = (id: string, action: OfferAction, reason = '') =>
  runOnline('offer', id, { method: 'POST', path: `/v1/offer/${id}/${action}`, body: reason ? { reason } : {} });

/** POST /offer (online only: the server reads the lead, holding, price and gain from the held product). */
export const makeOffer = (body: { productId: string; amount: number; expirationDate: string; origin: string }, key: string) =>
  runOnline('offer', null, { method: 'POST', path: '/v1/offer', body, key });
