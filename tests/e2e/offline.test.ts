import { afterEach, describe, expect, test } from 'vitest';
import type { Page } from 'playwright-core';
import { api, apiToken, axe, gone, screenshot, signIn, textOf, visible, type Server, signedInSession } from './harness.ts';

/**
 * The offline engine in the app (DESIGN.md §7), in Chromium against the real server: work with the
 * network cut, reload, reconnect; two tabs; logout with unsent changes; sync issues.
 */

type Campaign = { id: string; name: string; version: number };

const indicator = (page: Page) => page.getByTestId('sync-indicator');
const pending = async (page: Page) => Number((await indicator(page).getAttribute('data-pending')) ?? 0);
const state = async (page: Page) => (await indicator(page).getAttribute('data-state')) ?? '';
/** The campaigns list itself (the screen has other tables, e.g. top campaigns). */
const list = (page: Page) => page.getByRole('table', { name: 'Campaigns', exact: true });
const cell = (page: Page, name: string) => list(page).getByRole('cell', { name, exact: true });
const rowOf = (page: Page, name: string) => list(page).getByRole('row').filter({ hasText: name });
const isPending = async (page: Page, name: string) => (await rowOf(page, name).getByRole('img', { name: 'Not sent yet' }).count()) > 0;

/** One token for the whole file: signing in on every poll would hit the login rate limit. */
const tokens = new Map<string, Promise<string>>();
async function serverCampaigns(server: Server): Promise<Campaign[]> {
  if (!tokens.has(server.url)) tokens.set(server.url, apiToken(server.url));
  const token = await tokens.get(server.url)!;
  const { campaigns } = await api<{ campaigns: Campaign[] }>(server.url, token, 'GET', '/campaign?limit=100');
  return campaigns.sort((a, b) => a.name.localeCompare(b.name));
}

