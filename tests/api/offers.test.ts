import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { manualClock } from '../../src/server/scheduler/clock.ts';
import { fingerprint } from './database-state.ts';
import { startServer, type TestServer } from './harness.ts';
import { adjust, type Person } from './money-fixtures.ts';
import { OFFER_RELEASE, PURCHASE, type MatrixRole } from './role-expectations.ts';
import { balances, category, makeOffer, offerAction, product, purchase } from './vault-fixtures.ts';

/**
 * Offers (DESIGN.md §12, SPEC.md §4–§5): made by one staff member, released to the lead by another
 * (four eyes), hidden from the lead until then; accepted (the sale, one transaction) or declined by
 * the lead; never answered while connected as the lead by whoever made or released it; expired by
 * date and by the scheduler. Expected figures are hand-computed literals.
 */
const DAY = 86_400_000;
const clock = manualClock(new Date(Math.floor(Date.now() / 1000) * 1000));
const inDays = (days: number) => new Date(clock.now().getTime() + days * DAY);

let server: TestServer;
let root: string;
let maker: Person;
let releaser: Person;
let lead: Person;
let categoryId: string;
let ring: string;
let watch: string;

beforeAll(async () => {
  server = await startServer({ clock });
  root = await server.rootToken();
  maker = await server.user(root, { roles: ['admin'], firstName: 'Mark', lastName: 'Maker' });
  releaser = await server.user(root, { roles: ['regular'], firstName: 'Rhea', lastName: 'Releaser' });
  lead = await server.user(releaser.token, { roles: ['lead'], firstName: 'Lena', lastName: 'Lead' });
  await adjust(server, maker.token, lead.id, 1_000);
  categoryId = await category(server, maker.token);
  ring = await product(server, maker.token, categoryId, 300, 'Emerald ring');
  watch = await product(server, maker.token, categoryId, 250.5, 'Pocket watch');
  expect((await purchase(server, maker.token, ring, lead.id)).status).toBe(201);
  expect((await purchase(server, releaser.token, watch, lead.id)).status).toBe(201);
  // 1,000.00 − 300.00 − 250.50 = 449.50 left; 550.50 in the vault.
  expect(await balances(server, lead.id)).toMatchObject({ available: '449.50', vault: '550.50' });
});
afterAll(() => server?.close());

/** A refusal that changes nothing (no idempotency key, so no stored answer either). */
async function refused(status: number, code: string, call: () => ReturnType<TestServer['call']>) {
  const before = await fingerprint(server);
  const answer = await call();
  expect(answer.status, JSON.stringify(answer.body)).toBe(status);
  expect(answer.body.code).toBe(code);
  expect(await fingerprint(server)).toBe(before);
  return answer;
}
const bare = (token: string, id: string, action: string) => () =>
  server.call({ method: 'POST', url: `/api/v1/offer/${id}/${action}`, token });

