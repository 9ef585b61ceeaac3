import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENTITY_FIXTURES, heldProduct, makeCatalog, uniqueTag, type Prerequisites } from '../fixtures/entity-payloads.ts';
import { startServer, type TestServer } from './harness.ts';
import { adjust } from './money-fixtures.ts';

/**
 * Orders, offers and investments before their own actions exist (issue 23): the standard set refuses
 * what their machines forbid. A status moves only through an action; an order's profit and close price
 * are the close's; money freezes once a record has left its first state, an investment's as it is made.
 * Records in a later state are put there with SQL, since the actions that reach it are not built yet.
 */
describe('the standard set under the order, offer and investment machines', () => {
  let server: TestServer;
  let root: string;
  let staff: { id: string; token: string };
  let pre: Prerequisites;

  const BY_ACTION = 'This field changes only through its actions';
  const TRANSITION = "This action is not possible in the record's current state";

  beforeAll(async () => {
    server = await startServer();
    root = await server.rootToken();
    staff = await server.user(root, { roles: ['regular'] });
    const lead = await server.user(root, { roles: ['lead'], assignedTo: staff.id });
    const catalog = await makeCatalog(server, root);
    // An investment's principal comes from the lead's available funds (DESIGN.md §10).
    await adjust(server, root, lead.id, 100_000, 'credit', 'investment funds');
    pre = { ...catalog, ownerId: lead.id, investmentId: '', heldProductId: await heldProduct(server, root, catalog.categoryId, lead.id) };
  });
  afterAll(() => server?.close());

  const create = (entity: 'order' | 'offer' | 'investment', token: string, extra: Record<string, unknown> = {}) =>
    server.call({
      method: 'POST',
      url: `/api/v1/${entity}`,
      token,
      payload: { ...ENTITY_FIXTURES[entity].create(pre, uniqueTag()), ...extra },
    });
  const patch = (entity: string, id: string, token: string, payload: Record<string, unknown>) =>
    server.call({ method: 'PATCH', url: `/api/v1/${entity}/${id}`, token, payload });
  const count = async (table: string) => (await server.sql<{ n: number }>(`select count(*)::int as n from ${table}`))[0].n;

  /** A refusal that names the field and leaves the record as it was. */
  async function refusedPatch(entity: string, id: string, token: string, payload: Record<string, unknown>, field: string) {
    const before = await server.call({ method: 'GET', url: `/api/v1/${entity}/${id}`, token: root });
    const answer = await patch(entity, id, token, payload);
    expect(answer.status).toBe(422);
    expect(answer.body).toEqual({ message: TRANSITION, code: 'INVALID_TRANSITION', details: { [field]: BY_ACTION } });
    expect((await server.call({ method: 'GET', url: `/api/v1/${entity}/${id}`, token: root })).body).toEqual(before.body);
  }

  it('an order opens only by POST /order with a ticket (DESIGN.md §11): no status, profit or price is taken, no batch', async () => {
    const orders = await count('orders');
    const ticket = { market: 'forex', symbol: 'EURUSD', type: 'buy', quantity: 0.1, leverage: 10, userId: pre.ownerId };
    for (const token of [root, staff.token]) {
      for (const extra of [{ status: 'closed' }, { profit: 1000 }, { closePrice: 1.1 }, { openPrice: 1.0823 }]) {
        const refused = await server.call({ method: 'POST', url: '/api/v1/order', token, payload: { ...ticket, ...extra } });
        expect(refused.status).toBe(400);
        expect(refused.body.code).toBe('VALIDATION');
      }
      // The standard create's body is no ticket.
      const standard = await create('order', token);
      expect(standard.status).toBe(400);
    }
    const batch = await server.call({ method: 'POST', url: '/api/v1/order/batch', token: root, payload: [ticket] });
    expect(batch.status).toBe(404);
    expect(await count('orders')).toBe(orders);

    const open = await server.call({ method: 'POST', url: '/api/v1/order', token: staff.token, payload: ticket });
    expect(open.status).toBe(201);
    expect(open.body).toMatchObject({ status: 'open', profit: null, closePrice: null, quantity: 0.1, leverage: 10 });
  });

  it('no PATCH nor DELETE reaches an order: its status, profit and prices move by its actions alone', async () => {
    const ticket = { market: 'forex', symbol: 'EURUSD', type: 'sell', quantity: 0.1, leverage: 10, userId: pre.ownerId };
    const { body: order } = await server.call({ method: 'POST', url: '/api/v1/order', token: root, payload: ticket });
    for (const token of [root, staff.token]) {
      for (const payload of [{ status: 'closed' }, { profit: 500 }, { closePrice: 1.2 }, { quantity: 2 }]) {
        expect((await patch('order', order.id, token, payload)).status).toBe(404);
      }
      expect((await server.call({ method: 'DELETE', url: `/api/v1/order/${order.id}`, token })).status).toBe(404);
    }
    expect((await server.sql(`select status, profit, version from orders where id = '${order.id}'`))[0]).toEqual({
      status: 'open',
      profit: null,
      version: 1,
    });
  });

  it("an offer is created awaiting release with the server's figures; no status is sent, and no PATCH moves it (its actions alone)", async () => {
    const offers = await count('offers');
    const accepted = await create('offer', root, { status: 'accepted' });
    expect(accepted.status).toBe(400);
    expect(accepted.body.details).toEqual({ _: 'Unknown field: status' });
    expect(await count('offers')).toBe(offers);

    const { body: offer } = await create('offer', staff.token);
    // The fixture product was bought for €99.99 (tests/fixtures/entity-payloads.ts): gain 120 − 99.99 = 20.01.
    expect(offer).toMatchObject({ status: 'awaiting_release', amount: 120, productPrice: 99.99, gain: 20.01, createdBy: staff.id });
    for (const payload of [{ status: 'accepted' }, { amount: 5000 }, { origin: 'Phone call' }]) {
      const answer = await patch('offer', offer.id, root, payload);
      expect(answer.status).toBe(404);
    }
    expect((await server.sql(`select status, amount::text, version from offers where id = '${offer.id}'`))[0]).toEqual({
      status: 'awaiting_release',
      amount: '120.00',
      version: 1,
    });
  });

  it("an investment's principal, rate and frequency are fixed as it is made; it has no status to send", async () => {
    const investments = await count('investments');
    const ended = await create('investment', root, { status: 'ended' });
    expect(ended.status).toBe(400);
    expect(ended.body.code).toBe('VALIDATION');
    expect(ended.body.details).toEqual({ _: 'Unknown field: status' });
    expect(await count('investments')).toBe(investments);

    const { body: investment } = await create('investment', root);
    expect(investment).toMatchObject({ initialAmount: 5000, rentability: 7.5, dividendFrequency: 'monthly' });
    await refusedPatch('investment', investment.id, root, { initialAmount: 50_000 }, 'initialAmount');
    await refusedPatch('investment', investment.id, root, { rentability: 300 }, 'rentability');
    await refusedPatch('investment', investment.id, root, { name: 'Bigger', dividendFrequency: 'end' }, 'dividendFrequency');
    const status = await patch('investment', investment.id, root, { status: 'ended' });
    expect(status.status).toBe(400);
    expect(status.body.details).toEqual({ _: 'Unknown field: status' });
    const renamed = await patch('investment', investment.id, root, { name: 'Renamed investment', initialAmount: 5000 });
    expect(renamed.status).toBe(200);
    expect(renamed.body).toMatchObject({ name: 'Renamed investment', initialAmount: 5000, version: 2 });
  });
});
