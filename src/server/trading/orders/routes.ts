import { getTableColumns, sql, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import { ORDER_MARKETS } from '../../../shared/constants.ts';
import { openOrderContract, orderStatsContract, type OrderFigures, type OrderStats } from '../../../shared/contracts/orders.ts';
import { SYMBOL_NAMES } from '../../../shared/trading/symbols.ts';
import { orders } from '../../db/schema.ts';
import { AppError } from '../../http/app-error.ts';
import { actorOrThrow } from '../../http/authenticate.ts';
import { mutate } from '../../http/mutate.ts';
import { timeZoneOf } from '../../http/time-zone.ts';
import { requireAction, scopeWhere } from '../../policy.ts';
import { publicRecord, type Row } from '../../resources/define-resource.ts';
import { orderResource } from '../../resources/order.ts';
import { feedOf } from './market.ts';
import { openOrder } from './open-order.ts';

type FigureRow = {
  symbol: string;
  market: string;
  open: number;
  closed: number;
  volume: string;
  staked: string;
  held: string;
  realised: string;
  won: number;
  absorbed: string;
};

const cents = (value: string | number) => Math.round(Number(value) * 100);

/** Adds one group's row into figures kept in cents and counts (euros only at the end). */
function add(into: Figure, row: FigureRow) {
  into.open += row.open;
  into.closed += row.closed;
  into.won += row.won;
  into.volumeTenThousandths += Math.round(Number(row.volume) * 10_000);
  into.staked += cents(row.staked);
  into.held += cents(row.held);
  into.realised += cents(row.realised);
  into.absorbed += cents(row.absorbed);
}
type Figure = {
  open: number;
  closed: number;
  won: number;
  volumeTenThousandths: number;
  staked: number;
  held: number;
  realised: number;
  absorbed: number;
};
const empty = (): Figure => ({ open: 0, closed: 0, won: 0, volumeTenThousandths: 0, staked: 0, held: 0, realised: 0, absorbed: 0 });
const answer = (f: Figure): OrderFigures => ({
  open: f.open,
  closed: f.closed,
  volume: f.volumeTenThousandths / 10_000,
  staked: f.staked / 100,
  held: f.held / 100,
  realisedProfit: f.realised / 100,
  // One decimal of a percent, from integers.
  winRate: f.closed ? Math.round((f.won * 1000) / f.closed) / 10 : null,
  houseAbsorbed: f.absorbed / 100,
});

/** `POST /order` (the open action, DESIGN.md §11) and `GET /order/stats`; registered before the standard set. */
export function registerOrderRoutes(app: FastifyInstance) {
  const { db } = app.services;

  app.post(
    '/api/v1/order',
    {
      schema: {
        tags: ['order'],
        summary: "Open a forex order or a binary option at the server's price, holding its margin or stake",
        ...openOrderContract,
      },
    },
    async (request, reply) => {
      const actor = actorOrThrow(request);
      requireAction(actor, 'order.open');
      const ticket = request.body as z.output<typeof openOrderContract.body>;
      return mutate(request, reply, async (work) => {
        const row = await openOrder(work, feedOf(app), ticket, app.services.clock.now());
        return { status: 201, body: publicRecord(orderResource, row as unknown as Row, actor) };
      });
    },
  );

  app.get(
    '/api/v1/order/stats',
    {
      schema: {
        tags: ['order'],
        summary: 'Open and closed orders, volume, realised profit, win rate: in all, by symbol and by market (the caller’s scope)',
        ...orderStatsContract,
      },
    },
    async (request): Promise<{ orderStats: OrderStats }> => {
      const actor = actorOrThrow(request);
      requireAction(actor, 'order.stats');
      const query = request.query as z.output<typeof orderStatsContract.querystring>;
      if (query.from && query.to && query.to < query.from) throw new AppError('VALIDATION', { to: { key: 'validation.date', params: {} } });
      const zone = timeZoneOf(request.headers['x-timezone']);
      const columns = getTableColumns(orders) as unknown as Record<string, PgColumn>;
      const localDay = sql`(${orders.dateCreation} at time zone ${zone})::date`;
      const conditions: SQL[] = [];
      const scope = scopeWhere(orderResource.access.scope, columns, actor, db);
      if (scope) conditions.push(scope);
      if (query.userId) conditions.push(sql`${orders.userId} = ${query.userId}`);
      if (query.from) conditions.push(sql`${localDay} >= ${query.from}::date`);
      if (query.to) conditions.push(sql`${localDay} <= ${query.to}::date`);
      const rows = (await db
        .select({
          symbol: orders.symbol,
          market: orders.market,
          open: sql<number>`count(*) filter (where ${orders.status} <> 'closed')::int`,
          closed: sql<number>`count(*) filter (where ${orders.status} = 'closed')::int`,
          volume: sql<string>`coalesce(sum(${orders.quantity}) filter (where ${orders.market} = 'forex'), 0)::text`,
          staked: sql<string>`coalesce(sum(${orders.quantity}) filter (where ${orders.market} = 'binary_options'), 0)::text`,
          held: sql<string>`coalesce(sum(${orders.held}) filter (where ${orders.status} <> 'closed'), 0)::text`,
          realised: sql<string>`coalesce(sum(${orders.profit}) filter (where ${orders.status} = 'closed'), 0)::text`,
          won: sql<number>`count(*) filter (where ${orders.status} = 'closed' and ${orders.profit} > 0)::int`,
          absorbed: sql<string>`coalesce(sum(${orders.houseAbsorbed}), 0)::text`,
        })
        .from(orders)
        .where(conditions.length ? sql.join(conditions, sql` and `) : undefined)
        .groupBy(orders.symbol, orders.market)) as FigureRow[];
      const total = empty();
      const bySymbol = new Map<string, Figure>(SYMBOL_NAMES.map((s) => [s, empty()]));
      const byMarket = new Map<string, Figure>(ORDER_MARKETS.map((m) => [m, empty()]));
      for (const row of rows) {
        add(total, row);
        const symbol = bySymbol.get(row.symbol);
        if (symbol) add(symbol, row);
        const market = byMarket.get(row.market);
        if (market) add(market, row);
      }
      return {
        orderStats: {
          ...answer(total),
          bySymbol: SYMBOL_NAMES.map((symbol) => ({ symbol, ...answer(bySymbol.get(symbol)!) })),
          byMarket: ORDER_MARKETS.map((market) => ({ market, ...answer(byMarket.get(market)!) })),
          from: query.from ?? null,
          to: query.to ?? null,
        },
      };
    },
  );
}
