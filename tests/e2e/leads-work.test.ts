import { describe, expect, test } from 'vitest';
import { workbook } from '../fixtures/spreadsheets.ts';
import { api, apiToken, axe, gone, screenshot, sidewaysScroll, signIn, signOut, textOf, visible, signedInSession } from './harness.ts';

// The smallest valid PNG: 1×1 transparent pixel.
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=', 'base64');
const LEAD = { email: 'lina@leads.test', password: 'Lina1234' };

/** A lead's page (comments, documents and their verification), campaigns, import, dashboard and notifications. */
describe('leads: lead page, verification, campaigns, import, dashboard (en)', () => {
  let token: string;
  let leadId: string;

  const session = signedInSession({
    seed: async (server) => {
      token = await apiToken(server.url);
      const winter = (await api<{ id: string }>(server.url, token, 'POST', '/campaign', { name: 'Winter' })).id;
      await api(server.url, token, 'POST', '/campaign', { name: 'Empty one' });
      leadId = (
        await api<{ id: string }>(server.url, token, 'POST', '/user', {
          firstName: 'Lina',
          lastName: 'Lead',
          ...LEAD,
          roles: ['lead'],
          campaignId: winter,
          labels: ['forex'],
        })
      ).id;
      await api(server.url, token, 'POST', '/user', {
        firstName: 'Otto',
        lastName: 'Other',
        email: 'otto@leads.test',
        roles: ['lead'],
        campaignId: winter,
      });
    },
  });

  test("the lead's page: details, then a comment added, hidden and shown again", async () => {
    const { page } = session.browser;
    await page.goto(`${session.server.url}/leads`);
    await page.getByRole('link', { name: 'Lina' }).click();
    await visible(page.getByRole('heading', { name: /Lina Lead/ }));
    await visible(page.getByRole('definition').filter({ hasText: 'Winter' }));
    const comments = page.getByRole('region', { name: 'Comments' });
    await visible(comments.getByText('No comment yet.'));
    await comments.getByRole('button', { name: 'Add comment' }).click();
    await visible(comments.getByText('This field is required'));
    await comments.getByLabel('New comment').fill('Called, interested in forex');
    await comments.getByRole('button', { name: 'Add comment' }).click();
    const item = comments.getByRole('listitem').filter({ hasText: 'Root Admin' });
    await visible(item.getByText('Called, interested in forex'));
    await item.getByRole('button', { name: 'Hide' }).click();
    await visible(item.getByText('This comment is hidden.'));
    await gone(comments.getByText('Called, interested in forex'));
    const { comments: stored } = await api<{ comments: { hidden: boolean }[] }>(session.server.url, token, 'GET', '/comment');
    expect(stored.map((c) => c.hidden)).toEqual([true]);
    await item.getByRole('button', { name: 'Unhide' }).click();
    await visible(item.getByText('Called, interested in forex'));
    await screenshot(page, 'lead-page-light');
  });

  test('a lead uploads documents; staff reject with a reason; new documents; staff verify', async () => {
    const { page } = session.browser;
    await signOut(page);
    await signIn(page, session.server.url, LEAD.email, LEAD.password);
    await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Verification' }).click();
    await visible(page.getByRole('heading', { name: 'Document verification' }));
    await expect.poll(() => textOf(page.getByTestId('verification-text'))).toContain('not verified yet');
    const input = page.locator('input[type=file]');
    // Checked in the browser before anything is sent.
    await input.setInputFiles({ name: 'big-scan.png', mimeType: 'image/png', buffer: Buffer.concat([PNG, Buffer.alloc(5 * 1024 * 1024)]) });
    await visible(page.getByText('File big-scan.png is too large (max 5 MB)'));
    await input.setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('hello') });
    await visible(page.getByText('File notes.txt: this file type is not allowed'));
    await input.setInputFiles({ name: 'passport.png', mimeType: 'image/png', buffer: PNG });
    await page.getByRole('button', { name: 'Send 1 document' }).click();
    await expect.poll(() => textOf(page.getByTestId('verification-text'))).toContain('being reviewed');
    await visible(page.getByRole('list', { name: 'Documents' }).getByText('passport.png'));
    await screenshot(page, 'verification-pending-light');

    await signOut(page);
    await signIn(page, session.server.url);
    await page.goto(`${session.server.url}/leads/${leadId}`);
    const documents = page.getByRole('region', { name: 'Verification documents' });
    await visible(documents.getByText('passport.png'));
    const download = page.waitForEvent('download');
    await documents.getByRole('button', { name: 'Download passport.png' }).click();
    expect((await download).suggestedFilename()).toBe('passport.png');
    await documents.getByRole('button', { name: 'Reject' }).click();
    const dialog = page.getByRole('dialog', { name: 'Reject the documents' });
    await dialog.getByRole('button', { name: 'Reject' }).click();
    await visible(dialog.getByText('Please give a reason for the rejection'));
    await dialog.getByLabel('Reason').fill('Blurry scan');
    await dialog.getByRole('button', { name: 'Reject' }).click();
    await gone(page.getByRole('dialog'));
    await visible(documents.getByText('Rejected: Blurry scan'));
    await gone(documents.getByRole('button', { name: 'Verify' }));

    await signOut(page);
    await signIn(page, session.server.url, LEAD.email, LEAD.password);
    await page.goto(`${session.server.url}/verification`);
    await expect.poll(() => textOf(page.getByTestId('verification-text'))).toContain('rejected: Blurry scan. Please upload new documents');
    await visible(page.getByRole('heading', { name: 'Upload new documents' }));
    await screenshot(page, 'verification-rejected-light');
    await page.locator('input[type=file]').setInputFiles([
      { name: 'passport-2.png', mimeType: 'image/png', buffer: PNG },
      { name: 'bill.png', mimeType: 'image/png', buffer: PNG },
    ]);
    await page.getByRole('button', { name: 'Send 2 documents' }).click();
    await expect.poll(() => textOf(page.getByTestId('verification-text'))).toContain('being reviewed');

    await signOut(page);
    await signIn(page, session.server.url);
    await page.goto(`${session.server.url}/leads/${leadId}`);
    await documents.getByRole('button', { name: 'Verify' }).click();
    await visible(documents.getByText('Verified'));
    // Signing out ends every session of the account (allDevices), the tests' own token too.
    token = await apiToken(session.server.url);
    const { verificationStatus } = await api<{ verificationStatus: string }>(session.server.url, token, 'GET', `/user/${leadId}`);
    expect(verificationStatus).toBe('verified');
    await screenshot(page, 'lead-page-verified-light');
  });

  test('the verified lead is told, in its notifications', async () => {
    const { page } = session.browser;
    await signOut(page);
    await signIn(page, session.server.url, LEAD.email, LEAD.password);
    await expect.poll(() => textOf(page.getByTestId('notifications-count'))).toBe('2');
    await page.getByTestId('notifications').click();
    const list = page.getByRole('list', { name: 'Notifications' });
    await visible(list.getByText('Your documents were verified'));
    await visible(list.getByText('Your documents were rejected: Blurry scan'));
    await page.getByRole('button', { name: 'Mark all as read' }).click();
    await gone(page.getByTestId('notifications-count'));
    await page.keyboard.press('Escape');
    await signOut(page);
    await signIn(page, session.server.url);
  });

  test('campaigns: the top panel ranks them, and a campaign with leads cannot be deleted', async () => {
    const { page } = session.browser;
    await page.goto(`${session.server.url}/campaigns`);
    const top = page.getByRole('table', { name: 'Campaigns ranked by leads' });
    await visible(top.getByRole('row').filter({ hasText: 'Winter' }).getByRole('cell', { name: '2', exact: true }));
    const row = page
      .getByRole('row')
      .filter({ hasText: 'Winter' })
      .filter({ has: page.getByRole('button', { name: 'Row actions' }) });
    await row.getByRole('button', { name: 'Row actions' }).click();
    await page.getByRole('menuitem', { name: 'Delete' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click();
    await visible(page.getByText('Failed to delete, this campaign is linked to at least one lead and cannot be deleted'));
    await page.getByRole('alertdialog').getByRole('button', { name: 'Cancel' }).click();
    // Still listed: the refusal rolled the delete back.
    await visible(page.getByRole('region', { name: 'Campaigns', exact: true }).getByRole('cell', { name: 'Winter' }));
    await expect.poll(() => textOf(page.getByRole('toolbar', { name: 'List tools' }))).toContain('2 records');
    await screenshot(page, 'campaigns-top-light');
    // One without leads goes.
    const empty = page.getByRole('row').filter({ hasText: 'Empty one' });
    await empty.getByRole('button', { name: 'Row actions' }).click();
    await page.getByRole('menuitem', { name: 'Delete' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click();
    await gone(page.getByRole('cell', { name: 'Empty one' }));
  });

  test('imports a spreadsheet: template, preview and column check, progress, report', async () => {
    const { page } = session.browser;
    await page.goto(`${session.server.url}/leads`);
    await page.getByRole('link', { name: 'Import' }).click();
    await visible(page.getByRole('heading', { name: 'Import leads' }));
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Download the template' }).click();
    expect((await download).suggestedFilename()).toBe('lead_import_template.xlsx');

    const input = page.locator('input[type=file]');
    // A sheet without the email column is refused before sending.
    await input.setInputFiles({
      name: 'no-email.xlsx',
      mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      buffer: workbook([
        ['firstName', 'lastName'],
        ['A', 'B'],
      ]),
    });
    await visible(page.getByText('Required columns are missing: Email'));
    await expect.poll(() => page.getByRole('button', { name: 'Import', exact: true }).isDisabled()).toBe(true);

    const rows = [
      ['firstName', 'lastName', 'email', 'phone', 'Notes'],
      ['Ivy', 'Imported', 'ivy@import.test', '+33 1 00 00 00 01', 'hot'],
      ['Jon', 'Imported', 'not-an-email', '', ''],
      ['Kim', 'Imported', 'kim@import.test', '', ''],
      ['Lou', 'Imported', 'lina@leads.test', '', ''],
    ];
    await input.setInputFiles({
      name: 'leads.xlsx',
      mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      buffer: workbook(rows),
    });
    // Every row is checked before sending, with the server's rules; unknown columns are ignored.
    const columns = page.getByRole('region', { name: 'Columns of the file' });
    expect(await columns.getByRole('combobox', { name: 'Notes' }).textContent()).toContain('Ignore');
    const summary = page.getByRole('list', { name: 'Check' });
    await visible(summary.getByText('2 rows ready to import'));
    await visible(summary.getByText('1 row with problems, left out'));
    await visible(summary.getByText('1 row whose email is already in use'));
    await visible(page.getByRole('table', { name: 'Rows with problems' }).getByText('Email: Please enter a valid email'));
    await page.getByRole('combobox', { name: 'Campaign for every lead' }).click();
    await page.getByRole('option', { name: 'Winter' }).click();
    // Hold the server's answer a moment, so the progress is seen.
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/api/v1/user/import-excel', async (route) => {
      await held;
      await route.continue();
    });
    await page.getByRole('button', { name: 'Import', exact: true }).click();
    await visible(page.getByRole('progressbar', { name: /Uploading|Importing/ }));
    await screenshot(page, 'import-progress-light');
    release();
    const report = page.getByRole('region', { name: '3. Report' });
    await visible(report.getByText('2 of 4 leads imported'));
    await visible(report.getByText('Some leads could not be imported'));
    const failed = report.getByRole('table', { name: 'Rows not imported' });
    await visible(failed.getByRole('row').filter({ hasText: 'not-an-email' }).getByText('Email: Please enter a valid email'));
    await visible(failed.getByRole('row').filter({ hasText: 'lina@leads.test' }).getByText('Email: This email is already in use'));
    await report.scrollIntoViewIfNeeded();
    await screenshot(page, 'import-report-light');
    await page.unroute('**/api/v1/user/import-excel');
    token = await apiToken(session.server.url);
    const { users } = await api<{ users: { email: string }[] }>(
      session.server.url,
      token,
      'GET',
      `/user?filters=${encodeURIComponent(JSON.stringify([{ field: 'email', values: ['ivy@import.test', 'kim@import.test'] }]))}`,
    );
    expect(users).toHaveLength(2);
  });

  test('notifications in the header: the import finished, then marked as read', async () => {
    const { page } = session.browser;
    await page.goto(`${session.server.url}/`);
    // The import's, and the lead's three documents (one, then two): the lead has no staff member, so root hears of each.
    await expect.poll(() => textOf(page.getByTestId('notifications-count'))).toBe('4');
    await page.getByTestId('notifications').click();
    const list = page.getByRole('list', { name: 'Notifications' });
    const item = list.getByRole('listitem').filter({ hasText: 'Import finished: 2 imported, 2 rejected' });
    await visible(item);
    await screenshot(page, 'notifications-light');
    await item.getByRole('button', { name: 'Mark as read' }).click();
    await expect.poll(() => textOf(page.getByTestId('notifications-count'))).toBe('3');
    await page.keyboard.press('Escape');
  });

  test('the dashboard: statistics and the lead trend chart over a chosen range', async () => {
    const { page } = session.browser;
    await page.goto(`${session.server.url}/`);
    await expect.poll(() => textOf(page.getByTestId('stat-total'))).toBe('4');
    const chart = page.getByTestId('lead-trend-chart');
    await visible(chart.locator('canvas'));
    const box = await chart.locator('canvas').boundingBox();
    expect(box?.width ?? 0).toBeGreaterThan(300);
    await visible(page.getByText('4 new leads over the range'));
    await page.getByRole('button', { name: '7 days' }).click();
    await expect.poll(() => page.getByTestId('lead-trend-data').locator('tbody tr').count()).toBe(7);
    await screenshot(page, 'dashboard-leads-light');
    await chart.scrollIntoViewIfNeeded();
    await screenshot(page, 'dashboard-chart-light');
  });

  test('no serious accessibility problem on the lead screens (axe), light and dark', async () => {
    const { page } = session.browser;
    const pages: [string, () => Promise<void>][] = [
      ['/', () => visible(page.getByTestId('lead-trend-chart').locator('canvas'))],
      ['/leads', () => visible(page.getByRole('link', { name: 'Lina' }))],
      [`/leads/${leadId}`, () => visible(page.getByRole('region', { name: 'Verification documents' }).getByText('passport.png'))],
      ['/campaigns', () => visible(page.getByRole('table', { name: 'Campaigns ranked by leads' }))],
      ['/leads/import', () => visible(page.getByRole('heading', { name: 'Import leads' }))],
      ['/users', () => visible(page.getByRole('heading', { name: 'Users' }))],
    ];
    for (const mode of ['light', 'dark']) {
      if (mode === 'dark') await page.getByTestId('toggle-dark').click();
      for (const [path, ready] of pages) {
        await page.goto(`${session.server.url}${path}`);
        await ready();
        const violations = await axe(page);
        expect(violations.map((v) => `${mode} ${path}: ${v.id} ${v.help} ${JSON.stringify(v.nodes.map((n) => n.target))}`)).toEqual([]);
      }
      if (mode === 'dark') await page.getByTestId('toggle-dark').click();
    }
  });

  test('dark mode screenshots of the main screens', async () => {
    const { page } = session.browser;
    await page.goto(`${session.server.url}/`);
    await page.getByTestId('toggle-dark').click();
    await visible(page.getByTestId('lead-trend-chart').locator('canvas'));
    await screenshot(page, 'dashboard-leads-dark');
    await page.goto(`${session.server.url}/leads`);
    await visible(page.getByRole('link', { name: 'Lina' }));
    await screenshot(page, 'leads-dark');
    await page.goto(`${session.server.url}/leads/${leadId}`);
    await visible(page.getByRole('region', { name: 'Verification documents' }).getByText('passport.png'));
    await screenshot(page, 'lead-page-dark');
    await page.goto(`${session.server.url}/campaigns`);
    await visible(page.getByRole('table', { name: 'Campaigns ranked by leads' }));
    await screenshot(page, 'campaigns-top-dark');
    await page.goto(`${session.server.url}/leads/import`);
    await visible(page.getByRole('heading', { name: 'Import leads' }));
    await screenshot(page, 'import-dark');
    await page.goto(`${session.server.url}/users`);
    await visible(page.getByRole('cell', { name: 'root@brokerdesk.test' }));
    await screenshot(page, 'staff-dark');
    await page.getByTestId('toggle-dark').click();
  });

  test('in German, on a desktop and a phone: the lead screens fit and show no raw key', async () => {
    const { page } = session.browser;
    await page.goto(`${session.server.url}/`);
    await page.getByTestId('language-select').selectOption({ label: 'Deutsch' });
    await visible(page.getByRole('navigation', { name: 'Hauptnavigation' }));
    const main = page.locator('main#main');
    const screens: [string, string, () => ReturnType<typeof main.getByText>][] = [
      ['leads', '/leads', () => main.getByRole('link', { name: 'Lina' })],
      ['lead-page', `/leads/${leadId}`, () => main.getByText('Lina').first()],
      ['campaigns', '/campaigns', () => main.getByRole('row').nth(1)],
      ['staff', '/users', () => main.getByRole('cell', { name: 'root@brokerdesk.test' })],
    ];
    try {
      for (const width of [1280, 390]) {
        await page.setViewportSize({ width, height: 844 });
        for (const [name, path, content] of screens) {
          await page.goto(`${session.server.url}${path}`);
          await visible(content());
          await screenshot(page, `${name}-de-${width}`);
          const text = await main.innerText();
          expect(text.match(/\b(?:app|errors|validation)\.[A-Za-z]+(?:\.[\w-]+)+/)?.[0], `${path} shows a raw key`).toBeUndefined();
          expect(await sidewaysScroll(page), `${path} at ${width} px`).toBe('');
        }
      }
    } finally {
      await page.setViewportSize({ width: 1280, height: 800 });
      await page.getByTestId('language-select').selectOption({ label: 'English' });
    }
  });
});
