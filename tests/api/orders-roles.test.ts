import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { manualClock } from '../../src/server/scheduler/clock.ts';
import { fixedFeed } from './fixed-feed.ts';
import { startServer, type TestServer } from './harness.ts';
import { adjust } from './money-fixtures.ts';
import { MATRIX_ROLES, ORDER_ROUTES, type MatrixRole } from './role-expectations.ts';

/** Trading's routes × role × whose lead, against the literal table ORDER_ROUTES of role-expectations.ts. */
const START = new Date('2026-11-27T10:00:00Z');
let server: TestServer;
const tokens = {} as Record<MatrixRole, string>;
/** The lead each role acts on as `own` (itself for a lead, an assigned one for a regular) and a lead of another staff member. */
const leads = {} as Record<MatrixRole, { own: string; other: string }>;
const ticket = { market: 'forex', symbol: 'EURUSD', type: 'buy', quantity: 0.01, leverage: 10 };

beforeAll(async () => {
  server = await startServer({ clock: manualClock(START), priceFeed: fixedFeed(START) });
  tokens.root = await server.rootToken();
  const admin = await server.user(tokens.root, { roles: ['admin'] });
  const regular = await server.user(tokens.root, { roles: ['regular'] });
  const otherStaff = await server.user(tokens.root, { roles: ['regular'] });
  tokens.admin = admin.token;
  tokens.regular = regular.token;
  const lead = await server.user(tokens.root, { roles: ['lead'], assignedTo: regular.id });
  tokens.lead = lead.token;
  const regularsLead = await server.user(tokens.root, { roles: ['lead'], assignedTo: regular.id });
  const othersLead = await server.user(tokens.root, { roles: ['lead'], assignedTo: otherStaff.id });
  for (const id of [lead.id, regularsLead.id, othersLead.id]) expect((await adjust(server, tokens.root, id, 1_000)).status).toBe(201);
  leads.root = { own: regularsLead.id, other: othersLead.id };
  leads.admin = { own: regularsLead.id, other: othersLead.id };
  leads.regular = { own: regularsLead.id, other: othersLead.id };
  leads.lead = { own: lead.id, other: othersLead.id };
});
afterAll(() => server?.close());

const call = (token: string, url: string, payload?: unknown) =>
  server.call({ method: 'POST', url, token, headers: { 'idempotency-key': randomUUID() }, ...(payload ? { payload } : {}) });
const opened = async (userId: string) => (await call(tokens.root, '/api/v1/order', { ...ticket, userId })).body.id as string;

describe('trading routes by role', () => {
  for (const role of MATRIX_ROLES) {
    for (const whose of ['own', 'other'] as const) {
      it(`${role} on ${whose === 'own' ? 'its own' : "another's"} lead: open, close at the market, close with a chosen loss`, async () => {
        const userId = leads[role][whose];
        const open = await call(tokens[role], '/api/v1/order', role === 'lead' && whose === 'own' ? ticket : { ...ticket, userId });
        expect(open.status, JSON.stringify(open.body)).toBe(ORDER_ROUTES.open[role][whose]);
        const close = await call(tokens[role], `/api/v1/order/${await opened(userId)}/close`);
        expect(close.status, JSON.stringify(close.body)).toBe(ORDER_ROUTES.close[role][whose]);
        const loss = await call(tokens[role], `/api/v1/order/${await opened(userId)}/close`, { profit: -1 });
        expect(loss.status, JSON.stringify(loss.body)).toBe(ORDER_ROUTES.closeWithLoss[role][whose]);
      });
    }
    it(`${role} reads order stats`, async () => {
      expect((await server.call({ method: 'GET', url: '/api/v1/order/stats', token: tokens[role] })).status).toBe(200);
    });
  }
});
