import { describe, expect, test } from 'vitest';
import { api, apiToken, gone, screenshot, signIn, signOut, textOf, visible, type Browser, signedInSession } from './harness.ts';

type Lead = { id: string; email: string; assignedTo: string | null; status: string; campaignId: string | null };
const count = (page: Browser['page']) => textOf(page.getByRole('toolbar', { name: 'List tools' }));

/** Lead management in English: list, filters, sorts, search, forms, JSON batch, bulk assign, lock, reset, impersonation. */
describe('leads: list, forms and admin actions (en)', () => {
  let token: string;
  let winter: string;
  let alice: string;

  const session = signedInSession({
    seed: async (server) => {
      token = await apiToken(server.url);
      winter = (await api<{ id: string }>(server.url, token, 'POST', '/campaign', { name: 'Winter' })).id;
      const spring = (await api<{ id: string }>(server.url, token, 'POST', '/campaign', { name: 'Spring' })).id;
      alice = (
        await api<{ id: string }>(server.url, token, 'POST', '/user', {
          firstName: 'Alice',
          lastName: 'Agent',
          email: 'alice@brokerdesk.test',
          password: 'Alice123',
          roles: ['regular'],
        })
      ).id;
      const leads = [
        { firstName: 'Zed', lastName: 'Adams', email: 'zed@leads.test', campaignId: winter, labels: ['forex'] },
        { firstName: 'Yara', lastName: 'Brown', email: 'yara@leads.test', campaignId: winter, labels: ['diamond'] },
        { firstName: 'Xavier', lastName: 'Clark', email: 'xavier@leads.test', campaignId: spring, labels: ['forex', 'binary_options'] },
        { firstName: 'Wendy', lastName: 'Davis', email: 'wendy@leads.test', password: 'Wendy123' },
      ];
      for (const lead of leads) await api(server.url, token, 'POST', '/user', { ...lead, roles: ['lead'] });
    },
  });

  test('lists leads only, then filters, sorts and searches them', async () => {
    const { page } = session.browser;
    await page.goto(`${session.server.url}/leads`);
    await expect.poll(() => count(page)).toContain('4 records');
    // Staff are not leads.
    await gone(page.getByRole('cell', { name: 'alice@brokerdesk.test' }));
    // Campaign names, not ids.
    await visible(page.getByRole('row').filter({ hasText: 'zed@leads.test' }).getByRole('cell', { name: 'Winter' }));

    await page.getByRole('combobox', { name: 'Campaign' }).click();
    await page.getByRole('option', { name: 'Winter' }).click();
    await expect.poll(() => count(page)).toContain('2 records');
    await page.getByRole('combobox', { name: 'Labels' }).click();
    await page.getByRole('option', { name: 'Diamond' }).click();
    await page.keyboard.press('Escape');
    await expect.poll(() => count(page)).toContain('1 record');
    await visible(page.getByRole('cell', { name: 'yara@leads.test' }));
    // The filters live in the URL.
    await expect.poll(() => new URL(page.url()).searchParams.get('filters') ?? '').toContain('diamond');
    await page.getByRole('button', { name: 'Views' }).click();
    await page.getByRole('menuitem', { name: 'Reset the list' }).click();
    await expect.poll(() => count(page)).toContain('4 records');

    // Campaign "none", and verification status.
    await page.getByRole('combobox', { name: 'Campaign' }).click();
    await page.getByRole('option', { name: 'None' }).click();
    await expect.poll(() => count(page)).toContain('1 record');
    await visible(page.getByRole('cell', { name: 'wendy@leads.test' }));
    await page.getByRole('button', { name: 'Views' }).click();
    await page.getByRole('menuitem', { name: 'Reset the list' }).click();

    await page.getByRole('button', { name: 'Last name' }).click();
    await expect.poll(async () => (await page.getByRole('row').nth(1).textContent()) ?? '').toContain('Adams');
    await page.getByRole('button', { name: 'Last name' }).click();
    await expect.poll(async () => (await page.getByRole('row').nth(1).textContent()) ?? '').toContain('Davis');

    await page.getByRole('searchbox', { name: 'Search' }).fill('xav');
    await expect.poll(() => count(page)).toContain('1 record');
    await visible(page.getByRole('cell', { name: 'xavier@leads.test' }));
    await page.getByRole('searchbox', { name: 'Search' }).fill('');
    await expect.poll(() => count(page)).toContain('4 records');

    // Column chooser: show the phone column.
    await page.getByRole('button', { name: 'Columns' }).click();
    await page.getByRole('dialog', { name: 'Columns' }).getByText('Phone').click();
    await page.keyboard.press('Escape');
    await visible(page.getByRole('columnheader', { name: 'Phone' }));
    await screenshot(page, 'leads-light');
  });

  test('creates a lead with field errors shown, then edits it', async () => {
    const { page } = session.browser;
    await page.getByRole('button', { name: 'Add', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Add a lead' });
    await dialog.getByRole('button', { name: 'Create' }).click();
    await expect.poll(() => dialog.getByText('This field is required').count()).toBeGreaterThanOrEqual(3);
    await dialog.getByLabel('First name').fill('Vera');
    await dialog.getByLabel('Last name').fill('Evans');
    await dialog.getByLabel('Email').fill('not-an-email');
    await dialog.getByLabel('Password').fill('short');
    await dialog.getByRole('button', { name: 'Create' }).click();
    await visible(dialog.getByText('Please enter a valid email'));
    await visible(dialog.getByText('The password must have at least 6 characters'));
    await dialog.getByLabel('Email').fill('vera@leads.test');
    await dialog.getByLabel('Password').fill('Vera1234');
    await dialog.getByRole('combobox', { name: 'Campaign' }).click();
    await page.getByRole('option', { name: 'Spring' }).click();
    await dialog.getByRole('combobox', { name: 'Assigned to' }).click();
    await page.getByRole('option', { name: 'Alice Agent' }).click();
    await dialog.getByRole('combobox', { name: 'Labels' }).click();
    await page.getByRole('option', { name: 'Binary options' }).click();
    await page.getByRole('option', { name: 'Forex' }).click();
    await dialog.getByRole('combobox', { name: 'Labels' }).click();
    await screenshot(page, 'lead-form-light');
    await dialog.getByRole('button', { name: 'Create' }).click();
    await gone(page.getByRole('dialog'));
    await expect.poll(() => count(page)).toContain('5 records');
    const { users } = await api<{ users: (Lead & { labels: string[] })[] }>(
      session.server.url,
      token,
      'GET',
      `/user?filters=${encodeURIComponent(JSON.stringify([{ field: 'email', values: ['vera@leads.test'] }]))}`,
    );
    expect(users[0]?.assignedTo).toBe(alice);
    expect([...(users[0]?.labels ?? [])].sort()).toEqual(['binary_options', 'forex']);

    const row = page.getByRole('row').filter({ hasText: 'vera@leads.test' });
    await row.getByRole('button', { name: 'Row actions' }).click();
    await page.getByRole('menuitem', { name: 'Edit' }).click();
    const edit = page.getByRole('dialog', { name: 'Edit the lead' });
    await edit.getByLabel('First name').fill('');
    await edit.getByRole('button', { name: 'Save' }).click();
    await visible(edit.getByText('This field is required'));
    await edit.getByLabel('First name').fill('Veronica');
    await edit.getByLabel('Phone').fill('+33 1 23 45 67 89');
    await edit.getByRole('button', { name: 'Save' }).click();
    await gone(page.getByRole('dialog'));
    await visible(page.getByRole('link', { name: 'Veronica' }));
  });

  test('adds many from a pasted JSON array, with per-row errors', async () => {
    const { page } = session.browser;
    await page.getByRole('button', { name: 'Add many (JSON)' }).click();
    const dialog = page.getByRole('dialog');
    const json = dialog.getByLabel('JSON array');
    await json.fill('[{"firstName": "A"');
    await dialog.getByRole('button', { name: 'Create' }).click();
    await visible(dialog.getByText('Invalid JSON format'));
    await json.fill('{"firstName": "A"}');
    await dialog.getByRole('button', { name: 'Create' }).click();
    await visible(dialog.getByText('Input must be a JSON array'));
    // One bad row (checked in the browser), then one the server refuses (a taken email).
    await json.fill(
      JSON.stringify([
        { firstName: 'Uma', lastName: 'Ford', email: 'uma@leads.test' },
        { firstName: 'Tom', lastName: 'Gray', email: 'tom-at-leads' },
      ]),
    );
    await dialog.getByRole('button', { name: 'Create' }).click();
    await visible(dialog.getByText('Row 2, Email: Please enter a valid email'));
    await json.fill(
      JSON.stringify([
        { firstName: 'Uma', lastName: 'Ford', email: 'uma@leads.test' },
        { firstName: 'Tom', lastName: 'Gray', email: 'zed@leads.test' },
      ]),
    );
    await dialog.getByRole('button', { name: 'Create' }).click();
    await visible(dialog.getByText('Row 2, Email: This email is already in use'));
    await screenshot(page, 'leads-json-errors-light');
    await json.fill(
      JSON.stringify([
        { firstName: 'Uma', lastName: 'Ford', email: 'uma@leads.test' },
        { firstName: 'Tom', lastName: 'Gray', email: 'tom@leads.test' },
      ]),
    );
    await dialog.getByRole('button', { name: 'Create' }).click();
    await gone(page.getByRole('dialog'));
    await expect.poll(() => count(page)).toContain('7 records');
  });

  test('bulk-assigns the selected leads to a member of staff', async () => {
    const { page } = session.browser;
    await page.getByRole('row').filter({ hasText: 'uma@leads.test' }).getByRole('checkbox').check();
    await page.getByRole('row').filter({ hasText: 'tom@leads.test' }).getByRole('checkbox').check();
    await visible(page.getByText('2 selected'));
    await page.getByRole('region', { name: 'Actions on the selection' }).getByRole('button', { name: 'Assign' }).click();
    const dialog = page.getByRole('dialog', { name: 'Assign 2 leads' });
    await dialog.getByRole('button', { name: 'Assign' }).click();
    await visible(dialog.getByText('Choose a user'));
    await dialog.getByRole('combobox', { name: 'Assign to' }).click();
    await page.getByRole('option', { name: 'Alice Agent' }).click();
    // The picker takes several users (round robin): it stays open until dismissed.
    await page.keyboard.press('Escape');
    await dialog.getByRole('button', { name: 'Assign' }).click();
    await gone(page.getByRole('dialog'));
    await visible(page.getByText('2 leads assigned to Alice Agent'));
    const { users } = await api<{ users: Lead[] }>(
      session.server.url,
      token,
      'GET',
      `/user?filters=${encodeURIComponent(JSON.stringify([{ field: 'email', values: ['uma@leads.test', 'tom@leads.test'] }]))}`,
    );
    expect(users.map((u) => u.assignedTo)).toEqual([alice, alice]);
    // The assigned-staff filter finds them.
    await page.getByRole('combobox', { name: 'Assigned to' }).click();
    await page.getByRole('option', { name: 'Alice Agent' }).click();
    await expect.poll(() => count(page)).toContain('3 records');
    await page.getByRole('button', { name: 'Views' }).click();
    await page.getByRole('menuitem', { name: 'Reset the list' }).click();
  });

  test('locks a lead, and the locked filter finds it', async () => {
    const { page } = session.browser;
    const row = page.getByRole('row').filter({ hasText: 'xavier@leads.test' });
    await row.getByRole('button', { name: 'Row actions' }).click();
    await page.getByRole('menuitem', { name: 'Lock', exact: true }).click();
    await visible(row.getByText('Locked'));
    await page.getByRole('combobox', { name: 'Status' }).click();
    await page.getByRole('option', { name: 'Locked' }).click();
    await expect.poll(() => count(page)).toContain('1 record');
    const { users } = await api<{ users: Lead[] }>(
      session.server.url,
      token,
      'GET',
      `/user?filters=${encodeURIComponent(JSON.stringify([{ field: 'status', values: ['locked'] }]))}`,
    );
    expect(users.map((u) => u.email)).toEqual(['xavier@leads.test']);
    await page.getByRole('button', { name: 'Views' }).click();
    await page.getByRole('menuitem', { name: 'Reset the list' }).click();
  });

  test('resets a password: shown once, with a copy button, and it signs in', async () => {
    const { page } = session.browser;
    await session.browser.context.grantPermissions(['clipboard-read', 'clipboard-write']);
    const row = page.getByRole('row').filter({ hasText: 'wendy@leads.test' });
    await row.getByRole('button', { name: 'Row actions' }).click();
    await page.getByRole('menuitem', { name: 'Reset password' }).click();
    const dialog = page.getByRole('dialog', { name: 'New password' });
    const password = (await textOf(dialog.getByTestId('new-password'))).trim();
    expect(password).toMatch(/^(?=.*[A-Za-z])(?=.*\d).{6,}$/);
    await dialog.getByRole('button', { name: 'Copy' }).click();
    await visible(dialog.getByRole('button', { name: 'Copied' }));
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(password);
    await screenshot(page, 'leads-new-password-light');
    await dialog.getByRole('button', { name: 'Close' }).first().click();
    await gone(page.getByRole('dialog'));
    expect(await apiToken(session.server.url, 'wendy@leads.test', password)).toBeTruthy();
  });

  test('connects as the lead and comes back', async () => {
    const { page } = session.browser;
    const row = page.getByRole('row').filter({ hasText: 'wendy@leads.test' });
    await row.getByRole('button', { name: 'Row actions' }).click();
    await page.getByRole('menuitem', { name: 'Connect as this user' }).click();
    const banner = page.getByRole('region', { name: 'Acting as another user' });
    await expect.poll(() => textOf(banner)).toContain('Wendy Davis');
    // A lead sees its verification page, not the staff screens.
    const nav = page.getByRole('navigation', { name: 'Main navigation' });
    await visible(nav.getByRole('link', { name: 'Verification' }));
    await gone(nav.getByRole('link', { name: 'Leads' }));
    await page.getByTestId('stop-impersonating').click();
    await gone(banner);
    await expect.poll(() => textOf(page.getByTestId('user-menu'))).toContain('Root');
  });

  test('offline: online-only flows refuse and say so; assigning, locking and commenting queue and sync when the network returns', async () => {
    const { page, context } = session.browser;
    await page.goto(`${session.server.url}/leads`);
    await expect.poll(() => count(page)).toContain('7 records');
    await context.setOffline(true);
    try {
      const row = page.getByRole('row').filter({ hasText: 'yara@leads.test' });
      await row.getByRole('button', { name: 'Row actions' }).click();
      await page.getByRole('menuitem', { name: 'Reset password' }).click();
      await visible(page.getByText('You are offline: this action needs a connection'));
      await gone(page.getByRole('dialog', { name: 'New password' }));
      await row.getByRole('button', { name: 'Row actions' }).click();
      await page.getByRole('menuitem', { name: 'Connect as this user' }).click();
      await visible(page.getByText('You are offline: this action needs a connection'));
      // Work that queues: assign (one edit per lead), lock, a comment.
      await row.getByRole('checkbox').check();
      await page.getByRole('region', { name: 'Actions on the selection' }).getByRole('button', { name: 'Assign' }).click();
      const dialog = page.getByRole('dialog', { name: 'Assign 1 lead' });
      await dialog.getByRole('combobox', { name: 'Assign to' }).click();
      await page.getByRole('option', { name: 'Alice Agent' }).click();
      await page.keyboard.press('Escape');
      await dialog.getByRole('button', { name: 'Assign' }).click();
      await gone(page.getByRole('dialog'));
      await row.getByRole('button', { name: 'Row actions' }).click();
      await page.getByRole('menuitem', { name: 'Lock', exact: true }).click();
      await visible(row.getByText('Locked'));
      await row.getByRole('link', { name: 'Yara' }).click();
      await page.getByRole('region', { name: 'Comments' }).getByLabel('New comment').fill('Called from the train');
      await page.getByRole('region', { name: 'Comments' }).getByRole('button', { name: 'Add comment' }).click();
      await visible(page.getByText('Called from the train'));
      // The import page says so before anyone picks a file.
      await page.getByRole('link', { name: '← Leads' }).click();
      await page.getByRole('link', { name: 'Import' }).click();
      await visible(page.getByRole('main').getByText('You are offline: this action needs a connection'));
      expect(await page.getByRole('button', { name: 'Download the template' }).isDisabled()).toBe(true);
    } finally {
      await context.setOffline(false);
    }
    const yara = async () =>
      (
        await api<{ users: (Lead & { status: string })[] }>(
          session.server.url,
          token,
          'GET',
          `/user?filters=${encodeURIComponent(JSON.stringify([{ field: 'email', values: ['yara@leads.test'] }]))}`,
        )
      ).users[0];
    await expect.poll(async () => (await yara())?.assignedTo, { timeout: 30_000 }).toBe(alice);
    await expect.poll(async () => (await yara())?.status, { timeout: 30_000 }).toBe('locked');
    await expect
      .poll(
        async () => (await api<{ comments: { text: string }[] }>(session.server.url, token, 'GET', '/comment')).comments.map((c) => c.text),
        { timeout: 30_000 },
      )
      .toContain('Called from the train');
  });

  test('deletes a lead after confirmation', async () => {
    const { page } = session.browser;
    await page.goto(`${session.server.url}/leads`);
    const row = page.getByRole('row').filter({ hasText: 'tom@leads.test' });
    await row.getByRole('button', { name: 'Row actions' }).click();
    await page.getByRole('menuitem', { name: 'Delete' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click();
    await expect.poll(() => count(page)).toContain('6 records');
  });
  test('a regular member of staff is offered only what they may do', async () => {
    const { page } = session.browser;
    await signOut(page);
    await signIn(page, session.server.url, 'alice@brokerdesk.test', 'Alice123');
    const nav = page.getByRole('navigation', { name: 'Main navigation' });
    await visible(nav.getByRole('link', { name: 'Leads' }));
    await gone(nav.getByRole('link', { name: 'Users' }));
    await page.goto(`${session.server.url}/leads`);
    // Only the leads assigned to Alice.
    const row = page.getByRole('row').filter({ hasText: 'vera@leads.test' });
    await visible(row);
    await gone(page.getByRole('cell', { name: 'zed@leads.test' }));
    await gone(page.getByRole('combobox', { name: 'Assigned to' }));
    await row.getByRole('checkbox').check();
    const bulk = page.getByRole('region', { name: 'Actions on the selection' });
    await visible(bulk.getByText('1 selected'));
    await gone(bulk.getByRole('button', { name: 'Assign' }));
    await gone(bulk.getByRole('button', { name: 'Delete selected' }));
    await row.getByRole('checkbox').uncheck();
    await row.getByRole('button', { name: 'Row actions' }).click();
    await visible(page.getByRole('menuitem', { name: 'Edit' }));
    for (const name of ['Lock', 'Reset password', 'Connect as this user', 'Delete'])
      await gone(page.getByRole('menuitem', { name, exact: true }));
    await page.keyboard.press('Escape');
    // A new lead is Alice's own.
    await page.getByRole('button', { name: 'Add', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Add a lead' });
    await gone(dialog.getByRole('combobox', { name: 'Assigned to' }));
    await dialog.getByLabel('First name').fill('Rita');
    await dialog.getByLabel('Last name').fill('Hall');
    await dialog.getByLabel('Email').fill('rita@leads.test');
    await dialog.getByLabel('Password').fill('Rita1234');
    await dialog.getByRole('button', { name: 'Create' }).click();
    await gone(page.getByRole('dialog'));
    await visible(page.getByRole('cell', { name: 'rita@leads.test' }));
    const fresh = await apiToken(session.server.url);
    const { users } = await api<{ users: Lead[] }>(
      session.server.url,
      fresh,
      'GET',
      `/user?filters=${encodeURIComponent(JSON.stringify([{ field: 'email', values: ['rita@leads.test'] }]))}`,
    );
    expect(users[0]?.assignedTo).toBe(alice);
  });
});
