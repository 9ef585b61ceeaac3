import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type TestServer } from './harness.ts';

/** What admins do to other accounts: reset a password, connect as a user (SPEC.md §6, DESIGN.md §5). */
let server: TestServer;
let root: string;
let rootId: string;
let admin: Awaited<ReturnType<TestServer['user']>>;
let regular: Awaited<ReturnType<TestServer['user']>>;

beforeAll(async () => {
  server = await startServer();
  root = await server.rootToken();
  rootId = (await checkAuth(root)).body.id;
  admin = await server.user(root, { roles: ['admin'] });
  regular = await server.user(root, { roles: ['regular'] });
});
afterAll(() => server?.close());

function checkAuth(token: string) {
  return server.call({ method: 'GET', url: '/api/v1/auth/check-auth', token });
}
const resetPassword = (token: string, id: string, headers?: Record<string, string>) =>
  server.call({ method: 'POST', url: `/api/v1/auth/reset-password/${id}`, token, headers });
const generateToken = (token: string, id: string) => server.call({ method: 'POST', url: `/api/v1/auth/generate-token/${id}`, token });
const login = (email: string, password: string) => server.call({ method: 'POST', url: '/api/v1/auth/login', payload: { email, password } });
const auditRows = (entityId: string) =>
  server.sql<{ action: string; actor_id: string; on_behalf_of: string | null; data: any }>(
    `select action, actor_id, on_behalf_of, data from audit_log where entity_id = '${entityId}' order by id`,
  );

describe('reset-password', () => {
  it('answers a new password that works, ends every session of the user, and writes an audit row', async () => {
    const lead = await server.user(root, { roles: ['lead'] });
    const { status, body } = await resetPassword(admin.token, lead.id);
    expect(status).toBe(200);
    expect(body.password).toMatch(/^(?=.*[A-Za-z])(?=.*\d).{6,}$/);
    expect((await checkAuth(lead.token)).status).toBe(401);
    expect((await login(lead.email, 'secret123')).status).toBe(401);
    expect((await login(lead.email, body.password)).status).toBe(200);
    expect(await auditRows(lead.id)).toContainEqual(
      expect.objectContaining({ action: 'user.reset-password', actor_id: admin.id, on_behalf_of: null }),
    );
  });

  it('is answered once: an Idempotency-Key never stores the password for replay', async () => {
    const lead = await server.user(root, { roles: ['lead'] });
    const key = crypto.randomUUID();
    const first = await resetPassword(admin.token, lead.id, { 'idempotency-key': key });
    expect(first.status).toBe(200);
    const rows = await server.sql(`select body from idempotency_keys where key = '${key}'`);
    expect(rows).toEqual([]);
    const second = await resetPassword(admin.token, lead.id, { 'idempotency-key': key });
    expect(second.headers['idempotent-replayed']).toBeUndefined();
    expect(second.body.password).not.toBe(first.body.password);
  });

  it('is refused to regular staff and leads (403), even for their own leads, and changes nothing', async () => {
    const lead = await server.user(regular.token, { roles: ['lead'] });
    const byRegular = await resetPassword(regular.token, lead.id);
    expect(byRegular.status).toBe(403);
    expect(byRegular.body.code).toBe('FORBIDDEN');
    const byLead = await resetPassword(lead.token, lead.id);
    expect(byLead.status).toBe(403);
    expect((await checkAuth(lead.token)).status).toBe(200);
    expect((await login(lead.email, 'secret123')).status).toBe(200);
  });

  it('never reaches above the caller: an admin cannot reset root; root can reset an admin', async () => {
    const refused = await resetPassword(admin.token, rootId);
    expect(refused.status).toBe(403);
    expect((await checkAuth(root)).status).toBe(200);
    const otherAdmin = await server.user(root, { roles: ['admin'] });
    const allowed = await resetPassword(root, otherAdmin.id);
    expect(allowed.status).toBe(200);
    expect((await checkAuth(otherAdmin.token)).status).toBe(401);
  });

  it('answers 404 for an unknown user and 400 for a malformed id', async () => {
    expect((await resetPassword(admin.token, crypto.randomUUID())).status).toBe(404);
    const malformed = await resetPassword(admin.token, 'not-a-uuid');
    expect(malformed.status).toBe(400);
    expect(malformed.body.code).toBe('VALIDATION');
  });
});

