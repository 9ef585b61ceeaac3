import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { manualClock } from '../../src/server/scheduler/clock.ts';
import type { TradingSymbol } from '../../src/shared/trading/symbols.ts';
import { fixedFeed } from './fixed-feed.ts';
import { startServer, type TestServer } from './harness.ts';
import { adjust, availableOf, ledgerInvariants, type Person } from './money-fixtures.ts';

/**
 * The scheduler's trading work (DESIGN.md §11, §14) on a manual clock and a feed whose ticks the test
 * sets: binary options settle at the last tick at or before their expiry, the ESMA close-out closes the
 * worst position at 50 % of the margin, and a gap leaves the balance at zero with the house absorbing
 * the rest. EURUSD stays at mid 1.25 until the binary part, so a dollar is 0.8 euro throughout.
 */
const T0 = new Date('2026-11-27T10:00:00Z');
const at = (minutes: number, seconds = 0) => new Date(T0.getTime() + minutes * 60_000 + seconds * 1000);
const clock = manualClock(T0);
const feed = fixedFeed(T0);
let server: TestServer;
let root: string;

/** A tick at a time, and the clock moved there. */
const tick = (symbol: TradingSymbol, bid: string, ask: string, when: Date) => {
  feed.set(symbol, bid, ask, when);
  clock.set(when);
};
const open = (token: string, payload: Record<string, unknown>) =>
  server.call({ method: 'POST', url: '/api/v1/order', token, headers: { 'idempotency-key': randomUUID() }, payload });
const order = async (id: string) => (await server.call({ method: 'GET', url: `/api/v1/order/${id}`, token: root })).body;
const gold = { market: 'forex', symbol: 'XAUUSD', type: 'buy', quantity: 0.1, leverage: 20 };

async function fundedLead(euros: number, labels: string[] = []): Promise<Person> {
  const lead = await server.user(root, { roles: ['lead'], labels });
  expect((await adjust(server, root, lead.id, euros)).status).toBe(201);
  return lead;
}

beforeAll(async () => {
  server = await startServer({ clock, priceFeed: feed });
  root = await server.rootToken();
});
afterAll(() => server?.close());

describe('close-out (ESMA, per account)', () => {
  it('a falling price closes the worst position once equity is below 50 % of the margin, and checks again', async () => {
    const lead = await fundedLead(1_000);
    // Gold 0.1 lot at the ask 2,000.15, 1:20: 10 oz × 2,000.15 / 20 = 1,000.075 USD × 0.8 = 800.06 held.
    const { body: metal } = await open(lead.token, gold);
    expect(metal.held).toBe(800.06);
    // US500 0.1 at the ask 5,200.25, 1:20: 520.025 / 20 = 26.00125 USD × 0.8 = 20.80 held.
    const { body: index } = await open(lead.token, { ...gold, symbol: 'US500' });
    expect(index.held).toBe(20.8);
    expect(await availableOf(server, root, lead.id)).toBe(179.14);

    // Bid 1,960: gold −40.15 × 10 × 0.8 = −321.20, US500 −0.5 × 0.1 × 0.8 = −0.04; equity 820.86 − 321.24 = 499.62 ≥ 410.43.
    tick('XAUUSD', '1960.00', '1960.30', at(5));
    expect((await server.app.services.scheduler.runDue('close-out'))['close-out'].booked).toEqual([]);
    expect((await order(metal.id)).status).toBe('open');

    // Bid 1,948: gold −52.15 × 8 = −417.20; equity 820.86 − 417.24 = 403.62 < 410.43: gold goes, then 20.80 − 0.04 holds.
    tick('XAUUSD', '1948.00', '1948.30', at(6));
    const report = await server.app.services.scheduler.runDue('close-out');
    expect(report['close-out']).toEqual({ booked: [lead.id], failed: [] });
    expect(await order(metal.id)).toMatchObject({
      status: 'closed',
      closeReason: 'stop_out',
      closePrice: 1948,
      profit: -417.2,
      houseAbsorbed: null,
    });
    expect((await order(index.id)).status).toBe('open');
    // 1,000 − 417.20 − 20.80 (still held) = 562.00
    expect(await availableOf(server, root, lead.id)).toBe(562);
    expect((await server.app.services.scheduler.runDue('close-out'))['close-out'].booked).toEqual([]);
  });

  it('a gap past the balance: the balance stays at zero, the house absorbs the rest and the statement says so', async () => {
    tick('XAUUSD', '1999.85', '2000.15', at(10));
    const lead = await fundedLead(1_000);
    const { body: metal } = await open(lead.token, gold);
    expect(await availableOf(server, root, lead.id)).toBe(199.94);
    // Gaps to the bid 1,800: −200.15 × 8 = −1,601.20; the lead has 800.06 + 199.94 = 1,000.00, the house takes 601.20.
    tick('XAUUSD', '1800.00', '1800.30', at(11));
    await server.app.services.scheduler.runDue('close-out');
    expect(await order(metal.id)).toMatchObject({ status: 'closed', closeReason: 'stop_out', profit: -1000, houseAbsorbed: 601.2 });
    expect(await availableOf(server, root, lead.id)).toBe(0);
    const statement = await server.call({ method: 'GET', url: `/api/v1/funds/statement/${lead.id}?account=available`, token: root });
    expect(statement.status, JSON.stringify(statement.body)).toBe(200);
    expect(statement.body.entries[0]).toMatchObject({
      kind: 'order_loss_capped',
      amount: -199.94,
      balance: 0,
      memo: 'house absorbed 601.20',
    });
    expect(await ledgerInvariants(server)).toMatchObject({ total: 0, mismatched: 0, negative: 0, twice: 0, broken: 0 });
  });
});

