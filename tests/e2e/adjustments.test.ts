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

/**
 * Manual adjustments at the money desk (DESIGN.md §6, issue 24): admin A enters a €250.00 credit with
 * its reason for a lead and is not offered Complete (the row waits for a second person); root
 * completes it and the lead's available funds rise by 250; a second one is failed with a reason.
 * Phone and desktop, light and dark, en and de; axe clean.
 */

const LEAD = { firstName: 'Lena', lastName: 'Ledger', email: 'lena@adjust.test', password: 'Lena1234' };
const ALMA = { firstName: 'Alma', lastName: 'Admin', email: 'alma@adjust.test', password: 'Alma1234' };
const PHONE = { width: 390, height: 844 };

type Adjustment = { id: string; status: string; amount: number; reason: string; failureReason: string | null; createdBy: string };

const rowOf = (page: Page, text: string | RegExp) => page.getByRole('row').filter({ hasText: text });

async function enter(page: Page, amount: string, reason: string) {
  await page.getByRole('button', { name: 'Enter an adjustment' }).click();
  const dialog = page.getByRole('dialog');
  await visible(dialog.getByTestId('lead-picker'));
  await dialog.getByRole('combobox').fill('lena');
  await page.getByRole('option', { name: /lena@adjust\.test/ }).click();
  await visible(dialog.getByTestId('lead-picker-email'));
  expect(await textOf(dialog.getByTestId('lead-picker-email'))).toBe(LEAD.email);
  await dialog.getByRole('button', { name: 'Enter', exact: true }).click();
  // The reason is required, said next to its field.
  await visible(dialog.getByText('This field is required'));
  await dialog.locator('[name="amount"]').fill(amount);
  await dialog.getByTestId('adjustment-reason').fill(reason);
  await dialog.getByRole('button', { name: 'Enter', exact: true }).click();
  await gone(page.getByRole('dialog'), 20_000);
}

