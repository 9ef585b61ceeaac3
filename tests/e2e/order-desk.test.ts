import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { Page } from 'playwright-core';
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
import { scriptedFeed } from '../fixtures/scripted-feed.ts';
import { systemClock } from '../../src/server/scheduler/clock.ts';

/**
 * The order desk (DESIGN.md §11, §13; issue 26): a lead opens a EURUSD buy; Rémi (staff) closes it from
 * the desk with a chosen profit of €120.50 from a dialog naming the lead and the amount; a profit is
 * house money, so it waits for a second person and Rémi is not offered the confirmation; Sara (another
 * admin) confirms it and it is booked; the lead's page shows it on its orders tab; the desk exports
 * what its filters show. Phone and desktop, light and dark, en and de; axe clean.
 */

const LEAD = { firstName: 'Léa', lastName: 'Martin', email: 'lea@desk.test', password: 'Lea12345' };
const REMI = { firstName: 'Rémi', lastName: 'Regular', email: 'remi@desk.test', password: 'Remi1234' };
const SARA = { firstName: 'Sara', lastName: 'Second', email: 'sara@desk.test', password: 'Sara1234' };
const PHONE = { width: 390, height: 844 };

type Order = { id: string; status: string; profit: number | null; closeRequestedBy: string | null; closedBy: string | null };

const rowOf = (page: Page, text: string | RegExp) => page.getByRole('row').filter({ hasText: text });

