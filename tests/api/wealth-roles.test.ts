import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adjust } from './money-fixtures.ts';
import { startServer, type TestServer } from './harness.ts';
import { DIVIDEND_FOUR_EYES, MATRIX_ROLES, WEALTH_READS, type MatrixRole } from './role-expectations.ts';

/** The role matrix of the wealth routes beside the standard set, against the literal tables of role-expectations.ts. */
let server: TestServer;
const tokens = {} as Record<MatrixRole, string>;
let ownLead: string;
const investmentOf = {} as Record<'mine' | 'other', string>;

beforeAll(async () => {
  server = await startServer();
  tokens.root = await server.rootToken();
  tokens.admin = (await server.user(tokens.root, { roles: ['admin'] })).token;
  const regular = await server.user(tokens.root, { roles: ['regular'] });
  tokens.regular = regular.token;
  const lead = await server.user(tokens.root, { roles: ['lead'], assignedTo: regular.id });
  tokens.lead = lead.token;
  ownLead = lead.id;
  const other = await server.user(tokens.root, { roles: ['lead'] });
  for (const [key, id] of [
    ['mine', lead.id],
    ['other', other.id],
  ] as const) {
    await adjust(server, tokens.root, id, 5_000);
    const opened = await server.call({
      method: 'POST',
      url: '/api/v1/investment',
      token: tokens.root,
      payload: {
        userId: id,
        name: 'Matrix',
        initialAmount: 1_000,
        rentability: 5,
        dividendFrequency: 'yearly',
        expirationDate: '2099-01-01T00:00:00.000Z',
      },
    });
    expect(opened.status).toBe(201);
    investmentOf[key] = opened.body.id;
  }
}, 120_000);
afterAll(() => server?.close());

describe('wealth routes × roles', () => {
  it.each(MATRIX_ROLES)('%s: GET /investment/:id/schedule answers as the table says', async (role) => {
    for (const [ownership, expected] of Object.entries(WEALTH_READS.schedule[role])) {
      const id = ownership === 'other' ? investmentOf.other : investmentOf.mine;
      const { status } = await server.call({ method: 'GET', url: `/api/v1/investment/${id}/schedule`, token: tokens[role] });
      expect(status, ownership).toBe(expected);
    }
  });

  it.each(MATRIX_ROLES)('%s: GET /investment/stats counts what the table says', async (role) => {
    const { status, body } = await server.call({ method: 'GET', url: '/api/v1/investment/stats', token: tokens[role] });
    expect(status).toBe(200);
    expect(body.stats.count).toBe(WEALTH_READS.stats[role]);
  });

  it.each(['root', 'admin', 'regular'] as const)('a dividend entered by %s: who may complete it', async (enterer) => {
    for (const completer of MATRIX_ROLES) {
      const entered = await server.call({
        method: 'POST',
        url: '/api/v1/dividend',
        token: tokens[enterer],
        payload: { amount: 1, investmentId: investmentOf.mine },
      });
      expect(entered.status).toBe(201);
      const done = await server.call({
        method: 'POST',
        url: `/api/v1/dividend/${entered.body.id}/complete`,
        token: tokens[completer],
        headers: { 'idempotency-key': randomUUID() },
      });
      expect(done.status, `${enterer} → ${completer}`).toBe(DIVIDEND_FOUR_EYES[enterer][completer]);
    }
    const credited = await server.sql<{ n: number }>(
      `select count(*)::int n from transfers t join dividends d on d.id = t.source_id where d.user_id = '${ownLead}' and d.status = 'completed'`,
    );
    expect(credited[0].n).toBeGreaterThan(0);
  });

  it('a lead enters no dividend (403), nor on another lead (regular: 403)', async () => {
    const byLead = await server.call({
      method: 'POST',
      url: '/api/v1/dividend',
      token: tokens.lead,
      payload: { amount: 1, investmentId: investmentOf.mine },
    });
    expect(byLead.status).toBe(403);
    const outside = await server.call({
      method: 'POST',
      url: '/api/v1/dividend',
      token: tokens.regular,
      payload: { amount: 1, investmentId: investmentOf.other },
    });
    expect(outside.status).toBe(403);
  });
});
