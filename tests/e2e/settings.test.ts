import path from 'node:path';
import { describe, expect, test } from 'vitest';
import { apiToken, axe, chooseLanguage, ROOT, screenshot, signIn, signOut, visible, signedInSession } from './harness.ts';

describe('account settings, profile, and the screens around them', () => {
  const session = signedInSession();

  test('company information: the shared rules, then a save that renames the app', async () => {
    const { page } = session.browser;
    await page.goto(`${session.server.url}/settings`);
    const form = page.getByRole('form', { name: 'Company information' });
    await form.getByLabel(/^Email/).fill('not an email');
    await form.getByRole('button', { name: 'Save' }).click();
    await visible(form.getByText('The company name is required'));
    await visible(form.getByText('Please enter a valid email'));
    await form.getByLabel('Company name').fill('Northwind Capital');
    await form.getByLabel(/^Email/).fill('desk@northwind.test');
    await form.getByLabel('City').fill('Lyon');
    await page.getByText('Ocean', { exact: true }).click();
    await form.getByRole('button', { name: 'Save' }).click();
    await visible(page.getByTestId('toast').filter({ hasText: 'Settings saved' }));
    await expect.poll(() => page.title()).toBe('Northwind Capital');
    // The setting colour applies because the user has none of their own.
    await expect.poll(() => page.evaluate(() => document.documentElement.dataset.color)).toBe('ocean');
  });

  test('labels and qualifications are saved as lists', async () => {
    const { page } = session.browser;
    await page.getByRole('tab', { name: 'Labels and qualifications' }).click();
    const form = page.getByRole('form', { name: 'Labels and qualifications' });
    await form.getByLabel('Labels').fill('vip, newsletter');
    await form.getByLabel('Qualifications').fill('CFA');
    await form.getByRole('button', { name: 'Save' }).click();
    await visible(page.getByTestId('toast').filter({ hasText: 'Settings saved' }));
    const token = await apiToken(session.server.url);
    const record = (await (
      await fetch(`${session.server.url}/api/v1/setting`, { headers: { authorization: `Bearer ${token}` } })
    ).json()) as { labels: string[]; qualifications: string[] };
    expect(record).toMatchObject({ labels: ['vip', 'newsletter'], qualifications: ['CFA'] });
  });

  test('payments: card limits within €100,000, saved and in force at once', async () => {
    const { page } = session.browser;
    await page.getByRole('tab', { name: 'Payments' }).click();
    const form = page.getByRole('form', { name: 'Payments' });
    await expect.poll(() => form.getByLabel('Most per card deposit (€)').inputValue()).toBe('10000');
    await expect.poll(() => form.getByLabel('Most by card per lead in 24 hours (€)').inputValue()).toBe('25000');
    await form.getByLabel('Most per card deposit (€)').fill('150000');
    await form.getByRole('button', { name: 'Save' }).click();
    await visible(form.getByText('A card limit can be at most €100,000'));
    await screenshot(page, 'settings-payments-refused');
    // An amount as people write it: grouped, read strictly in the reader's language (a number input refused it).
    await form.getByLabel('Most per card deposit (€)').fill('5,000');
    await visible(form.getByText('Amount: €5,000.00'));
    await form.getByRole('button', { name: 'Save' }).click();
    await visible(page.getByTestId('toast').filter({ hasText: 'Settings saved' }));
    const token = await apiToken(session.server.url);
    const record = (await (
      await fetch(`${session.server.url}/api/v1/setting`, { headers: { authorization: `Bearer ${token}` } })
    ).json()) as { cardDepositMax: number; cardDepositDailyMax: number };
    expect(record).toMatchObject({ cardDepositMax: 5000, cardDepositDailyMax: 25000 });
    await page.setViewportSize({ width: 390, height: 844 });
    await screenshot(page, 'settings-payments-phone');
    await page.setViewportSize({ width: 1280, height: 800 });

    // Dark and French: the same refusal in the reader's words, axe clean on a desktop and a phone.
    await page.getByTestId('toggle-dark').click();
    await chooseLanguage(page, 'fr');
    const fr = page.getByRole('form', { name: 'Paiements' });
    await fr.getByLabel('Maximum par dépôt par carte (€)').fill('100000.01');
    await fr.getByRole('button', { name: 'Enregistrer' }).click();
    await visible(fr.getByText('Une limite de carte ne peut pas dépasser 100\u202f000\u00a0€'));
    expect(await axe(page)).toEqual([]);
    await screenshot(page, 'settings-payments-desktop-dark-fr');
    await page.setViewportSize({ width: 390, height: 844 });
    expect(await axe(page)).toEqual([]);
    await screenshot(page, 'settings-payments-phone-dark-fr');
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.getByTestId('toggle-dark').click();
    await chooseLanguage(page, 'en');
  });

  test('the logo upload becomes the favicon and the header image', async () => {
    const { page } = session.browser;
    await page.getByRole('tab', { name: 'Logo' }).click();
    await page.locator('input[type=file]').setInputFiles(path.join(import.meta.dirname, '../../public/icon-512.png'));
    await visible(page.getByTestId('toast').filter({ hasText: 'Logo updated' }));
    await expect
      .poll(() => page.evaluate(() => document.querySelector('link[rel=icon]')?.getAttribute('href') ?? ''))
      .toMatch(/^\/api\/v1\/uploads\//);
    await visible(page.getByRole('img', { name: 'Current logo' }));
    await screenshot(page, 'settings-logo');
  });

  test("change password: SPEC.md §5 rules, 'The two passwords do not match!', then the new one works", async () => {
    const { page } = session.browser;
    await page.getByRole('tab', { name: 'Password' }).click();
    const form = page.getByRole('form', { name: 'Password' });
    await form.getByLabel('Current password').fill(ROOT.password);
    await form.getByLabel(/^Password/).fill('abcdef');
    await form.getByLabel('Confirm the new password').fill('abcdeg');
    await form.getByRole('button', { name: 'Change password' }).click();
    await visible(form.getByText('The password must contain at least one number'));
    await visible(form.getByText('The two passwords do not match!'));
    await form.getByLabel(/^Password/).fill('NewPass123');
    await form.getByLabel('Confirm the new password').fill('NewPass123');
    await form.getByRole('button', { name: 'Change password' }).click();
    await visible(page.getByTestId('toast').filter({ hasText: 'Password changed' }));
    await signOut(page);
    await signIn(page, session.server.url, ROOT.email, 'NewPass123');
  });

  test('profile: first name, last name and email, with the shared rules', async () => {
    const { page } = session.browser;
    await page.goto(`${session.server.url}/profile`);
    const form = page.getByRole('form', { name: 'Personal details' });
    await form.getByLabel('First name').fill('');
    await form.getByRole('button', { name: 'Save' }).click();
    await visible(form.getByText('This field is required'));
    await form.getByLabel('First name').fill('Grace');
    await form.getByRole('button', { name: 'Save' }).click();
    await visible(page.getByTestId('toast').filter({ hasText: 'Profile saved' }));
    await visible(page.getByTestId('user-menu').filter({ hasText: 'Grace' }));
  });

  test('an unknown address shows the not-found screen inside the app', async () => {
    const { page } = session.browser;
    await page.goto(`${session.server.url}/no/such/page`);
    await visible(page.getByRole('heading', { name: 'Page not found' }));
    await page.getByRole('link', { name: 'Back to the home page' }).click();
    await visible(page.getByRole('heading', { name: /Welcome, Grace/ }));
    // A sidebar section whose screen comes later shows its frame, not an error.
    await page.getByRole('link', { name: 'Deposits' }).click();
    await visible(page.getByRole('heading', { name: 'Deposits' }));
  });
});