describe('binary options settle at expiry', () => {
  it('at the last tick at or before the expiry, strictly: won pays the payout, tied gives the stake back, lost gives nothing; once', async () => {
    await server.sql('update settings set binary_options_enabled = true');
    tick('EURUSD', '1.24995', '1.25005', at(20));
    const lead = await fundedLead(1_000, ['binary_options']);
    const ticket = { market: 'binary_options', symbol: 'EURUSD', stake: 100, expiration: '1m', riskAcknowledged: true };
    // A call's strike is the ask 1.25005, a put's the bid 1.24995; both expire at 10:21:00.
    const { body: call } = await open(lead.token, { ...ticket, direction: 'buy' });
    const { body: put } = await open(lead.token, { ...ticket, direction: 'sell' });
    const { body: flat } = await open(lead.token, { ...ticket, direction: 'sell', stake: 50 });
    expect(call.expiration).toBe('2026-11-27T10:21:00.000Z');
    expect(await availableOf(server, root, lead.id)).toBe(750);

    // The last tick before 10:21: the ask 1.25020 > 1.25005 (the call wins), the bid 1.24995 = the puts' strike (tied).
    tick('EURUSD', '1.24995', '1.25020', at(20, 30));
    // After the expiry, nothing counts: a tick that would make the call lose.
    tick('EURUSD', '1.20000', '1.20010', at(21, 30));
    // The scheduler was down: it runs at 10:25 and still settles at the expiry's price.
    clock.set(at(25));
    const report = await server.app.services.scheduler.runDue('binary-settlement');
    expect(report['binary-settlement'].booked.sort()).toEqual([call.id, put.id, flat.id].sort());
    expect(await order(call.id)).toMatchObject({ status: 'closed', closeReason: 'expiry', closePrice: 1.2502, profit: 80 });
    expect(await order(put.id)).toMatchObject({ status: 'closed', closePrice: 1.24995, profit: 0 });
    // 750 + 180 (100 + 80 %) + 100 + 50 = 1,080
    expect(await availableOf(server, root, lead.id)).toBe(1_080);

    // A put that ends above its strike loses its stake to the house.
    const { body: lost } = await open(lead.token, { ...ticket, direction: 'sell' });
    // Its strike is the bid 1.20000 (the tick of 10:21:30); at its expiry (10:26) the bid is 1.20100, above it.
    tick('EURUSD', '1.20100', '1.20110', at(25, 30));
    clock.set(at(30));
    expect((await server.app.services.scheduler.runDue('binary-settlement'))['binary-settlement'].booked).toEqual([lost.id]);
    expect(await order(lost.id)).toMatchObject({ status: 'closed', profit: -100 });
    expect(await availableOf(server, root, lead.id)).toBe(980);
    expect((await server.app.services.scheduler.runDue('binary-settlement'))['binary-settlement'].booked).toEqual([]);
    expect(await ledgerInvariants(server)).toMatchObject({ total: 0, mismatched: 0, negative: 0, twice: 0, broken: 0 });
  });
});
