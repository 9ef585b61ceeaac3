import { readFileSync } from 'node:fs';
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
 * The money screens as a newcomer finds them (issue 24, part B): with more leads than any preloaded
 * lookup held (2,000), every row and dialog names its lead with the email that tells namesakes apart,
 * the billing picker searches as one types, a record opens to who entered it and what it booked, a
 * phone shows amounts in stacked rows, and cash flow's figures follow its range and agree.
 */

const PHONE = { width: 390, height: 844 };
const LEADS = 2_100;

/** axe's findings as one line each, so a failure says which rule and where. */
const violations = async (page: Page) => (await axe(page)).map((v) => `${v.id}: ${v.nodes.map((n) => String(n.target)).join(', ')}`);

const rowOf = (page: Page, text: string) => page.getByRole('row').filter({ hasText: text });

describe('money screens: names at any size, details, phones, periods (en, de)', () => {
  let server: Server;
  let desk: Browser;
  let zoeA: string;
  let zoeB: string;

  beforeAll(async () => {
    server = await startServer();
    const token = await apiToken(server.url);
    // Past the old 2,000 cap; the two namesakes come last, where it never reached.
    const leads = [
      ...Array.from({ length: LEADS }, (_, i) => ({
        firstName: 'Lead',
        lastName: `N${String(i).padStart(4, '0')}`,
        email: `lead${i}@names.test`,
        roles: ['lead'],
      })),
      { firstName: 'Zoé', lastName: 'Zimmer', email: 'zoe.a@names.test', roles: ['lead'] },
      { firstName: 'Zoé', lastName: 'Zimmer', email: 'zoe.b@names.test', roles: ['lead'] },
    ];
    const created = await api<{ users: { id: string; email: string }[] }>(server.url, token, 'POST', '/user/batch', leads);
    zoeA = created.users.find((u) => u.email === 'zoe.a@names.test')!.id;
    zoeB = created.users.find((u) => u.email === 'zoe.b@names.test')!.id;
    await api(server.url, token, 'POST', '/deposit/3d-secure', cardDeposit('4242424242424242', { userId: zoeA, amount: 1234.56 }));
    await api(server.url, token, 'POST', '/deposit', { userId: zoeB, amount: 250.5, transactionId: 'SEPA-2100' });
    desk = await launchBrowser();
    await signIn(desk.page, server.url);
  }, 120_000);
  afterAll(async () => {
    await desk?.close();
    await server?.close();
  });

  test('every deposit row names its lead and email; the action dialog names lead, amount and where the money goes', async () => {
    const { page } = desk;
    await page.goto(`${server.url}/deposits`);
    await visible(rowOf(page, '€250.50').getByTestId('person'), 30_000);
    expect(await textOf(rowOf(page, '€250.50').getByTestId('person'))).toBe('Zoé Zimmerzoe.b@names.test');
    expect(await textOf(rowOf(page, '€1,234.56').getByTestId('person'))).toBe('Zoé Zimmerzoe.a@names.test');
    // Nothing to tick: no bulk action exists on money.
    expect(await page.getByRole('table').locator('input[type=checkbox]').count()).toBe(0);
    // The tiles say the days they cover.
    expect(await textOf(page.getByTestId('deposit-stats').getByTestId('stats-period'))).toMatch(/^Last 30 days \(/);

    await rowOf(page, '€250.50').getByRole('button', { name: 'Row actions' }).click();
    await page.getByRole('menuitem', { name: 'Fail', exact: true }).click();
    const dialog = page.getByRole('alertdialog');
    expect(await textOf(dialog.getByTestId('action-what'))).toBe('€250.50 for Zoé Zimmer (zoe.b@names.test): nothing is credited.');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await gone(dialog);
    expect(await violations(page)).toEqual([]);
    await screenshot(page, 'money-names-deposits-desktop-light');

    // The export holds what the list shows: the pending transfer only, under a header saying so.
    await page.goto(`${server.url}/deposits?filters=${encodeURIComponent(JSON.stringify([{ field: 'status', values: ['pending'] }]))}`);
    await expect.poll(() => page.getByTestId('person').count(), { timeout: 20_000 }).toBe(1);
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Export .csv' }).click()]);
    const csv = readFileSync((await download.path())!, 'utf8').split('\r\n');
    expect(csv.slice(0, 3)).toEqual(['Export of,Deposits', 'Filters,Status: Pending', 'Records,1']);
    expect(csv[6]).toMatch(/,Zoé Zimmer,zoe\.b@names\.test,250\.50,Pending,Bank transfer,SEPA-2100,,Root Admin,$/);
  });

  test('a deposit opens to who entered it, its reference, and the ledger entries it booked', async () => {
    const { page } = desk;
    await page.goto(`${server.url}/deposits`);
    await rowOf(page, '€250.50').getByTestId('open-detail').click();
    const detail = page.getByTestId('money-detail');
    await visible(detail.getByTestId('detail-entered-by'), 20_000);
    expect(await textOf(detail.getByTestId('detail-entered-by'))).toBe('Root Admin (root@brokerdesk.test)');
    expect(await textOf(detail.getByTestId('detail-transaction'))).toBe('SEPA-2100');
    expect(await textOf(detail)).toContain('Nothing booked on the ledger.');
    await page.keyboard.press('Escape');
    await gone(detail);

    await rowOf(page, '€1,234.56').getByTestId('open-detail').click();
    await visible(detail.getByTestId('detail-entries'), 20_000);
    expect(await detail.getByTestId('detail-entries').locator('tbody tr').count()).toBe(2);
    expect(await textOf(detail.getByTestId('detail-entries'))).toContain('€1,234.56');
    expect(await violations(page)).toEqual([]);
    await screenshot(page, 'money-names-detail-desktop-light');
    await page.keyboard.press('Escape');
  });

  test('billing: the picker searches as one types and tells namesakes apart by email', async () => {
    const { page } = desk;
    await page.goto(`${server.url}/billing`);
    const picker = page.getByRole('combobox', { name: 'Choose a lead' });
    await picker.fill('Zimmer');
    await expect.poll(() => page.getByRole('listbox').getByRole('option').count(), { timeout: 10_000 }).toBe(2);
    expect((await page.getByRole('listbox').getByRole('option').allTextContents()).sort()).toEqual([
      'Zoé Zimmerzoe.a@names.test',
      'Zoé Zimmerzoe.b@names.test',
    ]);
    await page.getByRole('option', { name: /zoe\.a@names\.test/ }).click();
    await visible(page.getByTestId('statement-row'), 20_000);
    expect(await page.getByTestId('entry-amount').allTextContents()).toEqual(['€1,234.56']);
    expect(await textOf(page.getByTestId('lead-picker-email'))).toBe('zoe.a@names.test');
    // A lead the old 2,000 cap never loaded is found as well.
    await picker.fill('N2099');
    await visible(page.getByRole('option', { name: /lead2099@names\.test/ }));
  });

  test('a phone shows the statement and the deposits as stacked rows with their amounts', async () => {
    const { page } = desk;
    await page.setViewportSize(PHONE);
    await page.goto(`${server.url}/billing?leadId=${zoeA}`);
    await visible(page.getByTestId('statement-row'), 20_000);
    const amount = await page.getByTestId('entry-amount').first().boundingBox();
    expect(amount && amount.x + amount.width).toBeLessThanOrEqual(PHONE.width);
    expect(await textOf(page.getByTestId('entry-amount'))).toBe('€1,234.56');
    expect(await textOf(page.getByTestId('entry-balance'))).toBe('€1,234.56');
    expect(await sidewaysScroll(page)).toBe('');
    expect(await violations(page)).toEqual([]);
    await screenshot(page, 'money-names-statement-phone-light');

    await page.goto(`${server.url}/deposits`);
    await visible(page.getByTestId('stacked-row').first(), 20_000);
    const row = page.getByTestId('stacked-row').filter({ hasText: '€250.50' });
    await visible(row.getByText('Zoé Zimmer'), 20_000);
    expect(await textOf(row.getByTestId('signed-amount'))).toBe('+€250.50');
    expect(await textOf(row.getByTestId('deposit-status'))).toBe('Pending');
    expect(await sidewaysScroll(page)).toBe('');
    await screenshot(page, 'money-names-deposits-phone-light');
    await row.getByRole('button').first().click();
    await visible(page.getByTestId('money-detail').getByTestId('detail-entered-by'), 20_000);
    await screenshot(page, 'money-names-detail-phone-light');
    await page.keyboard.press('Escape');
    await page.setViewportSize({ width: 1280, height: 800 });
  });

  test('cash flow at 7 days: the tiles follow the range and agree with the chart and the tables', async () => {
    const { page } = desk;
    await page.goto(`${server.url}/cash-flow`);
    await page.getByRole('button', { name: '7 days', exact: true }).click();
    await expect.poll(() => page.getByTestId('flow-data').locator('tbody tr').count(), { timeout: 20_000 }).toBe(7);
    const deposits = page.getByTestId('deposit-stats');
    await expect.poll(async () => textOf(deposits.getByTestId('stats-period')), { timeout: 20_000 }).not.toMatch(/30/);
    // One card deposit of €1,234.56 completed today, the lead's first: the same in each figure.
    expect(await textOf(deposits.locator('[data-stat=completed] strong'))).toBe('€1,234.56');
    expect(await textOf(deposits.locator('[data-stat=firstTime] strong'))).toBe('€1,234.56');
    expect(await textOf(page.getByTestId('first-by-campaign').locator('tbody tr'))).toContain('€1,234.56');
    expect(await page.getByTestId('flow-data').locator('tbody').textContent()).toContain('€1,234.56');
    expect(await violations(page)).toEqual([]);
    await screenshot(page, 'money-names-cash-flow-desktop-light');
  });

  test('dark and German: phone and desktop', async () => {
    const dark = await launchBrowser({ colorScheme: 'dark' });
    try {
      const { page } = dark;
      await signIn(page, server.url);
      await chooseLanguage(page, 'de');
      await page.getByTestId('toggle-dark').click();
      await visible(page.locator('[data-testid=toggle-dark][aria-pressed=true]'));
      await page.goto(`${server.url}/deposits`);
      await visible(rowOf(page, '250,50').getByTestId('person'), 30_000);
      expect(await textOf(page.getByTestId('deposit-stats').getByTestId('stats-period'))).toMatch(/^Letzte 30 Tage/);
      expect(await violations(page)).toEqual([]);
      await screenshot(page, 'money-names-deposits-desktop-dark-de');
      await page.setViewportSize(PHONE);
      await page.goto(`${server.url}/billing?leadId=${zoeA}`);
      await visible(page.getByTestId('statement-row'), 20_000);
      expect(await sidewaysScroll(page)).toBe('');
      await screenshot(page, 'money-names-statement-phone-dark-de');
      await page.goto(`${server.url}/deposits`);
      await visible(page.getByTestId('stacked-row').first(), 20_000);
      expect(await violations(page)).toEqual([]);
      await screenshot(page, 'money-names-deposits-phone-dark-de');
    } finally {
      await dark.close();
    }
  });
});
