import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { multipart } from '../fixtures/spreadsheets.ts';
import { startServer, type TestServer } from './harness.ts';

// The smallest valid PNG: 1×1 transparent pixel.
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=', 'base64');

/** Verification documents: who hears of an upload, what a rejection sets aside, no decision without documents. */
describe('verification documents', () => {
  let server: TestServer;
  let root: string;
  let rootId: string;
  let admin: Awaited<ReturnType<TestServer['user']>>;
  let alice: Awaited<ReturnType<TestServer['user']>>; // regular
  let bob: Awaited<ReturnType<TestServer['user']>>; // regular

  const upload = (leadId: string, token: string, name: string) => {
    const body = multipart({ name, bytes: PNG });
    return server.call({ method: 'POST', url: `/api/v1/user/${leadId}/documents`, token, payload: body.payload, headers: body.headers });
  };
  const decide = (leadId: string, token: string, payload: Record<string, unknown>) =>
    server.call({ method: 'PATCH', url: `/api/v1/user/${leadId}/verification`, token, payload, headers: { 'x-lang': 'de' } });
  /** Each user's documentsUploaded notifications, as [reader, lead] pairs. */
  const heard = async () =>
    (
      await server.sql<{ user_id: string; lead: string }>(
        `select user_id, data->>'leadId' as lead from notifications where type = 'documentsUploaded' order by user_id`,
      )
    ).map((r) => [r.user_id, r.lead]);

  beforeAll(async () => {
    server = await startServer();
    root = await server.rootToken();
    rootId = (await server.sql<{ id: string }>(`select id from users where email = 'root@test.local'`))[0].id;
    admin = await server.user(root, { roles: ['admin'] });
    alice = await server.user(root, { roles: ['regular'] });
    bob = await server.user(root, { roles: ['regular'] });
  });
  afterAll(() => server.close());

  it("notifies the lead's staff member, or every admin when it has none, and the notification names the lead", async () => {
    const assigned = await server.user(alice.token, { roles: ['lead'] });
    expect((await upload(assigned.id, assigned.token, 'passport.png')).status).toBe(201);
    expect(await heard()).toEqual([[alice.id, assigned.id]]);

    const unassigned = await server.user(root, { roles: ['lead'] });
    await server.sql(`delete from notifications`);
    expect((await upload(unassigned.id, unassigned.token, 'passport.png')).status).toBe(201);
    expect(await heard()).toEqual(
      [
        [admin.id, unassigned.id],
        [rootId, unassigned.id],
      ].sort((a, b) => a[0].localeCompare(b[0])),
    );
    // Staff uploading for the lead are not told of their own upload.
    await server.sql(`delete from notifications`);
    expect((await upload(assigned.id, alice.token, 'proof.png')).status).toBe(201);
    expect(await heard()).toEqual([]);
    // Bob is told nothing about leads that are not his.
    const bobs = await server.call({ method: 'GET', url: '/api/v1/notification?type=documentsUploaded', token: bob.token });
    expect(bobs.body.count).toBe(0);
  });

  it('refuses a decision on a lead with no documents, in the caller language, and changes nothing', async () => {
    const person = await server.user(alice.token, { roles: ['lead'] });
    // A lead left pending without documents (as older data could be).
    await server.sql(`update users set verification_status = 'pending' where id = '${person.id}'`);
    for (const status of ['verified', 'rejected']) {
      const refused = await decide(person.id, alice.token, { status, note: 'Blurry' });
      expect(refused.status).toBe(422);
      expect(refused.body).toMatchObject({ code: 'NO_DOCUMENTS', message: 'Dieser Lead hat keine neuen Dokumente zur Prüfung' });
    }
    const [row] = await server.sql<{ verification_status: string }>(`select verification_status from users where id = '${person.id}'`);
    expect(row.verification_status).toBe('pending');
  });

  it('a rejection sets its documents aside: the next upload is shown apart and is what the next decision is on', async () => {
    const person = await server.user(alice.token, { roles: ['lead'] });
    await upload(person.id, person.token, 'blurry.png');
    expect((await decide(person.id, alice.token, { status: 'rejected', note: 'Blurry scan' })).status).toBe(200);
    await upload(person.id, person.token, 'sharp.png');
    const docs = await server.call({ method: 'GET', url: `/api/v1/user/${person.id}/documents`, token: alice.token });
    const byName = Object.fromEntries(
      docs.body.documents.map((d: { originalName: string; rejectedAt: string | null }) => [d.originalName, d.rejectedAt !== null]),
    );
    expect(byName).toEqual({ 'blurry.png': true, 'sharp.png': false });
    expect(docs.body.verificationStatus).toBe('pending');
    expect((await decide(person.id, alice.token, { status: 'verified' })).body.verificationStatus).toBe('verified');
  });
  describe('whoever uploaded a lead’s documents cannot verify them (DESIGN.md §6)', () => {
    const status = async (id: string) =>
      (await server.sql<{ verification_status: string }>(`select verification_status from users where id = '${id}'`))[0]
        .verification_status;
    const impersonate = async (token: string, userId: string) =>
      (await server.call({ method: 'POST', url: `/api/v1/auth/generate-token/${userId}`, token })).body.token as string;

    it('the staff member who uploaded them is refused (422 VERIFIER_UPLOADED, translated); another staff member in scope verifies', async () => {
      const person = await server.user(alice.token, { roles: ['lead'] });
      expect((await upload(person.id, person.token, 'passport.png')).status).toBe(201);
      expect((await upload(person.id, alice.token, 'bill.png')).status).toBe(201);
      for (const decision of [{ status: 'verified' }, { status: 'rejected', note: 'Blurry' }]) {
        const refused = await decide(person.id, alice.token, decision);
        expect(refused.status).toBe(422);
        expect(refused.body).toEqual({
          code: 'VERIFIER_UPLOADED',
          message: 'Sie haben einige dieser Dokumente hochgeladen: Ein anderes Teammitglied muss sie prüfen',
        });
      }
      const english = await server.call({
        method: 'PATCH',
        url: `/api/v1/user/${person.id}/verification`,
        token: alice.token,
        payload: { status: 'verified' },
      });
      expect(english.body.message).toBe('You uploaded some of these documents: another staff member must verify them');
      expect(await status(person.id)).toBe('pending');
      const [rejected] = await server.sql<{ n: number }>(
        `select count(*)::int as n from uploads where owner_id = '${person.id}' and rejected_at is not null`,
      );
      expect(rejected.n).toBe(0);
      // The documents answer says so, for screens to offer the decision only to someone else.
      const documents = (token: string) => server.call({ method: 'GET', url: `/api/v1/user/${person.id}/documents`, token });
      expect((await documents(alice.token)).body.uploadedByYou).toBe(true);
      expect((await documents(admin.token)).body.uploadedByYou).toBe(false);
      expect((await documents(person.token)).body.uploadedByYou).toBe(true);
      // Another staff member who may see the lead decides.
      const verified = await decide(person.id, admin.token, { status: 'verified' });
      expect(verified.status).toBe(200);
      expect(verified.body.verificationStatus).toBe('verified');
    });

    it('documents set aside by a rejection no longer count: the uploader decides on the lead’s new ones', async () => {
      const person = await server.user(alice.token, { roles: ['lead'] });
      await upload(person.id, alice.token, 'scan-by-alice.png');
      expect((await decide(person.id, admin.token, { status: 'rejected', note: 'Unreadable' })).status).toBe(200);
      await upload(person.id, person.token, 'passport.png');
      expect((await decide(person.id, alice.token, { status: 'verified' })).status).toBe(200);
    });

    it('an admin who uploaded as the lead (impersonating it) cannot verify them as themself; the admin behind an impersonated staff member neither', async () => {
      const person = await server.user(alice.token, { roles: ['lead'] });
      const asLead = await impersonate(admin.token, person.id);
      expect((await upload(person.id, asLead, 'passport.png')).status).toBe(201);
      const [row] = await server.sql<{ uploaded_by: string }>(`select uploaded_by from uploads where owner_id = '${person.id}'`);
      expect(row.uploaded_by).toBe(admin.id);
      expect((await decide(person.id, admin.token, { status: 'verified' })).body.code).toBe('VERIFIER_UPLOADED');
      const asAlice = await impersonate(admin.token, alice.id);
      expect((await decide(person.id, asAlice, { status: 'verified' })).body.code).toBe('VERIFIER_UPLOADED');
      expect(await status(person.id)).toBe('pending');
      // Alice herself sent nothing: she verifies.
      expect((await decide(person.id, alice.token, { status: 'verified' })).status).toBe(200);
    });
  });
});
