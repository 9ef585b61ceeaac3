import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { multipart } from '../fixtures/spreadsheets.ts';
import { startServer, type TestServer } from './harness.ts';

// The smallest valid PNG: 1×1 transparent pixel.
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=', 'base64');

describe('leads and staff', () => {
  let server: TestServer;
  let root: string;
  let admin: Awaited<ReturnType<TestServer['user']>>;
  let alice: Awaited<ReturnType<TestServer['user']>>; // regular
  let bob: Awaited<ReturnType<TestServer['user']>>; // regular
  let campaignId: string;

  const lead = (token: string, fields: Record<string, unknown> = {}) => server.user(token, { roles: ['lead'], ...fields });

  beforeAll(async () => {
    server = await startServer();
    root = await server.rootToken();
    admin = await server.user(root, { roles: ['admin'] });
    alice = await server.user(root, { roles: ['regular'] });
    bob = await server.user(root, { roles: ['regular'] });
    campaignId = (await server.call({ method: 'POST', url: '/api/v1/campaign', token: root, payload: { name: 'Winter' } })).body.id;
  });
  afterAll(() => server.close());

  it("a regular user creates leads for themselves and never sees or changes another one's leads", async () => {
    const mine = await lead(alice.token);
    expect(mine.record.assignedTo).toBe(alice.id);
    const refused = await server.call({
      method: 'POST',
      url: '/api/v1/user',
      token: alice.token,
      payload: { firstName: 'A', lastName: 'B', email: 'x1@t.local', roles: ['lead'], assignedTo: bob.id },
    });
    expect(refused.status).toBe(403);
    const staffByRegular = await server.call({
      method: 'POST',
      url: '/api/v1/user',
      token: alice.token,
      payload: { firstName: 'A', lastName: 'B', email: 'x2@t.local', roles: ['admin'] },
    });
    expect(staffByRegular.status).toBe(403);
    const theirs = await lead(bob.token);
    expect((await server.call({ method: 'GET', url: `/api/v1/user/${theirs.id}`, token: alice.token })).status).toBe(404);
    expect(
      (await server.call({ method: 'PATCH', url: `/api/v1/user/${theirs.id}`, token: alice.token, payload: { firstName: 'Hacked' } }))
        .status,
    ).toBe(404);
    const list = await server.call({
      method: 'GET',
      url: `/api/v1/user?filters=${encodeURIComponent(JSON.stringify([{ field: 'roles', values: ['lead'] }]))}&limit=100`,
      token: alice.token,
    });
    expect(list.body.users.map((u: { id: string }) => u.id)).toContain(mine.id);
    expect(list.body.users.map((u: { id: string }) => u.id)).not.toContain(theirs.id);
    // A lead sees itself only.
    const leadList = await server.call({ method: 'GET', url: '/api/v1/user', token: mine.token });
    expect(leadList.body.users.map((u: { id: string }) => u.id)).toEqual([mine.id]);
    expect((await server.call({ method: 'GET', url: `/api/v1/user/${theirs.id}`, token: mine.token })).status).toBe(404);
  });

  it('bulk-assigns leads to a regular or admin user, notifies them, and moves the leads between sync scopes', async () => {
    const a = await lead(root);
    const b = await lead(root);
    const before = (await server.call({ method: 'GET', url: '/api/v1/sync?since=0&limit=5000', token: bob.token })).body.cursor;
    const toLead = await server.call({
      method: 'PATCH',
      url: '/api/v1/user/bulk-assign',
      token: root,
      payload: { leadIds: [a.id], userId: b.id },
    });
    expect(toLead.status).toBe(400);
    expect(toLead.body.details.userId).toBeTruthy();
    const byRegular = await server.call({
      method: 'PATCH',
      url: '/api/v1/user/bulk-assign',
      token: alice.token,
      payload: { leadIds: [a.id], userId: alice.id },
    });
    expect(byRegular.status).toBe(403);
    const res = await server.call({
      method: 'PATCH',
      url: '/api/v1/user/bulk-assign',
      token: root,
      payload: { leadIds: [a.id, b.id], userId: bob.id },
    });
    expect(res.status).toBe(200);
    expect(res.body.assigned).toBe(2);
    const rows = await server.sql<{ assigned_to: string }>(`select assigned_to from users where id in ('${a.id}', '${b.id}')`);
    expect(rows.every((r) => r.assigned_to === bob.id)).toBe(true);
    const delta = await server.call({ method: 'GET', url: `/api/v1/sync?since=${before}`, token: bob.token });
    const upserted = delta.body.changes
      .filter((c: { op: string; entity: string }) => c.op === 'upsert' && c.entity === 'user')
      .map((c: { id: string }) => c.id);
    expect(upserted).toEqual(expect.arrayContaining([a.id, b.id]));
    const notes = await server.call({ method: 'GET', url: '/api/v1/notification?type=leadsAssigned', token: bob.token });
    expect(notes.body.notifications[0].data).toEqual({ count: 2 });
    // Moving them on: Bob's next delta says they are gone.
    const cursor = delta.body.cursor;
    await server.call({ method: 'PATCH', url: '/api/v1/user/bulk-assign', token: root, payload: { leadIds: [a.id], userId: alice.id } });
    const gone = await server.call({ method: 'GET', url: `/api/v1/sync?since=${cursor}`, token: bob.token });
    expect(gone.body.changes).toContainEqual({ entity: 'user', op: 'delete', id: a.id });
    const audit = await server.sql(`select * from audit_log where action = 'user.bulk-assign'`);
    expect(audit.length).toBe(2);
  });

  it("refuses to delete a campaign linked to a lead, in the caller's language", async () => {
    await lead(root, { campaignId });
    const res = await server.call({ method: 'DELETE', url: `/api/v1/campaign/${campaignId}`, token: root, headers: { 'x-lang': 'de' } });
    expect(res.status).toBe(409);
    expect(res.body.code).toBe('CAMPAIGN_HAS_LEADS');
    expect(res.body.message).toBe('Diese Kampagne ist mit mindestens einem Lead verknüpft und kann nicht gelöscht werden');
    expect((await server.call({ method: 'GET', url: `/api/v1/campaign/${campaignId}`, token: root })).status).toBe(200);
  });

  it('ranks top campaigns by leads and converted leads', async () => {
    const spring = (await server.call({ method: 'POST', url: '/api/v1/campaign', token: root, payload: { name: 'Spring' } })).body.id;
    const converted = await lead(root, { campaignId: spring });
    await lead(root, { campaignId: spring });
    // A bank transfer entered by staff starts pending; completing it is an action (DESIGN.md §6).
    const deposit = await server.call({
      method: 'POST',
      url: '/api/v1/deposit',
      token: root,
      payload: { amount: 250.5, status: 'pending', userId: converted.id },
    });
    // Four eyes: root entered it, a second person completes it.
    expect((await server.call({ method: 'POST', url: `/api/v1/deposit/${deposit.body.id}/complete`, token: admin.token })).status).toBe(
      200,
    );
    const top = await server.call({ method: 'GET', url: '/api/v1/campaign/top', token: root });
    expect(top.status).toBe(200);
    expect(top.body.topCampaigns[0]).toMatchObject({ id: spring, name: 'Spring', leads: 2, converted: 1, conversionRate: 50 });
    // The campaign list's figures: every campaign, those without leads too, within the caller's scope.
    const empty = (await server.call({ method: 'POST', url: '/api/v1/campaign', token: root, payload: { name: 'Empty' } })).body.id;
    const stats = await server.call({ method: 'GET', url: '/api/v1/campaign/stats', token: root });
    const byId = new Map(stats.body.campaignStats.map((c: { id: string }) => [c.id, c]));
    expect(byId.get(spring)).toEqual({ id: spring, leads: 2, converted: 1, conversionRate: 50 });
    expect(byId.get(empty)).toEqual({ id: empty, leads: 0, converted: 0, conversionRate: 0 });
    const bobStats = await server.call({ method: 'GET', url: '/api/v1/campaign/stats', token: bob.token });
    expect(bobStats.body.campaignStats.find((c: { id: string }) => c.id === spring)).toMatchObject({ leads: 0 });
    expect((await server.call({ method: 'GET', url: '/api/v1/campaign/stats', token: converted.token })).status).toBe(403);
    expect((await server.call({ method: 'GET', url: '/api/v1/campaign/top', token: converted.token })).status).toBe(403);
  });

  it('gives the lead trend per day with no gaps, and statistics', async () => {
    const today = new Date().toISOString().slice(0, 10);
    const from = new Date(Date.now() - 6 * 86_400_000).toISOString().slice(0, 10);
    const trend = await server.call({
      method: 'GET',
      url: `/api/v1/user/lead-trend?from=${from}`,
      token: root,
      headers: { 'x-timezone': 'UTC' },
    });
    expect(trend.status).toBe(200);
    expect(trend.body.trendData).toHaveLength(7);
    const total = Number((await server.sql<{ n: string }>(`select count(*) as n from users where 'lead' = any(roles)`))[0].n);
    expect(trend.body.trendData.at(-1)).toEqual({ date: today, count: total });
    const bad = await server.call({ method: 'GET', url: '/api/v1/user/lead-trend?from=yesterday', token: root });
    expect(bad.status).toBe(400);
    const stats = await server.call({ method: 'GET', url: '/api/v1/user/lead-stats', token: root });
    expect(stats.body.stats.total).toBe(total);
    expect(stats.body.stats.assigned + stats.body.stats.unassigned).toBe(total);
    const aliceStats = await server.call({ method: 'GET', url: '/api/v1/user/lead-stats', token: alice.token });
    expect(aliceStats.body.stats.total).toBeLessThan(total);
  });

  it('verification: the lead uploads, staff verify or reject with a reason, a rejection needs new documents', async () => {
    const person = await lead(alice.token);
    const upload = (token: string, name: string, bytes: Buffer) => {
      const body = multipart({ name, bytes });
      return server.call({
        method: 'POST',
        url: `/api/v1/user/${person.id}/documents`,
        token,
        payload: body.payload,
        headers: { ...body.headers, 'x-lang': 'fr' },
      });
    };
    const tooBig = await upload(person.token, 'passport.png', Buffer.concat([PNG, Buffer.alloc(5 * 1024 * 1024)]));
    expect(tooBig.status).toBe(413);
    expect(tooBig.body.message).toBe('Le fichier passport.png est trop volumineux (5 Mo max.)');
    const wrongType = await upload(person.token, 'passport.png', Buffer.from('MZ this is an exe'));
    expect(wrongType.status).toBe(415);
    const sent = await upload(person.token, 'passport.png', PNG);
    expect(sent.status).toBe(201);
    expect(sent.body.user.verificationStatus).toBe('pending');
    const docs = await server.call({ method: 'GET', url: `/api/v1/user/${person.id}/documents`, token: alice.token });
    expect(docs.body.documents).toHaveLength(1);
    const url = docs.body.documents[0].url;
    expect((await server.call({ method: 'GET', url, token: alice.token })).status).toBe(200);
    expect((await server.call({ method: 'GET', url, token: person.token })).status).toBe(200);
    expect((await server.call({ method: 'GET', url, token: bob.token })).status).toBe(404);
    expect((await server.call({ method: 'GET', url })).status).toBe(401);

    const selfVerify = await server.call({
      method: 'PATCH',
      url: `/api/v1/user/${person.id}/verification`,
      token: person.token,
      payload: { status: 'verified' },
    });
    expect(selfVerify.status).toBe(403);
    const noReason = await server.call({
      method: 'PATCH',
      url: `/api/v1/user/${person.id}/verification`,
      token: alice.token,
      payload: { status: 'rejected' },
    });
    expect(noReason.status).toBe(400);
    expect(noReason.body.details.note).toBeTruthy();
    const rejected = await server.call({
      method: 'PATCH',
      url: `/api/v1/user/${person.id}/verification`,
      token: alice.token,
      payload: { status: 'rejected', note: 'Blurry scan' },
    });
    expect(rejected.body.verificationStatus).toBe('rejected');
    const again = await server.call({
      method: 'PATCH',
      url: `/api/v1/user/${person.id}/verification`,
      token: alice.token,
      payload: { status: 'verified' },
    });
    // The verification machine: a decision is made on pending documents only.
    expect(again.status).toBe(422);
    expect(again.body.code).toBe('INVALID_TRANSITION');
    await upload(person.token, 'passport-2.png', PNG);
    const verified = await server.call({
      method: 'PATCH',
      url: `/api/v1/user/${person.id}/verification`,
      token: alice.token,
      payload: { status: 'verified' },
    });
    expect(verified.body.verificationStatus).toBe('verified');
    const notes = await server.call({ method: 'GET', url: '/api/v1/notification?type=verification', token: person.token });
    expect(notes.body.count).toBe(2);
    // Regular staff cannot set the status through the plain user PATCH.
    const bypass = await server.call({
      method: 'PATCH',
      url: `/api/v1/user/${person.id}`,
      token: alice.token,
      payload: { verificationStatus: 'verified' },
    });
    expect(bypass.status).toBe(403);
  });

  it('comments: staff add and hide them; leads cannot see them', async () => {
    const person = await lead(alice.token);
    const created = await server.call({
      method: 'POST',
      url: '/api/v1/comment',
      token: alice.token,
      payload: { text: 'Called, interested', leadId: person.id },
    });
    expect(created.status).toBe(201);
    expect(created.body.authorId).toBe(alice.id);
    const hidden = await server.call({
      method: 'PATCH',
      url: `/api/v1/comment/${created.body.id}`,
      token: alice.token,
      payload: { hidden: true },
    });
    expect(hidden.body.hidden).toBe(true);
    expect((await server.call({ method: 'GET', url: '/api/v1/comment', token: person.token })).status).toBe(403);
    expect(
      (await server.call({ method: 'POST', url: '/api/v1/comment', token: bob.token, payload: { text: 'x', leadId: person.id } })).status,
    ).toBe(403);
  });

  it('lock, reset password and impersonation are admin actions with audit rows', async () => {
    const person = await lead(root);
    const locked = await server.call({
      method: 'PATCH',
      url: `/api/v1/user/${person.id}`,
      token: admin.token,
      payload: { status: 'locked' },
    });
    expect(locked.body.status).toBe('locked');
    expect((await server.call({ method: 'GET', url: '/api/v1/auth/check-auth', token: person.token })).status).toBe(401);
    expect(
      (await server.call({ method: 'POST', url: '/api/v1/auth/login', payload: { email: person.email, password: 'secret123' } })).body.code,
    ).toBe('ACCOUNT_LOCKED');
    await server.call({ method: 'PATCH', url: `/api/v1/user/${person.id}`, token: admin.token, payload: { status: 'active' } });
    const reset = await server.call({ method: 'POST', url: `/api/v1/auth/reset-password/${person.id}`, token: admin.token });
    expect(reset.body.password).toMatch(/^(?=.*[A-Za-z])(?=.*\d).{6,}$/);
    const token = await server.login(person.email, reset.body.password);
    const asLead = await server.call({ method: 'POST', url: `/api/v1/auth/generate-token/${person.id}`, token: admin.token });
    const who = await server.call({ method: 'GET', url: '/api/v1/auth/check-auth', token: asLead.body.token });
    expect(who.body).toMatchObject({ id: person.id, impersonatorId: admin.id });
    expect((await server.call({ method: 'POST', url: `/api/v1/auth/generate-token/${admin.id}`, token: alice.token })).status).toBe(403);
    const actions = (await server.sql<{ action: string }>(`select action from audit_log where entity_id = '${person.id}' order by id`)).map(
      (r) => r.action,
    );
    expect(actions).toEqual(['user.lock', 'user.unlock', 'user.reset-password', 'user.impersonate']);
    expect((await server.call({ method: 'GET', url: '/api/v1/auth/check-auth', token })).status).toBe(200);
  });
});
