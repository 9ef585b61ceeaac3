import path from 'node:path';
import type { Page, Route } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { browserSession, loginTakenOver, ROOT, SCREENSHOTS, visible } from './harness.ts';

// index.html carries the sign-in form rendered at build time (scripts/prerender-login.ts): it paints
// before any script, works as a plain form, and the script takes it over keeping what was typed
// (docs/decisions/login-prerender.md). The scripts are held back here with Playwright routing.

/** Holds every script of the build until `release()`; `abort` drops them instead (a script that never comes). */
async function holdScripts(page: Page, mode: 'hold' | 'abort' = 'hold') {
  let release!: () => void;
  const gate = new Promise<void>((resolve) => (release = resolve));
  const held: string[] = [];
  const handler = async (route: Route) => {
    held.push(new URL(route.request().url()).pathname);
    if (mode === 'abort') return route.abort();
    await gate;
    await route.continue().catch(() => undefined);
  };
  await page.route(/\/assets\/.*\.js$/, handler);
  return {
    held,
    release: async () => {
      release();
      await page.unroute(/\/assets\/.*\.js$/, handler);
    },
  };
}

const prerendered = (page: Page) => page.evaluate(() => document.getElementById('root')?.getAttribute('data-prerendered') ?? null);
const signedOut = async (page: Page) => {
  await page.evaluate(() => localStorage.clear());
  await page.context().clearCookies();
};

describe('the prerendered login page', () => {
  // No service worker: its cache would answer the scripts around the routing.
  const session = browserSession({ launch: { serviceWorkers: 'block' } });

  test('typed into before its script loaded, kept when the script takes over, and signed in with what was typed', async () => {
    const { page } = session.browser;
    const refused: string[] = [];
    page.on('console', (message) => /Content Security Policy|Refused to/.test(message.text()) && refused.push(message.text()));
    const scripts = await holdScripts(page);
    await page.goto(`${session.server.url}/login`, { waitUntil: 'commit' });
    // The form is there from the HTML alone: no script of the build has run.
    await visible(page.getByRole('heading', { name: 'Sign in' }));
    expect(await prerendered(page)).toBe('en-light');
    await page.getByLabel('Email').pressSequentially(ROOT.email);
    const [head, tail] = [ROOT.password.slice(0, 4), ROOT.password.slice(4)];
    await page.getByLabel('Password').pressSequentially(head);
    expect(scripts.held.length).toBeGreaterThan(0);
    expect(await prerendered(page)).toBe('en-light');

    await scripts.release();
    await loginTakenOver(page);
    // Same values, and the caret still in the password field at its end: typing goes on where it stopped.
    expect(await page.getByLabel('Email').inputValue()).toBe(ROOT.email);
    expect(await page.getByLabel('Password').inputValue()).toBe(head);
    expect(await page.evaluate(() => (document.activeElement as HTMLInputElement | null)?.name)).toBe('password');
    await page.keyboard.type(tail);
    expect(await page.getByLabel('Password').inputValue()).toBe(ROOT.password);
    await page.getByTestId('login-submit').click();
    await visible(page.getByTestId('user-menu'));
    expect(await page.evaluate(() => localStorage.getItem('bd.token'))).toBeTruthy();
    // The inline scripts ran under the CSP by their hashes: nothing was refused.
    expect(refused).toEqual([]);
  });

  test('a signed-in person never sees the form, even before any script', async () => {
    const { page } = session.browser;
    const scripts = await holdScripts(page);
    await page.goto(`${session.server.url}/`, { waitUntil: 'commit' });
    await page.waitForFunction(() => document.readyState !== 'loading');
    expect(await page.locator('form').count()).toBe(0);
    expect(await prerendered(page)).toBeNull();
    await scripts.release();
    await visible(page.getByTestId('user-menu'));
    await signedOut(page);
  });

  test('without its script it is a plain form: the server signs in by the cookie and sends the person to the page asked for', async () => {
    const { page } = session.browser;
    const scripts = await holdScripts(page, 'abort');
    await page.goto(`${session.server.url}/campaigns`, { waitUntil: 'commit' });
    await page.getByLabel('Email').fill(ROOT.email);
    await page.getByLabel('Password').fill('not-the-password1');
    await page.getByRole('button', { name: 'Sign in' }).click();
    // Refused: back on the form, the error's code in the address, still no script.
    await page.waitForURL(/\/login\?error=INVALID_CREDENTIALS&redirect=%2Fcampaigns/);
    await page.getByLabel('Email').fill(ROOT.email);
    await page.getByLabel('Password').fill(ROOT.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL((url) => url.pathname === '/campaigns');
    expect(scripts.held.length).toBeGreaterThan(0);
    // The next page's scripts arrive: the app starts from the cookie session, with its token kept as
    // after any sign-in, and the form never shows (the cookie's marker hides it before the first paint).
    await scripts.release();
    await page.reload({ waitUntil: 'commit' });
    await page.waitForFunction(() => document.readyState !== 'loading');
    expect(await page.locator('form[aria-label="Sign in"]').count()).toBe(0);
    await visible(page.getByTestId('user-menu'));
    await expect.poll(() => page.evaluate(() => localStorage.getItem('bd.token'))).toBeTruthy();
    expect(new URL(page.url()).pathname).toBe('/campaigns');
    await signedOut(page);
  });

  test('a refusal of the plain form is said in the reader language once the script takes over', async () => {
    const { page } = session.browser;
    await page.goto(`${session.server.url}/login`);
    await page.evaluate(() => localStorage.setItem('bd.ui', JSON.stringify({ language: 'de', localLanguage: 'de-DE' })));
    await page.goto(`${session.server.url}/login?error=INVALID_CREDENTIALS`);
    await loginTakenOver(page);
    await visible(page.getByRole('alert').filter({ hasText: 'Falsche E-Mail oder falsches Passwort' }));
    expect(new URL(page.url()).search).toBe('');
  });

  test('in the stored language and look before the first paint, on a phone and a desktop', async () => {
    const { page } = session.browser;
    await page.goto(`${session.server.url}/login`);
    await loginTakenOver(page);
    await page.evaluate(() => localStorage.setItem('bd.ui', JSON.stringify({ language: 'fr', localLanguage: 'fr-FR', mode: 'dark' })));
    for (const [width, height] of [
      [390, 844],
      [1280, 800],
    ] as const) {
      await page.setViewportSize({ width, height });
      const scripts = await holdScripts(page);
      await page.goto(`${session.server.url}/login`, { waitUntil: 'commit' });
      await visible(page.getByRole('heading', { name: 'Connexion' }));
      expect(await prerendered(page)).toBe('en-light'); // the root's variant; French dark is what it shows
      expect(await page.evaluate(() => document.documentElement.dataset.mode)).toBe('dark');
      expect(await page.getByTestId('toggle-dark').getAttribute('aria-pressed')).toBe('true');
      await page.screenshot({ path: path.join(SCREENSHOTS, `login-prerendered-fr-dark-${width}.png`) });
      await scripts.release();
      await loginTakenOver(page);
      await visible(page.getByRole('heading', { name: 'Connexion' }));
      await page.screenshot({ path: path.join(SCREENSHOTS, `login-taken-over-fr-dark-${width}.png`) });
    }
    await signedOut(page);
  });
});
