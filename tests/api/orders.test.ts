import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { manualClock } from '../../src/server/scheduler/clock.ts';
import { fixedFeed } from './fixed-feed.ts';
import { startServer, type TestServer } from './harness.ts';
import { adjust, availableOf, ledgerInvariants, type Person } from './money-fixtures.ts';

/**
 * POST /order, POST /order/:id/close | confirm-close | cancel-close and GET /order/stats (DESIGN.md §11),
 * on a feed whose quotes the test sets. Expected figures are worked by hand in the comments: EURUSD mid
 * 1.25 (bid 1.24995, ask 1.25005) makes a dollar 0.8 euro.
 */
const START = new Date('2026-11-27T10:00:00Z');
const clock = manualClock(START);
const feed = fixedFeed(START);
let server: TestServer;
let root: string;
let regular: Person;
let otherRegular: Person;
let lead: Person;

const keyed = () => ({ 'idempotency-key': randomUUID() });
const open = (token: string, payload: Record<string, unknown>) =>
  server.call({ method: 'POST', url: '/api/v1/order', token, headers: keyed(), payload });
const act = (token: string, id: string, action: string, payload?: Record<string, unknown>) =>
  server.call({ method: 'POST', url: `/api/v1/order/${id}/${action}`, token, headers: keyed(), ...(payload ? { payload } : {}) });
const orderCount = async () => Number((await server.sql<{ n: string }>('select count(*) as n from orders'))[0].n);
const forex = { market: 'forex', symbol: 'EURUSD', type: 'buy', quantity: 0.5, leverage: 30 };

beforeAll(async () => {
  server = await startServer({ clock, priceFeed: feed });
  root = await server.rootToken();
  regular = await server.user(root, { roles: ['regular'], firstName: 'Rita', lastName: 'Regular' });
  otherRegular = await server.user(root, { roles: ['regular'], firstName: 'Otto', lastName: 'Other' });
  lead = await server.user(root, { roles: ['lead'], assignedTo: regular.id });
  const funded = await adjust(server, root, lead.id, 10_000);
  expect(funded.status).toBe(201);
});
afterAll(() => server?.close());

describe('opening', () => {
  it("opens a forex buy at the server's ask and holds its margin", async () => {
    const { status, body } = await open(lead.token, forex);
    expect(status).toBe(201);
    // 0.5 × 100,000 × 1.25005 / 30 × 0.8 = 1,666.7333… → 1,666.73
    expect(body).toMatchObject({ status: 'open', openPrice: 1.25005, held: 1666.73, userId: lead.id, createdBy: lead.id, profit: null });
    expect(await availableOf(server, lead.token, lead.id)).toBe(8333.27);
    // Closed at once at the bid 1.24995: the spread, (1.24995 − 1.25005) × 50,000 = −5 USD × 0.8 = −4.00
    const closed = await act(lead.token, body.id, 'close');
    expect(closed.body).toMatchObject({ status: 'closed', closePrice: 1.24995, profit: -4 });
    expect(await availableOf(server, lead.token, lead.id)).toBe(9_996);
  });

  it('refuses without changing anything: leverage above the maximum, a price in the ticket, too little money, another lead', async () => {
    const before = await orderCount();
    const high = await open(lead.token, { ...forex, leverage: 31 });
    expect(high.status).toBe(422);
    expect(high.body.code).toBe('LEVERAGE_ABOVE_MAX');
    expect(high.body.message).toBe('EURUSD allows a leverage of at most 30:1');
    const priced = await open(lead.token, { ...forex, openPrice: 1.1 });
    expect(priced.status).toBe(400);
    expect(priced.body.code).toBe('VALIDATION');
    // 100 lots at 1:1 hold 100 × 100,000 × 1.25005 × 0.8 = 10,000,400.00 > 10,000.00
    const poor = await open(lead.token, { ...forex, quantity: 100, leverage: 1 });
    expect(poor.status).toBe(422);
    expect(poor.body.code).toBe('INSUFFICIENT_FUNDS');
    const other = await open(lead.token, { ...forex, userId: regular.id });
    expect(other.status).toBe(403);
    expect(await orderCount()).toBe(before);
    expect(await availableOf(server, lead.token, lead.id)).toBe(9_996);
  });

  it('staff open for a lead in their scope only; the standard create, patch and delete are not there', async () => {
    const outside = await open(otherRegular.token, { ...forex, userId: lead.id });
    expect(outside.status).toBe(404);
    const mine = await open(regular.token, { ...forex, userId: lead.id });
    expect(mine.status).toBe(201);
    expect(mine.body.createdBy).toBe(regular.id);
    expect((await server.call({ method: 'PATCH', url: `/api/v1/order/${mine.body.id}`, token: root, payload: { profit: 1 } })).status).toBe(
      404,
    );
    expect((await server.call({ method: 'DELETE', url: `/api/v1/order/${mine.body.id}`, token: root })).status).toBe(404);
    expect((await server.call({ method: 'POST', url: '/api/v1/order/batch', token: root, payload: [] })).status).toBe(404);
    const closed = await act(regular.token, mine.body.id, 'close');
    expect(closed.body).toMatchObject({ status: 'closed', profit: -4, closeReason: 'staff', closedBy: regular.id });
  });

  it('binary options: only with the company setting on and the lead labelled, with the risk acknowledged', async () => {
    const ticket = { market: 'binary_options', symbol: 'EURUSD', direction: 'buy', stake: 100, expiration: '1m', riskAcknowledged: true };
    const off = await open(lead.token, ticket);
    expect(off.status).toBe(422);
    expect(off.body.code).toBe('BINARY_OPTIONS_OFF');
    await server.sql('update settings set binary_options_enabled = true');
    const unlabelled = await open(lead.token, ticket);
    expect(unlabelled.status).toBe(422);
    expect(unlabelled.body.code).toBe('BINARY_OPTIONS_NOT_ALLOWED');
    await server.sql(`update users set labels = '{binary_options}' where id = '${lead.id}'`);
    const unacknowledged = await open(lead.token, { ...ticket, riskAcknowledged: false });
    expect(unacknowledged.status).toBe(400);
    const opened = await open(lead.token, ticket);
    expect(opened.status).toBe(201);
    expect(opened.body).toMatchObject({
      market: 'binary_options',
      held: 100,
      payout: 80,
      openPrice: 1.25005,
      expiration: '2026-11-27T10:01:00.000Z',
    });
    // A lead never closes a binary option: it settles at expiry.
    const closing = await act(lead.token, opened.body.id, 'close');
    expect(closing.status).toBe(422);
    expect(closing.body.code).toBe('BINARY_SETTLES_AT_EXPIRY');
    expect(await availableOf(server, lead.token, lead.id)).toBe(9_892);
  });
});

