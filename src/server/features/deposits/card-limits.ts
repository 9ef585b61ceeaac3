import { setTimeout as sleep } from 'node:timers/promises';
import type { FastifyRequest } from 'fastify';
import { sql } from 'drizzle-orm';
import { toCents } from '../../../shared/money.ts';
import { holdsCardNumber } from '../../../shared/money/card.ts';
import type { Config } from '../../config.ts';
import type { Executor } from '../../db/client.ts';
import { AppError, RateLimited } from '../../http/app-error.ts';
import { euros } from '../../http/errors.ts';
import { countHit, forgiveHit, hold, release } from '../../http/rate-counters.ts';
import { currentSettings } from '../../settings/settings.ts';

/**
 * The bounds of card payments (DESIGN.md §6, CHECKLIST.md 14): a maximum per deposit and per lead in
 * 24 hours (settings), attempts counted per lead and per address in the database (card testing), and
 * card numbers refused anywhere but the body. docs/decisions/card-bounds.md says why each is so.
 */

/** Longest a lead's card payment may keep the others of that lead waiting (a gateway slower than this has failed). */
const PAYMENT_HOLD_SECONDS = 120;
/**
 * How long another payment for the same lead waits its turn (a lead and its broker paying at once, a
 * form sent twice with two keys) before a 429, looking again every POLL_MS: a payment takes tens of ms.
 */
const WAIT_MS = 3_000;
const POLL_MS = 50;

/** Statuses of a card deposit that went through or may still go through: they use up the day's limit. */
const COUNTED = ['pending', 'awaiting_3d_secure', 'completed'];

const cardLimitIssue = (code: 'CARD_DEPOSIT_MAX' | 'CARD_DAILY_MAX', params: Record<string, unknown>) =>
  new AppError(code, { amount: { key: `errors.${code}`, params } }, params);

/** Refuses more than one deposit may carry, before anything is counted or asked. */
export async function checkDepositMax(db: Executor, amount: number) {
  const { cardDepositMax: max } = await currentSettings(db);
  if (toCents(amount) > toCents(max)) throw cardLimitIssue('CARD_DEPOSIT_MAX', { limit: euros(max) });
}

/** Refuses what would take the lead's card deposits of the last 24 hours past the daily limit (under the lead's hold). */
async function checkDailyMax(db: Executor, leadId: string, amount: number) {
  const { cardDepositDailyMax } = await currentSettings(db);
  const rows = (await db.execute(sql`select coalesce(sum(amount * 100), 0)::bigint as cents from deposits
      where user_id = ${leadId} and method = 'card' and status in (${sql.join(COUNTED, sql`, `)})
        and date_creation > now() - interval '24 hours'`)) as unknown as { rows: { cents: string }[] };
  const used = Number(rows.rows[0].cents);
  const daily = toCents(cardDepositDailyMax);
  if (used + toCents(amount) > daily)
    throw cardLimitIssue('CARD_DAILY_MAX', { limit: euros(cardDepositDailyMax), remaining: euros(Math.max(0, daily - used) / 100) });
}

/**
 * Runs one card payment for a lead within its bounds: one at a time per lead on every node (so two at
 * once cannot both fit under the daily limit; the next waits its turn briefly), within the day's
 * limit, then counted per lead and per address before the gateway is asked. `pay` answers whether
 * the card was declined: an address gets back the attempts that went through, so an office paying
 * for many leads is never slowed by them.
 */
export async function withinCardBounds<T>(
  db: Executor,
  limits: Config['cardAttempts'],
  payment: { leadId: string; address: string; amount: number },
  pay: () => Promise<{ result: T; declined: boolean }>,
): Promise<T> {
  const holdKey = `card-pay:${payment.leadId}`;
  let busy = await hold(db, holdKey, PAYMENT_HOLD_SECONDS);
  for (let waited = 0; busy > 0 && waited < WAIT_MS; waited += POLL_MS) {
    await sleep(POLL_MS);
    busy = await hold(db, holdKey, PAYMENT_HOLD_SECONDS);
  }
  // Still busy: a slow gateway, or many payments at once (card testing). Come back in a moment.
  if (busy > 0) throw new RateLimited(Math.min(busy, 2));
  try {
    await checkDailyMax(db, payment.leadId, payment.amount);
    const forLead = await countHit(db, `card:${payment.leadId}`, limits.lead.max, limits.lead.windowSeconds);
    if (forLead > 0) throw new RateLimited(forLead);
    const addressKey = `card-ip:${payment.address}`;
    const forAddress = await countHit(db, addressKey, limits.address.max, limits.address.windowSeconds);
    if (forAddress > 0) throw new RateLimited(forAddress);
    const { result, declined } = await pay();
    if (!declined) await forgiveHit(db, addressKey);
    return result;
  } finally {
    await release(db, holdKey);
  }
}

/** A query string as its parameters read: `+` is a space, %-escapes decoded (a malformed one left as sent). */
function decodedQuery(url: string): string {
  const at = url.indexOf('?');
  if (at < 0) return '';
  const query = url.slice(at + 1).replace(/\+/g, ' ');
  try {
    return decodeURIComponent(query);
  } catch {
    return query;
  }
}

/**
 * A card route's onRequest hook: a card number in the query string or a header is refused (400) before
 * anything runs (authentication, the idempotency key's reservation): URLs and headers are kept by
 * proxies, browsers and logs, the body is not.
 */
export async function refuseCardOutsideBody(request: FastifyRequest) {
  const issue = { key: 'validation.cardOutsideBody', params: {} };
  if (holdsCardNumber(decodedQuery(request.url))) throw new AppError('VALIDATION', { query: issue });
  for (const [name, value] of Object.entries(request.headers))
    if (value !== undefined && holdsCardNumber(Array.isArray(value) ? value.join(' ') : String(value), { standalone: true }))
      throw new AppError('VALIDATION', { [name]: issue });
}
