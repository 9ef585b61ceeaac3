import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { manualClock } from '../../src/server/scheduler/clock.ts';
import { seedDemoOrders } from '../../src/server/trading/orders/demo-orders.ts';
import { startServer, type TestServer } from './harness.ts';
import { adjust, ledgerInvariants } from './money-fixtures.ts';

/** Demo trading through the domain, on the simulated feed's past prices: holds booked, closes booked, binary options settled by the scheduler. */
const NOW = new Date('2026-11-27T12:00:00Z');
let server: TestServer;

beforeAll(async () => {
  server = await startServer({ clock: manualClock(NOW) });
  const root = await server.rootToken();
  for (const labels of [['forex'], ['binary_options'], ['binary_options', 'forex'], []]) {
    const lead = await server.user(root, { roles: ['lead'], labels });
    await adjust(server, root, lead.id, 50_000);
  }
});
afterAll(() => server?.close());

describe('demo orders', () => {
  it('opens and closes orders by the domain, and the scheduler settles every expired binary option', async () => {
    const report = await seedDemoOrders(server.app.services.db, server.app.services.priceFeed, { now: NOW, seed: 3 });
    expect(report.opened).toBeGreaterThan(0);
    const settled = await server.app.services.scheduler.runDue('binary-settlement');
    expect(settled['binary-settlement'].booked).toHaveLength(report.binary);
    const [open] = await server.sql<{ n: number; held: string }>(
      `select count(*)::int as n, coalesce(sum(held), 0)::text as held from orders where status <> 'closed'`,
    );
    const [margin] = await server.sql<{ total: string }>(
      `select coalesce(sum(balance), 0)::text as total from accounts where kind = 'margin'`,
    );
    // What open orders hold is exactly what the margin accounts hold.
    expect(Number(margin.total)).toBe(Number(open.held));
    expect(open.n).toBe(report.opened - report.closed - report.binary);
    const [unbooked] = await server.sql<{ n: number }>(
      `select count(*)::int as n from orders o where not exists (select from transfers t where t.source_id = o.id and t.kind = 'order_hold')`,
    );
    expect(unbooked.n).toBe(0);
    expect(await ledgerInvariants(server)).toMatchObject({ total: 0, mismatched: 0, negative: 0, twice: 0, broken: 0 });
  });
});