describe('manual adjustments: entered by one admin, completed or failed by another', () => {
  let server: Server;
  let alma: Browser;
  let root: Browser;
  let token: string;
  let leadId: string;
  let almaId: string;
  const available = async () =>
    (await api<{ availableFunds: number }>(server.url, token, 'GET', `/funds/available/${leadId}`)).availableFunds;
  const adjustments = async () => (await api<{ adjustments: Adjustment[] }>(server.url, token, 'GET', '/adjustment?limit=100')).adjustments;

  beforeAll(async () => {
    server = await startServer();
    token = await apiToken(server.url);
    leadId = (await api<{ id: string }>(server.url, token, 'POST', '/user', { ...LEAD, roles: ['lead'] })).id;
    almaId = (await api<{ id: string }>(server.url, token, 'POST', '/user', { ...ALMA, roles: ['admin'] })).id;
    alma = await launchBrowser();
    await signIn(alma.page, server.url, ALMA.email, ALMA.password);
    root = await launchBrowser({ colorScheme: 'dark' });
    // The look is kept in localStorage (public/boot.js applies it before the first paint), as a11y.test.ts sets it.
    await root.page.goto(`${server.url}/login`);
    await root.page.evaluate(() => localStorage.setItem('bd.ui', JSON.stringify({ mode: 'dark' })));
    await signIn(root.page, server.url);
  });
  afterAll(async () => {
    await alma?.close();
    await root?.close();
    await server?.close();
  });

  test('admin A enters a €250.00 credit with a reason: pending, waiting for a second person, no Complete for A', async () => {
    const { page } = alma;
    // Admins find it under money, next to deposits and withdrawals.
    const nav = page.getByRole('navigation', { name: 'Main navigation' });
    await nav.getByRole('link', { name: 'Adjustments' }).click();
    await visible(page.getByRole('heading', { name: 'Adjustments' }));
    expect(await available()).toBe(0);
    await enter(page, '250', 'Goodwill: card fee refunded');
    const row = rowOf(page, '+€250.00');
    await visible(row, 20_000);
    expect(await textOf(row.getByTestId('four-eyes-waiting'))).toBe('Waiting for a second person (entered by Alma Admin)');
    expect(await textOf(row)).toContain('Lena Ledger');
    expect(await textOf(row)).toContain(LEAD.email);
    expect(await textOf(row)).toContain('Goodwill: card fee refunded');
    expect(await textOf(row)).toContain('Credit');
    const [entered] = await adjustments();
    expect(entered).toMatchObject({ status: 'pending', amount: 250, createdBy: almaId, reason: 'Goodwill: card fee refunded' });
    expect(await available()).toBe(0);
    // Who entered it may fail it (withdraw a mistake) but never complete it.
    await row.getByRole('button', { name: 'Row actions' }).click();
    await visible(page.getByRole('menuitem', { name: 'Fail', exact: true }));
    expect(await page.getByRole('menuitem', { name: 'Complete', exact: true }).count()).toBe(0);
    await page.keyboard.press('Escape');
    expect(await axe(page)).toEqual([]);
    await screenshot(page, 'adjustments-desktop-light-en');
  });

  test('root completes it, confirming the lead, the amount and the direction: available funds rise by 250', async () => {
    const { page } = root;
    await page.goto(`${server.url}/adjustments`);
    const row = rowOf(page, '+€250.00');
    await visible(row, 20_000);
    await row.getByRole('button', { name: 'Row actions' }).click();
    await page.getByRole('menuitem', { name: 'Complete', exact: true }).click();
    const dialog = page.getByRole('alertdialog');
    await visible(dialog);
    expect(await textOf(dialog.getByTestId('action-what'))).toBe(
      'Credit of €250.00 to Lena Ledger (lena@adjust.test): added to their available funds.',
    );
    expect(await axe(page)).toEqual([]);
    await dialog.getByRole('button', { name: 'Complete', exact: true }).click();
    await gone(page.getByRole('alertdialog'), 20_000);
    await visible(row.locator('[data-status="completed"]'), 20_000);
    expect(await available()).toBe(250);
    expect((await adjustments())[0]!.status).toBe('completed');
    // A completed one offers nothing more.
    expect(await row.getByRole('button', { name: 'Row actions' }).count()).toBe(0);
  });

  test('a second adjustment is failed with a reason: nothing is booked', async () => {
    await enter(alma.page, '40.5', 'Duplicate of the goodwill entry');
    const { page } = root;
    await page.reload();
    const row = rowOf(page, '+€40.50');
    await visible(row, 20_000);
    await row.getByRole('button', { name: 'Row actions' }).click();
    await page.getByRole('menuitem', { name: 'Fail', exact: true }).click();
    const dialog = page.getByRole('alertdialog');
    await visible(dialog);
    expect(await textOf(dialog.getByTestId('action-what'))).toBe(
      'Credit of €40.50 to Lena Ledger (lena@adjust.test): nothing is credited.',
    );
    // Failing asks for the reason first.
    await dialog.getByRole('button', { name: 'Fail', exact: true }).click();
    await visible(dialog.getByText('Give the reason'));
    await dialog.getByTestId('action-reason').fill('Entered twice');
    await dialog.getByRole('button', { name: 'Fail', exact: true }).click();
    await gone(page.getByRole('alertdialog'), 20_000);
    await visible(row.locator('[data-status="failed"]'), 20_000);
    const failed = (await adjustments()).find((a) => a.amount === 40.5);
    expect(failed).toMatchObject({ status: 'failed', failureReason: 'Entered twice' });
    expect(await textOf(row.getByTestId('failure-reason'))).toBe('Refused: Entered twice');
    expect(await available()).toBe(250);
    expect(await axe(page)).toEqual([]);
    await screenshot(page, 'adjustments-desktop-dark-en');
  });

  test('a regular staff member is not offered the screen', async () => {
    await api(server.url, token, 'POST', '/user', {
      firstName: 'Rex',
      lastName: 'Regular',
      email: 'rex@adjust.test',
      password: 'Rexx1234',
      roles: ['regular'],
    });
    const rex = await launchBrowser();
    try {
      await signIn(rex.page, server.url, 'rex@adjust.test', 'Rexx1234');
      const nav = rex.page.getByRole('navigation', { name: 'Main navigation' });
      await visible(nav.getByRole('link', { name: 'Withdrawals' }));
      expect(await nav.getByRole('link', { name: 'Adjustments' }).count()).toBe(0);
      await rex.page.goto(`${server.url}/adjustments`);
      await visible(rex.page.getByText('You cannot open this page'));
    } finally {
      await rex.close();
    }
  });

  test('in German on a phone and a desktop, light and dark: stacked rows, nothing sideways, axe clean', async () => {
    for (const [browser, mode] of [
      [alma, 'light'],
      [root, 'dark'],
    ] as const) {
      const { page } = browser;
      await page.setViewportSize({ width: 1280, height: 800 });
      await page.goto(`${server.url}/adjustments`);
      await chooseLanguage(page, 'de');
      await visible(page.getByRole('heading', { name: 'Korrekturbuchungen' }));
      expect(await page.evaluate(() => document.documentElement.dataset.mode)).toBe(mode);
      await visible(rowOf(page, '+250,00 €'), 20_000);
      expect(await axe(page)).toEqual([]);
      await screenshot(page, `adjustments-desktop-${mode}-de`);
      await page.setViewportSize(PHONE);
      const stacked = page.getByTestId('adjustment-row').filter({ hasText: '+250,00 €' });
      await visible(stacked, 20_000);
      expect(await textOf(stacked)).toContain('Lena Ledger');
      expect(await sidewaysScroll(page)).toBe('');
      expect(await axe(page)).toEqual([]);
      await screenshot(page, `adjustments-phone-${mode}-de`);
      // The entry dialog on a phone, in German.
      await page.getByRole('button', { name: 'Korrektur erfassen' }).click();
      await visible(page.getByRole('dialog').getByTestId('lead-picker'));
      expect(await axe(page)).toEqual([]);
      await screenshot(page, `adjustments-entry-phone-${mode}-de`);
      await page.keyboard.press('Escape');
      await gone(page.getByRole('dialog'));
    }
  });

  test('offline the screen says adjustments are read and entered online only, and offers no entry', async () => {
    const { page } = alma;
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto(`${server.url}/adjustments`);
    await visible(rowOf(page, '+250,00 €'), 20_000);
    await page.context().setOffline(true);
    try {
      await visible(page.getByTestId('adjustments-offline'), 20_000);
      expect(await textOf(page.getByTestId('adjustments-offline'))).toContain('nur online');
      expect(await page.getByRole('button', { name: 'Korrektur erfassen' }).isDisabled()).toBe(true);
      // Said once, and no empty list that would read as "none".
      expect(await page.getByText('Sie sind offline: Korrekturbuchungen').count()).toBe(1);
      expect(await page.getByRole('row').count()).toBe(0);
      expect(await axe(page)).toEqual([]);
      await screenshot(page, 'adjustments-offline-desktop-light-de');
    } finally {
      await page.context().setOffline(false);
    }
  });
});
