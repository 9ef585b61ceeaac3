import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { THEME_COLORS } from '../../src/shared/constants.ts';
import { axe, launchBrowser, screenshot, signIn, startServer, visible, type Browser, type Server, signedInSession } from './harness.ts';

/** axe-core on the main screens, in light and in dark: no serious or critical violation. */
describe.each(['light', 'dark'] as const)('accessibility in %s mode', (mode) => {
  let server: Server;
  let browser: Browser;
  beforeAll(async () => {
    server = await startServer();
    browser = await launchBrowser({ colorScheme: mode });
    // The look is kept in localStorage (public/boot.js applies it before the first paint).
    await browser.page.goto(`${server.url}/login`);
    await browser.page.evaluate((m) => localStorage.setItem('bd.ui', JSON.stringify({ mode: m })), mode);
    await browser.page.reload();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  const check = async (name: string) => {
    const violations = await axe(browser.page);
    await screenshot(browser.page, `${name}-${mode}`);
    expect(violations.map((v) => `${v.id} (${v.impact}): ${v.help} @ ${v.nodes.map((n) => JSON.stringify(n.target)).join(' ')}`)).toEqual(
      [],
    );
  };

  test('login', async () => {
    await visible(browser.page.getByTestId('login-submit'));
    await check('login');
  });

  test('layout (dashboard)', async () => {
    await signIn(browser.page, server.url);
    await check('dashboard');
  });

  test('profile', async () => {
    await browser.page.goto(`${server.url}/profile`);
    await visible(browser.page.getByRole('heading', { name: 'Profile' }));
    await check('profile');
  });

  test('account settings', async () => {
    await browser.page.goto(`${server.url}/settings`);
    await visible(browser.page.getByRole('tab', { name: 'Company information' }));
    await check('settings');
  });

  test('campaigns list', async () => {
    await browser.page.goto(`${server.url}/campaigns`);
    await visible(browser.page.getByRole('heading', { name: 'Campaigns' }));
    await check('campaigns');
  });
});

/** Contrast in all 15 colours × 2 modes, on a screen with buttons, links, badges and the selected sidebar entry. */
describe('contrast in every theme colour and mode', () => {
  const session = signedInSession();

  test('axe finds no contrast problem in any combination', async () => {
    const { page } = session.browser;
    await page.goto(`${session.server.url}/settings`);
    await visible(page.getByRole('tab', { name: 'Company information' }));
    const problems: string[] = [];
    for (const color of THEME_COLORS) {
      for (const mode of ['light', 'dark'] as const) {
        await page.evaluate(
          ([c, m]) => {
            // As the app changes a look (applyLook): transitions off, so the new colours are there at once.
            document.documentElement.dataset.lookChanging = '';
            document.documentElement.dataset.color = c;
            document.documentElement.dataset.mode = m;
          },
          [color, mode] as const,
        );
        const violations = await axe(page, ['color-contrast']);
        problems.push(...violations.map((v) => `${color}/${mode}: ${v.help} @ ${v.nodes.map((n) => JSON.stringify(n.target)).join(' ')}`));
      }
    }
    await page.evaluate(() => delete document.documentElement.dataset.lookChanging);
    expect(problems).toEqual([]);
  });
});
