import type { OrderStats } from '../../../../shared/contracts/orders.ts';
import { orderStats } from '../api/orders.ts';

export type { OrderStats };

/** GET /order/stats (`orderStats`, its shared contract): the orders opened in `from`–`to` (the reader's days), in the reader's scope. */
export const loadOrderStats = (range: { from?: string; to?: string }, signal?: AbortSignal) =>
  orderStats<OrderStats>({ from: range.from, to: range.to }, signal);
