import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { api, apiToken, launchBrowser, signIn, startServer, visible, type Browser, type Server } from './harness.ts';

/**
 * CHECKLIST 1 for withdrawals: a lead whose documents are not verified is not offered "Request a
 * withdrawal" (the server would refuse it, LEAD_NOT_VERIFIED); it reads why and where to get verified.
 */
const LEAD = { email: 'nina@unverified.test', password: 'Nina1234' };

describe('withdrawals: an unverified lead', () => {
  let server: Server;
  let lead: Browser;

  beforeAll(async () => {
    server = await startServer();
    const token = await apiToken(server.url);
    await api(server.url, token, 'POST', '/user', { firstName: 'Nina', lastName: 'Unverified', ...LEAD, roles: ['lead'] });
    lead = await launchBrowser();
    await signIn(lead.page, server.url, LEAD.email, LEAD.password);
  });

  afterAll(async () => {
    await lead?.close();
    await server?.close();
  });

  test('sees why it cannot withdraw, with the way to verification, on billing and withdrawals', async () => {
    const { page } = lead;
    for (const screen of ['/billing', '/withdrawals']) {
      await page.goto(`${server.url}${screen}`);
      await visible(page.getByTestId('withdraw-not-verified'));
      expect(await page.getByRole('button', { name: 'Request a withdrawal' }).count()).toBe(0);
      expect(await page.getByTestId('withdraw-not-verified').textContent()).toContain(
        'Only a verified lead may withdraw: your documents must be verified first.',
      );
    }
    await page.getByRole('link', { name: 'Upload your documents' }).click();
    await page.waitForURL(/\/verification$/);
  });
});
