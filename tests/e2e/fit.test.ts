import { describe, expect, test } from 'vitest';
import type { Page } from 'playwright-core';
import { api, apiToken, chooseLanguage, screenshot, signedInSession, visible } from './harness.ts';

/**
 * Controls shown whole where the issue 24 walk found them cut: the header's language on a tablet,
 * the leads table's row actions at 1280 px.
 */

/** How far an element reaches past its box's inner edges, in px (0: it fits). */
const overflow = (page: Page, selector: string, container: string) =>
  page.evaluate(
    ([s, c]) => {
      const element = document.querySelector(s!)!;
      const box = element.closest(c!)!;
      const e = element.getBoundingClientRect();
      const b = box.getBoundingClientRect();
      return Math.max(0, Math.round(e.right - b.right), Math.round(b.left - e.left));
    },
    [selector, container],
  );

describe('controls fit their place', () => {
  const session = signedInSession({
    seed: async (server) => {
      const token = await apiToken(server.url);
      await api(server.url, token, 'POST', '/user', { firstName: 'Ada', lastName: 'Lead', email: 'ada@fit.test', roles: ['lead'] });
    },
  });

  test("a tablet's header shows the language chosen, whole, in every language", async () => {
    const { page } = session.browser;
    await page.setViewportSize({ width: 820, height: 1180 });
    await page.goto(`${session.server.url}/leads`);
    const select = page.getByTestId('language-select');
    await visible(select);
    for (const language of ['fr', 'de', 'en']) {
      await chooseLanguage(page, language);
      // The chosen name's width plus the control's padding and arrow: the select is never narrower.
      const { width, needed } = await select.evaluate((element) => {
        const control = element as HTMLSelectElement;
        const style = getComputedStyle(control);
        const probe = document.createElement('span');
        probe.style.font = style.font;
        probe.textContent = control.selectedOptions[0]!.textContent;
        document.body.append(probe);
        const text = probe.getBoundingClientRect().width;
        probe.remove();
        return {
          width: control.getBoundingClientRect().width,
          needed: text + parseFloat(style.paddingLeft) + parseFloat(style.paddingRight) + 16,
        };
      });
      expect(width, language).toBeGreaterThanOrEqual(needed);
      // …and nothing else is pushed out of the header for it.
      expect(await overflow(page, '[data-testid="user-menu"]', 'header'), language).toBe(0);
    }
    await screenshot(page, 'header-tablet-language');
  });

  test('the leads table at 1280 px shows each row actions button whole in its cell', async () => {
    const { page } = session.browser;
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto(`${session.server.url}/leads`);
    await visible(page.getByRole('button', { name: 'Row actions' }), 20_000);
    expect(await overflow(page, '[aria-label="Row actions"]', 'td')).toBe(0);
    await screenshot(page, 'leads-row-actions-desktop');
  });
});