describe('closing', () => {
  it('a lead closes its own forex order at the market bid, once; a profit or price from a lead is refused', async () => {
    const { body: order } = await open(lead.token, forex);
    const chosen = await act(lead.token, order.id, 'close', { profit: 100 });
    expect(chosen.status).toBe(422);
    expect(chosen.body.code).toBe('CLOSE_BY_MARKET');
    const priced = await act(lead.token, order.id, 'close', { closePrice: 1.3 });
    expect(priced.body.code).toBe('CLOSE_BY_MARKET');
    feed.set('EURUSD', '1.26005', '1.26015', START);
    clock.set(new Date(START.getTime() + 1));
    const closed = await act(lead.token, order.id, 'close');
    feed.set('EURUSD', '1.24995', '1.25005', new Date(START.getTime() + 2));
    expect(closed.status).toBe(200);
    // (1.26005 − 1.25005) × 50,000 = 500 USD at 1 / 1.2601 = 396.7939… → 396.79
    expect(closed.body).toMatchObject({ status: 'closed', closePrice: 1.26005, profit: 396.79, closeReason: 'market', closedBy: lead.id });
    expect(await availableOf(server, lead.token, lead.id)).toBe(10_288.79);
    const twice = await act(lead.token, order.id, 'close');
    expect(twice.status).toBe(422);
    expect(twice.body.code).toBe('INVALID_TRANSITION');
    expect(await availableOf(server, lead.token, lead.id)).toBe(10_288.79);
  });

  it('staff close with a chosen loss at once; a chosen gain waits for a second person, who confirms it (or anyone cancels)', async () => {
    const { body: a } = await open(regular.token, { ...forex, userId: lead.id });
    const loss = await act(regular.token, a.id, 'close', { profit: -50.5, closePrice: 1.24 });
    expect(loss.body).toMatchObject({ status: 'closed', profit: -50.5, closePrice: 1.24, closeReason: 'staff', closedBy: regular.id });
    expect(await availableOf(server, lead.token, lead.id)).toBe(10_238.29);

    const { body: b } = await open(regular.token, { ...forex, userId: lead.id });
    const asked = await act(regular.token, b.id, 'close', { profit: 120 });
    expect(asked.body).toMatchObject({ status: 'closing', closeRequestedBy: regular.id, requestedProfit: 120, profit: null });
    const self = await act(regular.token, b.id, 'confirm-close');
    expect(self.status).toBe(422);
    expect(self.body.code).toBe('SECOND_PERSON_REQUIRED');
    const byLead = await act(lead.token, b.id, 'confirm-close');
    expect(byLead.status).toBe(403);
    const confirmed = await act(root, b.id, 'confirm-close');
    expect(confirmed.body).toMatchObject({ status: 'closed', profit: 120, closeReason: 'staff' });
    // 10,238.29 − 1,666.73 (held) + 1,666.73 (back) + 120 = 10,358.29
    expect(await availableOf(server, lead.token, lead.id)).toBe(10_358.29);

    const { body: c } = await open(regular.token, { ...forex, userId: lead.id });
    await act(regular.token, c.id, 'close', { profit: 10 });
    const cancelled = await act(regular.token, c.id, 'cancel-close');
    expect(cancelled.body).toMatchObject({ status: 'open', closeRequestedBy: null, requestedProfit: null });
    await act(lead.token, c.id, 'close');
    // At the market: the spread, −4.00
    expect(await availableOf(server, lead.token, lead.id)).toBe(10_354.29);
    expect(await ledgerInvariants(server)).toMatchObject({ total: 0, mismatched: 0, negative: 0, twice: 0, broken: 0 });
  });
});

