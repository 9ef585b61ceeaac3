import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENTITY_FIXTURES, makeCatalog, makePrerequisites, uniqueTag, type Prerequisites } from '../fixtures/entity-payloads.ts';
import { startServer, type TestServer } from './harness.ts';

/**
 * No answer ever carries a password hash, a card number, a CVV or a 3-D Secure code (DESIGN.md §6,
 * PCI DSS 3.3.1), whatever route it comes from; and the card data is stored nowhere.
 */
const CARD = '5555 4444 3333 1111';
const CARD_DIGITS = CARD.replace(/\s/g, '');
const CVV = '973';
const SECURE_CODE = '864209';
const PASSWORD = 'Sesame2024xyz';
const FORBIDDEN_KEYS = ['passwordHash', 'password_hash', 'cardNumber', 'cardCVV', 'cardCvv', 'cvv', 'secureCode', 'password'];

let server: TestServer;
let root: string;
let staff: Awaited<ReturnType<TestServer['user']>>;
let lead: Awaited<ReturnType<TestServer['user']>>;
let pre: Prerequisites;

beforeAll(async () => {
  server = await startServer();
  root = await server.rootToken();
  staff = await server.user(root, { roles: ['regular'] });
  lead = await server.user(root, { roles: ['lead'], assignedTo: staff.id, password: PASSWORD });
  pre = await makePrerequisites(server, root, await makeCatalog(server, root), lead.id);
});
afterAll(() => server?.close());

/** Every key and value of a JSON answer, with the path of keys that leads to it. */
function walk(value: unknown, visit: (key: string | undefined, value: unknown, path: string[]) => void, path: string[] = []) {
  visit(path.at(-1), value, path);
  if (Array.isArray(value)) value.forEach((item) => walk(item, visit, path));
  else if (value && typeof value === 'object') for (const [k, v] of Object.entries(value)) walk(v, visit, [...path, k]);
}

/** Fails when an answer carries a secret: by key, by value, or anywhere in its raw text. */
function expectNoSecrets(answer: { body: unknown }, what: string) {
  const text = typeof answer.body === 'string' ? answer.body : JSON.stringify(answer.body);
  expect(text, what).not.toContain('$argon2');
  expect(text, what).not.toContain(CARD_DIGITS);
  expect(text, what).not.toContain(CARD);
  expect(text, what).not.toContain(SECURE_CODE);
  expect(text, what).not.toContain(PASSWORD);
  walk(answer.body, (key, value, path) => {
    // A validation error may name the field (`details.cardCVV: "The CVV must have 3 or 4 digits"`), never its value.
    if (key !== undefined && path[0] !== 'details') expect(FORBIDDEN_KEYS, `${what}: key ${key}`).not.toContain(key);
    expect(value, `${what}: a CVV as a value`).not.toBe(CVV);
  });
}

/** A card deposit's body (POST /deposit/3d-secure); the standard create takes no card data at all. */
const depositPayload = (userId: string) => ({
  amount: 250.5,
  userId,
  cardNumber: CARD,
  cardExpirationDate: '12/30',
  cardCVV: CVV,
  fullName: `Card Holder ${uniqueTag()}`,
  street: '1 rue de la Paix',
  zipCode: '75002',
  country: 'FR',
  phone: '+33 1 00 00 00 00',
});
const bankTransfer = (userId: string) => ENTITY_FIXTURES.deposit.create({ ...pre, ownerId: userId }, uniqueTag());

