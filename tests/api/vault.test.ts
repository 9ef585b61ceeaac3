import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fingerprint } from './database-state.ts';
import { startServer, type TestServer } from './harness.ts';
import { adjust, type Person } from './money-fixtures.ts';
import { balances, category, makeOffer, offerAction, product, purchase } from './vault-fixtures.ts';

/**
 * Buying a product for a lead (DESIGN.md §12): one conditional update takes the product, the ledger
 * moves its price available → vault, all in one transaction; two buyers at once: one wins. The vault
 * figures of SPEC.md §3 per lead and overall. Expected values are hand-computed literals.
 */
let server: TestServer;
let root: string;
let admin: Person;
let regular: Person;
let lead: Person;
let other: Person;
let categoryId: string;

beforeAll(async () => {
  server = await startServer();
  root = await server.rootToken();
  admin = await server.user(root, { roles: ['admin'], firstName: 'Ada', lastName: 'Admin' });
  regular = await server.user(root, { roles: ['regular'], firstName: 'Rita', lastName: 'Regular' });
  lead = await server.user(regular.token, { roles: ['lead'], firstName: 'Lena', lastName: 'Lead' });
  other = await server.user(root, { roles: ['lead'], firstName: 'Otto', lastName: 'Other' });
  await adjust(server, admin.token, lead.id, 1_000);
  await adjust(server, admin.token, other.id, 500);
  categoryId = await category(server, admin.token);
});
afterAll(() => server?.close());

describe('POST /product/purchase', () => {
  it('two staff buy one product for two leads at the same moment: one 201, one 422 PRODUCT_ALREADY_HELD, the ledger booked once', async () => {
    const ring = await product(server, admin.token, categoryId, 300, 'Emerald ring');
    const answers = await Promise.all([purchase(server, admin.token, ring, lead.id), purchase(server, root, ring, other.id)]);
    const statuses = answers.map((a) => a.status).sort();
    expect(statuses).toEqual([201, 422]);
    const lost = answers.find((a) => a.status === 422)!;
    expect(lost.body.code).toBe('PRODUCT_ALREADY_HELD');
    expect(lost.body.message).toBe('This product is already held by a lead: it cannot be bought again');
    const won = answers.find((a) => a.status === 201)!;
    expect(won.body).toMatchObject({ productId: ring, purchasePrice: 300, status: 'held', soldAt: null, saleAmount: null, gain: null });
    const buyer = won.body.userId as string;
    const transfers = await server.sql<{ n: number }>(
      `select count(*)::int as n from transfers where source_entity = 'holding' and source_id in (select id from holdings where product_id = '${ring}')`,
    );
    expect(transfers[0].n).toBe(1);
    expect((await server.sql(`select count(*)::int as n from holdings where product_id = '${ring}'`))[0]).toEqual({ n: 1 });
    const [held] = await server.sql<{ held_by: string }>(`select held_by from products where id = '${ring}'`);
    expect(held.held_by).toBe(buyer);
    // The winner paid €300.00 from available into its vault; the loser paid nothing.
    if (buyer === lead.id) {
      expect(await balances(server, lead.id)).toMatchObject({ available: '700.00', vault: '300.00' });
      expect(await balances(server, other.id)).toMatchObject({ available: '500.00' });
    } else {
      expect(await balances(server, other.id)).toMatchObject({ available: '200.00', vault: '300.00' });
      expect(await balances(server, lead.id)).toMatchObject({ available: '1000.00' });
    }
  });

  it('a product held already is refused for anyone, changing nothing', async () => {
    const watch = await product(server, admin.token, categoryId, 120.5, 'Pocket watch');
    expect((await purchase(server, regular.token, watch, lead.id)).status).toBe(201);
    const before = await fingerprint(server);
    const again = await purchase(server, admin.token, watch, other.id, false);
    expect(again.status).toBe(422);
    expect(again.body.code).toBe('PRODUCT_ALREADY_HELD');
    expect(await fingerprint(server)).toBe(before);
  });

  it('more than the lead has is 422 INSUFFICIENT_FUNDS: the product stays free, no holding, no transfer', async () => {
    const bar = await product(server, admin.token, categoryId, 5_000, 'Gold bar 1 kg');
    const before = await fingerprint(server);
    const refused = await purchase(server, admin.token, bar, other.id, false);
    expect(refused.status).toBe(422);
    expect(refused.body.code).toBe('INSUFFICIENT_FUNDS');
    expect(await fingerprint(server)).toBe(before);
    const [free] = await server.sql<{ held_by: string | null }>(`select held_by from products where id = '${bar}'`);
    expect(free.held_by).toBeNull();
  });

  it('who may buy: staff for a lead in scope; a lead never; a staff member is no lead; the lead is required', async () => {
    const coin = await product(server, admin.token, categoryId, 10, 'Silver coin');
    const byLead = await purchase(server, lead.token, coin, lead.id);
    expect(byLead.status).toBe(403);
    // Rita's scope is her own leads: Otto is not one of them.
    expect((await purchase(server, regular.token, coin, other.id)).status).toBe(404);
    const staff = await purchase(server, admin.token, coin, regular.id);
    expect(staff.status).toBe(400);
    expect(staff.body.details.userId).toBe('This user is not a lead');
    const none = await server.call({ method: 'POST', url: '/api/v1/product/purchase', token: admin.token, payload: { productId: coin } });
    expect(none.status).toBe(400);
    expect(none.body.details.userId).toBe('Please choose a lead');
    expect((await server.sql(`select held_by from products where id = '${coin}'`))[0]).toEqual({ held_by: null });
  });
});

