import type { FastifyInstance } from 'fastify';
import { and, eq, getTableColumns, sql, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { z } from 'zod';
import { addDays, bucketFor, bucketStart, bucketStarts, daysBetween, todayIn } from '../../shared/calendar.ts';
import { offerStatsContract, salesStatsContract, type OfferStats, type SalesStats } from '../../shared/contracts/vault.ts';
import { fromCents } from '../../shared/money.ts';
import type { Actor } from '../context.ts';
import type { Executor } from '../db/client.ts';
import { holdings, offers } from '../db/schema.ts';
import { AppError } from '../http/app-error.ts';
import { actorOrThrow } from '../http/authenticate.ts';
import { timeZoneOf } from '../http/time-zone.ts';
import { requireAction, scopeWhere } from '../policy.ts';
import { holdingResource } from '../resources/holding.ts';
import { offerResource } from '../resources/offer.ts';
import { registerPurchaseRoutes } from './purchase-routes.ts';
import { registerOfferExport, registerSalesExport } from './sales-export.ts';

/** Sums are numeric in SQL, read as text and turned into cents, then euros: exact to the cent. */
const euros = (value: unknown) => fromCents(Math.round(Number(value ?? 0) * 100));
const MAX_DAYS = 1096;

const scoped = (
  resource: typeof offerResource | typeof holdingResource,
  table: typeof offers | typeof holdings,
  actor: Actor,
  db: Executor,
) => scopeWhere(resource.access.scope, getTableColumns(table) as unknown as Record<string, PgColumn>, actor, db);

/** The vault figures of SPEC.md §3 within the caller's scope (a lead: its own, released offers only), of one lead or all. */
export async function vaultFigures(db: Executor, actor: Actor, userId?: string): Promise<OfferStats> {
  const [offerRows, holdingRows] = await Promise.all([
    db
      .select({
        total: sql<number>`count(*)::int`,
        awaitingRelease: sql<number>`count(*) filter (where ${offers.status} = 'awaiting_release')::int`,
        pending: sql<number>`count(*) filter (where ${offers.status} = 'pending')::int`,
        accepted: sql<number>`count(*) filter (where ${offers.status} = 'accepted')::int`,
        rejected: sql<number>`count(*) filter (where ${offers.status} = 'rejected')::int`,
        expired: sql<number>`count(*) filter (where ${offers.status} = 'expired')::int`,
        maxAccepted: sql<string>`coalesce(max(${offers.amount}) filter (where ${offers.status} = 'accepted'), 0)::text`,
      })
      .from(offers)
      .where(and(scoped(offerResource, offers, actor, db), userId ? eq(offers.userId, userId) : undefined)),
    db
      .select({
        purchased: sql<number>`count(*)::int`,
        purchasedAmount: sql<string>`coalesce(sum(${holdings.purchasePrice}), 0)::text`,
        sold: sql<number>`count(*) filter (where ${holdings.status} = 'sold')::int`,
        soldAmount: sql<string>`coalesce(sum(${holdings.saleAmount}) filter (where ${holdings.status} = 'sold'), 0)::text`,
        held: sql<number>`count(*) filter (where ${holdings.status} = 'held')::int`,
        heldValue: sql<string>`coalesce(sum(${holdings.purchasePrice}) filter (where ${holdings.status} = 'held'), 0)::text`,
        maxPrice: sql<string>`coalesce(max(${holdings.purchasePrice}), 0)::text`,
      })
      .from(holdings)
      .where(and(scoped(holdingResource, holdings, actor, db), userId ? eq(holdings.userId, userId) : undefined)),
  ]);
  const [o] = offerRows;
  const [h] = holdingRows;
  return {
    totalOffers: Number(o.total),
    awaitingRelease: Number(o.awaitingRelease),
    pending: Number(o.pending),
    accepted: Number(o.accepted),
    rejected: Number(o.rejected),
    expired: Number(o.expired),
    totalPurchased: Number(h.purchased),
    purchasedAmount: euros(h.purchasedAmount),
    totalSold: Number(h.sold),
    soldAmount: euros(h.soldAmount),
    held: Number(h.held),
    heldValue: euros(h.heldValue),
    maxAcceptedOffer: euros(o.maxAccepted),
    maxPurchasePrice: euros(h.maxPrice),
  };
}

/** Sold holdings in range (days of the sale on the reader's clock) and scope: totals and a series without gaps. */
async function salesOf(db: Executor, actor: Actor, zone: string, from: string, to: string, userId?: string): Promise<SalesStats> {
  const unit = bucketFor(from, to);
  const day: SQL = sql`(${holdings.soldAt} at time zone ${zone})::date`;
  const rows = (await db.execute(sql`
    select to_char(date_trunc(${unit}, ${day}), 'YYYY-MM-DD') as period, count(*)::int as count,
      coalesce(sum(${holdings.purchasePrice}), 0)::text as purchased, coalesce(sum(${holdings.saleAmount}), 0)::text as sold
    from ${holdings}
    where ${holdings.status} = 'sold' and ${day} between ${from}::date and ${to}::date
      ${userId ? sql`and ${holdings.userId} = ${userId}` : sql``}
      ${(() => {
        const scope = scoped(holdingResource, holdings, actor, db);
        return scope ? sql`and ${scope}` : sql``;
      })()}
    group by 1`)) as unknown as { rows: { period: string; count: number; purchased: string; sold: string }[] };
  const cents = (v: string) => Math.round(Number(v) * 100);
  const byPeriod = new Map(rows.rows.map((r) => [r.period, r]));
  let count = 0;
  let purchased = 0;
  let sold = 0;
  const series = bucketStarts(from, to, unit).map((period) => {
    const row = byPeriod.get(bucketStart(period, unit));
    const p = row ? cents(row.purchased) : 0;
    const s = row ? cents(row.sold) : 0;
    const n = row ? Number(row.count) : 0;
    count += n;
    purchased += p;
    sold += s;
    return { period, count: n, purchased: fromCents(p), sold: fromCents(s), gain: fromCents(s - p) };
  });
  return { from, to, unit, count, purchased: fromCents(purchased), sold: fromCents(sold), gain: fromCents(sold - purchased), series };
}

/**
 * The vault's routes (DESIGN.md §12): the purchase, `GET /offer/stats` (SPEC.md §3's vault figures,
 * overall or of one lead), `GET /holding/sales` (sales over a period, staff) and the sales export.
 */
export function registerVaultRoutes(app: FastifyInstance) {
  const { db } = app.services;
  registerPurchaseRoutes(app);
  registerSalesExport(app);
  registerOfferExport(app);

  app.get(
    '/api/v1/offer/stats',
    {
      schema: {
        tags: ['offer'],
        summary: 'Vault figures: offers by status, holdings bought and sold, the largest accepted offer and price',
        ...offerStatsContract,
      },
    },
    async (request) => {
      const actor = actorOrThrow(request);
      const query = request.query as z.output<typeof offerStatsContract.querystring>;
      return { stats: await vaultFigures(db, actor, query.userId) };
    },
  );

  app.get(
    '/api/v1/holding/sales',
    {
      schema: {
        tags: ['holding'],
        summary: 'Sales over a period: count, bought for, sold for, gain, by day, week or month (staff)',
        ...salesStatsContract,
      },
    },
    async (request) => {
      const actor = actorOrThrow(request);
      requireAction(actor, 'sales.read');
      const query = request.query as z.output<typeof salesStatsContract.querystring>;
      const zone = timeZoneOf(request.headers['x-timezone']);
      const to = query.to ?? todayIn(zone, app.services.clock.now());
      const from = query.from ?? addDays(to, -29);
      const days = daysBetween(from, to);
      if (days < 0) throw new AppError('VALIDATION', { to: { key: 'validation.date', params: {} } });
      if (days >= MAX_DAYS) throw new AppError('VALIDATION', { from: { key: 'validation.max', params: { max: MAX_DAYS } } });
      return { sales: await salesOf(db, actor, zone, from, to, query.userId) };
    },
  );
}
