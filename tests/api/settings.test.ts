import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HTML, PDF, PNG } from '../fixtures/sample-files.ts';
import { databaseState } from './database-state.ts';
import { startServer, type TestServer } from './harness.ts';
import { multipart } from './multipart.ts';

/** The one company-wide settings record: public read, admin writes (SPEC.md §5 "Settings"). */
let server: TestServer;
let root: string;
let admin: Awaited<ReturnType<TestServer['user']>>;
let regular: Awaited<ReturnType<TestServer['user']>>;
let lead: Awaited<ReturnType<TestServer['user']>>;

beforeAll(async () => {
  server = await startServer();
  root = await server.rootToken();
  admin = await server.user(root, { roles: ['admin'] });
  regular = await server.user(root, { roles: ['regular'] });
  lead = await server.user(root, { roles: ['lead'] });
});
afterAll(() => server?.close());

const patchSetting = (token: string | undefined, payload: unknown, headers?: Record<string, string>) =>
  server.call({ method: 'PATCH', url: '/api/v1/setting', token, payload: payload as object, headers });
const uploadLogo = (token: string, content: Buffer, filename: string) =>
  server.call({ method: 'POST', url: '/api/v1/setting/logo', token, ...multipart({ content, filename }) });

describe('settings', () => {
  it('GET is public and answers the record with its defaults', async () => {
    const { status, body } = await server.call({ method: 'GET', url: '/api/v1/setting', token: admin.token });
    expect(status).toBe(200);
    expect(body).toMatchObject({ theme: 'purple', version: expect.any(Number), id: expect.any(String) });
  });

  it('an admin changes fields; the answer and the next GET carry them, version +1', async () => {
    const before = (await server.call({ method: 'GET', url: '/api/v1/setting', token: admin.token })).body;
    const change = { companyName: 'Acme Invest', email: 'contact@acme.test', theme: 'ocean', labels: ['vip'], receiveEmails: false };
    const { status, body } = await patchSetting(admin.token, change);
    expect(status).toBe(200);
    expect(body).toMatchObject({ ...change, version: before.version + 1 });
    expect((await server.call({ method: 'GET', url: '/api/v1/setting', token: regular.token })).body).toEqual(body);
    const [audit] = await server.sql<{ actor_id: string }>(
      `select actor_id from audit_log where action = 'setting.update' order by id desc limit 1`,
    );
    expect(audit.actor_id).toBe(admin.id);
  });

  it('regular staff and leads may not change them (403), strangers must sign in (401); nothing changes', async () => {
    const before = await databaseState(server);
    for (const token of [regular.token, lead.token]) {
      const { status, body } = await patchSetting(token, { companyName: 'Hijacked' });
      expect(status).toBe(403);
      expect(body.code).toBe('FORBIDDEN');
    }
    expect((await patchSetting(undefined, { companyName: 'Hijacked' })).status).toBe(401);
    expect(await databaseState(server)).toEqual(before);
  });

  it('company name is required and the email must be valid (400 per field, translated), nothing changes', async () => {
    const before = await databaseState(server);
    const empty = await patchSetting(admin.token, { companyName: '   ' });
    expect(empty.status).toBe(400);
    expect(empty.body.details.companyName).toBe('The company name is required');
    const badEmail = await patchSetting(admin.token, { email: 'not-an-email' });
    expect(badEmail.status).toBe(400);
    expect(badEmail.body.details.email).toEqual(expect.any(String));
    const french = await patchSetting(admin.token, { companyName: '' }, { 'x-lang': 'fr' });
    expect(french.body.details.companyName).not.toBe('The company name is required');
    for (const payload of [{ theme: 'neon' }, { notAField: 1 }, { companyName: null }, [], 'text', 7, null]) {
      const { status } = await server.call({
        method: 'PATCH',
        url: '/api/v1/setting',
        token: admin.token,
        payload: JSON.stringify(payload),
        headers: { 'content-type': 'application/json' },
      });
      expect(status, JSON.stringify(payload)).toBe(400);
    }
    expect(await databaseState(server)).toEqual(before);
  });

  it('logo: an admin uploads an image; the settings answer carries its URL, which serves the image', async () => {
    const { status, body } = await uploadLogo(admin.token, PNG, 'logo.png');
    expect(status).toBe(200);
    expect(body.logo).toMatch(/^\/api\/v1\/uploads\/.+\.png$/);
    const served = await server.app.inject({ method: 'GET', url: body.logo });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect((await server.call({ method: 'GET', url: '/api/v1/setting' })).body.logo).toBe(body.logo);
  });

  it('logo: only images (415 FILE_TYPE for a PDF or HTML), only admins (403), and nothing changes', async () => {
    const before = await databaseState(server);
    for (const [content, name] of [
      [PDF, 'logo.pdf'],
      [HTML, 'logo.png'],
    ] as const) {
      const { status, body } = await uploadLogo(admin.token, content, name);
      expect(status).toBe(415);
      expect(body.code).toBe('FILE_TYPE');
    }
    expect((await uploadLogo(regular.token, PNG, 'logo.png')).status).toBe(403);
    expect(await databaseState(server)).toEqual(before);
  });
});

