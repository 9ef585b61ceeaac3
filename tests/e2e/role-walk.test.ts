import { describe, expect, test } from 'vitest';
import type { Page } from 'playwright-core';
import { api, apiToken, gone, signIn, signOut, signedInSession, textOf, visible } from './harness.ts';

/**
 * The role walk (issue 14): for root, admin, regular staff, a lead and an admin connected as a lead,
 * every sidebar entry opens (nothing shown is refused), every staff screen typed by hand either opens
 * with exactly the controls the role may use or says plainly that it cannot be opened. The expected
 * answers are written here by hand from SPEC.md §6 and DESIGN.md §5, not read from the access table.
 */
const PEOPLE = {
  admin: { email: 'ada@walk.test', password: 'Adaa1234' },
  regular: { email: 'rex@walk.test', password: 'Rexx1234' },
  lead: { email: 'lia@walk.test', password: 'Liaa1234' },
};

const ALL_SIDEBAR = [
  'Dashboard',
  'Projects',
  'Billing',
  'Settings',
  'Users',
  'Leads',
  'Campaigns',
  'Cash flow',
  'Deposits',
  'Withdrawals',
  'Adjustments',
  'Investments',
  'Product markets',
  'Orders',
  'Product categories',
  'Vault',
  'Products',
  'Offers',
  'Sales',
];
const LEAD_SIDEBAR = [
  'Dashboard',
  'Projects',
  'Billing',
  'Settings',
  'Verification',
  'Deposits',
  'Withdrawals',
  'Investments',
  'Product markets',
  'Orders',
  'Vault',
  'Products',
  'Offers',
];
const REGULAR_SIDEBAR = ALL_SIDEBAR.filter((name) => !['Users', 'Adjustments', 'Product categories'].includes(name));

/** Header buttons each staff screen offers, or 'forbidden'. */
type Screens = Record<'/leads' | '/users' | '/campaigns' | '/leads/import', readonly string[] | 'forbidden'>;
const ADMIN_SCREENS: Screens = {
  '/leads': ['Import', 'Add many (JSON)', 'Add'],
  '/users': ['Add'],
  '/campaigns': ['Add many (JSON)', 'Add'],
  '/leads/import': [],
};
const EXPECTED: Record<'root' | 'admin' | 'regular' | 'lead' | 'impersonated', { sidebar: string[]; screens: Screens }> = {
  root: { sidebar: ALL_SIDEBAR, screens: ADMIN_SCREENS },
  admin: { sidebar: ALL_SIDEBAR, screens: ADMIN_SCREENS },
  regular: {
    sidebar: REGULAR_SIDEBAR,
    screens: { '/leads': ['Import', 'Add many (JSON)', 'Add'], '/users': 'forbidden', '/campaigns': [], '/leads/import': [] },
  },
  lead: {
    sidebar: LEAD_SIDEBAR,
    screens: { '/leads': 'forbidden', '/users': 'forbidden', '/campaigns': 'forbidden', '/leads/import': 'forbidden' },
  },
  impersonated: {
    sidebar: LEAD_SIDEBAR,
    screens: { '/leads': 'forbidden', '/users': 'forbidden', '/campaigns': 'forbidden', '/leads/import': 'forbidden' },
  },
};
const HEADER_BUTTONS = ['Import', 'Add many (JSON)', 'Add'];
const FORBIDDEN = 'You cannot open this page';
const REFUSED = /not allowed/i;
/** A message key shown as such ('app.people.assign', 'errors.X') or a snake_case key ('no_answer'). */
const RAW_KEY = /\b(?:app|errors|validation)\.[A-Za-z]+(?:\.[\w-]+)+|\b[a-z]+_[a-z_]+\b/;

async function noRawKeys(page: Page, where: string): Promise<void> {
  const text = await page.locator('body').innerText();
  expect(text.match(RAW_KEY)?.[0], `${where} shows a raw key`).toBeUndefined();
}

async function sidebarNames(page: Page): Promise<string[]> {
  const nav = page.getByRole('navigation', { name: 'Main navigation' });
  await visible(nav.getByRole('link').first());
  return (await nav.getByRole('link').allTextContents()).map((s) => s.trim());
}

/** Opens a path inside the app and waits until its main area has rendered something. */
async function open(page: Page, url: string, path: string): Promise<void> {
  await page.goto(`${url}${path}`);
  await visible(page.locator('main#main h1, main#main h2').first());
}

async function headerButtons(page: Page): Promise<string[]> {
  const found: string[] = [];
  for (const name of HEADER_BUTTONS) {
    const control = page.locator('main#main').getByRole(name === 'Import' ? 'link' : 'button', { name, exact: true });
    if (await control.count()) found.push(name);
  }
  return found;
}

