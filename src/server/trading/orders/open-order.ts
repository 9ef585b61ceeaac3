import { eq } from 'drizzle-orm';
import { v7 as uuidv7 } from 'uuid';
import { realPersonOf } from '../../../shared/lifecycle/four-eyes.ts';
import { toCents } from '../../../shared/money.ts';
import { isStaff } from '../../../shared/roles.ts';
import { marginCents, openSide } from '../../../shared/trading/pnl.ts';
import { expirationOf, expiryAllowed, leverageAllowed, type OrderTicket } from '../../../shared/trading/ticket.ts';
import { orders, users } from '../../db/schema.ts';
import { AppError } from '../../http/app-error.ts';
import type { Work } from '../../http/mutate.ts';
import { findScoped } from '../../resources/define-resource.ts';
import { userResource } from '../../resources/user.ts';
import { currentSettings } from '../../settings/settings.ts';
import type { PriceFeed } from '../price-feed.ts';
import { bookHold, type OrderRow } from './booking.ts';
import { marketAt } from './market.ts';

const field = (key: string, params: Record<string, unknown> = {}) => ({ key, params });

/** Whose order it is: a lead opens for itself (403 for anyone else), staff for a lead in their scope (404 outside it). */
async function ownerOf(work: Work, ticket: OrderTicket): Promise<{ id: string; labels: string[] }> {
  const { actor, tx } = work;
  if (!isStaff(actor.roles)) {
    if (ticket.userId && ticket.userId !== actor.id) throw new AppError('FORBIDDEN');
    // Labels matter to binary options only: a forex order costs no read of the lead.
    if (ticket.market === 'forex') return { id: actor.id, labels: [] };
    const [me] = await tx.select({ id: users.id, labels: users.labels }).from(users).where(eq(users.id, actor.id));
    return me;
  }
  if (!ticket.userId) throw new AppError('VALIDATION', { userId: field('validation.leadRequired') });
  const lead = await findScoped(tx, userResource, actor, ticket.userId);
  if (!lead) throw new AppError('NOT_FOUND');
  if (!(lead.roles as string[]).includes('lead')) throw new AppError('VALIDATION', { userId: field('validation.notALead') });
  return { id: lead.id as string, labels: lead.labels as string[] };
}

/**
 * Opens an order in the caller's transaction (DESIGN.md §11): at the feed's ask (buy) or bid (sell) now,
 * never a client's price; a forex order holds its margin, a binary option its stake (available → margin,
 * 422 INSUFFICIENT_FUNDS). Refusals change nothing: 422 LEVERAGE_ABOVE_MAX, BINARY_OPTIONS_OFF (the
 * company setting), BINARY_OPTIONS_NOT_ALLOWED (the lead lacks the `binary_options` label), EXPIRY_OUT_OF_RANGE.
 */
export async function openOrder(
  work: Work,
  feed: PriceFeed,
  ticket: OrderTicket,
  now: Date,
  /** At the feed's price of that past moment instead of its current one (the demo seeder's history). */
  past?: Date,
): Promise<OrderRow> {
  const owner = await ownerOf(work, ticket);
  const market = marketAt(feed, ticket.symbol, past);
  if (!market) throw new AppError('MARKET_CLOSED');
  const { quote, rate, spec } = market;
  const id = uuidv7();
  const base = {
    id,
    userId: owner.id,
    symbol: ticket.symbol,
    market: ticket.market,
    createdBy: realPersonOf(work.actor),
    status: 'open',
    ...(past ? { dateCreation: past, dateLastUpdate: past } : {}),
  };
  let values: typeof orders.$inferInsert;
  if (ticket.market === 'forex') {
    if (!leverageAllowed(ticket.symbol, ticket.leverage))
      throw new AppError(
        'LEVERAGE_ABOVE_MAX',
        { leverage: field('validation.leverageAboveMax', { max: spec.maxLeverage, symbol: spec.symbol }) },
        { max: spec.maxLeverage, symbol: spec.symbol },
      );
    const openPrice = quote[openSide(ticket.type)];
    const held = marginCents({ spec, quantity: ticket.quantity, openPrice, leverage: ticket.leverage, rate });
    values = {
      ...base,
      type: ticket.type,
      quantity: ticket.quantity,
      leverage: ticket.leverage,
      openPrice: Number(openPrice),
      held: held / 100,
    };
  } else {
    const settings = await currentSettings(work.tx);
    if (!settings?.binaryOptionsEnabled) throw new AppError('BINARY_OPTIONS_OFF');
    if (!owner.labels.includes('binary_options')) throw new AppError('BINARY_OPTIONS_NOT_ALLOWED');
    const expiration = expirationOf(ticket.expiration, now);
    if (!expiryAllowed(expiration, now)) throw new AppError('EXPIRY_OUT_OF_RANGE', { expiration: field('validation.expiryRange') });
    // The strike: the side a forex order of this direction would open at (a call the ask, a put the bid).
    const openPrice = quote[openSide(ticket.direction)];
    values = {
      ...base,
      type: ticket.direction,
      quantity: ticket.stake,
      leverage: 1,
      openPrice: Number(openPrice),
      held: ticket.stake,
      payout: spec.binaryPayout,
      expiration,
    };
  }
  const [row] = await work.tx.insert(orders).values(values).returning();
  work.changed({ entity: 'order', recordId: row.id, op: 'upsert', audience: [row.userId], leadsOf: [row.userId] });
  await bookHold(work, row, toCents(row.held));
  await work.audit('order.open', 'order', row.id, {
    userId: row.userId,
    market: row.market,
    symbol: row.symbol,
    type: row.type,
    quantity: row.quantity,
    leverage: row.leverage,
    openPrice: row.openPrice,
    held: row.held,
    expiration: row.expiration,
  });
  return row;
}
