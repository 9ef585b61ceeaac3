import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { Page } from 'playwright-core';
import { PNG } from '../fixtures/sample-files.ts';
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
 * Projects (issue 25, DESIGN.md §10 and §13): an admin creates a project with an image and three
 * descriptions; a lead on a 390 px phone adjusts the amount, then the duration, draws its signature,
 * meets 'Insufficient funds for this investment' once, subscribes once funded and downloads the PDF.
 */
const ADMIN = { email: 'ada@projects.test', password: 'Ada12345' };
const SECOND = { email: 'sam@projects.test', password: 'Sam12345' };
const LEAD = { email: 'lea@projects.test', password: 'Lea12345' };
const PHONE = { width: 390, height: 844 };

let server: Server;
let browser: Browser;
let root: string;
let leadId: string;
let projectId: string;

const field = (page: Page, name: string) => page.locator(`[name="${name}"]`);

async function drawSignature(page: Page) {
  const pad = page.getByTestId('signature-pad');
  await pad.scrollIntoViewIfNeeded();
  const box = (await pad.boundingBox())!;
  await page.mouse.move(box.x + 20, box.y + box.height / 2);
  await page.mouse.down();
  for (let step = 1; step <= 12; step++) await page.mouse.move(box.x + 20 + step * 20, box.y + box.height / 2 + (step % 2 ? -25 : 25));
  await page.mouse.up();
}

beforeAll(async () => {
  server = await startServer();
  root = await apiToken(server.url);
  for (const person of [ADMIN, SECOND])
    await api(server.url, root, 'POST', '/user', {
      ...person,
      firstName: 'Ada',
      lastName: person === ADMIN ? 'Admin' : 'Second',
      roles: ['admin'],
    });
  const lead = await api<{ id: string }>(server.url, root, 'POST', '/user', {
    ...LEAD,
    firstName: 'Léa',
    lastName: 'Martin',
    roles: ['lead'],
  });
  leadId = lead.id;
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await server?.close();
});

