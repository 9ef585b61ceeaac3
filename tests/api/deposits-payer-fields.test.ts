import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cardDeposit } from '../fixtures/card-deposit.ts';
import { startServer, type TestServer } from './harness.ts';

/**
 * CHECKLIST.md 16: a card deposit's payer fields (street, zip code, phone, card expiry) are read by its
 * own lead only; staff, admins included, get the deposit without them from every route that answers it
 * (docs/decisions/fields-readable-by-some.md). Key lists are written out by hand.
 */

/** A card deposit as staff read it: no street, zipCode, phone or cardExpirationDate. */
const STAFF_KEYS = [
  'amount',
  'bankRetryAt',
  'cardBrand',
  'cardLast4',
  'country',
  'createdBy',
  'dateCreation',
  'dateLastUpdate',
  'decidedBy',
  'failureReason',
  'fullName',
  'gatewayReference',
  'id',
  'method',
  'secureCodeTries',
  'status',
  'transactionId',
  'userId',
  'version',
];
/** As its own lead reads it. */
const OWNER_KEYS = [...STAFF_KEYS, 'cardExpirationDate', 'phone', 'street', 'zipCode'].sort();

let server: TestServer;
let root: string;
let admin: string;
let regular: string;
let lead: Awaited<ReturnType<TestServer['user']>>;
/** Completed at once; then one waiting for 3-D Secure, cancelled by staff (an action's answer). */
let paid: string;
let waiting: string;

const keysOf = (record: Record<string, unknown>) => Object.keys(record).sort();

beforeAll(async () => {
  server = await startServer();
  root = await server.rootToken();
  admin = (await server.user(root, { roles: ['admin'] })).token;
  const staff = await server.user(root, { roles: ['regular'] });
  regular = staff.token;
  lead = await server.user(root, { roles: ['lead'], assignedTo: staff.id });
  const made = await server.call({
    method: 'POST',
    url: '/api/v1/deposit/3d-secure',
    token: lead.token,
    payload: cardDeposit('4242 4242 4242 4242', { fullName: 'Payerfields Person', zipCode: '75011' }),
  });
  expect(made.status, JSON.stringify(made.body)).toBe(201);
  paid = made.body.id;
  const asking = await server.call({
    method: 'POST',
    url: '/api/v1/deposit/3d-secure',
    token: lead.token,
    payload: cardDeposit('4000 0000 0000 3220', { fullName: 'Payerfields Person' }),
  });
  expect(asking.body.status).toBe('awaiting_3d_secure');
  waiting = asking.body.id;
});
afterAll(() => server?.close());

describe("a card deposit's payer fields", () => {
  it('its own lead reads them on GET and in the card answer', async () => {
    const read = await server.call({ method: 'GET', url: `/api/v1/deposit/${paid}`, token: lead.token });
    expect(keysOf(read.body)).toEqual(OWNER_KEYS);
    expect(read.body).toMatchObject({
      street: '1 rue de la Paix',
      zipCode: '75011',
      phone: '+33 1 00 00 00 00',
      cardExpirationDate: '12/30',
    });
    const listed = await server.call({ method: 'GET', url: '/api/v1/deposit?limit=100', token: lead.token });
    expect(keysOf(listed.body.deposits.find((d: { id: string }) => d.id === paid))).toEqual(OWNER_KEYS);
  });

  for (const who of ['regular', 'admin', 'root'] as const) {
    it(`${who} staff read it without them: GET, list, search, sync`, async () => {
      const token = { regular, admin, root }[who];
      const read = await server.call({ method: 'GET', url: `/api/v1/deposit/${paid}`, token });
      expect(read.status).toBe(200);
      expect(keysOf(read.body)).toEqual(STAFF_KEYS);
      expect(read.body).toMatchObject({ id: paid, amount: 125.5, cardLast4: '4242', fullName: 'Payerfields Person', country: 'FR' });

      const listed = await server.call({ method: 'GET', url: `/api/v1/deposit?limit=100`, token });
      const row = listed.body.deposits.find((d: { id: string }) => d.id === paid);
      expect(keysOf(row)).toEqual(STAFF_KEYS);

      const found = await server.call({ method: 'GET', url: `/api/v1/deposit/search?q=Payerfields`, token });
      expect(found.body.count).toBe(2);
      for (const deposit of found.body.deposits) expect(keysOf(deposit)).toEqual(STAFF_KEYS);

      const synced = await server.call({ method: 'GET', url: '/api/v1/sync?since=0&limit=1000', token });
      const change = synced.body.changes.find((c: { id: string }) => c.id === paid);
      expect(change.op).toBe('upsert');
      expect(keysOf(change.record)).toEqual(STAFF_KEYS);
    });
  }

  it("the lead's own /sync carries them", async () => {
    const synced = await server.call({ method: 'GET', url: '/api/v1/sync?since=0&limit=1000', token: lead.token });
    const change = synced.body.changes.find((c: { id: string }) => c.id === paid);
    expect(keysOf(change.record)).toEqual(OWNER_KEYS);
  });

  it("an action's answer to staff (cancel) leaves them out; the row keeps them", async () => {
    const cancelled = await server.call({ method: 'PATCH', url: `/api/v1/deposit/${waiting}/cancel`, token: admin });
    expect(cancelled.status, JSON.stringify(cancelled.body)).toBe(200);
    expect(cancelled.body.status).toBe('cancelled');
    expect(keysOf(cancelled.body)).toEqual(STAFF_KEYS);
    const [row] = await server.sql<{ street: string }>(`select street from deposits where id = '${waiting}'`);
    expect(row.street).toBe('1 rue de la Paix');
    const own = await server.call({ method: 'GET', url: `/api/v1/deposit/${waiting}`, token: lead.token });
    expect(keysOf(own.body)).toEqual(OWNER_KEYS);
  });

  it("a regular staff member's action answer (fail a bank transfer) has none of them either", async () => {
    const entered = await server.call({ method: 'POST', url: '/api/v1/deposit', token: admin, payload: { amount: 40, userId: lead.id } });
    expect(entered.status).toBe(201);
    const failed = await server.call({
      method: 'POST',
      url: `/api/v1/deposit/${entered.body.id}/fail`,
      token: regular,
      payload: { reason: 'The transfer never arrived' },
    });
    expect(failed.status, JSON.stringify(failed.body)).toBe(200);
    expect(failed.body.status).toBe('failed');
    expect(keysOf(failed.body)).toEqual(STAFF_KEYS);
  });

  it('a card payment staff make for the lead answers them without the payer fields', async () => {
    const made = await server.call({
      method: 'POST',
      url: '/api/v1/deposit/3d-secure',
      token: regular,
      payload: cardDeposit('4242 4242 4242 4242', { userId: lead.id, amount: 10 }),
    });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    expect(made.body).not.toHaveProperty('cardExpirationDate');
    expect(made.body).not.toHaveProperty('street');
  });

  it('a batch of bank transfers answers staff without them', async () => {
    const batch = await server.call({
      method: 'POST',
      url: '/api/v1/deposit/batch',
      token: regular,
      payload: [{ amount: 10, userId: lead.id }],
    });
    expect(batch.status, JSON.stringify(batch.body)).toBe(201);
    expect(keysOf(batch.body.deposits[0])).toEqual(STAFF_KEYS);
  });
});