describe('GET /offer/stats: the vault figures per lead and overall', () => {
  it('counts offers by status, holdings bought and sold, the largest accepted offer and purchase price', async () => {
    // A fresh pair of leads, so the figures are theirs alone: Mia with €2,000.00, Noah with €800.00.
    const campaign = await server.call({ method: 'POST', url: '/api/v1/campaign', token: root, payload: { name: 'Gems desk' } });
    const mia = await server.user(root, { roles: ['lead'], firstName: 'Mia', lastName: 'Vault', campaignId: campaign.body.id });
    const noah = await server.user(root, { roles: ['lead'], firstName: 'Noah', lastName: 'Vault' });
    await adjust(server, admin.token, mia.id, 2_000);
    await adjust(server, admin.token, noah.id, 800);
    const a = await product(server, admin.token, categoryId, 400, 'Sapphire');
    const b = await product(server, admin.token, categoryId, 650.75, 'Ruby');
    const c = await product(server, admin.token, categoryId, 199.99, 'Pearl');
    for (const [p, who] of [
      [a, mia.id],
      [b, mia.id],
      [c, noah.id],
    ])
      expect((await purchase(server, admin.token, p, who)).status).toBe(201);
    const in30 = new Date(Date.now() + 30 * 86_400_000);
    // Mia: an offer of €500.10 on the sapphire accepted; €380 on the ruby declined; €700 on the ruby pending; €710 waiting for release.
    const accepted = (await makeOffer(server, admin.token, a, 500.1, in30)).body.id;
    const declined = (await makeOffer(server, admin.token, b, 380, in30)).body.id;
    const pending = (await makeOffer(server, admin.token, b, 700, in30)).body.id;
    await makeOffer(server, admin.token, b, 710, in30);
    for (const id of [accepted, declined, pending]) expect((await offerAction(server, root, id, 'release')).status).toBe(200);
    expect((await offerAction(server, mia.token, accepted, 'accept')).status).toBe(200);
    expect((await offerAction(server, mia.token, declined, 'decline')).status).toBe(200);

    const miaStats = await server.call({ method: 'GET', url: `/api/v1/offer/stats?userId=${mia.id}`, token: admin.token });
    expect(miaStats.status).toBe(200);
    expect(miaStats.body.stats).toEqual({
      totalOffers: 4,
      awaitingRelease: 1,
      pending: 1,
      accepted: 1,
      rejected: 1,
      expired: 0,
      totalPurchased: 2,
      purchasedAmount: 1050.75,
      totalSold: 1,
      soldAmount: 500.1,
      held: 1,
      heldValue: 650.75,
      maxAcceptedOffer: 500.1,
      maxPurchasePrice: 650.75,
    });
    // Mia herself never counts the offer not yet released.
    const own = await server.call({ method: 'GET', url: '/api/v1/offer/stats', token: mia.token });
    expect(own.body.stats).toMatchObject({ totalOffers: 3, awaitingRelease: 0, pending: 1, accepted: 1, rejected: 1, totalPurchased: 2 });
    const noahStats = await server.call({ method: 'GET', url: `/api/v1/offer/stats?userId=${noah.id}`, token: root });
    expect(noahStats.body.stats).toEqual({
      totalOffers: 0,
      awaitingRelease: 0,
      pending: 0,
      accepted: 0,
      rejected: 0,
      expired: 0,
      totalPurchased: 1,
      purchasedAmount: 199.99,
      totalSold: 0,
      soldAmount: 0,
      held: 1,
      heldValue: 199.99,
      maxAcceptedOffer: 0,
      maxPurchasePrice: 199.99,
    });
    // Mia's money: 2,000.00 − 400.00 − 650.75 + 500.10 = 1,449.35 available; 650.75 in the vault.
    expect(await balances(server, mia.id)).toMatchObject({ available: '1449.35', vault: '650.75' });
  });

  it('a regular staff member counts only their own leads; a lead may not name another lead', async () => {
    const rita = await server.call({ method: 'GET', url: '/api/v1/offer/stats', token: regular.token });
    // Rita's lead Lena holds the pocket watch (€120.50) and maybe the emerald ring (€300.00) from the race.
    const ring = (
      await server.sql<{ n: number }>(`select count(*)::int as n from holdings where user_id = '${lead.id}' and purchase_price = 300`)
    )[0].n;
    expect(rita.body.stats).toMatchObject({ totalOffers: 0, totalPurchased: 1 + ring, maxPurchasePrice: ring ? 300 : 120.5 });
    const peek = await server.call({ method: 'GET', url: `/api/v1/offer/stats?userId=${other.id}`, token: lead.token });
    expect(peek.body.stats).toMatchObject({ totalOffers: 0, totalPurchased: 0, maxPurchasePrice: 0 });
  });
});

