import { describe, expect, test } from 'vitest';
import { api, apiToken, browserSession, gone, ROOT, signIn, signOut, textOf, visible } from './harness.ts';

describe('sign-in, start-up and impersonation', () => {
  const session = browserSession();

  test('a wrong password shows the server message and keeps the person on the login screen', async () => {
    const { page } = session.browser;
    await page.goto(`${session.server.url}/`);
    await page.waitForURL(/\/login/);
    await page.getByLabel(/email/i).fill(ROOT.email);
    await page.getByLabel(/password/i).fill('not-the-password1');
    await page.getByTestId('login-submit').click();
    // The text is the server's own (errors.INVALID_CREDENTIALS), not a client-made one.
    await visible(page.getByRole('alert').filter({ hasText: 'Wrong email or password' }));
    expect(page.url()).toContain('/login');
  });

  test('an empty form is refused by the client with translated field errors', async () => {
    const { page } = session.browser;
    await page.getByLabel(/email/i).fill('');
    await page.getByLabel(/password/i).fill('');
    await page.getByTestId('login-submit').click();
    await visible(page.getByText('Please enter a valid email'));
    await visible(page.getByText('This field is required'));
  });

  test('signs in, survives a reload, and signs out', async () => {
    const { page } = session.browser;
    await signIn(page, session.server.url);
    await visible(page.getByRole('navigation', { name: 'Main navigation' }));
    await page.reload();
    await visible(page.getByTestId('user-menu'));
    const token = await page.evaluate(() => localStorage.getItem('bd.token'));
    expect(token).toBeTruthy();
    await signOut(page);
    expect(await page.evaluate(() => localStorage.getItem('bd.token'))).toBeNull();
    // Signed out means signed out: the layout redirects back to the login screen.
    await page.goto(`${session.server.url}/profile`);
    await page.waitForURL(/\/login/);
  });

  test("the title follows the company name, 'Application' when there is none, live on settingUpdated", async () => {
    const { page } = session.browser;
    await page.goto(`${session.server.url}/login`);
    await expect.poll(() => page.title()).toBe('Application');
    await signIn(page, session.server.url);
    const token = await apiToken(session.server.url);
    await api(session.server.url, token, 'PATCH', '/setting', { companyName: 'Acme Brokers' });
    // No reload: the socket's settingUpdated makes the app fetch the settings again.
    await expect.poll(() => page.title(), { timeout: 10_000 }).toBe('Acme Brokers');
    await page.reload();
    await expect.poll(() => page.title()).toBe('Acme Brokers');
    await visible(page.getByRole('banner').getByText('Acme Brokers'));
  });

  test('an admin connects as a lead, sees the banner, and comes back', async () => {
    const { page } = session.browser;
    const token = await apiToken(session.server.url);
    await api(session.server.url, token, 'POST', '/user', {
      firstName: 'Lena',
      lastName: 'Lead',
      email: 'lena@brokerdesk.test',
      password: 'Lead1234',
      roles: ['lead'],
    });
    await page.goto(`${session.server.url}/leads`);
    const row = page.getByRole('row').filter({ hasText: 'lena@brokerdesk.test' });
    await row.getByRole('button', { name: 'Row actions' }).click();
    await page.getByRole('menuitem', { name: 'Connect as this user' }).click();
    const banner = page.getByRole('region', { name: 'Acting as another user' });
    await expect.poll(() => textOf(banner)).toContain('Lena Lead');
    await expect.poll(() => textOf(page.getByTestId('user-menu'))).toContain('Lena Lead');
    // A lead sees the lead entries only.
    await gone(page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Users' }));
    await page.reload();
    await visible(banner);
    await page.getByTestId('stop-impersonating').click();
    await gone(banner);
    await expect.poll(() => textOf(page.getByTestId('user-menu'))).toContain('Root');
    await visible(page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Users' }));
  });
});
