import { describe, expect, test } from 'vitest';
import { browserSession, signIn, visible } from './harness.ts';

type Manifest = {
  name: string;
  short_name: string;
  display: string;
  theme_color: string;
  start_url: string;
  icons: { src: string; sizes: string; purpose?: string }[];
};

describe('installable, offline-capable app', () => {
  const session = browserSession();

  test('the manifest is complete and its icons are served', async () => {
    const { page } = session.browser;
    await page.goto(`${session.server.url}/login`);
    const href = await page.evaluate(() => document.querySelector('link[rel="manifest"]')?.getAttribute('href'));
    expect(href).toBeTruthy();
    const manifest = (await (await fetch(new URL(href!, session.server.url))).json()) as Manifest;
    expect(manifest).toMatchObject({ name: 'BrokerDesk', display: 'standalone', start_url: '/' });
    expect(manifest.theme_color).toMatch(/^#[0-9a-f]{6}$/i);
    const icons = manifest.icons.map((icon) => `${icon.sizes}:${icon.purpose ?? 'any'}`);
    expect(icons).toEqual(expect.arrayContaining(['192x192:any', '512x512:any', '192x192:maskable', '512x512:maskable']));
    for (const icon of manifest.icons) {
      const response = await fetch(new URL(icon.src, session.server.url));
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toContain('image/png');
    }
  });

  test('a service worker takes control and, with the network cut, a reload still shows the app', async () => {
    const { page, context } = session.browser;
    await signIn(page, session.server.url);
    // Registered once the page is idle, then installed (precache) and activated.
    const scope = await page.evaluate(() =>
      Promise.race([
        navigator.serviceWorker.ready.then((r) => r.scope),
        new Promise<string>((resolve) => setTimeout(() => resolve('not ready after 30 s'), 30_000)),
      ]),
    );
    expect(scope).toBe(`${session.server.url}/`);
    // The precache is filled on install; the next load is served through the worker.
    await page.reload();
    await expect.poll(() => page.evaluate(() => Boolean(navigator.serviceWorker.controller)), { timeout: 15_000 }).toBe(true);
    await context.setOffline(true);
    try {
      await page.reload();
      await visible(page.getByTestId('user-menu'));
      await visible(page.getByRole('navigation', { name: 'Main navigation' }));
      // A client route never seen before also opens: the navigation fallback is the app shell.
      await page.goto(`${session.server.url}/profile`);
      await visible(page.getByRole('heading', { name: 'Profile' }));
    } finally {
      await context.setOffline(false);
    }
  });
});