describe('making an offer', () => {
  it('the server sets the lead, holding, product price and gain, and who made it; it waits for release', async () => {
    const made = await makeOffer(server, maker.token, ring, 450.25, inDays(10));
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    expect(made.body).toMatchObject({
      productId: ring,
      userId: lead.id,
      amount: 450.25,
      productPrice: 300,
      gain: 150.25,
      status: 'awaiting_release',
      createdBy: maker.id,
      releasedBy: null,
      origin: 'Private collector',
    });
    const [holding] = await server.sql<{ id: string }>(`select id from holdings where product_id = '${ring}'`);
    expect(made.body.holdingId).toBe(holding.id);
  });

  it('SPEC.md §5 messages; a product nobody holds, a past date, a lead or a status of its own are refused', async () => {
    const empty = await server.call({ method: 'POST', url: '/api/v1/offer', token: maker.token, payload: {} });
    expect(empty.status).toBe(400);
    expect(empty.body.details).toMatchObject({
      productId: 'Please select a product',
      amount: 'Please enter an amount',
      expirationDate: 'Please choose an expiration date',
      origin: 'This field is required',
    });
    const negative = await server.call({
      method: 'POST',
      url: '/api/v1/offer',
      token: maker.token,
      payload: { productId: ring, amount: -1, expirationDate: inDays(1).toISOString(), origin: 'x' },
    });
    expect(negative.body.details.amount).toBe('Amount must be greater than or equal to 0');
    const free = await product(server, maker.token, categoryId, 99, 'Free coin');
    const notHeld = await refused(422, 'PRODUCT_NOT_HELD', () =>
      server.call({
        method: 'POST',
        url: '/api/v1/offer',
        token: maker.token,
        payload: { productId: free, amount: 100, expirationDate: inDays(1).toISOString(), origin: 'x' },
      }),
    );
    expect(notHeld.body.message).toBe("No lead holds this product: an offer is made on a product in a lead's vault");
    const past = await server.call({
      method: 'POST',
      url: '/api/v1/offer',
      token: maker.token,
      payload: { productId: ring, amount: 10, expirationDate: inDays(-1).toISOString(), origin: 'x' },
    });
    expect(past.status).toBe(400);
    expect(past.body.details.expirationDate).toBe('The expiration date must be in the future');
    for (const extra of [{ status: 'accepted' }, { userId: maker.id }, { gain: 1000 }, { productPrice: 1 }]) {
      const sneaky = await server.call({
        method: 'POST',
        url: '/api/v1/offer',
        token: maker.token,
        payload: { productId: ring, amount: 10, expirationDate: inDays(1).toISOString(), origin: 'x', ...extra },
      });
      expect(sneaky.status).toBe(400);
    }
    // A lead makes no offers; nobody patches or deletes one (its actions alone move it).
    expect((await makeOffer(server, lead.token, ring, 10, inDays(1))).status).toBe(403);
    const [any] = await server.sql<{ id: string }>(`select id from offers limit 1`);
    expect((await server.call({ method: 'PATCH', url: `/api/v1/offer/${any.id}`, token: root, payload: { amount: 1 } })).status).toBe(404);
    expect((await server.call({ method: 'DELETE', url: `/api/v1/offer/${any.id}`, token: root })).status).toBe(404);
  });
});

describe('four eyes: released by another staff member; the lead never sees an unreleased offer', () => {
  let offerId: string;
  beforeAll(async () => {
    offerId = (await makeOffer(server, maker.token, watch, 400, inDays(10))).body.id;
  });

  it('the lead sees nothing of it: list, get, stats, /sync', async () => {
    const list = await server.call({ method: 'GET', url: '/api/v1/offer', token: lead.token });
    expect(list.body.offers.map((o: { id: string }) => o.id)).not.toContain(offerId);
    expect((await server.call({ method: 'GET', url: `/api/v1/offer/${offerId}`, token: lead.token })).status).toBe(404);
    const sync = await server.call({ method: 'GET', url: '/api/v1/sync?since=0', token: lead.token });
    expect(sync.body.changes.filter((c: { entity: string }) => c.entity === 'offer')).toEqual([]);
    expect((await server.call({ method: 'POST', url: `/api/v1/offer/${offerId}/accept`, token: lead.token })).status).toBe(404);
    // Its staff member sees it waiting.
    const staff = await server.call({ method: 'GET', url: `/api/v1/offer/${offerId}`, token: releaser.token });
    expect(staff.body.status).toBe('awaiting_release');
  });

  it('its maker cannot release it (422 SECOND_PERSON_REQUIRED); another staff member does', async () => {
    const own = await refused(422, 'SECOND_PERSON_REQUIRED', bare(maker.token, offerId, 'release'));
    expect(own.body.message).toBe('You entered this yourself: another staff member must complete it (four eyes)');
    expect((await offerAction(server, lead.token, offerId, 'release')).status).toBe(403);
    const released = await offerAction(server, releaser.token, offerId, 'release');
    expect(released.status).toBe(200);
    expect(released.body).toMatchObject({ status: 'pending', releasedBy: releaser.id, createdBy: maker.id });
    // Now the lead has it, on its list and through /sync.
    const list = await server.call({ method: 'GET', url: '/api/v1/offer', token: lead.token });
    expect(list.body.offers.map((o: { id: string }) => o.id)).toContain(offerId);
    const sync = await server.call({ method: 'GET', url: '/api/v1/sync?since=0', token: lead.token });
    expect(
      sync.body.changes.some(
        (c: { entity: string; id: string; record?: { status: string } }) => c.id === offerId && c.record?.status === 'pending',
      ),
    ).toBe(true);
  });
});

