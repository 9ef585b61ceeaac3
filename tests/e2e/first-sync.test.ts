import type { Route } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { api, apiToken, browserSession, screenshot, signIn, textOf, visible } from './harness.ts';

// The first sync of a large mirror (issue 28): the leads list is usable at its first page, and the sync
// indicator says how far it has come. The second /sync page is held back with Playwright routing.
const LEADS = 5_200;

describe('the first sync, on a phone and a desktop', () => {
  const session = browserSession({
    launch: { serviceWorkers: 'block' },
    seed: async (server) => {
      const token = await apiToken(server.url);
      for (let first = 0; first < LEADS; first += 2_600) {
        const batch = Array.from({ length: 2_600 }, (_, j) => ({
          firstName: `Lead ${first + j}`,
          lastName: `Family ${String(first + j).padStart(5, '0')}`,
          email: `first-sync-${first + j}@test.local`,
          roles: ['lead'],
        }));
        await api(server.url, token, 'POST', '/user/batch', batch);
      }
    },
  });

  test('lists leads after the first page and shows records and progress while the rest is held', async () => {
    const { page } = session.browser;
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    // Every /sync after the first of the sign-in waits: the mirror holds its first page only.
    let syncs = 0;
    const hold = async (route: Route) => {
      if (++syncs > 1) await held;
      await route.continue().catch(() => undefined);
    };
    await page.route(/\/api\/v1\/sync\?/, hold);
    await signIn(page, session.server.url);
    // Inside the app (a reload would start another pull, which says its progress from its first page on).
    await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Leads', exact: true }).click();
    // The leads of the first page (the root user and the first batch: a page holds whole transactions) are listed already.
    await visible(page.getByRole('cell', { name: /^Family \d{5}$/ }));
    await expect.poll(() => page.getByTestId('sync-indicator').getAttribute('data-state')).toBe('syncing');
    for (const [width, height] of [
      [390, 844],
      [1280, 800],
    ] as const) {
      await page.setViewportSize({ width, height });
      await page.getByTestId('sync-status').click();
      await visible(page.getByTestId('sync-progress'));
      const said = (await textOf(page.getByTestId('sync-progress'))).match(/([\d,]+) records on this device so far/);
      // The first page's records, not the whole set: 2,601 (the root user and the first batch of 2,600).
      expect(said?.[1]).toBe('2,601');
      await screenshot(page, `first-sync-progress-${width}`);
      await page.keyboard.press('Escape');
    }
    release();
    await page.unroute(/\/api\/v1\/sync\?/, hold);
    await expect.poll(() => page.getByTestId('sync-indicator').getAttribute('data-state'), { timeout: 30_000 }).toBe('online');
  });
});
