import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, expect } from 'vitest';
import { startServer, type TestServer } from './harness.ts';
import { cardDeposit } from '../fixtures/card-deposit.ts';
import { checkRouteTable, signInCallers, type Caller } from './route-callers.ts';

/**
 * Who may call each deposit route (DESIGN.md §5–§6), written out by hand: one row per route, one
 * column per caller (root, an admin, the lead's assigned regular, another regular, the lead itself,
 * another lead, nobody signed in). Literals, not derived from the policy module under test.
 */
type Route =
  | 'POST /deposit/3d-secure'
  | 'POST /deposit/:id/confirm-3d-secure'
  | 'PATCH /deposit/:id/cancel'
  | 'POST /deposit'
  | 'POST /deposit/:id/complete'
  | 'POST /deposit/:id/fail'
  | 'GET /deposit/:id'
  | 'PATCH /deposit/:id'
  | 'DELETE /deposit/:id'
  | 'GET /deposit/stats'
  | 'GET /withdrawal/stats'
  | 'GET /deposit/gateway';

//                                                    root  admin assigned other  own   otherLead anon
const TABLE: Record<Route, number[]> = {
  // Staff name the lead as userId; the lead pays for itself; another lead naming it is refused.
  'POST /deposit/3d-secure': /*                 */ [201, 201, 201, 403, 201, 403, 401],
  'POST /deposit/:id/confirm-3d-secure': /*     */ [200, 200, 200, 404, 200, 404, 401],
  'PATCH /deposit/:id/cancel': /*               */ [200, 200, 200, 404, 200, 404, 401],
  // Staff enter bank transfers; leads deposit by card only.
  'POST /deposit': /*                           */ [201, 201, 201, 403, 403, 403, 401],
  'POST /deposit/:id/complete': /*              */ [200, 200, 200, 404, 403, 403, 401],
  'POST /deposit/:id/fail': /*                  */ [200, 200, 200, 404, 403, 403, 401],
  'GET /deposit/:id': /*                        */ [200, 200, 200, 404, 200, 404, 401],
  'PATCH /deposit/:id': /*                      */ [200, 200, 200, 404, 403, 403, 401],
  'DELETE /deposit/:id': /*                     */ [200, 200, 403, 403, 403, 403, 401],
  // Everyone signed in, each within their own scope.
  'GET /deposit/stats': /*                      */ [200, 200, 200, 200, 200, 200, 401],
  'GET /withdrawal/stats': /*                   */ [200, 200, 200, 200, 200, 200, 401],
  'GET /deposit/gateway': /*                    */ [200, 200, 200, 200, 200, 200, 401],
};

let server: TestServer;
let tokens: Record<Caller, string | undefined>;
let leadId: string;
let leadToken: string;
let root: string;
/** Enters the pending bank transfers: none of the callers, so four eyes (DESIGN.md §6) keeps no caller from completing one. */
let clerk: string;

beforeAll(async () => {
  server = await startServer();
  root = await server.rootToken();
  clerk = (await server.user(root, { roles: ['admin'] })).token;
  const cast = await signInCallers(server, root, (assignedTo) =>
    server.user(root, { roles: ['lead'], ...(assignedTo ? { assignedTo } : {}) }),
  );
  tokens = cast.tokens;
  leadId = cast.lead.id;
  leadToken = cast.lead.token;
}, 120_000);
afterAll(() => server?.close());

const card = (cardNumber: string, userId?: string) => cardDeposit(cardNumber, { amount: 5, ...(userId ? { userId } : {}) });

/** A fresh deposit of the lead: awaiting 3-D Secure (by card) or a pending bank transfer. */
async function awaiting(): Promise<string> {
  const answer = await server.call({
    method: 'POST',
    url: '/api/v1/deposit/3d-secure',
    token: leadToken,
    payload: card('4000000000003220'),
  });
  expect(answer.body.status).toBe('awaiting_3d_secure');
  return answer.body.id;
}
async function pending(): Promise<string> {
  const answer = await server.call({ method: 'POST', url: '/api/v1/deposit', token: clerk, payload: { amount: 5, userId: leadId } });
  expect(answer.body.status).toBe('pending');
  return answer.body.id;
}

async function request(route: Route, caller: Caller) {
  const token = tokens[caller];
  const headers = { 'idempotency-key': randomUUID() };
  switch (route) {
    case 'POST /deposit/3d-secure':
      return server.call({
        method: 'POST',
        url: '/api/v1/deposit/3d-secure',
        token,
        headers,
        payload: card('4242424242424242', caller === 'ownLead' ? undefined : leadId),
      });
    case 'POST /deposit/:id/confirm-3d-secure':
      return server.call({
        method: 'POST',
        url: `/api/v1/deposit/${await awaiting()}/confirm-3d-secure`,
        token,
        headers,
        payload: { secureCode: '123456' },
      });
    case 'PATCH /deposit/:id/cancel':
      return server.call({ method: 'PATCH', url: `/api/v1/deposit/${await awaiting()}/cancel`, token, headers });
    case 'POST /deposit':
      return server.call({ method: 'POST', url: '/api/v1/deposit', token, headers, payload: { amount: 5, userId: leadId } });
    case 'POST /deposit/:id/complete':
      return server.call({ method: 'POST', url: `/api/v1/deposit/${await pending()}/complete`, token, headers });
    case 'POST /deposit/:id/fail':
      return server.call({
        method: 'POST',
        url: `/api/v1/deposit/${await pending()}/fail`,
        token,
        headers,
        payload: { reason: 'The transfer never arrived' },
      });
    case 'GET /deposit/:id':
      return server.call({ method: 'GET', url: `/api/v1/deposit/${await pending()}`, token });
    case 'PATCH /deposit/:id':
      return server.call({
        method: 'PATCH',
        url: `/api/v1/deposit/${await pending()}`,
        token,
        headers,
        payload: { transactionId: 'ROLE-1' },
      });
    case 'DELETE /deposit/:id':
      return server.call({ method: 'DELETE', url: `/api/v1/deposit/${await pending()}`, token, headers });
    case 'GET /deposit/stats':
      return server.call({ method: 'GET', url: '/api/v1/deposit/stats', token });
    case 'GET /withdrawal/stats':
      return server.call({ method: 'GET', url: '/api/v1/withdrawal/stats', token });
    case 'GET /deposit/gateway':
      return server.call({ method: 'GET', url: '/api/v1/deposit/gateway', token });
  }
}

checkRouteTable('deposit routes by role and ownership', TABLE, request);