describe('the lead answers', () => {
  it('nobody accepts, connected as the lead, an offer they made or released (422 OFFER_OWN_DECISION); the lead declines one and accepts another', async () => {
    const high = (await makeOffer(server, maker.token, ring, 450.25, inDays(10))).body.id;
    const low = (await makeOffer(server, maker.token, ring, 280, inDays(10))).body.id;
    const waiting = (await makeOffer(server, maker.token, ring, 500, inDays(10))).body.id;
    for (const id of [high, low]) expect((await offerAction(server, releaser.token, id, 'release')).status).toBe(200);

    const asMaker = (await server.call({ method: 'POST', url: `/api/v1/auth/generate-token/${lead.id}`, token: maker.token })).body.token;
    const own = await refused(422, 'OFFER_OWN_DECISION', bare(asMaker, high, 'accept'));
    expect(own.body.message).toBe('You made or released this offer: you cannot answer it signed in as the lead');
    await refused(422, 'OFFER_OWN_DECISION', bare(asMaker, low, 'decline'));
    // Staff accept nothing themselves: the lead answers.
    expect((await offerAction(server, releaser.token, high, 'accept')).status).toBe(403);

    const declined = await offerAction(server, lead.token, low, 'decline', { reason: '  Too low for me  ' });
    expect(declined.status).toBe(200);
    // The lead's own decision (its own id, which it may read) and its words, trimmed.
    expect(declined.body).toMatchObject({
      status: 'rejected',
      amount: 280,
      gain: -20,
      decidedBy: lead.id,
      decisionReason: 'Too low for me',
    });
    expect(await balances(server, lead.id)).toMatchObject({ available: '449.50', vault: '550.50' });

    const accepted = await offerAction(server, lead.token, high, 'accept');
    expect(accepted.status).toBe(200);
    expect(accepted.body).toMatchObject({ status: 'accepted', amount: 450.25, productPrice: 300, gain: 150.25 });
    expect(accepted.body.decidedAt).not.toBeNull();
    // The sale: 300.00 vault → sales, 450.25 sales → available. 449.50 + 450.25 = 899.75; 550.50 − 300.00 = 250.50.
    expect(await balances(server, lead.id)).toMatchObject({ available: '899.75', vault: '250.50' });
    const [sales] = await server.sql<{ balance: string }>(`select balance::text from accounts where lead_id is null and kind = 'sales'`);
    expect(sales.balance).toBe('-150.25');
    const [holding] = await server.sql(`select status, sale_amount::text, gain::text, offer_id from holdings where product_id = '${ring}'`);
    expect(holding).toEqual({ status: 'sold', sale_amount: '450.25', gain: '150.25', offer_id: high });
    expect((await server.sql(`select held_by from products where id = '${ring}'`))[0]).toEqual({ held_by: null });
    // The holding's other open offers are rejected with it, the one waiting for release too.
    const others = await server.sql(
      `select id, status from offers where product_id = '${ring}' and id in ('${waiting}', '${low}') order by amount`,
    );
    expect(others).toEqual([
      { id: low, status: 'rejected' },
      { id: waiting, status: 'rejected' },
    ]);
    // Once sold, the ring takes no new offer and accepts nothing twice.
    await refused(422, 'PRODUCT_NOT_HELD', () =>
      server.call({
        method: 'POST',
        url: '/api/v1/offer',
        token: maker.token,
        payload: { productId: ring, amount: 1, expirationDate: inDays(1).toISOString(), origin: 'x' },
      }),
    );
    await refused(422, 'INVALID_TRANSITION', bare(lead.token, high, 'accept'));
    // The sale's transfers are booked once each.
    const booked = await server.sql(
      `select kind, amount::text from transfers where source_entity = 'offer' and source_id = '${high}' order by kind`,
    );
    expect(booked).toEqual([
      { kind: 'sale', amount: '300.00' },
      { kind: 'sale-credit', amount: '450.25' },
    ]);
  });
});