describe('projects', () => {
  test('an admin creates a project with an image and three descriptions', async () => {
    const { page } = browser;
    await signIn(page, server.url, ADMIN.email, ADMIN.password);
    await page.goto(`${server.url}/projects`);
    await page.getByTestId('new-project').click();
    await field(page, 'name').fill('Parc solaire');
    await field(page, 'descriptionEn').fill('Sunshine in Provence');
    await field(page, 'descriptionFr').fill('Du soleil en Provence');
    await field(page, 'descriptionDe').fill('Sonne in der Provence');
    await field(page, 'rentability').fill('12');
    await field(page, 'duration').fill('3');
    await field(page, 'coefficient').fill('2.5');
    await field(page, 'minimumAmount').fill('1000');
    await page.locator('input[type=file]').setInputFiles({ name: 'solar.png', mimeType: 'image/png', buffer: PNG });
    await visible(page.getByTestId('project-image-preview'));
    await screenshot(page, 'projects-form-desktop-light');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.waitForURL(/\/projects\/[0-9a-f-]{36}$/);
    projectId = page.url().split('/').pop()!;
    const project = await api<{ description: Record<string, string>; image: string }>(server.url, root, 'GET', `/project/${projectId}`);
    expect(project.description).toEqual({ en: 'Sunshine in Provence', fr: 'Du soleil en Provence', de: 'Sonne in der Provence' });
    expect(project.image).toMatch(/^\/api\/v1\/uploads\/[0-9a-f-]{36}\.png$/);
    expect(await textOf(page.getByTestId('project-description'))).toBe('Sunshine in Provence');
    await page.goto(`${server.url}/projects`);
    await visible(page.getByRole('link', { name: /^Parc solaire/ }));
    await screenshot(page, 'projects-cards-desktop-light');
    expect(await axe(page)).toEqual([]);
    await signOut(page);
  });

  test('a lead on a phone adjusts, signs, meets insufficient funds once, then subscribes and downloads the PDF', async () => {
    const { page } = browser;
    await page.setViewportSize(PHONE);
    await signIn(page, server.url, LEAD.email, LEAD.password);
    await page.goto(`${server.url}/projects/${projectId}`);
    await page.getByLabel('The amount').check();
    await field(page, 'amount').fill('2000');
    // 2,000 € at 12 % for 3 months: 20.00 € a month, 60.00 € in all, 2,060.00 € at the end.
    await visible(page.getByTestId('quote'));
    expect(await textOf(page.getByTestId('quote-total'))).toBe('€60.00');
    expect(await textOf(page.getByTestId('quote-final'))).toBe('€2,060.00');
    expect(await page.getByTestId('quote-schedule').locator('tbody tr').count()).toBe(3);
    await field(page, 'amount').fill('2600');
    expect(await textOf(page.getByText('The amount must be at most €2,500.00'))).toBeTruthy();
    await page.getByLabel('The duration').check();
    await field(page, 'duration').fill('5');
    // 1,000 € (the minimum) at 12 % for 5 months: 10.00 € a month, 50.00 € in all.
    expect(await textOf(page.getByTestId('quote-total'))).toBe('€50.00');
    expect(await page.getByTestId('quote-schedule').locator('tbody tr').count()).toBe(5);
    await drawSignature(page);
    await page.getByTestId('subscribe').click();
    await visible(page.getByTestId('subscribe-error'));
    expect(await page.getByText('Insufficient funds for this investment').count()).toBe(1);
    expect(await sidewaysScroll(page)).toBe('');
    await screenshot(page, 'projects-subscribe-phone-light');
    // Leaving the half-done subscription asks first; staying keeps what was chosen.
    await page.getByRole('link', { name: /All projects/ }).click();
    const leave = page.getByRole('alertdialog');
    await visible(leave);
    expect(await textOf(leave)).toContain('Leave this form?');
    await screenshot(page, 'projects-subscribe-leave-phone-light');
    await leave.getByRole('button', { name: 'Cancel' }).click();
    await gone(leave);
    expect(new URL(page.url()).pathname).toBe(`/projects/${projectId}`);
    expect(await textOf(page.getByTestId('quote-total'))).toBe('€50.00');

    // Funds credited through the API: entered by one admin, completed by another.
    const admin = await apiToken(server.url, ADMIN.email, ADMIN.password);
    const second = await apiToken(server.url, SECOND.email, SECOND.password);
    const entered = await fetch(`${server.url}/api/v1/funds/adjustment`, {
      method: 'POST',
      headers: { authorization: `Bearer ${admin}`, 'content-type': 'application/json', 'idempotency-key': randomUUID() },
      body: JSON.stringify({ userId: leadId, amount: 1500, direction: 'credit', reason: 'funding' }),
    });
    const adjustment = (await entered.json()) as { id: string };
    await api(server.url, second, 'POST', `/adjustment/${adjustment.id}/complete`);

    await page.getByTestId('subscribe').click();
    await visible(page.getByTestId('download-pdf'));
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('download-pdf').click()]);
    expect(download.suggestedFilename()).toMatch(/^subscription-[0-9a-f-]{36}\.pdf$/);
    const investments = await api<{ investments: { initialAmount: number; projectId: string }[] }>(
      server.url,
      root,
      'GET',
      `/investment?filters=${encodeURIComponent(JSON.stringify([{ field: 'userId', values: [leadId] }]))}`,
    );
    expect(investments.investments.map((i) => [i.initialAmount, i.projectId])).toEqual([[1000, projectId]]);
    await screenshot(page, 'projects-subscribed-phone-light');
  });

  test("staff see the subscription on the project's page, the lead by name, with the signed PDF", async () => {
    await browser.close();
    browser = await launchBrowser();
    const { page } = browser;
    await signIn(page, server.url, ADMIN.email, ADMIN.password);
    await page.goto(`${server.url}/projects/${projectId}`);
    const subscriptions = page.getByTestId('project-subscriptions');
    const row = subscriptions.getByRole('row').filter({ hasText: 'Léa Martin' });
    await visible(row, 20_000);
    expect(await textOf(row.getByTestId('amount'))).toBe('€1,000.00');
    const [download] = await Promise.all([page.waitForEvent('download'), row.getByTestId('subscription-pdf').click()]);
    expect(download.suggestedFilename()).toMatch(/^subscription-[0-9a-f-]{36}\.pdf$/);
    await subscriptions.scrollIntoViewIfNeeded();
    await screenshot(page, 'projects-subscriptions-desktop-light');
    expect(await axe(page)).toEqual([]);
    await page.setViewportSize(PHONE);
    await visible(subscriptions.getByTestId('investment-row'));
    expect(await textOf(subscriptions.getByTestId('investment-row'))).toContain('Léa Martin');
    expect(await sidewaysScroll(page)).toBe('');
    await subscriptions.scrollIntoViewIfNeeded();
    await screenshot(page, 'projects-subscriptions-phone-light');
    // The projects screen lists every subscription, the project by name and the lead by name.
    await page.goto(`${server.url}/projects`);
    const all = page.getByTestId('projects-subscriptions');
    await visible(all.getByTestId('investment-row'), 20_000);
    expect(await textOf(all.getByTestId('investment-row'))).toContain('Parc solaire');
    expect(await textOf(all.getByTestId('investment-row'))).toContain('Léa Martin');
    expect(await sidewaysScroll(page)).toBe('');
  });

  test('the project page in French and dark, phone and desktop, axe clean', async () => {
    await browser.close();
    browser = await launchBrowser();
    const { page } = browser;
    await signIn(page, server.url, LEAD.email, LEAD.password);
    await chooseLanguage(page, 'fr');
    await page.getByTestId('toggle-dark').click();
    await page.goto(`${server.url}/projects/${projectId}`);
    await visible(page.getByText('Du soleil en Provence'));
    await page.getByLabel('Le montant').check();
    await visible(page.getByTestId('quote'));
    await screenshot(page, 'projects-page-desktop-dark-fr');
    expect(await axe(page)).toEqual([]);
    await page.setViewportSize(PHONE);
    expect(await sidewaysScroll(page)).toBe('');
    await screenshot(page, 'projects-page-phone-dark-fr');
    expect(await axe(page)).toEqual([]);
  });
});
