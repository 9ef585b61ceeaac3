import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { Page } from 'playwright-core';
import { cardDeposit } from '../fixtures/card-deposit.ts';
import { scriptedFeed, type ScriptedFeed } from '../fixtures/scripted-feed.ts';
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
  signOut,
  startServer,
  textOf,
  visible,
  type Browser,
  type Server,
} from './harness.ts';

/**
 * The lead's trading platform on a 390 px phone (DESIGN.md §11, §13, issue 26), against the real server
 * with a feed whose prices this journey sets (tests/fixtures/scripted-feed.ts): every figure below is
 * computed by hand from those prices.
 *
 * EURUSD starts at bid 1.24995 / ask 1.25005: mid 1.25, so a dollar is €0.80.
 * - 0.10 lot bought at 25:1 opens at the ask 1.25005: margin 0.10 × 100,000 × 1.25005 / 25 = 500.02 USD
 *   = €400.016 → €400.02; a pip (0.0001) 10 USD × … = 1 USD = €0.80; close-out 1.25005 × 49/50 =
 *   1.225049 → 1.22505.
 * - EURUSD then 1.27995 / 1.28005 (mid 1.28: a dollar is €0.78125): the buy closes at the bid,
 *   (1.27995 − 1.25005) × 10,000 = 299 USD = €233.59375 → +€233.59. Equity 400.02 + 233.59 = €633.61,
 *   margin level 633.61 / 400.02 = 158.394…% → 158.39%. Closed: available 10,000 + 233.59 = €10,233.59.
 * - A €100 call on EURUSD for 1 minute strikes at the ask 1.28005; at 30 s the ask is 1.28105, the last
 *   tick before expiry: won, 100 + 100 × 80 % = €180 back, profit +€80.00; available 10,233.59 − 100 +
 *   180 = €10,313.59.
 */

const LEAD = { email: 'tara@trade.test', password: 'Tara1234' };
const PHONE = { width: 390, height: 844 };

const violations = async (page: Page) => (await axe(page)).map((v) => `${v.id}: ${v.nodes.map((n) => String(n.target)).join(', ')}`);

