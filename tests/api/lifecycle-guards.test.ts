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

  it('an order is created open, without a close price or profit, by anyone', async () => {
    const orders = await count('orders');
    for (const token of [root, staff.token]) {
      const closed = await create('order', token, { status: 'closed', closePrice: 1.1, profit: 1000 });
      expect(closed.status).toBe(422);
      expect(closed.body).toEqual({ message: TRANSITION, code: 'INVALID_TRANSITION', details: { status: BY_ACTION } });
      const profit = await create('order', token, { profit: 1000 });
      expect(profit.status).toBe(422);
      expect(profit.body.details).toEqual({ profit: BY_ACTION });
      const closePrice = await create('order', token, { closePrice: 1.1 });
      expect(closePrice.body.details).toEqual({ closePrice: BY_ACTION });
    }
    // All or none: one closed order in a batch makes none.
    const order = ENTITY_FIXTURES.order.create(pre, uniqueTag());
    const batch = await server.call({
      method: 'POST',
      url: '/api/v1/order/batch',
      token: root,
      payload: [order, { ...order, status: 'closed' }],
    });
    expect(batch.status).toBe(422);
    expect(batch.body.code).toBe('INVALID_TRANSITION');
    expect(await count('orders')).toBe(orders);

    const open = await create('order', staff.token, { status: 'open', profit: null });
    expect(open.status).toBe(201);
    expect(open.body).toMatchObject({ status: 'open', profit: null, closePrice: null, quantity: 1.5 });
  });

  it("an order's status, profit and close price never change by PATCH; its terms only while it is open", async () => {
    const { body: order } = await create('order', root);
    for (const token of [root, staff.token]) {
      await refusedPatch('order', order.id, token, { status: 'closed' }, 'status');
      await refusedPatch('order', order.id, token, { profit: 500 }, 'profit');
      await refusedPatch('order', order.id, token, { closePrice: 1.2, quantity: 2 }, 'closePrice');
    }
    const changed = await patch('order', order.id, staff.token, { quantity: 2, status: 'open', profit: null });
    expect(changed.status).toBe(200);
    expect(changed.body).toMatchObject({ quantity: 2, status: 'open', profit: null, version: 2 });

    // Closed (as the close action will do): nothing of its money moves any more.
    await server.sql(
      `update orders set status = 'closed', close_price = 1.1, profit = 250, version = version + 1 where id = '${order.id}'`,
    );
    await refusedPatch('order', order.id, root, { status: 'open' }, 'status');
    await refusedPatch('order', order.id, root, { profit: 9999 }, 'profit');
    await refusedPatch('order', order.id, root, { quantity: 3 }, 'quantity');
    await refusedPatch('order', order.id, staff.token, { openPrice: 1 }, 'openPrice');
    await refusedPatch('order', order.id, staff.token, { leverage: 30 }, 'leverage');
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
