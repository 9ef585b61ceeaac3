import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import {
  api,
  apiToken,
  axe,
  chooseLanguage,
  launchBrowser,
  screenshot,
  signIn,
  startServer,
  visible,
  type Browser,
  type Server,
} from './harness.ts';

/**
 * An admin switches binary options on in the settings Payments tab (DESIGN.md §11: banned for EU retail
 * clients, so off by default and said so), on a desktop and a phone, and back off.
 */
describe('binary options switch', () => {
  let server: Server;
  let browser: Browser;
  let token: string;

  beforeAll(async () => {
    server = await startServer();
    token = await apiToken(server.url);
    browser = await launchBrowser();
    await signIn(browser.page, server.url);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  test('off by default with the ESMA warning; on and off again, saved on the server', async () => {
    const { page } = browser;
    await page.goto(`${server.url}/settings`);
    await page.getByRole('tab', { name: 'Payments' }).click();
    const setting = page.getByTestId('setting-binaryOptionsEnabled');
    await visible(setting);
    await expect.poll(() => setting.textContent()).toContain('Binary options are banned for retail clients in the EU');
    expect(await setting.getByRole('checkbox').isChecked()).toBe(false);
    await setting.getByText('Offer binary options to labelled leads').click();
    const enabled = () => api<{ binaryOptionsEnabled: boolean }>(server.url, token, 'GET', '/setting').then((s) => s.binaryOptionsEnabled);
    await expect.poll(enabled, { timeout: 20_000 }).toBe(true);
    await setting.scrollIntoViewIfNeeded();
    expect(await axe(page)).toEqual([]);
    await screenshot(page, 'binary-options-setting-desktop-light');
    await page.getByTestId('toggle-dark').click();
    await chooseLanguage(page, 'de');
    await page.setViewportSize({ width: 390, height: 844 });
    await setting.scrollIntoViewIfNeeded();
    await expect.poll(() => setting.textContent()).toContain('Binäre Optionen');
    await screenshot(page, 'binary-options-setting-phone-dark-de');
    await setting.getByRole('checkbox').click({ force: true });
    await expect.poll(enabled, { timeout: 20_000 }).toBe(false);
  });
});