describe('the platform on a phone: prices, chart, a forex order opened and closed, a binary option settled, offline', () => {
  let server: Server;
  let feed: ScriptedFeed;
  let lead: Browser;
  let token: string;
  let leadId: string;
  let offset = 0;
  const clock = { now: () => new Date(Date.now() + offset) };
  const page = () => lead.page;
  const orders = async () =>
    (await api<{ orders: { status: string; profit: number | null }[] }>(server.url, token, 'GET', `/order?limit=50`)).orders;

  beforeAll(async () => {
    feed = scriptedFeed(clock, { EURUSD: ['1.24995', '1.25005'], USDJPY: ['149.995', '150.005'] });
    server = await startServer({ clock, priceFeed: feed });
    token = await apiToken(server.url);
    await api(server.url, token, 'PATCH', '/setting', { binaryOptionsEnabled: true });
    leadId = (
      await api<{ id: string }>(server.url, token, 'POST', '/user', {
        firstName: 'Tara',
        lastName: 'Trader',
        ...LEAD,
        roles: ['lead'],
        labels: ['forex', 'binary_options'],
      })
    ).id;
    await api(server.url, token, 'POST', '/deposit/3d-secure', cardDeposit('4242424242424242', { userId: leadId, amount: 10_000 }));
    lead = await launchBrowser();
    await page().setViewportSize(PHONE);
    await signIn(page(), server.url, LEAD.email, LEAD.password);
  });
  afterAll(async () => {
    await lead?.close();
    await server?.close();
  });

  test('the lead watches prices tick up and down and the chart draw', async () => {
    await page().getByRole('link', { name: 'Platform' }).first().click();
    await page().waitForURL(/\/platform/);
    const bid = page().getByTestId('bid-EURUSD');
    await expect.poll(() => textOf(bid)).toContain('1.24995');
    const chart = page().getByTestId('price-chart');
    await expect.poll(() => chart.getAttribute('data-status'), { timeout: 15_000 }).toBe('drawn');
    expect(await chart.locator('canvas').count()).toBeGreaterThan(0);

    feed.set('EURUSD', '1.25015', '1.25025');
    await expect.poll(() => textOf(bid)).toContain('1.25015');
    expect(await bid.getAttribute('data-move')).toBe('up');
    // Not colour alone: the move is said in words too.
    expect(await textOf(bid)).toContain('up');
    feed.set('EURUSD', '1.24995', '1.25005');
    await expect.poll(() => bid.getAttribute('data-move')).toBe('down');
    await expect.poll(() => textOf(bid)).toContain('1.24995');

    expect(await sidewaysScroll(page())).toBe('');
    await screenshot(page(), 'platform-phone');
    expect(await violations(page())).toEqual([]);
  });

  test('the ticket shows margin, pip value and close-out price; too much leverage is refused before sending', async () => {
    const ticket = page().getByTestId('order-ticket');
    await ticket.getByLabel('Lots').fill('0.10');
    await ticket.getByLabel('Leverage').fill('25');
    await expect.poll(() => textOf(page().getByTestId('ticket-margin'))).toBe('€400.02');
    expect(await textOf(page().getByTestId('ticket-pip'))).toBe('€0.80');
    expect(await textOf(page().getByTestId('ticket-closeout'))).toBe('1.22505');

    // 100 lots would hold 100 × 100,000 × 1.25005 / 25 × 0.80 = €400,016.00: more than the €10,000 there.
    await ticket.getByLabel('Lots').fill('100');
    await expect.poll(() => textOf(page().getByTestId('ticket-margin'))).toBe('€400,016.00');
    await visible(ticket.getByText('More than your available funds (€10,000.00): the server would refuse it'));
    expect(await ticket.getByRole('button', { name: 'Buy 100.00 EURUSD' }).isDisabled()).toBe(true);
    await ticket.getByLabel('Lots').fill('0.10');

    await ticket.getByLabel('Leverage').fill('50');
    await ticket.getByRole('button', { name: 'Buy 0.10 EURUSD' }).click();
    await visible(ticket.getByText('EURUSD allows a leverage of at most 30:1'));
    expect(await orders()).toEqual([]);
    await screenshot(page(), 'platform-phone-leverage-refused');
  });

  test('the lead opens the buy, sees its live profit and funds, and closes it at the market', async () => {
    const ticket = page().getByTestId('order-ticket');
    await ticket.getByLabel('Leverage').fill('25');
    await ticket.getByRole('button', { name: 'Buy 0.10 EURUSD' }).click();
    await visible(page().getByText('Order opened: EURUSD at 1.25005'));
    const position = page().getByTestId('open-position');
    await visible(position);
    await expect.poll(() => textOf(page().getByTestId('funds-available'))).toBe('€9,599.98');
    expect(await textOf(page().getByTestId('funds-margin'))).toBe('€400.02');

    feed.set('EURUSD', '1.27995', '1.28005');
    await expect.poll(() => textOf(position.getByTestId('position-profit'))).toBe('+€233.59');
    expect(await textOf(page().getByTestId('funds-equity'))).toBe('€633.61');
    expect(await textOf(page().getByTestId('funds-level'))).toBe('158.39%');
    await position.scrollIntoViewIfNeeded();
    await screenshot(page(), 'platform-phone-position');

    await position.getByRole('button', { name: 'Close' }).click();
    const dialog = page().getByRole('alertdialog');
    expect(await textOf(dialog.getByTestId('action-what'))).toContain('about +€233.59 now');
    await dialog.getByRole('button', { name: 'Close at the market' }).click();
    await gone(page().getByRole('alertdialog'));
    await visible(page().getByText('Position closed: EURUSD, profit +€233.59'));
    await expect.poll(() => textOf(page().getByTestId('funds-available'))).toBe('€10,233.59');
    expect(await textOf(page().getByTestId('funds-margin'))).toBe('€0.00');
    await page().getByRole('tab', { name: 'Closed orders' }).click();
    await expect.poll(() => textOf(page().getByTestId('closed-profit'))).toBe('+€233.59');
    expect((await orders()).map((o) => [o.status, o.profit])).toEqual([['closed', 233.59]]);

    // The closed orders export as the server writes them (words, the profit as a number).
    const download = page().waitForEvent('download');
    await page().getByTestId('closed-orders-export-csv').click();
    const csv = readFileSync((await (await download).path())!, 'utf8');
    expect(csv).toContain('EURUSD');
    expect(csv).toContain('233.59');
  });

  test('a 1-minute binary option, acknowledged as risky, settles at expiry and shows as won', async () => {
    const ticket = page().getByTestId('order-ticket');
    await ticket.getByText('Binary option', { exact: true }).click();
    await ticket.getByText('Higher (call)').click();
    await ticket.getByRole('textbox', { name: 'Stake' }).fill('100');
    await ticket.getByLabel('Expires').selectOption('1m');
    await visible(ticket.getByText('Binary options are high risk'));
    await ticket.getByText('I understand the risk and may lose my whole stake').click();
    await ticket.getByRole('button', { name: 'Stake €100.00 on EURUSD' }).click();
    await visible(page().getByText('Order opened: EURUSD at 1.28005'));
    await page()
      .getByRole('tab', { name: /Open positions/ })
      .click();
    const binary = page().getByTestId('open-position');
    await visible(binary);
    expect(await textOf(binary.getByTestId('binary-now'))).toBe('level with the strike now');
    // Its time limit runs on the screen.
    expect(await textOf(binary.getByTestId('binary-expiry'))).toMatch(/settled by the server in (1:00|0:5\d)$/);

    // The last tick before the expiry is above the strike; then the clock passes the expiry.
    offset += 30_000;
    feed.set('EURUSD', '1.28095', '1.28105');
    await expect.poll(() => textOf(binary.getByTestId('binary-now'))).toBe('winning now');
    await binary.scrollIntoViewIfNeeded();
    await screenshot(page(), 'platform-phone-binary');
    offset += 31_000;
    await server.app.services.scheduler.runDue();
    await gone(page().getByTestId('open-position'), 15_000);
    await page().getByRole('tab', { name: 'Closed orders' }).click();
    const won = page().getByTestId('closed-order').filter({ hasText: 'won' });
    await visible(won);
    expect(await textOf(won.getByTestId('closed-profit'))).toBe('+€80.00');
    await expect.poll(() => textOf(page().getByTestId('funds-available'))).toBe('€10,313.59');
  });

  test('offline, the platform says what it shows and what needs a connection', async () => {
    const context = lead.context;
    await context.setOffline(true);
    try {
      await visible(page().getByTestId('platform-offline'));
      expect(await textOf(page().getByTestId('platform-offline'))).toContain('opening and closing orders need a connection');
      await visible(page().getByTestId('quotes-stale'));
      expect(await page().getByTestId('price-chart').getAttribute('data-status')).toBe('offline');
      const ticket = page().getByTestId('order-ticket');
      expect(await ticket.getByRole('button', { name: /Stake|Buy|Sell/ }).isDisabled()).toBe(true);
      await visible(ticket.getByTestId('offline-note'));
      // History reads from the mirror, with its age.
      await visible(page().getByTestId('history-stale'));
      expect(await page().getByTestId('closed-order').count()).toBe(2);
      await screenshot(page(), 'platform-phone-offline');
      expect(await violations(page())).toEqual([]);
    } finally {
      await context.setOffline(false);
    }
  });

  test('opened without a network (a reload offline), the last prices and the orders come from the mirror', async () => {
    // The last prices reach the mirror's meta table (written every 5 s while ticking).
    const kept = () =>
      page().evaluate(
        (id) =>
          new Promise<string>((resolve) => {
            const open = indexedDB.open(`brokerdesk-${id}`);
            open.onsuccess = () => {
              const read = open.result.transaction('meta').objectStore('meta').get('lastQuotes');
              read.onsuccess = () => {
                resolve(JSON.stringify(read.result?.value ?? null));
                open.result.close();
              };
            };
          }),
        leadId,
      );
    await expect.poll(kept, { timeout: 15_000 }).toContain('1.28095');
    // The service worker must control the page for a reload without network to open the app.
    await page().evaluate(async () => (await navigator.serviceWorker.ready).scope);
    await page().reload();
    await expect.poll(() => page().evaluate(() => Boolean(navigator.serviceWorker.controller)), { timeout: 15_000 }).toBe(true);
    await lead.context.setOffline(true);
    try {
      await page().reload();
      await visible(page().getByTestId('platform-offline'));
      await expect.poll(() => textOf(page().getByTestId('bid-EURUSD'))).toContain('1.28095');
      await visible(page().getByTestId('quotes-stale'));
      await page().getByRole('tab', { name: 'Closed orders' }).click();
      await expect.poll(() => page().getByTestId('closed-order').count()).toBe(2);
      await expect.poll(() => textOf(page().getByTestId('funds-available'))).toBe('€10,313.59');
      await screenshot(page(), 'platform-phone-opened-offline');
    } finally {
      await lead.context.setOffline(false);
    }
  });

  test('dark on the phone, then a desktop in French: fits and is axe clean', async () => {
    // The look controls sit in the desktop header; a phone shows the same page in the look chosen there.
    await page().setViewportSize({ width: 1280, height: 800 });
    await page().getByTestId('toggle-dark').click();
    await expect.poll(() => page().evaluate(() => document.documentElement.dataset.mode)).toBe('dark');
    await page().setViewportSize(PHONE);
    await page().evaluate(() => window.scrollTo(0, 0));
    expect(await sidewaysScroll(page())).toBe('');
    await screenshot(page(), 'platform-phone-dark');
    await page().setViewportSize({ width: 1280, height: 800 });
    await chooseLanguage(page(), 'fr');
    await visible(page().getByRole('heading', { name: 'Plateforme' }));
    await expect.poll(() => page().getByTestId('price-chart').getAttribute('data-status'), { timeout: 15_000 }).toBe('drawn');
    expect(await sidewaysScroll(page())).toBe('');
    await page().evaluate(() => window.scrollTo(0, 0));
    await screenshot(page(), 'platform-desktop-fr');
    expect(await violations(page())).toEqual([]);
  });

  test('staff watch the same prices and chart; the ticket is the lead’s', async () => {
    await chooseLanguage(page(), 'en');
    await signOut(page());
    await signIn(page(), server.url);
    await page().goto(`${server.url}/platform?symbol=XAUUSD`);
    await visible(page().getByTestId('platform-staff-note'));
    await expect.poll(() => page().getByTestId('price-chart').getAttribute('data-status'), { timeout: 15_000 }).toBe('drawn');
    expect(await page().getByTestId('watch-XAUUSD').getAttribute('aria-pressed')).toBe('true');
    expect(await page().getByTestId('order-ticket').count()).toBe(0);
    expect(await page().getByTestId('funds-header').count()).toBe(0);
  });
});