describe('expiry', () => {
  it('past its date an offer is refused (422 OFFER_EXPIRED), and the scheduler marks it expired, the waiting one too', async () => {
    const soon = (await makeOffer(server, maker.token, watch, 260, inDays(1))).body.id;
    const unreleased = (await makeOffer(server, maker.token, watch, 270, inDays(1))).body.id;
    expect((await offerAction(server, releaser.token, soon, 'release')).status).toBe(200);
    clock.advance(2 * DAY);
    const late = await refused(422, 'OFFER_EXPIRED', bare(lead.token, soon, 'accept'));
    expect(late.body.message).toBe('This offer has expired: it can no longer be released, accepted or declined');
    await refused(422, 'OFFER_EXPIRED', bare(root, unreleased, 'release'));
    await server.app.services.scheduler.runDue();
    const rows = await server.sql(`select id, status from offers where id in ('${soon}', '${unreleased}') order by amount`);
    expect(rows).toEqual([
      { id: soon, status: 'expired' },
      { id: unreleased, status: 'expired' },
    ]);
    // Nothing moved: the watch is still in the vault.
    expect(await balances(server, lead.id)).toMatchObject({ available: '899.75', vault: '250.50' });
    // The €400 offer of the four-eyes test has 8 of its 10 days left: still pending.
  });

  it('GET /offer/stats for the lead and its staff, hand-counted', async () => {
    // Offers: 450.25 accepted; the first 450.25 (never released) and 500 superseded, 280 declined (3 rejected); 400 pending; 260 and 270 expired.
    const staff = await server.call({ method: 'GET', url: `/api/v1/offer/stats?userId=${lead.id}`, token: releaser.token });
    expect(staff.body.stats).toEqual({
      totalOffers: 7,
      awaitingRelease: 0,
      pending: 1,
      accepted: 1,
      rejected: 3,
      expired: 2,
      totalPurchased: 2,
      purchasedAmount: 550.5,
      totalSold: 1,
      soldAmount: 450.25,
      held: 1,
      heldValue: 250.5,
      maxAcceptedOffer: 450.25,
      maxPurchasePrice: 300,
    });
  });
});

describe('bounds (CHECKLIST 14)', () => {
  it('an offer is at most €1,000,000.00, and a lead is offered at most €5,000,000.00 in 24 hours', async () => {
    const big = await refused(422, 'ENTRY_MAX', () =>
      server.call({
        method: 'POST',
        url: '/api/v1/offer',
        token: maker.token,
        payload: { productId: watch, amount: 1_000_000.01, expirationDate: inDays(5).toISOString(), origin: 'x' },
      }),
    );
    expect(big.body.details.amount).toBe('An amount entered can be at most €1,000,000.00');
    // The lead's offers of the day that may be or were paid: €400 pending and €450.25 accepted (850.25). Four of €1,000,000
    // more reach 4,000,850.25: a fifth would pass 5,000,000.00, which leaves 999,149.75.
    const made: string[] = [];
    for (let i = 0; i < 4; i++) made.push((await makeOffer(server, maker.token, watch, 1_000_000, inDays(5))).body.id);
    expect(made.every(Boolean)).toBe(true);
    const daily = await refused(422, 'ENTRY_DAILY_MAX', () =>
      server.call({
        method: 'POST',
        url: '/api/v1/offer',
        token: maker.token,
        payload: { productId: watch, amount: 1_000_000, expirationDate: inDays(5).toISOString(), origin: 'x' },
      }),
    );
    expect(daily.body.details.amount).toBe(
      'Entries of this kind for one lead are limited to €5,000,000.00 in 24 hours: at most €999,149.75 more for now',
    );
    // Withdrawing asks why (CHECKLIST 8): without a reason nothing changes.
    const unsaid = await offerAction(server, releaser.token, made[0], 'withdraw', {});
    expect(unsaid.status).toBe(400);
    expect(unsaid.body.details).toEqual({ reason: 'Please give a reason' });
    for (const id of made)
      expect((await offerAction(server, releaser.token, id, 'withdraw', { reason: 'Collector withdrew' })).status).toBe(200);
    const withdrawn = await server.call({ method: 'GET', url: `/api/v1/offer/${made[0]}`, token: releaser.token });
    expect(withdrawn.body).toMatchObject({ status: 'rejected', decidedBy: releaser.id, decisionReason: 'Collector withdrew' });
  });
});

