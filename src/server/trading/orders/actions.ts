import { orderMachine } from '../../../shared/lifecycle/machines.ts';
import { realPersonOf } from '../../../shared/lifecycle/four-eyes.ts';
import { toCents } from '../../../shared/money.ts';
import { isStaff } from '../../../shared/roles.ts';
import { closeSide, profitCents } from '../../../shared/trading/pnl.ts';
import { closeOrderSchema } from '../../../shared/trading/ticket.ts';
import { defineAction, type ActionContext } from '../../actions/define-action.ts';
import { AppError } from '../../http/app-error.ts';
import { checkEntriesDaily } from '../../money/index.ts';
import { orderResource } from '../../resources/order.ts';
import { currentSettings } from '../../settings/settings.ts';
import type { PriceFeed } from '../price-feed.ts';
import { bookClose, type OrderRow } from './booking.ts';
import { feedOf, marketAt } from './market.ts';
import { priceText } from './prices.ts';

/** A forex order closed at the market now (or at `at`): the bid for a buy, the ask for a sell, its profit at the feed's rate. */
export function marketClose(feed: PriceFeed, order: OrderRow, at?: Date) {
  const market = marketAt(feed, order.symbol, at);
  if (!market) throw new AppError('MARKET_CLOSED');
  const { quote, rate, spec } = market;
  const type = order.type as 'buy' | 'sell';
  const closePrice = quote[closeSide(type)];
  const openPrice = priceText(order.openPrice ?? 0, spec.digits);
  return {
    closePrice: Number(closePrice),
    rate,
    profitCents: profitCents({ spec, quantity: order.quantity, type, openPrice, closePrice, rate }),
  };
}

const now = (ctx: ActionContext) => ctx.request.server.services.clock.now();

/**
 * `POST /order/:id/close` (DESIGN.md §11): a lead closes its own forex order at the market, and sends
 * nothing else (a profit or price from a lead: 422 CLOSE_BY_MARKET); a binary option settles at its
 * expiry (422 BINARY_SETTLES_AT_EXPIRY). Staff close an order in scope at the market, or with a chosen
 * profit (and price): a loss or nothing books at once, a gain is house money and waits `closing` for a
 * second staff member while four eyes is on. Closing twice books once: the machine allows it from `open` only.
 */
const close = defineAction({
  resource: orderResource,
  machine: orderMachine,
  action: 'close',
  body: closeOrderSchema.optional(),
  summary:
    'Close an order: a lead its own forex order at the market; staff at the market or with a chosen profit (a gain waits for a second person)',
  async run(ctx, order, body) {
    const chosen = body?.profit !== undefined || body?.closePrice !== undefined;
    const staff = isStaff(ctx.actor.roles);
    if (chosen && !staff) throw new AppError('CLOSE_BY_MARKET');
    if (!chosen) {
      if (order.market === 'binary_options') throw new AppError('BINARY_SETTLES_AT_EXPIRY');
      const market = marketClose(feedOf(ctx.request.server), order);
      return {
        to: 'closed' as const,
        ...(await bookClose(ctx, order, { ...market, reason: staff ? 'staff' : 'market', at: now(ctx) })),
      };
    }
    if (body?.profit === undefined) throw new AppError('VALIDATION', { profit: { key: 'validation.required', params: {} } });
    const cents = toCents(body.profit);
    // A chosen gain is house money on one person's word: bounded per lead and day like an adjustment.
    if (cents > 0) await checkEntriesDaily(ctx.tx, 'order', [{ userId: order.userId, amount: cents / 100 }], { field: 'profit' });
    if (cents > 0 && ((await currentSettings(ctx.tx))?.fourEyes ?? true)) {
      return {
        to: 'closing' as const,
        set: { closeRequestedBy: realPersonOf(ctx.actor), requestedProfit: cents / 100, requestedClosePrice: body.closePrice ?? null },
        audit: { requestedProfit: cents / 100, requestedClosePrice: body.closePrice ?? null },
      };
    }
    return {
      to: 'closed' as const,
      ...(await bookClose(ctx, order, {
        profitCents: cents,
        closePrice: body.closePrice ?? null,
        rate: null,
        reason: 'staff',
        at: now(ctx),
      })),
    };
  },
});

/** `POST /order/:id/confirm-close`: another staff member than the one who asked books the requested profit (four eyes). */
const confirmClose = defineAction({
  resource: orderResource,
  machine: orderMachine,
  action: 'confirm-close',
  summary: 'Book a close with a chosen profit that another staff member requested (four eyes)',
  async run(ctx, order) {
    const booked = await bookClose(ctx, order, {
      profitCents: toCents(order.requestedProfit ?? 0),
      closePrice: order.requestedClosePrice,
      rate: null,
      reason: 'staff',
      at: now(ctx),
    });
    return { set: booked.set, audit: { ...booked.audit, requestedBy: order.closeRequestedBy } };
  },
});

/** `POST /order/:id/cancel-close`: the requested close is dropped, the order is open again; nothing booked. */
const cancelClose = defineAction({
  resource: orderResource,
  machine: orderMachine,
  action: 'cancel-close',
  summary: 'Drop a requested close: the order stays open',
  run: (_ctx, order) => ({
    set: { closeRequestedBy: null, requestedProfit: null, requestedClosePrice: null },
    audit: { requestedBy: order.closeRequestedBy, requestedProfit: order.requestedProfit },
  }),
});

export const ORDER_ACTIONS = [close, confirmClose, cancelClose];