async function post<T>(url: string, token: string, route: string, body: unknown): Promise<T> {
  const response = await fetch(`${url}/api/v1${route}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', 'idempotency-key': randomUUID() },
    body: JSON.stringify(body),
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`POST ${route} → ${response.status} ${text}`);
  return JSON.parse(text) as T;
}

describe('the order desk: close with a profit, a second person confirms, the lead tab and the export show it', () => {
  let server: Server;
  let remi: Browser;
  let sara: Browser;
  let root: string;
  let leadId: string;
  let remiId: string;
  let saraId: string;
  let orderId: string;
  const order = async () => api<Order>(server.url, root, 'GET', `/order/${orderId}`);

  beforeAll(async () => {
    // Prices the journey sets: the lead's buy opens at the ask, 1.08512, figures written by hand.
    server = await startServer({
      priceFeed: scriptedFeed(systemClock, { EURUSD: ['1.08500', '1.08512'], GBPUSD: ['1.27000', '1.27010'] }),
    });
    root = await apiToken(server.url);
    leadId = (await api<{ id: string }>(server.url, root, 'POST', '/user', { ...LEAD, roles: ['lead'] })).id;
    remiId = (await api<{ id: string }>(server.url, root, 'POST', '/user', { ...REMI, roles: ['admin'] })).id;
    saraId = (await api<{ id: string }>(server.url, root, 'POST', '/user', { ...SARA, roles: ['admin'] })).id;
    // Funds through the ledger: entered by root, completed by another admin (four eyes).
    const adjustment = await post<{ id: string }>(server.url, root, '/funds/adjustment', {
      userId: leadId,
      amount: 5000,
      direction: 'credit',
      reason: 'funding',
    });
    await api(server.url, await apiToken(server.url, SARA.email, SARA.password), 'POST', `/adjustment/${adjustment.id}/complete`);
    // The lead opens a forex order at the server's price.
    const lead = await apiToken(server.url, LEAD.email, LEAD.password);
    orderId = (
      await post<{ id: string }>(server.url, lead, '/order', {
        market: 'forex',
        symbol: 'EURUSD',
        type: 'buy',
        quantity: 0.1,
        leverage: 30,
      })
    ).id;
    // And a GBPUSD sell that stays open: what the desk offers offline, and what a filter keeps out.
    await post(server.url, lead, '/order', { market: 'forex', symbol: 'GBPUSD', type: 'sell', quantity: 0.2, leverage: 10 });
    remi = await launchBrowser();
    await signIn(remi.page, server.url, REMI.email, REMI.password);
    sara = await launchBrowser({ colorScheme: 'dark' });
    await sara.page.goto(`${server.url}/login`);
    await sara.page.evaluate(() => localStorage.setItem('bd.ui', JSON.stringify({ mode: 'dark' })));
    await signIn(sara.page, server.url, SARA.email, SARA.password);
  }, 120_000);
  afterAll(async () => {
    await remi?.close();
    await sara?.close();
    await server?.close();
  });

  test('Rémi closes the open order with a profit of €120.50: the dialog names the lead and the amount, the close waits for a second person', async () => {
    const { page } = remi;
    await page.goto(`${server.url}/`);
    // Staff find it in the sidebar (an in-app move: Back returns within the app, see the leave guard below).
    await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Orders' }).click();
    await visible(page.getByRole('heading', { name: 'Order desk' }), 20_000);
    const row = rowOf(page, 'EURUSD');
    await visible(row, 20_000);
    // The lead by name and email, never an id.
    expect(await textOf(row)).toContain('Léa Martin');
    expect(await textOf(row)).toContain(LEAD.email);
    expect(await textOf(row.getByTestId('order-status'))).toBe('Open');
    await visible(page.getByTestId('order-stats'));
    expect(await axe(page)).toEqual([]);
    await screenshot(page, 'order-desk-desktop-light-en');

    await row.getByRole('button', { name: 'Row actions' }).click();
    await page.getByRole('menuitem', { name: 'Close with a profit…' }).click();
    const dialog = page.getByRole('dialog');
    await visible(dialog);
    expect(await textOf(dialog.getByRole('heading'))).toBe(`Close EURUSD for Léa Martin (${LEAD.email})`);
    expect(await textOf(dialog.getByTestId('close-what'))).toMatch(
      /^Buy 0\.1 lots × 30 EURUSD opened at 1\.08512 on .+, holding €[\d,]+\.\d{2}\.$/,
    );
    // A third decimal is refused, never read as thousands.
    await dialog.locator('[name="profit"]').fill('120.505');
    await dialog.getByRole('button', { name: /^Close with/ }).click();
    await visible(dialog.getByText(/decimal/i));
    await dialog.locator('[name="profit"]').fill('120.50');
    await visible(dialog.getByRole('button', { name: 'Close with a profit of €120.50' }));
    // Leaving with a profit typed asks first (Back to the home page here); staying keeps it.
    await page.evaluate(() => history.back());
    const leave = page.getByRole('alertdialog');
    await visible(leave);
    expect(await textOf(leave)).toContain('Leave this form?');
    await leave.getByRole('button', { name: 'Cancel' }).click();
    await gone(leave);
    expect(await dialog.locator('[name="profit"]').inputValue()).toBe('120.50');
    expect(await textOf(dialog.getByTestId('close-four-eyes'))).toBe(
      'A profit is paid by the house: another staff member confirms it before it is booked.',
    );
    expect(await axe(page)).toEqual([]);
    await screenshot(page, 'order-desk-close-desktop-light-en');
    await dialog.getByRole('button', { name: 'Close with a profit of €120.50' }).click();
    await gone(page.getByRole('dialog'), 20_000);

    await visible(row.locator('[data-status="waiting"]'), 20_000);
    expect(await textOf(row.getByTestId('four-eyes-waiting'))).toBe(
      `Waiting for a second person: Rémi Regular (${REMI.email}) asked to close it with €120.50`,
    );
    expect(await order()).toMatchObject({ status: 'closing', closeRequestedBy: remiId, profit: null });
    // Whoever asked may take it back, never confirm it.
    await row.getByRole('button', { name: 'Row actions' }).click();
    await visible(page.getByRole('menuitem', { name: 'Cancel the close' }));
    expect(await page.getByRole('menuitem', { name: 'Confirm the close' }).count()).toBe(0);
    await page.keyboard.press('Escape');
  });

  test('Sara confirms it on a phone, in the dark: the dialog names the lead, who asked and the amount; the profit is booked', async () => {
    const { page } = sara;
    await page.setViewportSize(PHONE);
    await page.goto(`${server.url}/orders`);
    const stacked = page.getByTestId('order-row').filter({ hasText: 'EURUSD' });
    await visible(stacked, 20_000);
    expect(await textOf(stacked)).toContain('Léa Martin');
    expect(await textOf(stacked)).toContain('Needs a second person');
    expect(await sidewaysScroll(page)).toBe('');
    expect(await axe(page)).toEqual([]);
    // On a phone the figures fold to one line, so the orders start near the top.
    expect(await page.getByTestId('order-stats').getAttribute('open')).toBeNull();
    await screenshot(page, 'order-desk-phone-dark-en');
    await rowOf(page, 'EURUSD').getByRole('button', { name: 'Row actions' }).click();
    await page.getByRole('menuitem', { name: 'Confirm the close' }).click();
    const dialog = page.getByRole('alertdialog');
    await visible(dialog);
    expect(await textOf(dialog.getByTestId('action-what'))).toBe(
      `Rémi Regular (${REMI.email}) asked to close it with a profit of €120.50, paid by the house. Confirming books it.`,
    );
    expect(await axe(page)).toEqual([]);
    await screenshot(page, 'order-desk-confirm-phone-dark-en');
    await dialog.getByRole('button', { name: 'Confirm the close' }).click();
    await gone(page.getByRole('alertdialog'), 20_000);
    await visible(stacked.getByText('+€120.50'), 20_000);
    expect(await order()).toMatchObject({ status: 'closed', profit: 120.5, closedBy: saraId });
  });

  test("the lead's page shows the closed order on its orders tab", async () => {
    const { page } = sara;
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto(`${server.url}/leads/${leadId}`);
    await page.getByRole('tab', { name: 'Orders' }).click();
    const row = rowOf(page, 'EURUSD');
    await visible(row, 20_000);
    expect(await textOf(row.getByTestId('order-status'))).toBe('Closed');
    expect(await textOf(row.getByTestId('profit'))).toBe('+€120.50');
    expect(await axe(page)).toEqual([]);
    await screenshot(page, 'order-desk-lead-tab-desktop-dark-en');
    // Its details: who opened it, who asked for the close, who closed it and why.
    await row.getByTestId('open-order').click();
    const detail = page.getByTestId('order-detail');
    await visible(detail);
    expect(await textOf(detail)).toContain(`Sara Second (${SARA.email})`);
    expect(await textOf(detail)).toContain('Closed by staff with a chosen profit');
    expect(await textOf(detail)).toContain('+€120.50');
    expect(await axe(page)).toEqual([]);
    await screenshot(page, 'order-desk-detail-desktop-dark-en');
    await page.keyboard.press('Escape');
    await gone(detail);
  });

  test('the desk exports what its filters show; the stats and the dashboard count the booked profit', async () => {
    const { page } = remi;
    // The list as a link keeps it: closed orders only.
    await page.goto(`${server.url}/orders?filters=${encodeURIComponent(JSON.stringify([{ field: 'status', values: ['closed'] }]))}`);
    await visible(rowOf(page, 'EURUSD'), 20_000);
    expect(await rowOf(page, 'GBPUSD').count()).toBe(0);
    expect(await textOf(page.locator('[data-stat="realisedProfit"] strong'))).toBe('+€120.50');
    expect(await textOf(page.locator('[data-stat="open"] strong'))).toBe('1');
    expect(await textOf(page.locator('[data-stat="closed"] strong'))).toBe('1');
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('orders-export-csv').click()]);
    expect(download.suggestedFilename()).toMatch(/^orders-\d{4}-\d{2}-\d{2}\.csv$/);
    const csv = readFileSync((await download.path())!, 'utf8').split('\r\n');
    expect(csv.slice(0, 3)).toEqual(['Export of,Orders', 'Filters,Status: Closed', 'Records,1']);
    expect(csv[6]).toMatch(
      new RegExp(
        `^\\d{4}-\\d{2}-\\d{2} \\d{2}:\\d{2},Léa Martin,${LEAD.email},EURUSD,Forex,Buy,0\\.10,30,1\\.08512,,[\\d.]+,Closed,120\\.50,.+,Sara Second,Closed by staff with a chosen profit$`,
      ),
    );
    await page.goto(`${server.url}/`);
    await visible(page.getByTestId('trading-figures'), 20_000);
    expect(await textOf(page.getByTestId('trading-profit'))).toBe('+€120.50');
    expect(await textOf(page.getByTestId('trading-period'))).toMatch(/^Opened /);
    await page.getByTestId('trading-figures').scrollIntoViewIfNeeded();
    await screenshot(page, 'order-desk-dashboard-desktop-light-en');
  });

  test('in German on a phone and a desktop, light and dark: stacked rows, nothing sideways, axe clean', async () => {
    for (const [browser, mode] of [
      [remi, 'light'],
      [sara, 'dark'],
    ] as const) {
      const { page } = browser;
      await page.setViewportSize({ width: 1280, height: 800 });
      await page.goto(`${server.url}/orders`);
      await chooseLanguage(page, 'de');
      await visible(page.getByRole('heading', { name: 'Order-Desk' }));
      await visible(rowOf(page, '+120,50 €'), 20_000);
      expect(await axe(page)).toEqual([]);
      await screenshot(page, `order-desk-desktop-${mode}-de`);
      await page.setViewportSize(PHONE);
      const stacked = page.getByTestId('order-row').filter({ hasText: '+120,50 €' });
      await visible(stacked, 20_000);
      expect(await textOf(stacked)).toContain('Léa Martin');
      await stacked.scrollIntoViewIfNeeded();
      expect(await sidewaysScroll(page)).toBe('');
      expect(await axe(page)).toEqual([]);
      await screenshot(page, `order-desk-phone-${mode}-de`);
      await page.setViewportSize({ width: 1280, height: 800 });
      await chooseLanguage(page, 'en');
    }
  });
  test('in French: the desk, its figures and the order details in French words', async () => {
    const { page } = remi;
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto(`${server.url}/orders`);
    await chooseLanguage(page, 'fr');
    try {
      await visible(page.getByRole('heading', { name: 'Table des ordres' }));
      const row = rowOf(page, '+120,50 €');
      await visible(row, 20_000);
      expect(await textOf(row.getByTestId('order-status'))).toBe('Clôturé');
      await row.getByTestId('open-order').click();
      const detail = page.getByTestId('order-detail');
      await visible(detail);
      expect(await textOf(detail)).toContain('Clôturé par l’équipe avec un profit choisi');
      expect(await axe(page)).toEqual([]);
      await screenshot(page, 'order-desk-detail-desktop-light-fr');
      await page.keyboard.press('Escape');
    } finally {
      await chooseLanguage(page, 'en');
    }
  });

  test('offline the desk says closing needs a connection and sends nothing; the list still reads the mirror', async () => {
    const { page } = remi;
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto(`${server.url}/orders`);
    const row = rowOf(page, 'GBPUSD');
    await visible(row, 20_000);
    await page.context().setOffline(true);
    try {
      await visible(page.getByTestId('offline-note'), 20_000);
      expect(await textOf(page.getByTestId('offline-note'))).toContain('closing one and exporting need a connection');
      expect(await page.getByTestId('orders-export-csv').isDisabled()).toBe(true);
      await row.getByRole('button', { name: 'Row actions' }).click();
      const close = page.getByRole('menuitem', { name: 'Close with a profit… (needs a connection)' });
      await visible(close);
      expect(await close.getAttribute('aria-disabled')).toBe('true');
      await page.keyboard.press('Escape');
      expect(await axe(page)).toEqual([]);
      await screenshot(page, 'order-desk-offline-desktop-light-en');
    } finally {
      await page.context().setOffline(false);
    }
    // Nothing was sent: the EURUSD closed, the GBPUSD still open.
    const { orders } = await api<{ orders: { symbol: string; status: string }[] }>(server.url, root, 'GET', '/order?limit=10');
    expect(orders.map((o) => `${o.symbol} ${o.status}`).sort()).toEqual(['EURUSD closed', 'GBPUSD open']);
  });

  test("a lead's /orders is its platform; its home counts its open orders", async () => {
    const lea = await launchBrowser();
    try {
      // Its first pull lands late (a slow connection): the card shown before it must count once it lands.
      await lea.page.route('**/api/v1/sync?**', async (route) => {
        await new Promise((resolve) => setTimeout(resolve, 3_000));
        await route.continue();
      });
      await signIn(lea.page, server.url, LEAD.email, LEAD.password);
      await lea.page.goto(`${server.url}/`);
      const early = lea.page.getByTestId('trading-open');
      await visible(early, 20_000);
      expect(await early.textContent()).not.toBe('1');
      await lea.page.waitForFunction(() => document.querySelector('[data-testid="trading-open"]')?.textContent === '1', undefined, {
        timeout: 20_000,
      });
      await lea.page.unroute('**/api/v1/sync?**');
      await lea.page.goto(`${server.url}/orders`);
      await lea.page.waitForURL(/\/platform/, { timeout: 20_000 });
      // Its home counts its open orders (the GBPUSD sell), read from its own mirror.
      await lea.page.setViewportSize(PHONE);
      await lea.page.goto(`${server.url}/`);
      const open = lea.page.getByTestId('trading-open');
      await visible(open, 20_000);
      await lea.page.waitForFunction(() => document.querySelector('[data-testid="trading-open"]')?.textContent === '1', undefined, {
        timeout: 20_000,
      });
      await open.scrollIntoViewIfNeeded();
      expect(await sidewaysScroll(lea.page)).toBe('');
      expect(await axe(lea.page)).toEqual([]);
      await screenshot(lea.page, 'order-desk-lead-home-phone-light-en');
    } finally {
      await lea.close();
    }
  });
  test('Rémi closes the GBPUSD sell at the market: the confirmation says the live price and the loss it books, as the server books it', async () => {
    const { page } = remi;
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto(`${server.url}/orders`);
    const row = rowOf(page, 'GBPUSD');
    await visible(row, 20_000);
    await row.getByRole('button', { name: 'Row actions' }).click();
    await page.getByRole('menuitem', { name: 'Close at the market…' }).click();
    const dialog = page.getByRole('alertdialog');
    await visible(dialog);
    expect(await textOf(dialog.getByRole('heading'))).toBe(`Close GBPUSD for Léa Martin (${LEAD.email}) at the market`);
    // A sell of 0.2 lots opened at the bid 1.27000 closes at the ask 1.27010: (1.27000 − 1.27010) × 0.2 × 100,000 = −2.00 USD,
    // at about 1.085 USD a euro −1.843… → −€1.84.
    await page.waitForFunction(
      () => /1\.27010/.test(document.querySelector('[data-testid="market-close-what"]')?.textContent ?? ''),
      undefined,
      {
        timeout: 20_000,
      },
    );
    expect(await textOf(dialog.getByTestId('market-close-what'))).toBe(
      'It closes at the server’s price when you confirm: now 1.27010, a loss of about €1.84.',
    );
    expect(await axe(page)).toEqual([]);
    await screenshot(page, 'order-desk-market-close-desktop-light-en');
    await dialog.getByRole('button', { name: 'Close at the market', exact: true }).click();
    await gone(page.getByRole('alertdialog'), 20_000);
    await visible(row.locator('[data-status="closed"]'), 20_000);
    expect(await textOf(row.getByTestId('profit'))).toBe('−€1.84');
    const { orders } = await api<{ orders: { symbol: string; status: string; profit: number; closeReason: string }[] }>(
      server.url,
      root,
      'GET',
      '/order?limit=10',
    );
    expect(orders.find((o) => o.symbol === 'GBPUSD')).toMatchObject({ status: 'closed', profit: -1.84, closeReason: 'staff' });
  });
});
