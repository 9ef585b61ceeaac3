import { orderStats } from '../api/orders.ts';

/** One group of GET /order/stats (every order, a symbol, a market): counts, lots traded, profit booked, share of closes won. */
export type OrderTally = {
  open: number;
  closed: number;
  /** Lots of forex orders and euros staked on binary options are not added together: volume counts forex lots. */
  volume: number;
  /** Euros, exact to the cent (summed in cents by the server). */
  realisedProfit: number;
  /** Closed orders with a profit above zero over closed orders, percent; null with none closed. */
  winRate: number | null;
};

/** GET /order/stats (`orderStats`): the orders opened in `from`–`to` (the reader's days), in the reader's scope. */
export type OrderStats = OrderTally & {
  /** The days asked for; null when not asked (all time). */
  from: string | null;
  to: string | null;
  bySymbol: (OrderTally & { symbol: string })[];
  byMarket: (OrderTally & { market: string })[];
};

export const loadOrderStats = (range: { from?: string; to?: string }, signal?: AbortSignal) =>
  orderStats<OrderStats>({ from: range.from, to: range.to }, signal);