/** CHECKLIST.md 16: anonymous routes carry what the login page needs; each signed-in role what it may read. */
describe('GET /setting says only what its reader may know', () => {
  const keysOf = (body: Record<string, unknown>) => Object.keys(body).sort();
  const STAFF_KEYS = [
    'amountConfirmationLevel',
    'binaryOptionsEnabled',
    'cardDepositDailyMax',
    'cardDepositMax',
    'city',
    'companyDescription',
    'companyName',
    'country',
    'dateCreation',
    'dateLastUpdate',
    'email',
    'fourEyes',
    'id',
    'labels',
    'logo',
    'media',
    'number',
    'phone',
    'qualifications',
    'receiveEmails',
    'receiveNotifications',
    'street',
    'theme',
    'version',
    'withdrawalApprovalThreshold',
    'zipCode',
  ];

  it('signed out: the company name, logo and colour, nothing else', async () => {
    const { status, body } = await server.call({ method: 'GET', url: '/api/v1/setting' });
    expect(status).toBe(200);
    expect(keysOf(body)).toEqual(['companyName', 'logo', 'theme']);
    // A token that no longer signs anyone in reads what a stranger reads.
    const stale = await server.call({ method: 'GET', url: '/api/v1/setting', token: 'not-a-token' });
    expect(keysOf(stale.body)).toEqual(['companyName', 'logo', 'theme']);
  });

  it('a lead: the part its app uses (contact, card limits, the confirmation level, four eyes), never the withdrawal threshold or staff lists', async () => {
    const { status, body } = await server.call({ method: 'GET', url: '/api/v1/setting', token: lead.token });
    expect(status).toBe(200);
    expect(keysOf(body)).toEqual([
      'amountConfirmationLevel',
      // Whether the platform offers binary options (DESIGN.md §11).
      'binaryOptionsEnabled',
      'cardDepositDailyMax',
      'cardDepositMax',
      'city',
      'companyDescription',
      'companyName',
      'country',
      'dateCreation',
      'dateLastUpdate',
      'email',
      'fourEyes',
      'id',
      'logo',
      'media',
      'number',
      'phone',
      'street',
      'theme',
      'version',
      'zipCode',
    ]);
    expect(body).toMatchObject({ cardDepositMax: 10_000, cardDepositDailyMax: 25_000, amountConfirmationLevel: 5_000, fourEyes: true });
  });

  it('staff, admins and root: the whole record', async () => {
    for (const token of [regular.token, admin.token, root]) {
      const { status, body } = await server.call({ method: 'GET', url: '/api/v1/setting', token });
      expect(status).toBe(200);
      expect(keysOf(body)).toEqual(STAFF_KEYS);
      expect(body.withdrawalApprovalThreshold).toBe(10_000);
    }
  });
});
