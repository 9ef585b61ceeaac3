import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type TestServer } from './harness.ts';
import { adjust, type Person } from './money-fixtures.ts';
import { category, makeOffer, product, purchase } from './vault-fixtures.ts';

/**
 * CHECKLIST 16: who entered, approved, released or closed a record, and which lead holds a product, are
 * ids staff read; a lead reads one only where it names the lead itself. Every answer, `/sync` included.
 */
let server: TestServer;
let root: string;
let regular: Person;
let lead: Person;
let other: Person;
const keyed = () => ({ 'idempotency-key': randomUUID() });
const get = (token: string, url: string) => server.call({ method: 'GET', url: `/api/v1${url}`, token });
/** The lead's mirror as `/sync` gives it from the start: record by entity and id. */
async function mirrored(token: string, entity: string, id: string) {
  let since = 0;
  let after: number | undefined;
  for (;;) {
    const page = await get(token, `/sync?since=${since}&limit=5000${after === undefined ? '' : `&after=${after}`}`);
    const found = page.body.changes.find((c: { entity: string; id: string }) => c.entity === entity && c.id === id);
    if (found) return found.record;
    if (!page.body.hasMore) return undefined;
    since = page.body.cursor;
    after = page.body.after;
  }
}

beforeAll(async () => {
  server = await startServer();
  root = await server.rootToken();
  regular = await server.user(root, { roles: ['regular'] });
  lead = await server.user(root, { roles: ['lead'], assignedTo: regular.id });
  other = await server.user(root, { roles: ['lead'] });
  expect((await adjust(server, root, lead.id, 5_000)).status).toBe(201);
});
afterAll(() => server?.close());

describe('ids of people on records', () => {
  it("an order a lead opened names the lead to it; one staff opened for it, and its close, keep the staff member's id to staff", async () => {
    const ticket = { market: 'forex', symbol: 'EURUSD', type: 'buy', quantity: 0.01, leverage: 30 };
    const own = await server.call({ method: 'POST', url: '/api/v1/order', token: lead.token, headers: keyed(), payload: ticket });
    expect(own.body.createdBy).toBe(lead.id);
    const forLead = await server.call({
      method: 'POST',
      url: '/api/v1/order',
      token: regular.token,
      headers: keyed(),
      payload: { ...ticket, userId: lead.id },
    });
    expect(forLead.body.createdBy).toBe(regular.id);
    const closed = await server.call({
      method: 'POST',
      url: `/api/v1/order/${forLead.body.id}/close`,
      token: regular.token,
      headers: keyed(),
    });
    expect(closed.body).toMatchObject({ status: 'closed', closedBy: regular.id });

    const asLead = await get(lead.token, `/order/${forLead.body.id}`);
    expect(asLead.status).toBe(200);
    expect(asLead.body).not.toHaveProperty('createdBy');
    expect(asLead.body).not.toHaveProperty('closedBy');
    expect(asLead.body).toMatchObject({ status: 'closed', userId: lead.id });
    expect((await get(lead.token, `/order/${own.body.id}`)).body.createdBy).toBe(lead.id);
    const listed = (await get(lead.token, '/order')).body.orders as Record<string, unknown>[];
    expect(listed.map((o) => o.createdBy ?? null).sort()).toEqual([lead.id, null].sort());
    const synced = await mirrored(lead.token, 'order', forLead.body.id);
    expect(synced).toMatchObject({ id: forLead.body.id, status: 'closed' });
    expect(synced).not.toHaveProperty('createdBy');
    expect(synced).not.toHaveProperty('closedBy');

    expect((await get(regular.token, `/order/${forLead.body.id}`)).body).toMatchObject({ createdBy: regular.id, closedBy: regular.id });
    // A staff member signed in as the lead reads them (the screen must know its own part).
    const impersonated = await server.call({ method: 'POST', url: `/api/v1/auth/generate-token/${lead.id}`, token: root });
    expect((await get(impersonated.body.token, `/order/${forLead.body.id}`)).body.createdBy).toBe(regular.id);
  });

  it("an adjustment's enterer and decider, an offer's maker and releaser, a holding's buyer: staff only; a product's holder: staff and that lead", async () => {
    const credit = (await get(lead.token, '/adjustment')).status;
    // Adjustments are staff's records: a lead reads none (its statement says what moved).
    expect(credit).toBe(403);
    const categoryId = await category(server, root);
    const ring = await product(server, root, categoryId, 300, 'Ring');
    expect((await purchase(server, root, ring, lead.id)).status).toBe(201);
    const offer = await makeOffer(server, root, ring, 450, new Date(Date.now() + 86_400_000));
    expect(offer.status).toBe(201);
    const released = await server.call({
      method: 'POST',
      url: `/api/v1/offer/${offer.body.id}/release`,
      token: regular.token,
      headers: keyed(),
    });
    expect(released.body).toMatchObject({ status: 'pending', releasedBy: regular.id });

    const seen = (await get(lead.token, `/offer/${offer.body.id}`)).body;
    expect(seen).toMatchObject({ status: 'pending', amount: 450 });
    expect(seen).not.toHaveProperty('createdBy');
    expect(seen).not.toHaveProperty('releasedBy');
    // Withdrawn by staff: the lead reads why, not who.
    const second = await makeOffer(server, root, ring, 420, new Date(Date.now() + 86_400_000));
    await server.call({ method: 'POST', url: `/api/v1/offer/${second.body.id}/release`, token: regular.token, headers: keyed() });
    const withdrawn = await server.call({
      method: 'POST',
      url: `/api/v1/offer/${second.body.id}/withdraw`,
      token: regular.token,
      headers: keyed(),
      payload: { reason: 'The buyer stepped back' },
    });
    expect(withdrawn.body).toMatchObject({ status: 'rejected', decidedBy: regular.id });
    const told = (await get(lead.token, `/offer/${second.body.id}`)).body;
    expect(told).toMatchObject({ status: 'rejected', decisionReason: 'The buyer stepped back' });
    expect(told).not.toHaveProperty('decidedBy');
    const holding = ((await get(lead.token, '/holding')).body.holdings as Record<string, unknown>[])[0];
    expect(holding).toMatchObject({ productId: ring, status: 'held' });
    expect(holding).not.toHaveProperty('purchasedBy');

    expect((await get(lead.token, `/product/${ring}`)).body.heldBy).toBe(lead.id);
    const byOther = (await get(other.token, `/product/${ring}`)).body;
    expect(byOther).toMatchObject({ id: ring, price: 300 });
    expect(byOther).not.toHaveProperty('heldBy');
    expect((await get(regular.token, `/product/${ring}`)).body.heldBy).toBe(lead.id);
  });
});
