import path from 'node:path';
import { describe, expect, test } from 'vitest';
import { browserSession, loginTakenOver, ROOT, SCREENSHOTS, visible } from './harness.ts';

// The login screen starts from its own light entry (src/app/main.tsx → features/auth/login-page.tsx):
// no router, no http client, only its own words. These journeys check what that must not lose.
describe('the light login entry', () => {
  const session = browserSession();

  test('a deep link signed out shows the login screen without the app, then leads to the link after sign-in', async () => {
    const { page } = session.browser;
    const scripts: string[] = [];
    page.on('response', (response) => {
      if (response.request().resourceType() === 'script') scripts.push(new URL(response.url()).pathname);
    });
    await page.goto(`${session.server.url}/leads?search=ada`);
    await loginTakenOver(page);
    expect(new URL(page.url()).pathname).toBe('/login');
    expect(new URL(page.url()).searchParams.get('redirect')).toBe('/leads?search=ada');
    // Before anyone touches the form, neither the app chunk nor the router has loaded.
    expect(scripts.filter((script) => /\/assets\/(app|_app|link|useRouter)-/.test(script))).toEqual([]);
    await page.getByLabel(/email/i).fill(ROOT.email);
    await page.getByLabel(/password/i).fill(ROOT.password);
    await page.getByTestId('login-submit').click();
    await page.getByTestId('user-menu').waitFor();
    expect(new URL(page.url()).pathname).toBe('/leads');
    expect(new URL(page.url()).searchParams.get('search')).toBe('ada');
    await visible(page.getByRole('navigation', { name: 'Main navigation' }));
    // Signed out for the next journey: the token and the httpOnly session cookie both go.
    await page.evaluate(() => localStorage.clear());
    await session.browser.context.clearCookies();
  });

  test('French chosen on the login screen survives a reload and carries into the app, whose whole catalogue then loads', async () => {
    const { page } = session.browser;
    await page.goto(`${session.server.url}/login`);
    await loginTakenOver(page);
    await page.getByTestId('language-select').selectOption('fr');
    await visible(page.getByRole('heading', { name: 'Connexion' }));
    await page.reload();
    await visible(page.getByRole('heading', { name: 'Connexion' }));
    await loginTakenOver(page);
    await page.getByTestId('login-submit').click();
    // The client's own check, in French, from the login screen's words.
    await visible(page.getByText('Veuillez saisir un e-mail valide'));
    await page.getByLabel(/e-mail/i).fill(ROOT.email);
    await page.getByLabel(/mot de passe/i).fill(ROOT.password);
    await page.getByTestId('login-submit').click();
    await visible(page.getByRole('navigation', { name: 'Navigation principale' }));
    // Signed out for the next journey: the token and the httpOnly session cookie both go.
    await page.evaluate(() => localStorage.clear());
    await session.browser.context.clearCookies();
  });

  test('the login screen at 1280 px light and 390 px dark: nothing overflows', async () => {
    const { page } = session.browser;
    for (const [width, mode] of [
      [1280, 'light'],
      [1280, 'dark'],
      [390, 'light'],
      [390, 'dark'],
    ] as const) {
      await page.setViewportSize({ width, height: width === 390 ? 844 : 800 });
      await page.goto(`${session.server.url}/login`);
      await loginTakenOver(page);
      if ((await page.evaluate(() => document.documentElement.dataset.mode)) !== mode) await page.getByTestId('toggle-dark').click();
      expect(await page.evaluate(() => document.documentElement.dataset.mode)).toBe(mode);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
      await page.screenshot({ path: path.join(SCREENSHOTS, `login-${width}-${mode}.png`) });
    }
    await page.getByTestId('toggle-dark').click();
    await page.setViewportSize({ width: 1280, height: 800 });
  });
});
