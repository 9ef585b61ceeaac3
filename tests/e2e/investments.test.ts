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
 * Investments at the desk and on the lead's phone (DESIGN.md §10, §13): staff open an investment for a
 * lead from the list's dialog, read it in the list and its statistics, open its page with its schedule,
 * enter a dividend by hand that a second staff member completes; the lead sees the investment and its
 * coming dividends on its home, on a 390 px phone.
 *
 * The server's clock is fixed at 31 January 2027, 10:00 UTC (the investment starts then); the expiry is
 * picked as 30 April 2027 in Paris, the instant 29 April 22:00 UTC. By hand (DESIGN.md §10): whole
 * months to 28 February and 31 March, then 29 days left (r); T = round(120,000 × 12 % × (2/12 + 29/365))
 * = round(3,544.1) = 3,544 cents; weights 365, 365, 12 × 29 = 348 of 1,078: payments round(3,544 × 365 /
 * 1,078) = 1,200, round(3,544 × 730 / 1,078) − 1,200 = 1,200, and 3,544 − 2,400 = 1,144.
 */

const LEAD = { email: 'ines@wealth.test', password: 'Ines1234' };
const ALMA = { email: 'alma@wealth.test', password: 'Alma1234' };
const PHONE = { width: 390, height: 844 };
const NOW = new Date('2027-01-31T10:00:00.000Z');

const violations = async (page: Page) => (await axe(page)).map((v) => `${v.id}: ${v.nodes.map((n) => String(n.target)).join(', ')}`);

