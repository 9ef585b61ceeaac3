import { and, asc, eq, inArray, isNotNull, lte, ne, notInArray, sql } from 'drizzle-orm';
import { orderMachine } from '../../../shared/lifecycle/machines.ts';
import { toCents } from '../../../shared/money.ts';
import { belowCloseOut, binaryOutcome, binaryReturnCents, openSide } from '../../../shared/trading/pnl.ts';
import { transition } from '../../actions/define-action.ts';
import type { Executor } from '../../db/client.ts';
import { orders } from '../../db/schema.ts';
import { AppError } from '../../http/app-error.ts';
import type { Work } from '../../http/mutate.ts';
import { orderResource } from '../../resources/order.ts';
import { defineBatchJob, defineJob } from '../../scheduler/define-job.ts';
import type { PriceFeed } from '../price-feed.ts';
import { marketClose } from './actions.ts';
import { bookClose, type OrderRow } from './booking.ts';
import { specOf } from './market.ts';
import { priceText } from './prices.ts';

const notClosed = ne(orders.status, 'closed');

/** Runs the machine's `settle` on an order, or nothing when it is closed already (a lead's or staff's close won the race). */
async function settle(work: Work, id: string, book: (order: OrderRow) => ReturnType<typeof bookClose>): Promise<boolean> {
  try {
    await transition(work, { resource: orderResource, machine: orderMachine, action: 'settle', id, scoped: false }, book);
    return true;
  } catch (error) {
    if (error instanceof AppError && error.code === 'INVALID_TRANSITION') return false;
    throw error;
  }
}

/**
 * Binary options settle at their expiration (DESIGN.md §11, §14), each once (its `job_runs` key, and the
 * machine's `settle` from an open state only), caught up after downtime: the price is the feed's last
 * tick at or before the expiration, whenever the pass runs. Won: the stake back and stake × payout %
 * from the house; tied: the stake back; lost: the stake to the house.
 */
export const binarySettlementJob = (feed: () => PriceFeed) =>
  defineJob({
    name: 'binary-settlement',
    intervalMs: 1_000,
    async findDue(db: Executor, now: Date) {
      const rows = await db
        .select({ id: orders.id, at: orders.expiration })
        .from(orders)
        .where(and(eq(orders.market, 'binary_options'), notClosed, isNotNull(orders.expiration), lte(orders.expiration, now)));
      return rows.map((row) => ({ key: row.id, dueAt: row.at! }));
    },
    async run(work, key) {
      await settle(work, key, async (order) => {
        const spec = specOf(order.symbol);
        const direction = order.type as 'buy' | 'sell';
        const tick = feed().quoteAt(spec.symbol as Parameters<PriceFeed['quoteAt']>[0], order.expiration!);
        // No tick yet at the expiry (the feed's history starts later): left for the next pass, nothing booked.
        if (!tick) throw new AppError('MARKET_CLOSED');
        const settlement = tick[openSide(direction)];
        const strike = priceText(order.openPrice ?? 0, spec.digits);
        const stake = toCents(order.held);
        const returned = binaryReturnCents(binaryOutcome({ spec, direction, strike, settlement }), stake, order.payout ?? 0);
        return bookClose(work, order, {
          profitCents: returned - stake,
          closePrice: Number(settlement),
          rate: null,
          reason: 'expiry',
          at: order.expiration!,
        });
      });
    },
  });

/** A lead's open forex positions, each with its unrealised profit at the market now. */
function positions(feed: PriceFeed, rows: readonly OrderRow[], now: Date) {
  return rows.map((order) => ({ order, ...marketClose(feed, order, now) }));
}

/** Whether these positions put the account under the ESMA close-out (equity below 50 % of the margin held). */
function underCloseOut(open: ReturnType<typeof positions>) {
  const margin = open.reduce((sum, p) => sum + toCents(p.order.held), 0);
  const unrealised = open.reduce((sum, p) => sum + p.profitCents, 0);
  return belowCloseOut(margin, unrealised);
}

const openForex = and(eq(orders.market, 'forex'), notClosed);

/**
 * The ESMA close-out, per account (DESIGN.md §11): a lead whose equity (margin + unrealised profit of
 * its open forex positions) is below 50 % of its margin has its worst losing position closed at the
 * market, and is checked again, until it is not or nothing is open. A batch job: its items are leads,
 * claimed with their open orders FOR UPDATE SKIP LOCKED (a close under way elsewhere is not waited for);
 * each close is the machine's `settle` from an open state, booked once. A loss past the balance is the
 * house's (bookClose).
 */
export const closeOutJob = (feed: () => PriceFeed) =>
  defineBatchJob({
    name: 'close-out',
    intervalMs: 1_000,
    batchSize: 50,
    async claim(tx, now, limit, skip) {
      const rows = (await tx
        .select()
        .from(orders)
        .where(and(openForex, skip.length ? notInArray(orders.userId, [...skip]) : undefined))
        .orderBy(asc(orders.userId))) as OrderRow[];
      const byLead = new Map<string, OrderRow[]>();
      for (const row of rows) byLead.set(row.userId, [...(byLead.get(row.userId) ?? []), row]);
      // An account whose symbols have no price yet (MARKET_CLOSED) is left for a later pass; the others go on.
      const due = [...byLead]
        .filter(([, own]) => {
          try {
            return underCloseOut(positions(feed(), own, now));
          } catch (error) {
            if (error instanceof AppError && error.code === 'MARKET_CLOSED') return false;
            throw error;
          }
        })
        .map(([lead]) => lead);
      if (!due.length) return [];
      const locked = await tx
        .select({ userId: orders.userId })
        .from(orders)
        .where(and(openForex, inArray(orders.userId, due)))
        .for('update', { skipLocked: true });
      return [...new Set(locked.map((row) => row.userId))].slice(0, limit);
    },
    async book(work, leads, now) {
      for (const lead of leads) {
        for (;;) {
          const rows = (await work.tx
            .select()
            .from(orders)
            .where(and(openForex, eq(orders.userId, lead)))
            .for('update')) as OrderRow[];
          const open = positions(feed(), rows, now);
          if (!open.length || !underCloseOut(open)) break;
          const worst = open.reduce((a, b) => (b.profitCents < a.profitCents ? b : a));
          await settle(work, worst.order.id, (order) =>
            bookClose(work, order, {
              profitCents: worst.profitCents,
              closePrice: worst.closePrice,
              rate: worst.rate,
              reason: 'stop_out',
              at: now,
            }),
          );
        }
      }
    },
  });

/** Trading's scheduled work, over the app's feed. */
export const tradingJobs = (feed: () => PriceFeed) => [binarySettlementJob(feed), closeOutJob(feed)];

/** The binary options due by `now` (tests and the demo seeder read it). */
export const dueBinaryCount = async (db: Executor, now: Date) =>
  (
    await db
      .select({ n: sql<number>`count(*)::int` })
      .from(orders)
      .where(and(eq(orders.market, 'binary_options'), notClosed, lte(orders.expiration, now)))
  )[0].n;
