import { describe, expect, test } from 'vitest';
import { api, apiToken, browserSession, screenshot, signIn, visible } from './harness.ts';

/**
 * Sessions end everywhere at once (CHECKLIST 15): an admin locked by root while its app is open sees
 * "Session expired" within seconds, because the server ends its socket with its session and the app
 * asks at once (not at the next minute's pull or the next click).
 */
describe('a session ended elsewhere', () => {
  const session = browserSession();

  test('a locked admin’s open app says its session expired at once', async () => {
    const { page } = session.browser;
    const root = await apiToken(session.server.url);
    const admin = await api<{ id: string }>(session.server.url, root, 'POST', '/user', {
      firstName: 'Alma',
      lastName: 'Admin',
      email: 'alma@brokerdesk.test',
      password: 'Admin1234',
      roles: ['admin'],
    });
    await signIn(page, session.server.url, 'alma@brokerdesk.test', 'Admin1234');
    const status = page.getByTestId('sync-status');
    await visible(status);
    await expect.poll(() => page.getByTestId('sync-indicator').getAttribute('data-state')).toBe('online');
    // The socket is up once the app has pulled after connecting; give it that moment.
    await page.waitForTimeout(500);
    await api(session.server.url, root, 'PATCH', `/user/${admin.id}`, { status: 'locked' });
    await expect.poll(() => status.textContent(), { timeout: 5_000 }).toContain('Session expired');
    await screenshot(page, 'session-ended-light');
  });
});
