import { describe, expect, test } from 'vitest';
import { workbook } from '../fixtures/spreadsheets.ts';
import { api, apiToken, screenshot, signedInSession, visible } from './harness.ts';

/** Issue 14, import hygiene: a French sheet matched by hand, bad rows marked before sending, a duplicate shown and skipped. */
describe('lead import preview', () => {
  const session = signedInSession({
    seed: async (server) => {
      const token = await apiToken(server.url);
      await api(server.url, token, 'POST', '/user', { firstName: 'Lina', lastName: 'Existing', email: 'lina@leads.test', roles: ['lead'] });
    },
  });

  const widthFits = () => session.browser.page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth);

  test('a French sheet mapped by hand, a bad row with its reason, a duplicate skipped, the rest imported', async () => {
    const { page } = session.browser;
    await page.goto(`${session.server.url}/leads/import`);
    await page.locator('input[type=file]').setInputFiles({
      name: 'prospects.xlsx',
      mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      buffer: workbook([
        ['Prénom', 'Nom', 'Mél', 'Téléphone', 'Remarque'],
        ['Ivy', 'Import', 'ivy@import.test', '+33 1 00 00 00 01', 'chaud'],
        ['Jon', 'Import', '', '', ''],
        ['Kim', 'Import', 'kim@import.test', 'rappeler', ''],
        ['Lina', 'Again', 'LINA@leads.test', '', ''],
      ]),
    });
    const columns = page.getByRole('region', { name: 'Columns of the file' });
    // Prénom, Nom and Téléphone are known words; « Mél » is not: the email column is missing until matched by hand.
    await visible(page.getByText('Required columns are missing: Email'));
    expect(await page.getByRole('button', { name: 'Import', exact: true }).isDisabled()).toBe(true);
    expect(await columns.getByRole('combobox', { name: 'Prénom' }).textContent()).toContain('First name');
    expect(await columns.getByRole('combobox', { name: 'Téléphone' }).textContent()).toContain('Phone');
    await columns.getByRole('combobox', { name: 'Mél' }).click();
    await page.getByRole('option', { name: 'Email', exact: true }).click();

    const summary = page.getByRole('list', { name: 'Check' });
    await visible(summary.getByText('1 row ready to import'));
    await visible(summary.getByText('2 rows with problems, left out'));
    await visible(summary.getByText('1 row whose email is already in use'));
    const bad = page.getByRole('table', { name: 'Rows with problems' });
    await visible(bad.getByRole('row').filter({ hasText: '3' }).getByText('Email: The email is missing'));
    await visible(
      bad
        .getByRole('row')
        .filter({ hasText: 'kim@import.test' })
        .getByText(/^Phone: /),
    );
    const existing = page.getByRole('table', { name: 'Emails already in use' });
    await visible(existing.getByRole('row').filter({ hasText: 'lina@leads.test' }).getByText('Already a lead: Lina Existing'));
    expect(await page.getByRole('radio', { name: 'Skip them' }).isChecked()).toBe(true);
    expect(await widthFits()).toBe(true);
    await screenshot(page, 'import-preview-1280');
    await page.setViewportSize({ width: 390, height: 844 });
    await columns.scrollIntoViewIfNeeded();
    expect(await widthFits()).toBe(true);
    await screenshot(page, 'import-preview-390');
    await existing.scrollIntoViewIfNeeded();
    await screenshot(page, 'import-preview-rows-390');
    await page.setViewportSize({ width: 1280, height: 800 });

    await page.getByRole('button', { name: 'Import', exact: true }).click();
    const report = page.getByRole('region', { name: '3. Report' });
    await visible(report.getByText('1 of 4 lead imported'));
    const failed = report.getByRole('table', { name: 'Rows not imported' });
    await visible(failed.getByRole('row').filter({ hasText: 'lina@leads.test' }).getByText('Email: This email is already in use'));
    await visible(failed.getByText('Email: The email is missing'));

    const token = await apiToken(session.server.url);
    const find = (email: string) =>
      api<{ users: { firstName: string; lastName: string; phone: string | null }[] }>(
        session.server.url,
        token,
        'GET',
        `/user?filters=${encodeURIComponent(JSON.stringify([{ field: 'email', values: [email] }]))}`,
      );
    expect((await find('ivy@import.test')).users).toEqual([
      expect.objectContaining({ firstName: 'Ivy', lastName: 'Import', phone: '+33 1 00 00 00 01' }),
    ]);
    expect((await find('lina@leads.test')).users).toEqual([expect.objectContaining({ lastName: 'Existing' })]);
    expect((await find('kim@import.test')).users).toEqual([]);
  });
});