describe('deposits never echo card data', () => {
  it('on card create, replay, list, search, get, patch, delete, conflict and actions, for staff and the lead', async () => {
    const key = crypto.randomUUID();
    const payload = depositPayload(lead.id);
    const created = await server.call({
      method: 'POST',
      url: '/api/v1/deposit/3d-secure',
      token: root,
      payload,
      headers: { 'idempotency-key': key },
    });
    expect(created.status).toBe(201);
    // Staff paying for the lead get no expiry back: the payer's own (docs/decisions/fields-readable-by-some.md).
    expect(created.body).toMatchObject({ cardLast4: '1111', cardBrand: 'mastercard' });
    expect(created.body).not.toHaveProperty('cardExpirationDate');
    const replayed = await server.call({
      method: 'POST',
      url: '/api/v1/deposit/3d-secure',
      token: root,
      payload,
      headers: { 'idempotency-key': key },
    });
    expect(replayed.headers['idempotent-replayed']).toBe('true');
    const { userId: _own, ...ownPayload } = depositPayload(lead.id);
    const byLead = await server.call({ method: 'POST', url: '/api/v1/deposit/3d-secure', token: lead.token, payload: ownPayload });
    expect(byLead.status).toBe(201);
    expect(byLead.body).toMatchObject({ cardLast4: '1111', cardBrand: 'mastercard', cardExpirationDate: '12/30' });
    const batch = await server.call({
      method: 'POST',
      url: '/api/v1/deposit/batch',
      token: root,
      payload: [bankTransfer(lead.id), bankTransfer(lead.id)],
    });
    expect(batch.status).toBe(201);
    const id = created.body.id;
    const pending = batch.body.deposits[1].id;
    const answers = {
      created,
      replayed,
      byLead,
      batch,
      list: await server.call({ method: 'GET', url: '/api/v1/deposit?limit=100', token: root }),
      search: await server.call({ method: 'GET', url: '/api/v1/deposit/search?q=Holder', token: staff.token }),
      leadList: await server.call({ method: 'GET', url: '/api/v1/deposit', token: lead.token }),
      get: await server.call({ method: 'GET', url: `/api/v1/deposit/${id}`, token: lead.token }),
      patch: await server.call({ method: 'PATCH', url: `/api/v1/deposit/${id}`, token: root, payload: { status: 'completed' } }),
      patched: await server.call({ method: 'PATCH', url: `/api/v1/deposit/${pending}`, token: root, payload: { transactionId: 'T-2' } }),
      conflict: await server.call({
        method: 'PATCH',
        url: `/api/v1/deposit/${pending}`,
        token: root,
        payload: { transactionId: 'T-3' },
        headers: { 'if-match': '1' },
      }),
      cancel: await server.call({ method: 'PATCH', url: `/api/v1/deposit/${pending}/cancel`, token: lead.token }),
      remove: await server.call({ method: 'DELETE', url: `/api/v1/deposit/${batch.body.deposits[0].id}`, token: root }),
    };
    expect(answers.conflict.status).toBe(409);
    for (const [what, answer] of Object.entries(answers)) expectNoSecrets(answer, what);
  });

  it('refused deposits do not echo the card data either', async () => {
    const card = (payload: object) => server.call({ method: 'POST', url: '/api/v1/deposit/3d-secure', token: root, payload });
    const refusals = [
      await card({ ...depositPayload(lead.id), cardCVV: `${CVV}0` }),
      await card({ ...depositPayload(lead.id), secureCode: SECURE_CODE }),
      await card({ ...depositPayload(lead.id), cardNumber: `${CARD}x` }),
      await card({ ...depositPayload(lead.id), cardNumber: CARD_DIGITS.replace(/1$/, '2') }),
      // The standard create takes no card data: the unknown fields are named, their values never.
      await server.call({
        method: 'POST',
        url: '/api/v1/deposit',
        token: root,
        payload: { ...bankTransfer(lead.id), cardNumber: CARD, cardCVV: CVV },
      }),
      await server.call({
        method: 'POST',
        url: '/api/v1/deposit/batch',
        token: root,
        payload: [depositPayload(lead.id), { ...depositPayload(lead.id), amount: -1 }],
      }),
    ];
    for (const [index, answer] of refusals.entries()) {
      expect(answer.status).toBe(400);
      expectNoSecrets(answer, `refusal ${index}`);
    }
  });

  it('/sync carries deposits without card data, to staff and to the lead', async () => {
    for (const token of [root, staff.token, lead.token]) {
      const { status, body } = await server.call({ method: 'GET', url: '/api/v1/sync?since=0&limit=5000', token });
      expect(status).toBe(200);
      expect(body.changes.some((c: { entity: string }) => c.entity === 'deposit')).toBe(true);
      expectNoSecrets({ body }, 'sync');
    }
  });

  it('the card number, CVV and secure code are stored in no table at all', async () => {
    const tables = await server.sql<{ name: string }>(`select tablename as name from pg_tables where schemaname = 'public'`);
    for (const { name } of tables) {
      // The CVV stands alone: not inside a hex id, and not after a decimal point, since a timestamp made
      // from a JS date prints its milliseconds so (`10.973+00`, one row in a thousand).
      const [hit] = await server.sql<{ n: number }>(
        `select count(*)::int as n from "${name}" t where t::text like '%${CARD_DIGITS}%' or t::text like '%${CARD}%' or t::text like '%${SECURE_CODE}%' or t::text ~ '(^|[^0-9a-f.])${CVV}([^0-9a-f]|$)'`,
      );
      expect(Number(hit.n), name).toBe(0);
    }
  });
});

