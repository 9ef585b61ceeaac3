import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { Page } from 'playwright-core';
import { cardDeposit } from '../fixtures/card-deposit.ts';
import {
  api,
  apiToken,
  axe,
  chooseLanguage,
  gone,
  launchBrowser,
  screenshot,
  sidewaysScroll,
  signIn,
  startServer,
  textOf,
  visible,
  type Browser,
  type Server,
} from './harness.ts';

/**
 * The vault at the desk and on the lead's phone (DESIGN.md §12–§13, issue 27): root buys a product for a
 * lead from the products screen (the lead's funds named), makes two offers on it, a colleague releases
 * them (four eyes: the maker cannot), the lead on a 390 px phone declines one and accepts the other
 * after confirming, and staff see the vault figures and the sale. By hand: €5,000.00 − €300.00 =
 * €4,700.00 available after the purchase; accepting €450.25 makes it €5,150.25, a gain of €150.25.
 */
const LEAD = { email: 'lena@vault.test', password: 'Lena1234' };
const RITA = { email: 'rita@vault.test', password: 'Rita1234' };
const PHONE = { width: 390, height: 844 };

const violations = async (page: Page) => (await axe(page)).map((v) => `${v.id}: ${v.nodes.map((n) => String(n.target)).join(', ')}`);
const rowOf = (page: Page, text: string) => page.getByRole('row').filter({ hasText: text });