describe('four eyes off', () => {
  it('a chosen gain books at once when the company switched four eyes off (a single staff member)', async () => {
    await server.sql('update settings set four_eyes = false');
    const { body: order } = await open(regular.token, { ...forex, userId: lead.id });
    const closed = await act(regular.token, order.id, 'close', { profit: 10 });
    await server.sql('update settings set four_eyes = true');
    expect(closed.body).toMatchObject({ status: 'closed', profit: 10, closeRequestedBy: null });
    // 10,354.29 + 10 = 10,364.29
    expect(await availableOf(server, lead.token, lead.id)).toBe(10_364.29);
  });
});

describe('stats', () => {
  it("answers the caller's orders: a lead its own, a regular its leads', totals by symbol and market", async () => {
    const mine = await server.call({ method: 'GET', url: '/api/v1/order/stats', token: lead.token });
    expect(mine.status).toBe(200);
    const s = mine.body.orderStats;
    // Opened: 7 forex orders (0.5 lot each), all closed, and one binary option of 100.00 still open.
    expect(s).toMatchObject({ open: 1, closed: 7, volume: 3.5, staked: 100, held: 100 });
    // Closed profits: −4 − 4 + 396.79 − 50.5 + 120 − 4 + 10 = 464.29; 3 of 7 won = 42.9 %.
    expect(s.realisedProfit).toBe(464.29);
    expect(s.winRate).toBe(42.9);
    expect(s.byMarket.find((m: { market: string }) => m.market === 'binary_options')).toMatchObject({ open: 1, closed: 0, staked: 100 });
    const other = await server.call({ method: 'GET', url: '/api/v1/order/stats', token: otherRegular.token });
    expect(other.body.orderStats).toMatchObject({ open: 0, closed: 0, realisedProfit: 0, winRate: null });
  });
});

describe('bounds on a chosen profit (CHECKLIST 14)', () => {
  it('at most €1,000,000 a close, and the gains chosen for one lead €5,000,000 in 24 hours; a dropped request frees its part', async () => {
    const bounded = await server.user(root, { roles: ['lead'], assignedTo: regular.id });
    expect((await adjust(server, root, bounded.id, 1_000)).status).toBe(201);
    const small = { ...forex, quantity: 0.01, userId: bounded.id };
    const orders: string[] = [];
    for (let i = 0; i < 7; i++) orders.push((await open(regular.token, small)).body.id);
    const gains = () => server.sql<{ n: string }>(`select count(*) as n from orders where user_id = '${bounded.id}' and status <> 'open'`);

    const tooMuch = await act(regular.token, orders[0], 'close', { profit: 1_000_000.01 });
    expect(tooMuch.body).toEqual({
      message: 'An amount entered can be at most €1,000,000.00',
      code: 'ENTRY_MAX',
      details: { profit: 'An amount entered can be at most €1,000,000.00' },
    });
    expect(tooMuch.status).toBe(422);

    // Five gains of €1,000,000 waiting for a second person: the 24 hours' €5,000,000 are taken.
    for (const id of orders.slice(0, 5)) expect((await act(regular.token, id, 'close', { profit: 1_000_000 })).body.status).toBe('closing');
    const over = await act(regular.token, orders[5], 'close', { profit: 0.01 });
    expect(over.status).toBe(422);
    expect(over.body).toEqual({
      message: 'Entries of this kind for one lead are limited to €5,000,000.00 in 24 hours: at most €0.00 more for now',
      code: 'ENTRY_DAILY_MAX',
      details: { profit: 'Entries of this kind for one lead are limited to €5,000,000.00 in 24 hours: at most €0.00 more for now' },
    });
    expect(Number((await gains())[0].n)).toBe(5);
    // A loss and a close at the market are not gains chosen: they go through.
    expect((await act(regular.token, orders[5], 'close', { profit: -1 })).body.status).toBe('closed');
    expect((await act(regular.token, orders[6], 'close')).body.status).toBe('closed');

    // A booked gain still counts; a dropped request gives its €1,000,000 back.
    expect((await act(root, orders[0], 'confirm-close')).body.status).toBe('closed');
    expect((await act(regular.token, orders[1], 'cancel-close')).body.status).toBe('open');
    expect((await act(regular.token, orders[1], 'close', { profit: -1_000_000.01 })).status).toBe(422);
    const refilled = await act(regular.token, orders[1], 'close', { profit: 1_000_000 });
    expect(refilled.body).toMatchObject({ status: 'closing', requestedProfit: 1_000_000 });
    expect(await ledgerInvariants(server)).toMatchObject({ total: 0, mismatched: 0, negative: 0, twice: 0, broken: 0 });
  });
});