async function add(page: Page, name: string) {
  await page.getByRole('button', { name: 'Add', exact: true }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Name').fill(name);
  await dialog.getByRole('button', { name: 'Create' }).click();
  await gone(page.getByRole('dialog'));
  await visible(cell(page, name));
}

async function rename(page: Page, from: string, to: string) {
  await rowOf(page, from).getByRole('button', { name: 'Row actions' }).click();
  await page.getByRole('menuitem', { name: 'Edit' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Name').fill(to);
  await dialog.getByRole('button', { name: 'Save' }).click();
  await gone(page.getByRole('dialog'));
  await visible(cell(page, to));
}

async function remove(page: Page, name: string) {
  await rowOf(page, name).getByRole('button', { name: 'Row actions' }).click();
  await page.getByRole('menuitem', { name: 'Delete' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click();
  await gone(cell(page, name));
}

/** The service worker must control the page for a reload without network to open the app. */
async function controlledByWorker(page: Page) {
  await page.evaluate(async () => (await navigator.serviceWorker.ready).scope);
  await page.reload();
  await expect.poll(() => page.evaluate(() => Boolean(navigator.serviceWorker.controller)), { timeout: 15_000 }).toBe(true);
}

/** One tab without network (the devtools protocol), the others keep theirs. */
async function tabOffline(page: Page, offline: boolean) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.emulateNetworkConditions', { offline, latency: 0, downloadThroughput: -1, uploadThroughput: -1 });
}

describe('offline: campaigns with the network cut', () => {
  let token: string;
  const session = signedInSession({
    seed: async (server) => {
      token = await apiToken(server.url);
      for (const name of ['Keep me', 'Edit me', 'Delete me']) await api(server.url, token, 'POST', '/campaign', { name });
    },
  });
  afterEach(async () => {
    // A failed journey must not leave the next one without network.
    await session.browser?.context.setOffline(false);
  });

  test('create, edit and delete offline; reload, still there and marked pending; back online, the server has exactly the result', async () => {
    const { page, context } = session.browser;
    await page.goto(`${session.server.url}/campaigns`);
    await controlledByWorker(page);
    // The mirror was pulled at sign-in: the list is read locally.
    await visible(cell(page, 'Delete me'));
    await expect.poll(() => state(page)).toBe('online');

    await context.setOffline(true);
    await expect.poll(() => state(page)).toBe('offline');
    await add(page, 'Made offline');
    // Offline, "saved" means on this device; the toast says it is still to be sent.
    await expect
      .poll(async () => (await page.locator('[role=status]').allTextContents()).join(' | '))
      .toContain('Saved on this device: it will be sent when the connection is back');
    await rename(page, 'Edit me', 'Edited offline');
    await remove(page, 'Delete me');
    await expect.poll(() => isPending(page, 'Made offline')).toBe(true);
    await expect.poll(() => isPending(page, 'Edited offline')).toBe(true);
    expect(await isPending(page, 'Keep me')).toBe(false);
    await expect.poll(() => pending(page)).toBe(3);
    await expect.poll(() => textOf(page.getByRole('toolbar'))).toContain('3 records');
    await screenshot(page, 'sync-indicator-offline-light');
    await page.getByTestId('sync-status').click();
    await visible(page.getByText('3 changes not sent yet'));
    await visible(page.getByText('You are offline. Changes are kept on this device'));
    await screenshot(page, 'sync-indicator-offline-popover-light');
    await page.keyboard.press('Escape');
    // On a phone the indicator keeps its icon and the count.
    await page.setViewportSize({ width: 390, height: 800 });
    await visible(page.getByTestId('sync-pending'));
    // …and the header still fits: the account menu is on screen.
    const menu = await page.getByTestId('user-menu').boundingBox();
    expect(menu && menu.x + menu.width).toBeLessThanOrEqual(390);
    await screenshot(page, 'sync-indicator-offline-phone-light');
    await page.setViewportSize({ width: 1280, height: 800 });

    // A reload without network: the app and the local data are still there, still pending.
    await page.reload();
    await visible(cell(page, 'Made offline'));
    await visible(cell(page, 'Edited offline'));
    expect(await cell(page, 'Delete me').count()).toBe(0);
    await expect.poll(() => isPending(page, 'Made offline')).toBe(true);
    await expect.poll(() => isPending(page, 'Edited offline')).toBe(true);
    await expect.poll(() => pending(page)).toBe(3);
    // Nothing reached the server meanwhile.
    expect((await serverCampaigns(session.server)).map((c) => c.name)).toEqual(['Delete me', 'Edit me', 'Keep me']);

    await context.setOffline(false);
    await expect.poll(() => pending(page), { timeout: 20_000 }).toBe(0);
    await expect.poll(() => isPending(page, 'Made offline')).toBe(false);
    await expect.poll(() => isPending(page, 'Edited offline')).toBe(false);
    const campaigns = await serverCampaigns(session.server);
    expect(campaigns.map((c) => [c.name, c.version])).toEqual([
      ['Edited offline', 2],
      ['Keep me', 1],
      ['Made offline', 1],
    ]);
    await screenshot(page, 'sync-indicator-online-light');
  });

  test('online, a change made elsewhere shows up without a reload (socket changes → pull → live list)', async () => {
    const { page } = session.browser;
    await api(session.server.url, token, 'POST', '/campaign', { name: 'From another device' });
    await visible(cell(page, 'From another device'), 15_000);
  });

  test('two tabs: one offline edits, the other online edits; each sees the other at once, the server gets both', async () => {
    const { page, context } = session.browser;
    const second = await context.newPage();
    try {
      await second.goto(`${session.server.url}/campaigns`);
      await visible(cell(second, 'Keep me'));
      await tabOffline(second, true);
      await expect.poll(() => state(second)).toBe('offline');
      // The offline tab's change is durable in the shared mirror: the online tab shows it at once,
      // and the tab that holds the outbox lock (the first one, online) sends it.
      await rename(second, 'Keep me', 'Renamed in the offline tab');
      await visible(cell(page, 'Renamed in the offline tab'));
      await rename(page, 'Made offline', 'Renamed in the online tab');
      await visible(cell(second, 'Renamed in the online tab'));
      await expect
        .poll(async () => (await serverCampaigns(session.server)).map((c) => c.name), { timeout: 20_000 })
        .toEqual(['Edited offline', 'From another device', 'Renamed in the offline tab', 'Renamed in the online tab']);
      await tabOffline(second, false);
      await expect.poll(() => state(second)).toBe('online');
      await expect.poll(() => pending(second)).toBe(0);
      expect(await isPending(second, 'Renamed in the offline tab')).toBe(false);
    } finally {
      await second.close();
    }
  });

  test('sync issues: a conflict and a refused delete, each resolved on its screen', async () => {
    const { page, context } = session.browser;
    const campaigns = await serverCampaigns(session.server);
    const edited = campaigns.find((c) => c.name === 'Edited offline')!;
    const linked = campaigns.find((c) => c.name === 'From another device')!;
    // A lead in this campaign: the server refuses to delete it.
    await api(session.server.url, token, 'POST', '/user', {
      firstName: 'Lia',
      lastName: 'Lead',
      email: 'lia@brokerdesk.test',
      password: 'Lead1234',
      roles: ['lead'],
      campaignId: linked.id,
    });
    await page.goto(`${session.server.url}/campaigns`);
    await visible(cell(page, 'Edited offline'));

    await context.setOffline(true);
    await expect.poll(() => state(page)).toBe('offline');
    await rename(page, 'Edited offline', 'Mine, made offline');
    await remove(page, 'From another device');
    // Meanwhile someone else renames the same campaign on the server.
    await api(session.server.url, token, 'PATCH', `/campaign/${edited.id}`, { name: 'Theirs, made online' });
    await context.setOffline(false);

    await expect.poll(async () => Number((await indicator(page).getAttribute('data-issues')) ?? 0), { timeout: 20_000 }).toBe(2);
    // The refused delete was undone locally: the campaign is back.
    await visible(cell(page, 'From another device'));
    await screenshot(page, 'sync-indicator-issues-light');

    await page.getByTestId('sync-issues-link').click();
    await visible(page.getByRole('heading', { name: 'Sync issues' }));
    const issues = page.getByTestId('sync-issue');
    await expect.poll(() => issues.count()).toBe(2);
    const conflict = issues.filter({ has: page.getByText('Conflict', { exact: true }) });
    await visible(conflict.getByRole('cell', { name: 'Mine, made offline' }));
    await visible(conflict.getByRole('cell', { name: 'Theirs, made online' }));
    const refused = issues.filter({ has: page.getByText('Refused', { exact: true }) });
    await visible(refused.getByText('This campaign is linked to at least one lead and cannot be deleted'));
    const violations = async () =>
      (await axe(page)).map((v) => `${v.id}: ${v.help} @ ${v.nodes.map((n) => JSON.stringify(n.target)).join(' ')}`);
    expect(await violations()).toEqual([]);
    await screenshot(page, 'sync-issues-light');
    await page.getByTestId('toggle-dark').click();
    await expect
      .poll(() => page.evaluate(() => document.documentElement.getAttribute('data-mode') ?? document.documentElement.className))
      .toContain('dark');
    expect(await violations()).toEqual([]);
    await screenshot(page, 'sync-issues-dark');
    await page.getByTestId('sync-status').click();
    await visible(page.getByText('2 sync issues'));
    expect(await violations()).toEqual([]);
    await screenshot(page, 'sync-indicator-popover-dark');
    await page.keyboard.press('Escape');
    await page.getByTestId('toggle-dark').click();

    // Keep mine: sent again against the server's version, so mine wins.
    await conflict.getByRole('button', { name: 'Keep mine' }).click();
    await expect.poll(() => issues.count(), { timeout: 15_000 }).toBe(1);
    await expect
      .poll(async () => (await serverCampaigns(session.server)).find((c) => c.id === edited.id)?.name, { timeout: 15_000 })
      .toBe('Mine, made offline');
    // Discard the refused delete, after confirming.
    await refused.getByRole('button', { name: 'Discard' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Discard' }).click();
    await visible(page.getByTestId('sync-issues-empty'));
    await expect.poll(() => indicator(page).getAttribute('data-issues')).toBe('0');
    expect((await serverCampaigns(session.server)).some((c) => c.id === linked.id)).toBe(true);
  });

  test('online, a refusal lands on the form that made it, not in sync issues', async () => {
    const { page } = session.browser;
    await page.goto(`${session.server.url}/campaigns`);
    // What the server took is simply saved.
    await add(page, 'Taken online');
    await expect.poll(async () => (await page.locator('[role=status]').allTextContents()).join(' | ')).toMatch(/(^|\| )Saved( \||$)/);
    expect(await isPending(page, 'Taken online')).toBe(false);
    await visible(cell(page, 'From another device'));
    await rowOf(page, 'From another device').getByRole('button', { name: 'Row actions' }).click();
    await page.getByRole('menuitem', { name: 'Delete' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click();
    // The server's refusal, in the toast of the action that made it.
    await expect
      .poll(async () => (await page.locator('[role=status], [role=alert]').allTextContents()).join(' | '))
      .toContain('Failed to delete, this campaign is linked to at least one lead and cannot be deleted');
    // The confirmation stays open on the refusal; closed, the list shows the campaign back.
    await page.getByRole('alertdialog').getByRole('button', { name: 'Cancel' }).click();
    await visible(cell(page, 'From another device'));
    expect(await isPending(page, 'From another device')).toBe(false);
    expect(await indicator(page).getAttribute('data-issues')).toBe('0');
  });

  test("impersonation: the admin's unsent change stays in the admin's database, is never sent as the lead, and goes as the admin on the way back", async () => {
    const { page } = session.browser;
    await page.goto(`${session.server.url}/campaigns`);
    await visible(cell(page, 'Renamed in the online tab'));
    // The server turns campaign changes away for now (503, try again in a second): the rename waits.
    const down = /\/api\/v1\/campaign\/[^/?]+$/;
    await page.route(down, (route) =>
      route.request().method() === 'PATCH'
        ? route.fulfill({ status: 503, headers: { 'retry-after': '1' }, json: { message: 'Unavailable', code: 'INTERNAL' } })
        : route.continue(),
    );
    await rename(page, 'Renamed in the online tab', 'Changed by the admin');
    await expect.poll(() => pending(page)).toBe(1);
    expect(await isPending(page, 'Changed by the admin')).toBe(true);

    await page.goto(`${session.server.url}/leads`);
    await page.getByRole('row').filter({ hasText: 'lia@brokerdesk.test' }).getByRole('button', { name: 'Row actions' }).click();
    await page.getByRole('menuitem', { name: 'Connect as this user' }).click();
    const banner = page.getByRole('region', { name: 'Acting as another user' });
    await expect.poll(() => textOf(banner)).toContain('Lia Lead');
    // The lead has a database of their own; nothing of the admin's is in it.
    const databases = () =>
      page.evaluate(async () => (await indexedDB.databases()).map((d) => d.name ?? '').filter((n) => n.startsWith('brokerdesk-')).length);
    await expect.poll(databases).toBe(2);
    await expect.poll(() => pending(page)).toBe(0);
    await page.unroute(down);
    await expect.poll(async () => (await serverCampaigns(session.server)).map((c) => c.name)).toContain('Renamed in the online tab');

    await page.getByTestId('stop-impersonating').click();
    await gone(banner);
    await expect
      .poll(async () => (await serverCampaigns(session.server)).map((c) => c.name), { timeout: 20_000 })
      .toContain('Changed by the admin');
    await expect.poll(() => pending(page)).toBe(0);
  });

  test('logout with unsent changes says how many and asks first; then the local data is gone', async () => {
    const { page, context } = session.browser;
    await page.goto(`${session.server.url}/campaigns`);
    await visible(cell(page, 'Changed by the admin'));
    await context.setOffline(true);
    await expect.poll(() => state(page)).toBe('offline');
    await add(page, 'Unsent one');
    await add(page, 'Unsent two');
    await page.getByTestId('user-menu').click();
    await page.getByRole('menuitem', { name: 'Sign out' }).click();
    const dialog = page.getByRole('alertdialog');
    await visible(dialog.getByText('Sign out with unsent changes?'));
    await visible(dialog.getByText('2 changes made on this device have not reached the server yet.'));
    await screenshot(page, 'logout-unsent-light');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await gone(page.getByRole('alertdialog'));
    await visible(cell(page, 'Unsent two'));

    // The admin's database and the lead's (from the impersonation): logout wipes both.
    const databases = () =>
      page.evaluate(async () => (await indexedDB.databases()).map((d) => d.name ?? '').filter((n) => n.startsWith('brokerdesk-')));
    expect(await databases()).toHaveLength(2);
    await page.getByTestId('user-menu').click();
    await page.getByRole('menuitem', { name: 'Sign out' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Sign out anyway' }).click();
    await page.getByTestId('login-submit').waitFor();
    await expect.poll(databases).toEqual([]);

    // Signing in is online-only: the login screen says so before anyone types, and refuses at once.
    await visible(page.getByTestId('offline-note'));
    await page.getByLabel(/email/i).fill('root@brokerdesk.test');
    await page.getByLabel(/password/i).fill('Root1234');
    await page.getByTestId('login-submit').click();
    await visible(page.getByText('You are offline: this action needs a connection'));
    await context.setOffline(false);
    await gone(page.getByTestId('offline-note'));
    expect((await serverCampaigns(session.server)).some((c) => c.name.startsWith('Unsent'))).toBe(false);
  });
});

describe('offline: an expired session and a full disk', () => {
  const session = signedInSession({
    launch: { serviceWorkers: 'block' },
  });

  test('a 401 pauses sending; the same user signing in again resumes it, nothing lost', async () => {
    const { page } = session.browser;
    await page.goto(`${session.server.url}/campaigns`);
    await add(page, 'Before expiry');
    await expect.poll(() => pending(page)).toBe(0);
    // The session ends on the server (here: signed out everywhere), as an expired token would.
    const admin = await apiToken(session.server.url);
    await api(session.server.url, admin, 'GET', '/auth/logout?allDevices=true');
    await rename(page, 'Before expiry', 'After expiry');
    await expect.poll(() => textOf(page.getByTestId('sync-status'))).toContain('Session expired');
    expect(await pending(page)).toBe(1);
    await page.getByTestId('sync-status').click();
    await visible(page.getByText('Your session has expired: sign in again to send your changes.'));
    await screenshot(page, 'sync-indicator-session-expired-light');
    await page.getByRole('button', { name: 'Sign in again', exact: true }).click();
    await page.getByLabel(/email/i).fill('root@brokerdesk.test');
    await page.getByLabel(/password/i).fill('Root1234');
    await page.getByTestId('login-submit').click();
    // Back where the person was, the queue resumed with the new session.
    await expect.poll(() => new URL(page.url()).pathname).toBe('/campaigns');
    await expect.poll(() => pending(page), { timeout: 20_000 }).toBe(0);
    const { campaigns } = await api<{ campaigns: Campaign[] }>(
      session.server.url,
      await apiToken(session.server.url),
      'GET',
      '/campaign?limit=100',
    );
    expect(campaigns.map((c) => [c.name, c.version])).toEqual([['After expiry', 2]]);
  });

  test('signing out in one tab signs the other out too (it must not write into the wiped database)', async () => {
    const { page, context } = session.browser;
    const second = await context.newPage();
    try {
      await second.goto(`${session.server.url}/campaigns`);
      await visible(cell(second, 'After expiry'));
      await page.goto(`${session.server.url}/campaigns`);
      await page.getByTestId('user-menu').click();
      await page.getByRole('menuitem', { name: 'Sign out' }).click();
      await page.getByTestId('login-submit').waitFor();
      await second.getByTestId('login-submit').waitFor();
      // Wiped soon after (deleting a database waits for its connections to close: seconds on a loaded machine).
      await expect
        .poll(() => second.evaluate(async () => (await indexedDB.databases()).filter((d) => d.name?.startsWith('brokerdesk-')).length), {
          timeout: 15_000,
        })
        .toBe(0);
    } finally {
      await second.close();
    }
    await signIn(page, session.server.url);
  });

  test('a full disk is said in words, on the form and in the header, never swallowed', async () => {
    const { page } = session.browser;
    await page.goto(`${session.server.url}/campaigns`);
    await visible(cell(page, 'After expiry'));
    // A full disk, as the browser reports it: every IndexedDB write fails with QuotaExceededError.
    // (Chromium's quota override over the devtools protocol is not enforced in this build.)
    const fill = (full: boolean) =>
      page.evaluate((on) => {
        const proto = IDBObjectStore.prototype as unknown as Record<string, unknown> & { __real?: Record<string, unknown> };
        proto.__real ??= { add: proto.add, put: proto.put };
        for (const name of ['add', 'put'] as const) {
          proto[name] = on
            ? () => {
                throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
              }
            : proto.__real[name];
        }
      }, full);
    await fill(true);
    try {
      await page.getByRole('button', { name: 'Add', exact: true }).click();
      const dialog = page.getByRole('dialog');
      await dialog.getByLabel('Name').fill('Does not fit');
      await dialog.getByRole('button', { name: 'Create' }).click();
      await visible(dialog.getByText('This device’s storage is full').first());
      await page.keyboard.press('Escape');
      await expect.poll(() => textOf(page.getByTestId('sync-status'))).toContain('Storage full');
      await page.getByTestId('sync-status').click();
      await visible(page.getByRole('alert').filter({ hasText: 'This device’s storage is full' }));
      await screenshot(page, 'sync-indicator-quota-light');
      await page.keyboard.press('Escape');
      expect(await cell(page, 'Does not fit').count()).toBe(0);
    } finally {
      await fill(false);
    }
  });
});
