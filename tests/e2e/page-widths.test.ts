import { describe, expect, test } from 'vitest';
import { api, apiToken, screenshot, sidewaysScroll, signedInSession, visible } from './harness.ts';

/** Every built screen fits its viewport (issue 14): never wider than the window at 1280 px or on a 390 px phone. */
const WIDTHS = [1280, 390];

describe('lists and pages fit their screen', () => {
  const session = signedInSession({
    seed: async (server) => {
      const token = await apiToken(server.url);
      const campaign = await api<{ id: string }>(server.url, token, 'POST', '/campaign', {
        name: 'A campaign with a rather long name for a narrow screen',
      });
      for (let i = 0; i < 3; i++)
        await api(server.url, token, 'POST', '/user', {
          firstName: `Maximiliane-Theresa${i}`,
          lastName: 'Von Hohenzollern-Sigmaringen',
          email: `maximiliane.theresa.${i}@a-very-long-domain-name.example`,
          roles: ['lead'],
          campaignId: campaign.id,
          labels: ['forex'],
        });
    },
  });

  test.each(WIDTHS)('at %i px no page scrolls sideways', async (width) => {
    const { page } = session.browser;
    await page.setViewportSize({ width, height: 800 });
    const wide: string[] = [];
    for (const path of ['/', '/leads', '/users', '/campaigns', '/leads/import', '/settings', '/profile', '/sync-issues']) {
      await page.goto(`${session.server.url}${path}`);
      await visible(page.locator('main#main h1, main#main h2').first());
      if (path === '/leads' || path === '/campaigns') await visible(page.getByRole('row').nth(1));
      if (path === '/leads') {
        // The values are there and readable, each in a cell of its own beside the row actions.
        const cell = page.getByRole('cell', { name: 'Maximiliane-Theresa0', exact: true });
        await visible(cell);
        expect((await cell.boundingBox())?.width ?? 0).toBeGreaterThan(60);
        expect(await page.getByRole('row').nth(1).locator('td td').count()).toBe(0);
      }
      if (path === '/' || path === '/leads' || path === '/campaigns')
        await screenshot(page, `width-${width}${path === '/' ? '-dashboard' : path.replace(/\//g, '-')}`);
      const problem = await sidewaysScroll(page);
      if (problem) wide.push(`${path}: ${problem}`);
    }
    expect(wide.join(', ')).toBe('');
  });
});