describe('sales', () => {
  it('GET /holding/sales: the sold holdings of the period, totals and by day; staff only', async () => {
    const today = new Date().toISOString().slice(0, 10);
    const sales = await server.call({
      method: 'GET',
      url: `/api/v1/holding/sales?from=${today}&to=${today}`,
      token: admin.token,
      headers: { 'x-timezone': 'UTC' },
    });
    expect(sales.status).toBe(200);
    // One sale so far: Mia's sapphire, bought for €400.00, sold for €500.10.
    expect(sales.body.sales).toMatchObject({ unit: 'day', count: 1, purchased: 400, sold: 500.1, gain: 100.1 });
    expect(sales.body.sales.series).toEqual([{ period: today, count: 1, purchased: 400, sold: 500.1, gain: 100.1 }]);
    expect((await server.call({ method: 'GET', url: '/api/v1/holding/sales', token: lead.token })).status).toBe(403);
  });

  it('GET /holding/export: the sold holdings as a sheet, lead and campaign and product by name, amounts as numbers', async () => {
    const sheet = await server.call({
      method: 'GET',
      url: `/api/v1/holding/export?format=csv&filters=${encodeURIComponent(JSON.stringify([{ field: 'status', values: ['sold'] }]))}`,
      token: admin.token,
      headers: { 'x-timezone': 'UTC', 'x-lang': 'en' },
    });
    expect(sheet.status).toBe(200);
    const text = String(sheet.body);
    expect(text).toContain('Export of,Vault');
    expect(text).toContain('Filters,Status: Sold');
    expect(text).toContain('Mia Vault');
    expect(text).toContain('Sapphire');
    expect(text).toContain('Mia Vault,');
    expect(text).toContain(',Gems desk,Sapphire,400.00,500.10,100.10,Sold,');
    expect(text).not.toContain('Ruby');
  });
});