describe('vault: buy for a lead, two offers released by a colleague, the lead answers on a phone, staff see the sale', () => {
  let server: Server;
  let desk: Browser;
  let token: string;
  let leadId: string;
  const available = async () =>
    (await api<{ availableFunds: number }>(server.url, token, 'GET', `/funds/available/${leadId}`)).availableFunds;

  beforeAll(async () => {
    server = await startServer({ scheduler: false });
    token = await apiToken(server.url);
    const rita = await api<{ id: string }>(server.url, token, 'POST', '/user', {
      firstName: 'Rita',
      lastName: 'Release',
      ...RITA,
      roles: ['regular'],
    });
    leadId = (
      await api<{ id: string }>(server.url, token, 'POST', '/user', {
        firstName: 'Lena',
        lastName: 'Vault',
        ...LEAD,
        roles: ['lead'],
        assignedTo: rita.id,
      })
    ).id;
    await api(server.url, token, 'POST', '/deposit/3d-secure', cardDeposit('4242424242424242', { userId: leadId, amount: 5000 }));
    const category = await api<{ id: string }>(server.url, token, 'POST', '/product-category', {
      name: 'Jewellery',
      fields: [{ key: 'carat', type: 'number', required: true, labels: { en: 'Carat', fr: 'Carat', de: 'Karat' }, position: 0 }],
    });
    await api(server.url, token, 'POST', '/product', {
      categoryId: category.id,
      price: 300,
      description: 'Emerald ring',
      values: { carat: 2 },
    });
    desk = await launchBrowser();
    await signIn(desk.page, server.url);
  });
  afterAll(async () => {
    await desk?.close();
    await server?.close();
  });

  test('root buys the ring for Lena from the products screen, her available funds named before buying', async () => {
    const { page } = desk;
    expect(await available()).toBe(5000);
    await page.goto(`${server.url}/products`);
    const card = page.getByRole('article').filter({ hasText: 'Emerald ring' });
    await card.getByTestId('buy-for-lead').click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('combobox', { name: 'Lead' }).fill('Lena');
    await page.getByRole('option', { name: /lena@vault\.test/ }).click();
    await visible(dialog.getByTestId('lead-funds'));
    expect(await textOf(dialog.getByTestId('lead-funds'))).toBe('Lena Vault (lena@vault.test) has €5,000.00 available (price €300.00).');
    await screenshot(page, 'vault-buy-desktop');
    expect(await violations(page)).toEqual([]);
    await dialog.getByRole('button', { name: 'Buy for €300.00' }).click();
    await visible(card.getByTestId('held-by'));
    expect(await textOf(card.getByTestId('held-by'))).toBe('Held by Lena Vault (lena@vault.test)');
    expect(await available()).toBe(4700);
  });

  test('root makes two offers on it; both wait, and root is told another staff member must release them', async () => {
    const { page } = desk;
    await page.goto(`${server.url}/offers`);
    for (const [amount, origin, shown] of [
      ['450.25', 'Auction house', '€450.25'],
      ['280', 'Private collector', '€280.00'],
    ]) {
      await page.getByTestId('make-offer-open').click();
      const dialog = page.getByRole('dialog');
      await dialog.getByRole('combobox', { name: 'Lead' }).fill('Lena');
      await page.getByRole('option', { name: /lena@vault\.test/ }).click();
      await dialog.getByRole('combobox', { name: 'Product' }).click();
      await page.getByRole('option', { name: /Emerald ring/ }).click();
      await dialog.locator('[name="amount"]').fill(amount);
      const expiry = dialog.getByRole('textbox', { name: 'Expires at the end of' });
      await expiry.fill('12/31/2030');
      await expiry.press('Enter');
      await dialog.locator('[name="origin"]').fill(origin);
      await dialog.getByRole('button', { name: 'Make the offer' }).click();
      await visible(rowOf(page, shown));
    }
    await visible(rowOf(page, '€450.25'));
    const note = rowOf(page, '€450.25').getByTestId('waiting-release');
    expect(await textOf(note)).toBe('Needs a colleague');
    expect(await note.getAttribute('title')).toBe('You made it: another staff member must release it');
    // Its maker is offered no Release: only Withdraw.
    await rowOf(page, '€450.25').getByRole('button', { name: 'Row actions' }).click();
    await visible(page.getByRole('menuitem', { name: 'Withdraw', exact: true }));
    expect(await page.getByRole('menuitem', { name: 'Release', exact: true }).count()).toBe(0);
    await page.keyboard.press('Escape');
    await screenshot(page, 'vault-offers-desktop');
    expect(await violations(page)).toEqual([]);
  });

  test('Rita, a colleague, releases both', async () => {
    const rita = await launchBrowser();
    try {
      await signIn(rita.page, server.url, RITA.email, RITA.password);
      await rita.page.goto(`${server.url}/offers`);
      for (const amount of ['€450.25', '€280.00']) {
        await visible(rowOf(rita.page, amount));
        expect(await textOf(rowOf(rita.page, amount).getByTestId('waiting-release'))).toBe('You may release it');
        await rowOf(rita.page, amount).getByRole('button', { name: 'Row actions' }).click();
        await rita.page.getByRole('menuitem', { name: 'Release', exact: true }).click();
        const confirm = rita.page.getByRole('alertdialog');
        await visible(confirm);
        expect(await textOf(confirm)).toContain('Lena Vault (lena@vault.test) will see the offer');
        await confirm.getByRole('button', { name: 'Release to the lead' }).click();
        await visible(rowOf(rita.page, amount).getByTestId('offer-status').filter({ hasText: 'Pending' }));
      }
    } finally {
      await rita.close();
    }
  });

  test('Lena on a 390 px phone declines €280 and accepts €450.25 after confirming each', async () => {
    const lead = await launchBrowser();
    try {
      const { page } = lead;
      await page.setViewportSize(PHONE);
      await signIn(page, server.url, LEAD.email, LEAD.password);
      await page.goto(`${server.url}/offers`);
      const row = (text: string) => page.getByTestId('offer-row').filter({ hasText: text });
      // On a phone a row's actions are in its menu, at the end of the row by the thumb.
      const answer = async (text: string, action: 'Accept' | 'Decline') => {
        await rowOf(page, text).getByRole('button', { name: 'Row actions' }).click();
        await page.getByRole('menuitem', { name: action, exact: true }).click();
      };
      await visible(row('€280.00'));
      await visible(row('€450.25'));
      expect(await sidewaysScroll(page)).toBe('');
      await screenshot(page, 'vault-offers-phone');
      expect(await violations(page)).toEqual([]);

      await answer('€280.00', 'Decline');
      let confirm = page.getByRole('alertdialog');
      await visible(confirm);
      expect(await textOf(confirm)).toContain('The offer of €280.00 for Emerald ring is rejected');
      // A reason she may give (CHECKLIST 8); staff read it on the offer.
      await confirm.getByLabel('Reason (optional)').fill('Too low for an emerald');
      await confirm.getByRole('button', { name: 'Decline the offer' }).click();
      await visible(row('€280.00').getByTestId('offer-status').filter({ hasText: 'Rejected' }));

      await answer('€450.25', 'Accept');
      confirm = page.getByRole('alertdialog');
      await visible(confirm);
      expect(await textOf(confirm)).toContain('Emerald ring is sold: it leaves the vault and €450.25 is added to the available funds.');
      await screenshot(page, 'vault-accept-phone');
      await confirm.getByRole('button', { name: 'Accept €450.25' }).click();
      await visible(row('€450.25').getByTestId('offer-status').filter({ hasText: 'Accepted' }));
      expect(await available()).toBe(5150.25);

      // Its vault: the ring, sold.
      await page.goto(`${server.url}/vault`);
      await visible(page.getByTestId('holding-row').filter({ hasText: 'Sold for €450.25' }));
      expect(await sidewaysScroll(page)).toBe('');
      await screenshot(page, 'vault-lead-phone');
    } finally {
      await lead.close();
    }
  });

  test('staff see the vault figures and the sale', async () => {
    const { page } = desk;
    await page.goto(`${server.url}/vault`);
    const stats = page.getByTestId('vault-stats');
    await visible(stats);
    const tile = (stat: string) => stats.locator(`[data-stat="${stat}"]`);
    await visible(tile('accepted'));
    expect(await textOf(tile('totalOffers'))).toContain('2');
    expect(await textOf(tile('accepted'))).toContain('1');
    expect(await textOf(tile('rejected'))).toContain('1');
    expect(await textOf(tile('maxAcceptedOffer'))).toContain('€450.25');
    expect(await textOf(tile('maxPurchasePrice'))).toContain('€300.00');
    await screenshot(page, 'vault-stats-desktop');
    expect(await violations(page)).toEqual([]);

    // A holding and an offer open to their details (CHECKLIST 8): bought and sold, made and released by whom.
    await rowOf(page, 'Emerald ring').getByTestId('open-holding').click();
    const holding = page.getByTestId('holding-detail');
    await visible(holding);
    for (const fact of ['Lena Vault (lena@vault.test)', 'Purchase price€300.00', 'Sold for€450.25', 'Gain+€150.25', 'Accepted offer'])
      expect(await textOf(holding)).toContain(fact);
    expect(await violations(page)).toEqual([]);
    await page.keyboard.press('Escape');
    await gone(holding);
    await page.goto(`${server.url}/offers`);
    await rowOf(page, '€450.25').getByTestId('open-offer').click();
    const offer = page.getByRole('dialog');
    await visible(offer.getByTestId('offer-detail'));
    expect(await textOf(offer.getByRole('heading'))).toBe('Offer of €450.25 on Emerald ring');
    const detail = await textOf(offer.getByTestId('offer-detail'));
    expect(detail).toContain(`Released to the lead`);
    expect(detail).toContain(`Rita Release (${RITA.email})`);
    expect(detail).toMatch(/StatusAccepted/);
    await page.keyboard.press('Escape');
    // The declined one says who declined it and why.
    await rowOf(page, '€280.00').getByTestId('open-offer').click();
    await visible(offer.getByTestId('offer-detail'));
    const declined = await textOf(offer.getByTestId('offer-detail'));
    expect(declined).toContain('Declined or withdrawn byLena Vault (lena@vault.test)');
    expect(declined).toContain('ReasonToo low for an emerald');
    expect(await violations(page)).toEqual([]);
    await screenshot(page, 'vault-offer-detail-desktop');
    await page.keyboard.press('Escape');

    await page.goto(`${server.url}/sales`);
    await visible(rowOf(page, 'Emerald ring'));
    expect(await textOf(rowOf(page, 'Emerald ring'))).toContain('€450.25');
    expect(await textOf(rowOf(page, 'Emerald ring'))).toContain('+€150.25');
    const sales = page.getByTestId('sales-stats');
    expect(await textOf(sales.locator('[data-stat="gain"]'))).toContain('€150.25');
    await screenshot(page, 'vault-sales-desktop');
    expect(await violations(page)).toEqual([]);
    await page.setViewportSize(PHONE);
    expect(await sidewaysScroll(page)).toBe('');
    await screenshot(page, 'vault-sales-phone');
  });

  test('in French and dark: the offers and the vault read in words, axe clean', async () => {
    const dark = await launchBrowser({ colorScheme: 'dark' });
    try {
      const { page } = dark;
      await signIn(page, server.url);
      await chooseLanguage(page, 'fr');
      await page.getByTestId('toggle-dark').click();
      await page.waitForFunction(
        () => document.documentElement.getAttribute('data-mode') === 'dark' || document.documentElement.classList.contains('dark'),
      );
      await page.goto(`${server.url}/offers`);
      await visible(page.getByTestId('offer-status').filter({ hasText: 'Acceptée' }));
      await visible(page.getByTestId('offer-status').filter({ hasText: 'Refusée' }));
      await screenshot(page, 'vault-offers-fr-dark');
      expect(await violations(page)).toEqual([]);
      await page.goto(`${server.url}/vault`);
      await visible(page.getByTestId('vault-stats'));
      expect(await textOf(page.getByTestId('vault-stats').locator('[data-stat="maxAcceptedOffer"]'))).toContain('450,25');
      await screenshot(page, 'vault-fr-dark');
      expect(await violations(page)).toEqual([]);
    } finally {
      await dark.close();
    }
  });
});
