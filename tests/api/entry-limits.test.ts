import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type TestServer } from './harness.ts';

/**
 * CHECKLIST.md 14: an amount entered by hand (a bank transfer staff enter, a withdrawal, a manual
 * adjustment) has a maximum per entry (€1,000,000) and per lead and kind in 24 hours (€5,000,000):
 * 422 on the amount, the limit named as money in the reader's language, nothing created
 * (docs/decisions/entry-limits.md). Amounts and messages are written out by hand.
 */
let server: TestServer;
let root: string;
let admin: string;

beforeAll(async () => {
  server = await startServer();
  root = await server.rootToken();
  admin = (await server.user(root, { roles: ['admin'] })).token;
});
afterAll(() => server?.close());

const newLead = async () => (await server.user(root, { roles: ['lead'] })).id;
const count = async (table: string, leadId: string) =>
  Number((await server.sql<{ n: string }>(`select count(*) as n from ${table} where user_id = '${leadId}'`))[0].n);
const deposit = (userId: string, amount: number, lang = 'en') =>
  server.call({ method: 'POST', url: '/api/v1/deposit', token: admin, payload: { userId, amount }, headers: { 'x-lang': lang } });
const adjustment = (userId: string, amount: number, lang = 'en') =>
  server.call({
    method: 'POST',
    url: '/api/v1/funds/adjustment',
    token: admin,
    payload: { id: randomUUID(), userId, amount, direction: 'credit', reason: 'Correction' },
    headers: { 'x-lang': lang },
  });

describe('the maximum per entry', () => {
  it('a bank transfer above €1,000,000 is refused in English and French, nothing created; €1,000,000 is accepted', async () => {
    const lead = await newLead();
    const en = await deposit(lead, 1_000_000.01);
    expect(en.status).toBe(422);
    expect(en.body).toEqual({
      message: 'An amount entered can be at most €1,000,000.00',
      code: 'ENTRY_MAX',
      details: { amount: 'An amount entered can be at most €1,000,000.00' },
    });
    const fr = await deposit(lead, 2_000_000, 'fr');
    expect(fr.status).toBe(422);
    expect(fr.body.details).toEqual({ amount: 'Un montant saisi ne peut pas dépasser 1\u202f000\u202f000,00\u00a0€' });
    expect(await count('deposits', lead)).toBe(0);
    expect((await deposit(lead, 1_000_000)).status).toBe(201);
  });

  it('a manual adjustment above it too (German), and a withdrawal', async () => {
    const lead = await newLead();
    const de = await adjustment(lead, 1_500_000, 'de');
    expect(de.status).toBe(422);
    expect(de.body).toMatchObject({
      code: 'ENTRY_MAX',
      details: { amount: 'Ein erfasster Betrag darf höchstens 1.000.000,00\u00a0€ betragen' },
    });
    expect(await count('adjustments', lead)).toBe(0);
    const withdrawal = await server.call({
      method: 'POST',
      url: '/api/v1/withdrawal',
      token: admin,
      payload: { userId: lead, amount: 1_000_001 },
    });
    expect(withdrawal.status).toBe(422);
    expect(withdrawal.body).toMatchObject({ code: 'ENTRY_MAX', details: { amount: 'An amount entered can be at most €1,000,000.00' } });
    expect(await count('withdrawals', lead)).toBe(0);
  });

  it('another problem besides it is a 400 naming both fields', async () => {
    const refused = await server.call({
      method: 'POST',
      url: '/api/v1/deposit',
      token: admin,
      payload: { userId: 'nope', amount: 9_000_000 },
    });
    expect(refused.status).toBe(400);
    expect(refused.body.code).toBe('VALIDATION');
    expect(Object.keys(refused.body.details).sort()).toEqual(['amount', 'userId']);
    expect(refused.body.details.amount).toBe('An amount entered can be at most €1,000,000.00');
  });
});

describe('the maximum per lead in 24 hours', () => {
  it('bank transfers add up to €5,000,000 at most; what is left is named, nothing more is created', async () => {
    const lead = await newLead();
    for (const amount of [1_000_000, 1_000_000, 1_000_000, 1_000_000, 500_000]) expect((await deposit(lead, amount)).status).toBe(201);
    const en = await deposit(lead, 600_000);
    expect(en.status).toBe(422);
    expect(en.body).toEqual({
      message: 'Entries of this kind for one lead are limited to €5,000,000.00 in 24 hours: at most €500,000.00 more for now',
      code: 'ENTRY_DAILY_MAX',
      details: { amount: 'Entries of this kind for one lead are limited to €5,000,000.00 in 24 hours: at most €500,000.00 more for now' },
    });
    const fr = await deposit(lead, 500_000.01, 'fr');
    expect(fr.status).toBe(422);
    expect(fr.body.message).toBe(
      'Les saisies de ce type pour un prospect sont limitées à 5\u202f000\u202f000,00\u00a0€ sur 24 heures : au plus 500\u202f000,00\u00a0€ de plus pour l’instant',
    );
    expect(await count('deposits', lead)).toBe(5);
    // Up to the limit exactly; a failed transfer gives its part back.
    const last = await deposit(lead, 500_000);
    expect(last.status).toBe(201);
    expect(
      (
        await server.call({
          method: 'POST',
          url: `/api/v1/deposit/${last.body.id}/fail`,
          token: root,
          payload: { reason: 'The transfer never arrived' },
        })
      ).status,
    ).toBe(200);
    expect((await deposit(lead, 500_000)).status).toBe(201);
    expect((await deposit(lead, 0.01)).status).toBe(422);
  });

  it('entries sent at once wait for each other: six of €1,000,000 make five', async () => {
    const lead = await newLead();
    const answers = await Promise.all(Array.from({ length: 6 }, () => deposit(lead, 1_000_000)));
    expect(answers.map((a) => a.status).sort()).toEqual([201, 201, 201, 201, 201, 422]);
    expect(await count('deposits', lead)).toBe(5);
  });

  it('a batch is summed with itself: the item past the limit is named, none is created', async () => {
    const lead = await newLead();
    const batch = await server.call({
      method: 'POST',
      url: '/api/v1/deposit/batch',
      token: admin,
      payload: [1_000_000, 1_000_000, 1_000_000, 1_000_000, 1_000_000, 1].map((amount) => ({ userId: lead, amount })),
    });
    expect(batch.status).toBe(422);
    expect(batch.body.code).toBe('ENTRY_DAILY_MAX');
    expect(batch.body.details).toEqual({
      items: { 5: { amount: 'Entries of this kind for one lead are limited to €5,000,000.00 in 24 hours: at most €0.00 more for now' } },
    });
    expect(await count('deposits', lead)).toBe(0);
  });

  it('adjustments of one lead count apart from its deposits', async () => {
    const lead = await newLead();
    expect((await deposit(lead, 1_000_000)).status).toBe(201);
    for (let i = 0; i < 5; i++) expect((await adjustment(lead, 1_000_000)).status).toBe(201);
    const over = await adjustment(lead, 0.01, 'fr');
    expect(over.status).toBe(422);
    expect(over.body).toMatchObject({ code: 'ENTRY_DAILY_MAX' });
    expect(over.body.details.amount).toBe(
      'Les saisies de ce type pour un prospect sont limitées à 5\u202f000\u202f000,00\u00a0€ sur 24 heures : au plus 0,00\u00a0€ de plus pour l’instant',
    );
    expect(await count('adjustments', lead)).toBe(5);
  });
});