async function walk(page: Page, url: string, who: keyof typeof EXPECTED): Promise<void> {
  const expected = EXPECTED[who];
  expect(await sidebarNames(page), `${who}: sidebar`).toEqual(expected.sidebar);
  // Every entry offered opens: no 403 screen, no refusal toast.
  const hrefs = await page
    .getByRole('navigation', { name: 'Main navigation' })
    .getByRole('link')
    .evaluateAll((links) => links.map((a) => new URL((a as HTMLAnchorElement).href).pathname));
  for (const path of hrefs) {
    await open(page, url, path);
    expect(await page.getByRole('heading', { name: FORBIDDEN }).count(), `${who}: ${path} offered but forbidden`).toBe(0);
    expect(await page.getByText(REFUSED).count(), `${who}: ${path} refused`).toBe(0);
    await noRawKeys(page, `${who}: ${path}`);
  }
  for (const [path, buttons] of Object.entries(expected.screens)) {
    await open(page, url, path);
    if (buttons === 'forbidden') {
      await visible(page.getByRole('heading', { name: FORBIDDEN }));
      expect(await headerButtons(page), `${who}: ${path}`).toEqual([]);
    } else {
      expect(await page.getByRole('heading', { name: FORBIDDEN }).count(), `${who}: ${path}`).toBe(0);
      if (path !== '/leads/import') await visible(page.getByRole('row').nth(1));
      expect(await headerButtons(page), `${who}: ${path} header`).toEqual(buttons);
    }
  }
}

/** The row menu's entries of the row holding `text` ([] when the row offers no menu at all). */
async function rowMenu(page: Page, text: string): Promise<string[]> {
  const row = page.getByRole('row').filter({ hasText: text });
  await visible(row);
  const button = row.getByRole('button', { name: 'Row actions' });
  if (!(await button.count())) return [];
  await button.click();
  const menu = page.getByRole('menu');
  await visible(menu);
  const items = (await menu.getByRole('menuitem').allTextContents()).map((s) => s.trim());
  await page.keyboard.press('Escape');
  await gone(menu);
  return items;
}

describe('the role walk: nothing offered is refused, nothing allowed is hidden', () => {
  const session = signedInSession({
    seed: async (server) => {
      const token = await apiToken(server.url);
      const post = (body: Record<string, unknown>) => api<{ id: string }>(server.url, token, 'POST', '/user', body);
      await post({ firstName: 'Ada', lastName: 'Admin', roles: ['admin'], ...PEOPLE.admin });
      const rex = (await post({ firstName: 'Rex', lastName: 'Regular', roles: ['regular'], ...PEOPLE.regular })).id;
      await post({ firstName: 'Lia', lastName: 'Lead', roles: ['lead'], assignedTo: rex, ...PEOPLE.lead });
      await api(server.url, token, 'POST', '/campaign', { name: 'Spring' });
    },
  });

  test('root', async () => {
    const { page } = session.browser;
    await walk(page, session.server.url, 'root');
    await open(page, session.server.url, '/users');
    expect(await rowMenu(page, PEOPLE.admin.email)).toEqual(['Edit', 'Lock', 'Reset password', 'Connect as this user', 'Delete']);
    await signOut(page);
  });

  test('admin: no menu at all on the root account (never an empty one)', async () => {
    const { page } = session.browser;
    await signIn(page, session.server.url, PEOPLE.admin.email, PEOPLE.admin.password);
    await walk(page, session.server.url, 'admin');
    await open(page, session.server.url, '/users');
    expect(await rowMenu(page, 'root@brokerdesk.test')).toEqual([]);
    expect(await rowMenu(page, PEOPLE.regular.email)).toEqual(['Edit', 'Lock', 'Reset password', 'Connect as this user', 'Delete']);
    // A dialog's title is a phrase, not 'Add: Campaign'.
    await open(page, session.server.url, '/campaigns');
    await page.locator('main#main').getByRole('button', { name: 'Add', exact: true }).click();
    await visible(page.getByRole('dialog', { name: 'Add campaign' }));
    await noRawKeys(page, 'admin: add campaign');
    await page.keyboard.press('Escape');
    await gone(page.getByRole('dialog'));
    await signOut(page);
  });

  test('regular staff: campaigns read-only, leads without admin actions', async () => {
    const { page } = session.browser;
    await signIn(page, session.server.url, PEOPLE.regular.email, PEOPLE.regular.password);
    await walk(page, session.server.url, 'regular');
    await open(page, session.server.url, '/campaigns');
    expect(await rowMenu(page, 'Spring')).toEqual([]);
    await open(page, session.server.url, '/leads');
    expect(await rowMenu(page, PEOPLE.lead.email)).toEqual(['Edit', 'Open']);
    await signOut(page);
  });

  test('a lead', async () => {
    const { page } = session.browser;
    await signIn(page, session.server.url, PEOPLE.lead.email, PEOPLE.lead.password);
    await walk(page, session.server.url, 'lead');
    await signOut(page);
  });

  test('an admin connected as a lead sees what the lead sees', async () => {
    const { page } = session.browser;
    await signIn(page, session.server.url);
    await open(page, session.server.url, '/leads');
    await page.getByRole('row').filter({ hasText: PEOPLE.lead.email }).getByRole('button', { name: 'Row actions' }).click();
    await page.getByRole('menuitem', { name: 'Connect as this user' }).click();
    await expect.poll(() => textOf(page.getByTestId('user-menu'))).toContain('Lia Lead');
    await walk(page, session.server.url, 'impersonated');
    await page.getByTestId('stop-impersonating').click();
    await expect.poll(() => textOf(page.getByTestId('user-menu'))).toContain('Root');
  });
});