describe('generate-token (connect as a user)', () => {
  it('gives an admin a token for a lead that carries the real actor, and writes an audit row', async () => {
    const lead = await server.user(root, { roles: ['lead'] });
    const { status, body } = await generateToken(admin.token, lead.id);
    expect(status).toBe(200);
    const me = await checkAuth(body.token);
    expect(me.body).toEqual({ id: lead.id, roles: ['lead'], impersonatorId: admin.id });
    expect(await auditRows(lead.id)).toContainEqual(expect.objectContaining({ action: 'user.impersonate', actor_id: admin.id }));
    // The token acts as the lead: the lead's own record is there, staff lists are not.
    expect((await server.call({ method: 'GET', url: `/api/v1/user/${lead.id}`, token: body.token })).status).toBe(200);
    expect((await server.call({ method: 'GET', url: '/api/v1/campaign', token: body.token })).status).toBe(403);
  });

  it('is refused to regular staff and leads (403)', async () => {
    const lead = await server.user(regular.token, { roles: ['lead'] });
    expect((await generateToken(regular.token, lead.id)).status).toBe(403);
    expect((await generateToken(lead.token, regular.id)).status).toBe(403);
  });

  it('never goes toward a higher role: admin → root refused; root → admin allowed; not toward oneself', async () => {
    const up = await generateToken(admin.token, rootId);
    expect(up.status).toBe(403);
    const down = await generateToken(root, admin.id);
    expect(down.status).toBe(200);
    expect((await checkAuth(down.body.token)).body).toEqual({ id: admin.id, roles: ['admin'], impersonatorId: rootId });
    expect((await generateToken(admin.token, admin.id)).status).toBe(403);
  });

  it('keeps the real person through a chain, and audits writes made under impersonation as theirs', async () => {
    const asAdmin = (await generateToken(root, admin.id)).body.token;
    const lead = await server.user(root, { roles: ['lead'] });
    const asLead = await generateToken(asAdmin, lead.id);
    expect(asLead.status).toBe(200);
    expect((await checkAuth(asLead.body.token)).body.impersonatorId).toBe(rootId);

    // An audited write made while connected as the admin names root as actor, on behalf of the admin.
    const locked = await server.call({ method: 'PATCH', url: `/api/v1/user/${lead.id}`, token: asAdmin, payload: { status: 'locked' } });
    expect(locked.status).toBe(200);
    expect(await auditRows(lead.id)).toContainEqual(
      expect.objectContaining({ action: 'user.lock', actor_id: rootId, on_behalf_of: admin.id }),
    );
  });

  it('is refused toward a locked account (403 ACCOUNT_LOCKED)', async () => {
    const lead = await server.user(root, { roles: ['lead'] });
    await server.call({ method: 'PATCH', url: `/api/v1/user/${lead.id}`, token: root, payload: { status: 'locked' } });
    const { status, body } = await generateToken(admin.token, lead.id);
    expect(status).toBe(403);
    expect(body.code).toBe('ACCOUNT_LOCKED');
  });

  it('an impersonation token dies with the sessions of its user (lock, reset) and on logout', async () => {
    const lead = await server.user(root, { roles: ['lead'] });
    const first = (await generateToken(admin.token, lead.id)).body.token;
    await resetPassword(admin.token, lead.id);
    expect((await checkAuth(first)).status).toBe(401);

    const second = (await generateToken(admin.token, lead.id)).body.token;
    expect((await checkAuth(second)).status).toBe(200);
    await server.call({ method: 'GET', url: '/api/v1/auth/logout', token: second });
    expect((await checkAuth(second)).status).toBe(401);
    // The admin's own session is untouched by the impersonated logout.
    expect((await checkAuth(admin.token)).status).toBe(200);
  });
});
