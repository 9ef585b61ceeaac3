import { sql } from 'drizzle-orm';
import { orderMachine } from '../../../shared/lifecycle/machines.ts';
import { marginCents, openSide } from '../../../shared/trading/pnl.ts';
import { SYMBOLS, type TradingSymbol } from '../../../shared/trading/symbols.ts';
import type { OrderTicket } from '../../../shared/trading/ticket.ts';
import { transition } from '../../actions/define-action.ts';
import type { Actor } from '../../context.ts';
import type { Db } from '../../db/client.ts';
import { settings } from '../../db/schema.ts';
import { workOn, writeChanges, type Change } from '../../http/mutate.ts';
import { openLedger } from '../../money/index.ts';
import { orderResource } from '../../resources/order.ts';
import type { PriceFeed } from '../price-feed.ts';
import { marketClose } from './actions.ts';
import { bookClose } from './booking.ts';
import { marketAt } from './market.ts';
import { openOrder } from './open-order.ts';

const HOUR = 3_600_000;

/** A small deterministic generator (mulberry32): the same demo for the same seed. */
function generator(seed: number) {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
  return {
    next,
    int: (min: number, max: number) => min + Math.floor(next() * (max - min + 1)),
    pick: <T>(list: readonly T[]) => list[Math.floor(next() * list.length)],
  };
}

export type DemoOrdersReport = { opened: number; closed: number; binary: number };

/**
 * Demo trading through the domain (issue 26): leads with money open forex orders (and, where the
 * company allows them and the lead is labelled, binary options) at the feed's prices of moments in the
 * last two days, by `openOrder` as the API does, holding margins and stakes in the ledger; some are
 * closed later at that moment's market by the close action's booking. Binary options expire an hour
 * after they open, so the scheduler's settlement finds them due and settles them at their expiry's tick.
 */
export async function seedDemoOrders(
  db: Db,
  feed: PriceFeed,
  options: { now: Date; leads?: number; seed?: number },
): Promise<DemoOrdersReport> {
  const { now } = options;
  const random = generator(options.seed ?? 1);
  const report: DemoOrdersReport = { opened: 0, closed: 0, binary: 0 };
  await db.update(settings).set({ binaryOptionsEnabled: true });
  const rows = (await db.execute(sql`
    select u.id, u.labels, (a.balance * 100)::bigint::text as cents from users u join accounts a on a.lead_id = u.id and a.kind = 'available'
    where 'lead' = any(u.roles) and a.balance >= 1000 order by u.id limit ${options.leads ?? 400}`)) as unknown as {
    rows: { id: string; labels: string[]; cents: string }[];
  };
  for (let i = 0; i < rows.rows.length; i += 50) {
    await db.transaction(async (tx) => {
      const changes: Change[] = [];
      const ledger = openLedger(tx);
      for (const lead of rows.rows.slice(i, i + 50)) {
        const actor: Actor = { id: lead.id, roles: ['lead'], email: '', sessionId: '', impersonatorId: null };
        const work = workOn(tx, actor, changes, null);
        let available = Number(lead.cents);
        for (let n = random.int(1, 3); n > 0; n--) {
          const spec = random.pick(SYMBOLS);
          const openedAt = new Date(now.getTime() - random.int(2, 47) * HOUR - random.int(0, 3599) * 1000);
          const market = marketAt(feed, spec.symbol, openedAt);
          if (!market) continue;
          const binary = lead.labels.includes('binary_options') && random.next() < 0.3;
          const type = random.pick(['buy', 'sell'] as const);
          let ticket: OrderTicket;
          if (binary) {
            const stake = random.int(1, 10) * 10;
            if (stake * 100 > available) continue;
            ticket = {
              market: 'binary_options',
              symbol: spec.symbol as TradingSymbol,
              direction: type,
              stake,
              expiration: '1h',
              riskAcknowledged: true,
            };
            available -= stake * 100;
          } else {
            const quantity =
              spec.contractSize >= 100_000
                ? random.int(1, 20) / 100
                : spec.contractSize === 100
                  ? random.int(1, 5) / 100
                  : random.int(1, 10) / 100;
            const leverage = random.int(1, spec.maxLeverage);
            const held = marginCents({ spec, quantity, openPrice: market.quote[openSide(type)], leverage, rate: market.rate });
            // A third of what is left at most: the demo leaves room for losses and the lead's own trades.
            if (held * 3 > available) continue;
            ticket = { market: 'forex', symbol: spec.symbol as TradingSymbol, type, quantity, leverage };
            available -= held;
          }
          const order = await openOrder(work, feed, ticket, openedAt, openedAt);
          report.opened++;
          if (binary) {
            report.binary++;
            continue;
          }
          if (random.next() < 0.6) {
            const closedAt = new Date(
              openedAt.getTime() + random.int(5, Math.max(5, Math.floor((now.getTime() - openedAt.getTime()) / 60_000) - 1)) * 60_000,
            );
            const close = marketClose(feed, order, closedAt);
            await transition(
              work,
              { resource: orderResource, machine: orderMachine, action: 'close', id: order.id, scoped: false },
              async (row) => ({
                to: 'closed' as const,
                ...(await bookClose(work, row, { ...close, reason: 'market', at: closedAt })),
              }),
            );
            report.closed++;
          }
        }
      }
      if (changes.length) await writeChanges(tx, changes);
      await ledger.settle();
    });
  }
  return report;
}