describe('users never carry their password hash', () => {
  it('on create, batch, list, search, get, patch, conflict, delete, login and check-auth', async () => {
    const email = `${uniqueTag()}@secret.test`;
    const created = await server.call({
      method: 'POST',
      url: '/api/v1/user',
      token: root,
      payload: { firstName: 'Pass', lastName: 'Word', email, password: PASSWORD, roles: ['lead'] },
    });
    expect(created.status).toBe(201);
    const batch = await server.call({
      method: 'POST',
      url: '/api/v1/user/batch',
      token: staff.token,
      payload: [{ firstName: 'B', lastName: 'One', email: `${uniqueTag()}@secret.test`, password: PASSWORD, roles: ['lead'] }],
    });
    expect(batch.status).toBe(201);
    const login = await server.call({ method: 'POST', url: '/api/v1/auth/login', payload: { email, password: PASSWORD } });
    expect(login.status).toBe(200);
    const answers = {
      created,
      batch,
      login,
      list: await server.call({ method: 'GET', url: '/api/v1/user?limit=100', token: root }),
      staffList: await server.call({ method: 'GET', url: '/api/v1/user', token: staff.token }),
      search: await server.call({ method: 'GET', url: '/api/v1/user/search?q=secret', token: root }),
      get: await server.call({ method: 'GET', url: `/api/v1/user/${lead.id}`, token: lead.token }),
      ownPassword: await server.call({
        method: 'PATCH',
        url: `/api/v1/user/${created.body.id}`,
        token: login.body.token,
        payload: { password: `${PASSWORD}9`, currentPassword: PASSWORD },
      }),
      conflict: await server.call({
        method: 'PATCH',
        url: `/api/v1/user/${lead.id}`,
        token: root,
        payload: { firstName: 'X' },
        headers: { 'if-match': '99' },
      }),
      checkAuth: await server.call({ method: 'GET', url: '/api/v1/auth/check-auth', token: lead.token }),
      remove: await server.call({ method: 'DELETE', url: `/api/v1/user/${batch.body.users[0].id}`, token: root }),
      sync: await server.call({ method: 'GET', url: '/api/v1/sync?since=0&limit=5000', token: root }),
      leadSync: await server.call({ method: 'GET', url: '/api/v1/sync?since=0&limit=5000', token: lead.token }),
    };
    expect(answers.ownPassword.status).toBe(200);
    expect(answers.conflict.status).toBe(409);
    expect(answers.conflict.body.current.id).toBe(lead.id);
    for (const [what, answer] of Object.entries(answers)) expectNoSecrets(answer, what);
  });

  it('a password is stored only as an argon2id hash', async () => {
    const rows = await server.sql<{ password_hash: string }>(`select password_hash from users where id = '${lead.id}'`);
    expect(rows[0].password_hash).toMatch(/^\$argon2id\$/);
    const [hit] = await server.sql<{ n: number }>(
      `select (select count(*) from users t where t::text like '%${PASSWORD}%') + (select count(*) from audit_log t where t::text like '%${PASSWORD}%') + (select count(*) from idempotency_keys t where t::text like '%${PASSWORD}%') as n`,
    );
    expect(Number(hit.n)).toBe(0);
  });
});