describe('investments: staff open one, its schedule, four eyes on a dividend, the lead’s home', () => {
  let server: Server;
  let desk: Browser;
  let token: string;
  let leadId: string;
  const available = async () =>
    (await api<{ availableFunds: number }>(server.url, token, 'GET', `/funds/available/${leadId}`)).availableFunds;

  beforeAll(async () => {
    server = await startServer({ clock: { now: () => new Date(NOW) }, scheduler: false });
    token = await apiToken(server.url);
    leadId = (
      await api<{ id: string }>(server.url, token, 'POST', '/user', { firstName: 'Ines', lastName: 'Invest', ...LEAD, roles: ['lead'] })
    ).id;
    await api(server.url, token, 'POST', '/user', { firstName: 'Alma', lastName: 'Admin', ...ALMA, roles: ['admin'] });
    // The lead's funds, credited through the API first.
    await api(server.url, token, 'POST', '/deposit/3d-secure', cardDeposit('4242424242424242', { userId: leadId, amount: 5000 }));
    desk = await launchBrowser();
    await signIn(desk.page, server.url);
  });
  afterAll(async () => {
    await desk?.close();
    await server?.close();
  });

  test('staff open an investment for the lead from the list: named, in the list and its statistics', async () => {
    const { page } = desk;
    expect(await available()).toBe(5000);
    await page.goto(`${server.url}/investments`);
    await page.getByRole('button', { name: 'New investment' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('combobox', { name: 'Lead' }).fill('Ines');
    await page.getByRole('option', { name: /ines@wealth\.test/ }).click();
    await dialog.locator('[name="name"]').fill('Growth 12');
    await dialog.locator('[name="amount"]').fill('1200');
    await dialog.locator('[name="rentability"]').fill('12');
    const expiry = dialog.getByRole('textbox', { name: 'Expiry' });
    await expiry.fill('04/30/2027');
    await expiry.press('Enter');
    await dialog.getByRole('button', { name: 'Open the investment' }).click();
    await gone(page.getByTestId('investment-entry'), 20_000);
    const row = page.getByRole('row').filter({ hasText: 'Growth 12' });
    await visible(row, 20_000);
    expect(await textOf(row.getByTestId('person'))).toContain('Ines Invest');
    expect(await textOf(row.getByTestId('amount'))).toBe('€1,200.00');
    expect(await available()).toBe(3800);
    const stats = page.getByTestId('investment-stats');
    await page.reload();
    await visible(stats.locator('[data-stat="investedCapital"]'), 20_000);
    expect(await textOf(stats.locator('[data-stat="investedCapital"] strong'))).toBe('€1,200.00');
    expect(await textOf(stats.locator('[data-stat="dividendsToCome"] strong'))).toBe('€35.44');
    expect(await textOf(stats.getByTestId('stats-period'))).toMatch(/^All investments, as of /);
    // The range control governs the months: the chart, its table and the tile of dividends paid say the same period.
    const paidPeriod = stats.locator('[data-stat="paidInPeriod"] span').last();
    const yearPeriod = await textOf(paidPeriod);
    const monthRows = () => stats.getByTestId('investments-chart-table').locator('tbody tr').count();
    expect(await monthRows()).toBeGreaterThanOrEqual(12);
    await stats.getByTestId('stats-range').getByRole('button', { name: '90 days', exact: true }).click();
    await expect.poll(() => textOf(paidPeriod), { timeout: 20_000 }).not.toBe(yearPeriod);
    expect(await monthRows()).toBeLessThanOrEqual(4);
    expect(await textOf(stats.locator('figcaption').last())).toContain(await textOf(paidPeriod));
    expect(await violations(page)).toEqual([]);
    await screenshot(page, 'investments-list-desktop-light');
  });

  test('its page shows every period of the schedule, hand-computed', async () => {
    const { page } = desk;
    await page.getByRole('link', { name: 'Growth 12' }).first().click();
    await visible(page.getByTestId('schedule-row'), 20_000);
    expect(await page.getByTestId('schedule-amount').allTextContents()).toEqual(['€12.00', '€12.00', '€11.44']);
    expect(await textOf(page.getByTestId('schedule-total'))).toBe('€35.44');
    const dates = await page.getByTestId('schedule-row').evaluateAll((rows) => rows.map((r) => r.children[1]?.textContent));
    expect(dates).toEqual(['Feb 28, 2027', 'Mar 31, 2027', 'Apr 30, 2027']);
    expect(await textOf(page.getByTestId('investment-amount'))).toBe('€1,200.00');
    expect(await violations(page)).toEqual([]);
    // On a phone: the schedule's columns fit, nothing scrolls sideways.
    await page.setViewportSize(PHONE);
    await visible(page.getByTestId('schedule-row'));
    expect(await sidewaysScroll(page)).toBe('');
    await screenshot(page, 'investments-page-phone-light');
    await page.goto(`${server.url}/investments`);
    await visible(page.getByTestId('investment-row'), 20_000);
    expect(await textOf(page.getByTestId('investment-row'))).toContain('Ines Invest');
    expect(await sidewaysScroll(page)).toBe('');
    await screenshot(page, 'investments-list-phone-light');
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goBack();
  });

  test('the calculator on its own: every dividend, the total return and the final amount', async () => {
    const { page } = desk;
    const url = page.url();
    await page.goto(`${server.url}/investments/calculator`);
    const calculator = page.getByTestId('calculator');
    await visible(calculator);
    await calculator.locator('[name="principal"]').fill('1200');
    await calculator.locator('[name="rate"]').fill('12');
    for (const [label, day] of [
      ['Start', '01/31/2027'],
      ['Expiry', '04/30/2027'],
    ]) {
      const input = calculator.getByRole('textbox', { name: label });
      await input.fill(day!);
      await input.press('Enter');
    }
    // Three whole months from 31 January to 30 April (calendar days): T = 120,000 × 12 % × 3/12 = 3,600 cents.
    await expect.poll(() => page.getByTestId('schedule-amount').allTextContents()).toEqual(['€12.00', '€12.00', '€12.00']);
    expect(await textOf(page.getByTestId('calc-total'))).toBe('€36.00');
    expect(await textOf(page.getByTestId('calc-final'))).toBe('€1,236.00');
    await page.goto(url);
  });

  test('a dividend entered by hand waits for a second person, who completes it', async () => {
    const { page } = desk;
    const url = page.url();
    await page.getByRole('button', { name: 'Enter a dividend' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.locator('[name="amount"]').fill('5');
    await dialog.getByRole('button', { name: 'Enter the dividend' }).click();
    await gone(page.getByTestId('dividend-entry'), 20_000);
    const row = page.getByTestId('dividend-row');
    await visible(row, 20_000);
    await expect.poll(() => row.getAttribute('data-status'), { timeout: 20_000 }).toBe('pending');
    expect(await textOf(row.getByTestId('second-person'))).toBe('Waiting for a second person: another staff member must complete it');
    // Who entered it is never offered Complete; failing a mistaken entry stays possible.
    expect(await row.getByRole('button', { name: 'Complete' }).count()).toBe(0);
    await screenshot(page, 'investments-page-desktop-light');

    const alma = await launchBrowser();
    try {
      await signIn(alma.page, server.url, ALMA.email, ALMA.password);
      await alma.page.getByTestId('toggle-dark').click();
      await alma.page.goto(url);
      const theirs = alma.page.getByTestId('dividend-row');
      await visible(theirs, 20_000);
      expect(await textOf(theirs.getByTestId('second-person'))).toBe('Waiting for a second person');
      expect(await violations(alma.page)).toEqual([]);
      await screenshot(alma.page, 'investments-page-desktop-dark');
      await theirs.getByRole('button', { name: 'Complete' }).click();
      const confirm = alma.page.getByRole('alertdialog');
      await visible(confirm);
      await confirm.getByRole('button', { name: 'Complete' }).click();
      await gone(alma.page.getByRole('alertdialog'), 20_000);
      await expect.poll(() => theirs.getAttribute('data-status'), { timeout: 20_000 }).toBe('completed');
    } finally {
      await alma.close();
    }
    expect(await available()).toBe(3805);
  });

  test('offline, an investment queues; sent back online, the server refuses it for want of funds, in sync issues with its words', async () => {
    const { page, context } = desk;
    await page.goto(`${server.url}/investments`);
    await visible(page.getByRole('row').filter({ hasText: 'Growth 12' }), 20_000);
    await context.setOffline(true);
    await expect.poll(() => page.getByTestId('sync-indicator').getAttribute('data-state')).toBe('offline');
    await page.getByRole('button', { name: 'New investment' }).click();
    const dialog = page.getByRole('dialog');
    // The picker searches the mirror offline.
    await dialog.getByRole('combobox', { name: 'Lead' }).fill('Ines');
    await page.getByRole('option', { name: /ines@wealth\.test/ }).click();
    await dialog.locator('[name="name"]').fill('Too much');
    await dialog.locator('[name="amount"]').fill('4000');
    await dialog.locator('[name="rentability"]').fill('5');
    const expiry = dialog.getByRole('textbox', { name: 'Expiry' });
    await expiry.fill('04/30/2028');
    await expiry.press('Enter');
    await dialog.getByRole('button', { name: 'Open the investment' }).click();
    await gone(page.getByTestId('investment-entry'), 20_000);
    await visible(page.getByText('Saved on this device: it will be sent when the connection is back'));
    await context.setOffline(false);
    // €3,805 available: the server refuses the €4,000 and books nothing.
    await expect
      .poll(async () => Number((await page.getByTestId('sync-indicator').getAttribute('data-issues')) ?? 0), { timeout: 20_000 })
      .toBe(1);
    expect(await available()).toBe(3805);
    await page.getByTestId('sync-issues-link').click();
    const issue = page.getByTestId('sync-issue');
    await visible(issue, 20_000);
    await visible(issue.getByText('Insufficient funds for this investment'));
    expect(await violations(page)).toEqual([]);
    await screenshot(page, 'investments-sync-issue-desktop-light');
  });

  test('the lead sees its investment and its coming dividends on its home, on a phone, in French', async () => {
    const lead = await launchBrowser();
    try {
      const { page } = lead;
      await signIn(page, server.url, LEAD.email, LEAD.password);
      // The language control sits in the header at desktop width (in the account menu on a phone).
      await chooseLanguage(page, 'fr');
      await page.getByTestId('toggle-dark').click();
      await page.setViewportSize(PHONE);
      await page.goto(`${server.url}/`);
      const home = page.getByTestId('lead-investments');
      await visible(home.getByTestId('home-investment'), 20_000);
      expect(await textOf(home.getByTestId('home-investment'))).toContain('Growth 12');
      expect(await textOf(home.getByTestId('home-investment'))).toContain('1\u202f200,00\u00a0€');
      const coming = await home.getByTestId('coming-dividend').allTextContents();
      expect(coming).toEqual([
        '28 févr. 2027 · Growth 1212,00\u00a0€',
        '31 mars 2027 · Growth 1212,00\u00a0€',
        '30 avr. 2027 · Growth 1211,44\u00a0€',
      ]);
      expect(await sidewaysScroll(page)).toBe('');
      expect(await violations(page)).toEqual([]);
      await screenshot(page, 'investments-lead-home-phone-dark-fr');
      await page.goto(`${server.url}/investments`);
      await visible(page.getByTestId('investment-row'), 20_000);
      expect(await sidewaysScroll(page)).toBe('');
      await screenshot(page, 'investments-lead-list-phone-dark-fr');
    } finally {
      await lead.close();
    }
  });
});
