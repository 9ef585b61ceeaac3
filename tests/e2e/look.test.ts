import { describe, expect, test } from 'vitest';
import { htmlAttr, screenshot, textOf, visible, signedInSession } from './harness.ts';

describe('languages, themes, modes and density', () => {
  const session = signedInSession();

  const chooseLanguage = async (name: string) => {
    const { page } = session.browser;
    await page.getByTestId('language-select').selectOption({ label: name });
  };

  test('French, then German, each survive a reload; back to English', async () => {
    const { page } = session.browser;
    await chooseLanguage('Français');
    await visible(page.getByRole('navigation', { name: 'Navigation principale' }));
    await page.reload();
    await visible(page.getByRole('link', { name: 'Tableau de bord' }));
    expect(await htmlAttr(page, 'lang')).toBe('fr');
    // Intl follows the local language: the dashboard date is French.
    await chooseLanguage('Deutsch');
    await visible(page.getByRole('link', { name: 'Übersicht' }));
    await page.reload();
    await visible(page.getByRole('navigation', { name: 'Hauptnavigation' }));
    expect(await htmlAttr(page, 'lang')).toBe('de');
    // The session.server answers in the chosen language too (x-lang).
    const message = await page.evaluate(async () => {
      const response = await fetch('/api/v1/campaign/not-a-uuid', {
        headers: { 'x-lang': JSON.parse(localStorage.getItem('bd.ui') ?? '{}').localLanguage },
      });
      return ((await response.json()) as { message: string }).message;
    });
    expect(message).not.toBe('');
    await chooseLanguage('English');
    await visible(page.getByRole('navigation', { name: 'Main navigation' }));
  });

  test('dark mode, compact density and a non-default colour apply at once and survive a reload', async () => {
    const { page } = session.browser;
    await screenshot(page, 'dashboard-light');
    await page.getByTestId('toggle-dark').click();
    expect(await htmlAttr(page, 'data-mode')).toBe('dark');
    await page.getByTestId('toggle-compact').click();
    expect(await htmlAttr(page, 'data-density')).toBe('compact');
    await page.goto(`${session.server.url}/profile`);
    await page.getByText('Emerald', { exact: true }).click();
    await expect.poll(() => htmlAttr(page, 'data-color')).toBe('emerald');
    // The colour is visible, not only an attribute: primary buttons use it.
    const background = () =>
      page
        .getByRole('button', { name: 'Save' })
        .first()
        .evaluate((el) => getComputedStyle(el).backgroundColor);
    await expect.poll(background).toBe('rgb(110, 231, 183)'); // emerald, dark shade (#6ee7b7), after the transition
    await screenshot(page, 'profile-dark-compact-emerald');
    await page.reload();
    await visible(page.getByRole('heading', { name: 'Profile' }));
    expect(await htmlAttr(page, 'data-mode')).toBe('dark');
    expect(await htmlAttr(page, 'data-density')).toBe('compact');
    expect(await htmlAttr(page, 'data-color')).toBe('emerald');
    // Mode and colour were saved on the user, so they follow them to another device.
    const user = await page.evaluate(() => JSON.parse(localStorage.getItem('bd.user') ?? 'null') as { theme: string; mode: string });
    expect(user).toMatchObject({ theme: 'emerald', mode: 'dark' });
  });

  test('back to the company colour, light mode and normal density', async () => {
    const { page } = session.browser;
    await page.getByText('Company colour', { exact: true }).click();
    await expect.poll(() => htmlAttr(page, 'data-color')).toBe('purple');
    await page.getByTestId('toggle-dark').click();
    await page.getByTestId('toggle-compact').click();
    expect(await htmlAttr(page, 'data-mode')).toBe('light');
    expect(await htmlAttr(page, 'data-density')).toBeNull();
    expect(await textOf(page.getByRole('heading', { level: 1 }))).toBe('Profile');
  });
});
