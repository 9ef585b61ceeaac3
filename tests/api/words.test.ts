import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type TestServer } from './harness.ts';

/** Words a person would write (issue 14): the reader's language, the right reason, phone numbers only. */
describe('messages say what happened, in the reader’s language', () => {
  let server: TestServer;
  let root: string;
  beforeAll(async () => {
    server = await startServer();
    root = await server.rootToken();
  });
  afterAll(() => server.close());

  it('a wrong current password is said as such; a new password equal to the old one is refused', async () => {
    const lead = await server.user(root, { roles: ['lead'], password: 'secret123' });
    const change = (payload: Record<string, unknown>, lang = 'en') =>
      server.call({ method: 'PATCH', url: `/api/v1/user/${lead.id}`, token: lead.token, headers: { 'x-lang': lang }, payload });
    const wrong = await change({ password: 'newpass456', currentPassword: 'not-it-1' });
    expect(wrong.status).toBe(400);
    expect(wrong.body.details.currentPassword).toBe('The current password is wrong');
    const wrongDe = await change({ password: 'newpass456', currentPassword: 'not-it-1' }, 'de');
    expect(wrongDe.body.details.currentPassword).toBe('Das aktuelle Passwort ist falsch');
    const same = await change({ password: 'secret123', currentPassword: 'secret123' });
    expect(same.status).toBe(400);
    expect(same.body.details.password).toBe('The new password must differ from the current one');
    expect((await server.login(lead.email, 'secret123')).length).toBeGreaterThan(10);
  });

  it('phone fields take phone numbers only', async () => {
    const bad = await server.call({
      method: 'POST',
      url: '/api/v1/user',
      token: root,
      headers: { 'x-lang': 'fr' },
      payload: { firstName: 'P', lastName: 'Q', email: 'pq@words.test', roles: ['lead'], phone: 'call me maybe' },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.details.phone).toBe('Saisissez un numéro de téléphone : chiffres, espaces et un + au début');
    const good = await server.user(root, { roles: ['lead'], phone: '+33 6 12 34 56 78' });
    expect(good.record.phone).toBe('+33 6 12 34 56 78');
  });

  it('a lead another cannot see is said to be missing, in German too', async () => {
    const regular = await server.user(root, { roles: ['regular'] });
    const lead = await server.user(root, { roles: ['lead'] });
    const answer = await server.call({ method: 'GET', url: `/api/v1/user/${lead.id}`, token: regular.token, headers: { 'x-lang': 'de' } });
    expect(answer.status).toBe(404);
    expect(answer.body.message).toBe('Nicht gefunden');
  });
});
