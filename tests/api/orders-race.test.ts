import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { manualClock } from '../../src/server/scheduler/clock.ts';
import { fixedFeed } from './fixed-feed.ts';
import { startServer, type TestServer } from './harness.ts';
import { adjust, availableOf, ledgerInvariants } from './money-fixtures.ts';

/**
 * Concurrency (issue 26): a close is booked once whoever else closes the same order at the same time
 * (another request, the scheduler's settlement), and many leads opening at once are each booked once.
 * EURUSD bid 1.24995 / ask 1.25005 (a dollar is 0.8 euro).
 */
const T0 = new Date('2026-11-27T10:00:00Z');
const clock = manualClock(T0);
let server: TestServer;
let root: string;

beforeAll(async () => {
  server = await startServer({ clock, priceFeed: fixedFeed(T0) });
  root = await server.rootToken();
  await server.sql('update settings set binary_options_enabled = true');
});
afterAll(() => server?.close());

const post = (token: string, url: string, payload?: unknown) =>
  server.call({ method: 'POST', url, token, headers: { 'idempotency-key': randomUUID() }, ...(payload ? { payload } : {}) });
const transfersOf = async (orderId: string) =>
  (await server.sql<{ kind: string }>(`select kind from transfers where source_id = '${orderId}' order by kind`)).map((t) => t.kind);
const forex = { market: 'forex', symbol: 'EURUSD', type: 'buy', quantity: 0.1, leverage: 30 };

describe('orders under concurrency', () => {
  it('two simultaneous closes of one order: one closes and books, the other is refused', async () => {
    const lead = await server.user(root, { roles: ['lead'] });
    await adjust(server, root, lead.id, 1_000);
    const { body: order } = await post(lead.token, '/api/v1/order', forex);
    const answers = await Promise.all([post(lead.token, `/api/v1/order/${order.id}/close`), post(root, `/api/v1/order/${order.id}/close`)]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 422]);
    expect(answers.find((a) => a.status === 422)!.body.code).toBe('INVALID_TRANSITION');
    // Held 0.1 × 100,000 × 1.25005 / 30 × 0.8 = 333.35; closed at the bid: −0.0001 × 10,000 × 0.8 = −0.80 from the hold.
    expect(await transfersOf(order.id)).toEqual(['order_hold', 'order_loss', 'order_release']);
    expect(await availableOf(server, root, lead.id)).toBe(999.2);
  });

  it('a staff close racing the settlement of an expired binary option: booked once, by one of them', async () => {
    const lead = await server.user(root, { roles: ['lead'], labels: ['binary_options'] });
    await adjust(server, root, lead.id, 1_000);
    const ticket = { market: 'binary_options', symbol: 'EURUSD', direction: 'buy', stake: 100, expiration: '1m', riskAcknowledged: true };
    const { body: option } = await post(lead.token, '/api/v1/order', ticket);
    clock.set(new Date(T0.getTime() + 120_000));
    const [close, report] = await Promise.all([
      post(root, `/api/v1/order/${option.id}/close`, { profit: -100 }),
      server.app.services.scheduler.runDue('binary-settlement'),
    ]);
    const closedBy = close.status === 200 ? 'staff' : 'expiry';
    if (close.status !== 200) expect(close.body.code).toBe('INVALID_TRANSITION');
    expect(report['binary-settlement'].failed).toEqual([]);
    const [row] = await server.sql<{ status: string; close_reason: string }>(
      `select status, close_reason from orders where id = '${option.id}'`,
    );
    expect(row).toEqual({ status: 'closed', close_reason: closedBy });
    // One close's transfers only: the settlement (tied at an unchanged ask) gives the stake back, staff's −100 takes it: two transfers either way.
    const kinds = await transfersOf(option.id);
    expect(kinds.filter((k) => k === 'order_hold')).toHaveLength(1);
    expect(kinds).toEqual(closedBy === 'staff' ? ['order_hold', 'order_loss'] : ['order_hold', 'order_release']);
    expect(await ledgerInvariants(server)).toMatchObject({ total: 0, mismatched: 0, negative: 0, twice: 0, broken: 0 });
  });

  it('50 leads opening at once on one symbol: every order booked, each once', async () => {
    clock.set(T0);
    const leads = [];
    for (let i = 0; i < 50; i++) {
      const lead = await server.user(root, { roles: ['lead'] });
      await adjust(server, root, lead.id, 500);
      leads.push(lead);
    }
    const answers = await Promise.all(leads.map((lead) => post(lead.token, '/api/v1/order', forex)));
    expect(answers.map((a) => a.status)).toEqual(Array(50).fill(201));
    const ids = answers.map((a) => a.body.id as string);
    expect(new Set(ids).size).toBe(50);
    const holds = await server.sql<{ n: number }>(
      `select count(*)::int as n from transfers where kind = 'order_hold' and source_id in (${ids.map((id) => `'${id}'`).join(', ')})`,
    );
    expect(holds[0].n).toBe(50);
    // Each: 500 − 333.35 = 166.65
    const available = await Promise.all(leads.map((lead) => availableOf(server, root, lead.id)));
    expect(available).toEqual(Array(50).fill(166.65));
    expect(await ledgerInvariants(server)).toMatchObject({ total: 0, mismatched: 0, negative: 0, twice: 0, broken: 0 });
  });
});
