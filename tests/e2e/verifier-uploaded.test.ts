import { describe, expect, test } from 'vitest';
import { api, apiToken, axe, chooseLanguage, gone, screenshot, signIn, signOut, signedInSession, visible, type Server } from './harness.ts';

// The smallest valid PNG: 1×1 transparent pixel.
const PNG = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=';
const ADMIN = { email: 'vera@verifier.test', password: 'Vera1234' };

/** Whoever uploaded a lead's documents cannot verify them (DESIGN.md §6): the lead page says why instead of offering it. */
describe('the documents root sent for a lead are verified by someone else', () => {
  const made = { leadId: '' };
  const session = signedInSession({
    seed: async (server: Server) => {
      const root = await apiToken(server.url);
      const lead = await api<{ id: string }>(server.url, root, 'POST', '/user', {
        firstName: 'Noah',
        lastName: 'Sent',
        email: 'noah@verifier.test',
        roles: ['lead'],
      });
      made.leadId = lead.id;
      await api(server.url, root, 'POST', '/user', { firstName: 'Vera', lastName: 'Second', ...ADMIN, roles: ['admin'] });
      // Root sends the lead's passport itself (a phone call, a scan by post).
      const form = new FormData();
      form.append('file', new Blob([Buffer.from(PNG, 'base64')], { type: 'image/png' }), 'passport.png');
      const sent = await fetch(`${server.url}/api/v1/user/${lead.id}/documents`, {
        method: 'POST',
        headers: { authorization: `Bearer ${root}` },
        body: form,
      });
      expect(sent.status).toBe(201);
    },
  });

  test('root, who sent them, is told another staff member must verify them, on a desktop in English and a phone in French', async () => {
    const { page } = session.browser;
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto(`${session.server.url}/leads/${made.leadId}`);
    const documents = page.getByRole('region', { name: 'Verification documents' });
    await visible(documents.getByText('passport.png'));
    await visible(documents.getByText('You uploaded some of these documents: another staff member must verify them'));
    await gone(documents.getByRole('button', { name: 'Verify' }));
    await gone(documents.getByRole('button', { name: 'Reject' }));
    expect(await axe(page)).toEqual([]);
    await screenshot(page, 'verifier-uploaded-desktop-light');

    // The language picker sits in the header on a desktop.
    await chooseLanguage(page, 'fr');
    await page.setViewportSize({ width: 390, height: 844 });
    await visible(page.getByText('Vous avez envoyé certains de ces documents : un autre membre du personnel doit les vérifier'));
    await page.getByTestId('verifier-uploaded').scrollIntoViewIfNeeded();
    await screenshot(page, 'verifier-uploaded-phone-fr');
    await page.setViewportSize({ width: 1280, height: 800 });
    await chooseLanguage(page, 'en');
  });

  test('another admin verifies them', async () => {
    const { page } = session.browser;
    await page.setViewportSize({ width: 1280, height: 800 });
    await signOut(page);
    await signIn(page, session.server.url, ADMIN.email, ADMIN.password);
    await page.goto(`${session.server.url}/leads/${made.leadId}`);
    const documents = page.getByRole('region', { name: 'Verification documents' });
    await visible(documents.getByText('passport.png'));
    await gone(documents.getByTestId('verifier-uploaded'));
    await documents.getByRole('button', { name: 'Verify' }).click();
    await gone(documents.getByRole('button', { name: 'Verify' }));
    await screenshot(page, 'verifier-uploaded-verified-by-another');
  });
});