describe('GET /offer/export', () => {
  it('staff export what the list shows, product and people by name, amounts as numbers; the lead never an offer waiting for release', async () => {
    const filters = encodeURIComponent(JSON.stringify([{ field: 'status', values: ['accepted'] }]));
    const staff = await server.call({
      method: 'GET',
      url: `/api/v1/offer/export?format=csv&filters=${filters}`,
      token: releaser.token,
      headers: { 'x-timezone': 'UTC', 'x-lang': 'en' },
    });
    expect(staff.status).toBe(200);
    const text = String(staff.body);
    expect(text).toContain('Export of,Offers');
    expect(text).toContain('Filters,Status: Accepted');
    expect(text).toContain(',Lena Lead,');
    expect(text).toContain(',Emerald ring,450.25,300.00,150.25,Accepted,');
    expect(text).toContain(',Private collector,Mark Maker,Rhea Releaser');
    expect(text.split('\n').find((line) => line.startsWith('Date,'))).toMatch(/,Made by,Released by,Reason\r?$/);
    const waiting = (await makeOffer(server, maker.token, watch, 333.33, inDays(5))).body.id as string;
    expect(waiting).toBeDefined();
    const own = await server.call({
      method: 'GET',
      url: '/api/v1/offer/export?format=csv',
      token: lead.token,
      headers: { 'x-lang': 'en' },
    });
    expect(own.status).toBe(200);
    expect(String(own.body)).not.toContain('333.33');
    // The lead's own export: its offers, not who made or released them (CHECKLIST 16, as the API answers).
    expect(String(own.body)).toContain(',Emerald ring,450.25,300.00,150.25,Accepted,');
    expect(String(own.body)).not.toContain('Mark Maker');
    expect(String(own.body)).not.toContain('Rhea Releaser');
  });
});

describe('the role table of the vault (tests/api/role-expectations.ts)', () => {
  it('POST /product/purchase by role, and POST /offer/:id/release by maker × releaser: never the maker, root included', async () => {
    const rootId = (await server.call({ method: 'GET', url: '/api/v1/auth/check-auth', token: root })).body.id;
    const people: Record<MatrixRole, Person> = {
      root: { id: rootId, token: root, email: '', record: {} },
      admin: maker,
      regular: releaser,
      lead,
    };
    let held = '';
    for (const role of ['root', 'admin', 'regular', 'lead'] as const) {
      const item = await product(server, maker.token, categoryId, 1, `Pin ${role}`);
      const answer = await purchase(server, people[role].token, item, lead.id);
      expect(answer.status, `${role} buys`).toBe(PURCHASE[role]);
      if (answer.status === 201) held = item;
    }
    for (const by of ['root', 'admin', 'regular'] as const) {
      for (const releasedBy of ['root', 'admin', 'regular', 'lead'] as const) {
        const made = await makeOffer(server, people[by].token, held, 2, inDays(5));
        expect(made.status).toBe(201);
        const released = await offerAction(server, people[releasedBy].token, made.body.id, 'release');
        expect(released.status, `${by} made, ${releasedBy} releases`).toBe(OFFER_RELEASE[by][releasedBy]);
      }
    }
  });
});
