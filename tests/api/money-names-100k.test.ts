import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type TestServer } from './harness.ts';

/**
 * Every lead named at any size (issue 24, CHECKLIST item 2), with 100,000 leads: the money screens
 * never preload a list of leads. A row's lead is read by id (GET /user/:id online, the mirror's record
 * offline), the picker searches as one types (GET /user/search), and a record's history and its
 * statement's export name the lead with the email that tells namesakes apart. The leads go in through
 * the bulk path (POST /user/batch, 10,000 a call, no passwords to hash).
 */
const LEADS = 100_000;
const BATCH = 10_000;

let server: TestServer;
let root: string;
let last: { id: string; email: string };

beforeAll(async () => {
  server = await startServer();
  root = await server.rootToken();
  for (let first = 0; first < LEADS; first += BATCH) {
    const batch = Array.from({ length: BATCH }, (_, j) => {
      const n = first + j;
      // The last lead has a name of its own and a namesake-free email; the rest share a few names.
      return n === LEADS - 1
        ? { firstName: 'Yann', lastName: 'Quatremare', email: 'yann.quatremare@names.test', roles: ['lead'] }
        : { firstName: 'Lead', lastName: `Many${n % 275}`, email: `lead${n}@names.test`, roles: ['lead'] };
    });
    const answer = await server.call({ method: 'POST', url: '/api/v1/user/batch', token: root, payload: batch });
    expect(answer.status, JSON.stringify(answer.body).slice(0, 300)).toBe(201);
    if (first + BATCH >= LEADS) last = answer.body.users.at(-1);
  }
}, 600_000);
afterAll(() => server?.close());

describe('100,000 leads: the money screens name each one', () => {
  let depositId: string;

  beforeAll(async () => {
    const entered = await server.call({
      method: 'POST',
      url: '/api/v1/deposit',
      token: root,
      payload: { userId: last.id, amount: 42.5 },
      headers: { 'idempotency-key': randomUUID() },
    });
    expect(entered.status, JSON.stringify(entered.body)).toBe(201);
    depositId = entered.body.id;
  });

  it('the picker finds the 100,000th lead as one types, with its email', async () => {
    const filters = encodeURIComponent(JSON.stringify([{ field: 'roles', values: ['lead'] }]));
    const answer = await server.call({ method: 'GET', url: `/api/v1/user/search?q=Quatrem&filters=${filters}&limit=20`, token: root });
    expect(answer.status).toBe(200);
    expect(answer.body.count).toBe(1);
    expect(answer.body.users.map((u: any) => [u.firstName, u.lastName, u.email])).toEqual([
      ['Yann', 'Quatremare', 'yann.quatremare@names.test'],
    ]);
  });

  it("a deposit row's lead is read by id, and its history names the lead and who entered it", async () => {
    const list = await server.call({ method: 'GET', url: '/api/v1/deposit?limit=20', token: root });
    expect(list.body.deposits.map((d: any) => d.userId)).toEqual([last.id]);
    const lead = await server.call({ method: 'GET', url: `/api/v1/user/${last.id}`, token: root });
    expect([lead.body.firstName, lead.body.lastName, lead.body.email]).toEqual(['Yann', 'Quatremare', 'yann.quatremare@names.test']);
    const history = await server.call({ method: 'GET', url: `/api/v1/deposit/${depositId}/history`, token: root });
    expect(history.body.lead).toEqual({ id: last.id, name: 'Yann Quatremare', email: 'yann.quatremare@names.test' });
    expect(history.body.enteredBy?.email).toBe('root@test.local');
  });

  it("the statement's export names its holder", async () => {
    const csv = await server.call({ method: 'GET', url: `/api/v1/funds/statement/${last.id}?format=csv`, token: root });
    expect(String(csv.body).split('\r\n')[0]).toBe('Statement of,Yann Quatremare (yann.quatremare@names.test)');
  });
});
