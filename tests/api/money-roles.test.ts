import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, expect } from 'vitest';
import { startServer, type TestServer } from './harness.ts';
import { adjust, verifiedLead, type Person } from './money-fixtures.ts';
import { checkRouteTable, signInCallers, type Caller } from './route-callers.ts';

/**
 * Who may call each money route (DESIGN.md §5–§6), written out by hand: one row per route and
 * caller, the caller being root, an admin, the lead's assigned regular staff member, another regular,
 * the lead itself, another lead, or nobody signed in. The expectations are literals, not derived
 * from the policy module under test.
 */
type Route =
  | 'GET /funds/available/:id'
  | 'GET /funds/capital/:id'
  | 'GET /funds/statement/:id'
  | 'GET /funds/statement/:id?format=csv'
  | 'GET /funds/check'
  | 'POST /funds/adjustment'
  | 'POST /withdrawal'
  | 'POST /withdrawal/:id/approve'
  | 'POST /withdrawal/:id/complete'
  | 'POST /withdrawal/:id/fail'
  | 'GET /withdrawal/:id'
  | 'GET /account/:id'
  | 'GET /ledger-entry/:id'
  | 'POST /account'
  | 'DELETE /withdrawal/:id';

//                                                root  admin assigned other  own   otherLead anon
const TABLE: Record<Route, number[]> = {
  'GET /funds/available/:id': /*            */ [200, 200, 200, 404, 200, 404, 401],
  'GET /funds/capital/:id': /*              */ [200, 200, 200, 404, 200, 404, 401],
  'GET /funds/statement/:id': /*            */ [200, 200, 200, 404, 200, 404, 401],
  'GET /funds/statement/:id?format=csv': /* */ [200, 200, 200, 404, 200, 404, 401],
  'GET /funds/check': /*                    */ [200, 200, 403, 403, 403, 403, 401],
  'POST /funds/adjustment': /*              */ [201, 201, 403, 403, 403, 403, 401],
  // For the lead: staff name it as userId; a lead asks for itself (the other lead names it: refused).
  'POST /withdrawal': /*                    */ [201, 201, 201, 403, 201, 403, 401],
  'POST /withdrawal/:id/approve': /*        */ [200, 200, 200, 404, 403, 403, 401],
  'POST /withdrawal/:id/complete': /*       */ [200, 200, 200, 404, 403, 403, 401],
  'POST /withdrawal/:id/fail': /*           */ [200, 200, 200, 404, 403, 403, 401],
  'GET /withdrawal/:id': /*                 */ [200, 200, 200, 404, 200, 404, 401],
  'GET /account/:id': /*                    */ [200, 200, 200, 404, 200, 404, 401],
  'GET /ledger-entry/:id': /*               */ [200, 200, 200, 404, 200, 404, 401],
  // Nobody writes the ledger or deletes a withdrawal through the standard set: the routes do not exist
  // (nobody signed in is told to sign in first).
  'POST /account': /*                       */ [404, 404, 404, 404, 404, 404, 401],
  'DELETE /withdrawal/:id': /*              */ [404, 404, 404, 404, 404, 404, 401],
};

let server: TestServer;
let tokens: Record<Caller, string | undefined>;
let lead: Person;
let root: string;

beforeAll(async () => {
  server = await startServer();
  root = await server.rootToken();
  const cast = await signInCallers(server, root, (assignedTo) =>
    assignedTo ? verifiedLead(server, root, { assignedTo }) : verifiedLead(server, root),
  );
  tokens = cast.tokens;
  lead = cast.lead as Person;
  const admin = { token: cast.admin };
  // Withdrawals in the rows below stay under the default threshold (10,000 €): no approvals needed.
  await adjust(server, admin.token, lead.id, 5_000);
});
afterAll(() => server?.close());

/** A pending withdrawal of 1 €, requested by the lead itself (so any staff member may approve it). */
async function pendingWithdrawal(): Promise<string> {
  const answer = await server.call({ method: 'POST', url: '/api/v1/withdrawal', token: lead.token, payload: { amount: 1 } });
  expect(answer.status, JSON.stringify(answer.body)).toBe(201);
  return answer.body.id;
}

async function request(route: Route, caller: Caller) {
  const token = tokens[caller];
  const key = { 'idempotency-key': randomUUID() };
  const [account] = await server.sql<{ id: string }>(`select id from accounts where lead_id = '${lead.id}' and kind = 'available'`);
  const [entry] = await server.sql<{ id: string }>(`select id from ledger_entries where lead_id = '${lead.id}' limit 1`);
  switch (route) {
    case 'GET /funds/available/:id':
      return server.call({ method: 'GET', url: `/api/v1/funds/available/${lead.id}`, token });
    case 'GET /funds/capital/:id':
      return server.call({ method: 'GET', url: `/api/v1/funds/capital/${lead.id}`, token });
    case 'GET /funds/statement/:id':
      return server.call({ method: 'GET', url: `/api/v1/funds/statement/${lead.id}`, token });
    case 'GET /funds/statement/:id?format=csv':
      return server.call({ method: 'GET', url: `/api/v1/funds/statement/${lead.id}?format=csv`, token });
    case 'GET /funds/check':
      return server.call({ method: 'GET', url: '/api/v1/funds/check', token });
    case 'POST /funds/adjustment':
      return server.call({
        method: 'POST',
        url: '/api/v1/funds/adjustment',
        token,
        headers: key,
        payload: { userId: lead.id, amount: 1, direction: 'credit', reason: 'role table' },
      });
    case 'POST /withdrawal':
      return server.call({
        method: 'POST',
        url: '/api/v1/withdrawal',
        token,
        headers: key,
        payload: caller === 'ownLead' ? { amount: 1 } : { amount: 1, userId: lead.id },
      });
    case 'POST /withdrawal/:id/approve':
    case 'POST /withdrawal/:id/complete':
    case 'POST /withdrawal/:id/fail': {
      const id = await pendingWithdrawal();
      const action = route.split('/').at(-1);
      const payload = action === 'complete' ? { transactionId: 'BANK-REF-1' } : action === 'fail' ? { reason: 'IBAN closed' } : undefined;
      return server.call({ method: 'POST', url: `/api/v1/withdrawal/${id}/${action}`, token, headers: key, payload });
    }
    case 'GET /withdrawal/:id':
      return server.call({ method: 'GET', url: `/api/v1/withdrawal/${await pendingWithdrawal()}`, token });
    case 'GET /account/:id':
      return server.call({ method: 'GET', url: `/api/v1/account/${account.id}`, token });
    case 'GET /ledger-entry/:id':
      return server.call({ method: 'GET', url: `/api/v1/ledger-entry/${entry.id}`, token });
    case 'POST /account':
      return server.call({ method: 'POST', url: '/api/v1/account', token, headers: key, payload: { kind: 'available', leadId: lead.id } });
    case 'DELETE /withdrawal/:id':
      return server.call({ method: 'DELETE', url: `/api/v1/withdrawal/${await pendingWithdrawal()}`, token });
  }
}

checkRouteTable('money routes by role and ownership', TABLE, request);
