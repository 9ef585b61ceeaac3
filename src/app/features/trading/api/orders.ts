import { http } from '../../../api/client.ts';
import { runOnline } from '../../../offline/run-online.ts';
import type { EntityRecord } from '../../../data/entity-store.ts';

/**
 * The order calls (DESIGN.md §11). Opening and closing are online-only (a market price cannot wait in
 * an outbox): through `runOnline`, refused offline without a request, under the form's
 * Idempotency-Key, the answer put in the mirror (orders are a mirrored entity).
 */

/** POST /order: opens a forex order or a binary option at the server's price; the record it opened. */
export const openOrder = (ticket: Record<string, unknown>, key: string) =>
  runOnline<EntityRecord>('order', null, { method: 'POST', path: '/v1/order', body: ticket, key });

/** POST /order/:id/close: a lead closes its own forex order at the market (no profit, no price in the body). */
export const closeOrder = (id: string, key: string, body: Record<string, unknown> = {}) =>
  runOnline<EntityRecord>('order', id, { method: 'POST', path: `/v1/order/${id}/close`, body, key });

/** GET /order/stats in the reader's scope. */
export const orderStats = <T>(query: Record<string, string | undefined>, signal?: AbortSignal) =>
  http<{ orderStats: T } | T>('/v1/order/stats', { query, signal }).then((answer) =>
    answer && typeof answer === 'object' && 'orderStats' in answer ? (answer as { orderStats: T }).orderStats : (answer as T),
  );
