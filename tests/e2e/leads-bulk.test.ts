import { describe, expect, test } from 'vitest';
import { api, apiToken, screenshot, signedInSession, textOf, visible, gone } from './harness.ts';

type Lead = { id: string; assignedTo: string | null };

const SPRING = 130; // more than a page (100 rows are read at a time)
const OTHER = 4;

/** Bulk work on a filtered set: select a page, then all matching, assign round robin; deleting staff who hold leads. */
describe('leads: bulk work on a filtered set (en)', () => {
  let token: string;
  const staff: Record<string, string> = {};

  const session = signedInSession({
    seed: async (server) => {
      token = await apiToken(server.url);
      const spring = (await api<{ id: string }>(server.url, token, 'POST', '/campaign', { name: 'Spring' })).id;
      const other = (await api<{ id: string }>(server.url, token, 'POST', '/campaign', { name: 'Other' })).id;
      for (const [first, last] of [
        ['Alice', 'Agent'],
        ['Bruno', 'Broker'],
        ['Carla', 'Closer'],
      ]) {
        const email = `${first.toLowerCase()}@staff.test`;
        staff[first] = (
          await api<{ id: string }>(server.url, token, 'POST', '/user', { firstName: first, lastName: last, email, roles: ['regular'] })
        ).id;
      }
      const leads = (n: number, campaignId: string, prefix: string) =>
        Array.from({ length: n }, (_, i) => ({
          firstName: prefix,
          lastName: `Lead ${i + 1}`,
          email: `${prefix.toLowerCase()}${i + 1}@leads.test`,
          roles: ['lead'],
          campaignId,
        }));
      await api(server.url, token, 'POST', '/user/batch', [...leads(SPRING, spring, 'Spring'), ...leads(OTHER, other, 'Other')]);
    },
  });

  const leadsOf = async () => {
    const all: (Lead & { campaignId: string; email: string })[] = [];
    for (let page = 1; page <= 2; page++) {
      const filters = encodeURIComponent(JSON.stringify([{ field: 'roles', values: ['lead'] }]));
      const { users } = await api<{ users: (Lead & { campaignId: string; email: string })[] }>(
        session.server.url,
        token,
        'GET',
        `/user?filters=${filters}&limit=100&page=${page}`,
      );
      all.push(...users);
    }
    return all;
  };

  test('selects a page, then all matching, and deals them round robin over three staff', async () => {
    const { page } = session.browser;
    await page.goto(`${session.server.url}/leads`);
    await page.getByRole('combobox', { name: 'Campaign' }).click();
    await page.getByRole('option', { name: 'Spring' }).click();
    await expect.poll(() => textOf(page.getByRole('toolbar', { name: 'List tools' })), { timeout: 20_000 }).toContain(`${SPRING} records`);
    await page.locator('thead [data-scope="checkbox"][data-part="root"]').click();
    const bar = page.getByRole('region', { name: 'Actions on the selection' });
    // The header box takes the loaded rows only; the bar offers the rest.
    await visible(bar.getByText(/^\d+ selected$/));
    expect(Number((await textOf(bar.getByText(/^\d+ selected$/))).split(' ')[0])).toBeLessThan(SPRING);
    await bar.getByRole('button', { name: `Select all ${SPRING} matching` }).click();
    await visible(bar.getByText(`All ${SPRING} matching records are selected`));
    await screenshot(page, 'leads-bulk-all-matching-1280');

    await bar.getByRole('button', { name: 'Assign' }).click();
    const dialog = page.getByRole('dialog', { name: `Assign ${SPRING} leads` });
    await dialog.getByRole('combobox', { name: 'Assign to' }).click();
    for (const name of ['Alice Agent', 'Bruno Broker', 'Carla Closer']) await page.getByRole('option', { name }).click();
    await page.keyboard.press('Escape');
    // 130 dealt over 3 in turn: 44, 43, 43 (hand-computed).
    const split = dialog.getByRole('list', { name: 'Leads per user' });
    await visible(split.getByText('Alice Agent: 44 leads'));
    await visible(split.getByText('Bruno Broker: 43 leads'));
    await visible(split.getByText('Carla Closer: 43 leads'));
    await dialog.getByRole('button', { name: 'Assign' }).click();
    await gone(page.getByRole('dialog'));
    await visible(page.getByText(`${SPRING} leads shared out between 3 users`));

    const leads = await leadsOf();
    const count = (owner: string | null, prefix = 'spring') =>
      leads.filter((l) => l.email.startsWith(prefix) && l.assignedTo === owner).length;
    expect([count(staff.Alice), count(staff.Bruno), count(staff.Carla)]).toEqual([44, 43, 43]);
    // The other campaign was not part of the filtered set.
    expect(count(null, 'other')).toBe(OTHER);
  });

  test('deleting a staff member who holds leads asks where they go, with the count', async () => {
    const { page } = session.browser;
    await page.goto(`${session.server.url}/users`);
    const row = page.getByRole('row').filter({ hasText: 'carla@staff.test' });
    await row.getByRole('button', { name: 'Row actions' }).click();
    await page.getByRole('menuitem', { name: 'Delete' }).click();
    const dialog = page.getByRole('alertdialog', { name: 'Delete Carla Closer?' });
    await visible(dialog.getByText('Carla Closer holds 43 leads. Where should they go?'));
    await visible(dialog.getByText('Leave them unassigned: nobody follows them up until they are assigned again'));
    await dialog.getByRole('button', { name: 'Delete' }).click();
    await visible(dialog.getByText('Choose who takes the leads over'));
    await dialog.getByRole('combobox', { name: 'New owner of the leads' }).click();
    await page.getByRole('option', { name: 'Alice Agent' }).click();
    await screenshot(page, 'staff-delete-dialog-1280');
    await page.setViewportSize({ width: 390, height: 844 });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await screenshot(page, 'staff-delete-dialog-390');
    await page.setViewportSize({ width: 1280, height: 800 });
    await dialog.getByRole('button', { name: 'Delete' }).click();
    await gone(page.getByRole('alertdialog'));
    await visible(page.getByText('1 record deleted'));
    const leads = await leadsOf();
    expect(leads.filter((l) => l.assignedTo === staff.Alice).length).toBe(87);
    expect(leads.filter((l) => l.assignedTo === staff.Carla).length).toBe(0);
  });

  test('a bulk delete that a campaign with leads blocks names it and its reason, then deletes the others', async () => {
    const { page } = session.browser;
    for (const name of ['Empty one', 'Empty two']) await api(session.server.url, token, 'POST', '/campaign', { name });
    await page.goto(`${session.server.url}/campaigns`);
    const list = page.getByRole('table', { name: 'Campaigns', exact: true });
    for (const name of ['Spring', 'Empty one', 'Empty two']) {
      await list.getByRole('row').filter({ hasText: name }).getByRole('checkbox').click();
    }
    await page.getByRole('button', { name: 'Delete selected' }).click();
    await page.getByRole('alertdialog', { name: 'Delete 3 records?' }).getByRole('button', { name: 'Delete' }).click();
    const blocked = page.getByRole('alertdialog', { name: '1 record cannot be deleted' });
    await visible(blocked.getByText('Nothing was deleted: none of the 3 selected records is gone.'));
    await visible(blocked.getByRole('listitem').filter({ hasText: `Spring: ${SPRING} leads are in this campaign` }));
    await screenshot(page, 'campaigns-delete-blocked');
    await blocked.getByRole('button', { name: 'Delete the other 2' }).click();
    await gone(page.getByRole('alertdialog'));
    await visible(page.getByText('2 records deleted'));
    const { campaigns } = await api<{ campaigns: { name: string }[] }>(session.server.url, token, 'GET', '/campaign?limit=100');
    expect(campaigns.map((c) => c.name).sort()).toEqual(['Other', 'Spring']);
  });

  test('on a phone, the selection bar offers all matching within the screen', async () => {
    const { page } = session.browser;
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(`${session.server.url}/leads`);
    await expect
      .poll(() => textOf(page.getByRole('toolbar', { name: 'List tools' })), { timeout: 20_000 })
      .toContain(`${SPRING + OTHER} records`);
    await page.locator('thead [data-scope="checkbox"][data-part="root"]').click();
    await visible(page.getByRole('button', { name: `Select all ${SPRING + OTHER} matching` }));
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await screenshot(page, 'leads-bulk-all-matching-390');
    await page.setViewportSize({ width: 1280, height: 800 });
  });
});
