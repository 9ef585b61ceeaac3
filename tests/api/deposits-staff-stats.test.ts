import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { manualClock } from '../../src/server/scheduler/clock.ts';
import { fingerprint } from './database-state.ts';
import { startServer, type TestServer } from './harness.ts';
import { cardDeposit } from '../fixtures/card-deposit.ts';

/**
 * Staff-entered deposits (bank transfers: pending, then complete or fail, audited) and the deposit and
 * withdrawal stats (by status, first-time, net flow, daily in the caller's time zone). Every expected
 * figure below is computed by hand from the records this file makes.
 */
type Person = Awaited<ReturnType<TestServer['user']>>;

let server: TestServer;
let root: string;
let regular: Person;
let leadA: Person;
let leadB: Person;
/** Completes what root entered: four eyes (DESIGN.md §6) keeps root from completing its own. */
let second: Person;

beforeAll(async () => {
  server = await startServer({ clock: manualClock(new Date('2026-03-02T12:00:00Z')) });
  root = await server.rootToken();
  regular = await server.user(root, { roles: ['regular'] });
  leadA = await server.user(root, { roles: ['lead'], assignedTo: regular.id });
  leadB = await server.user(root, { roles: ['lead'] });
  second = await server.user(root, { roles: ['admin'] });
}, 120_000);
afterAll(() => server?.close());

async function available(leadId: string): Promise<number> {
  const rows = await server.sql<{ cents: string }>(
    `select coalesce(sum(balance * 100), 0)::bigint as cents from accounts where lead_id = '${leadId}' and kind = 'available'`,
  );
  return Number(rows[0].cents);
}

const transfer = (token: string, payload: Record<string, unknown>, headers: Record<string, string> = {}) =>
  server.call({ method: 'POST', url: '/api/v1/deposit', token, payload, headers });
const act = (token: string, id: string, action: string, payload?: unknown, headers: Record<string, string> = {}) =>
  server.call({ method: 'POST', url: `/api/v1/deposit/${id}/${action}`, token, payload: payload as object, headers });

describe('staff-entered deposits', () => {
  it('start pending as a bank transfer; staff complete one (bank → available, audited) and fail another', async () => {
    const created = await transfer(root, { amount: 310.4, userId: leadA.id, transactionId: 'BANK-1' });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect(created.body).toMatchObject({ status: 'pending', method: 'bank_transfer', amount: 310.4, cardLast4: null });
    const before = await available(leadA.id);
    const done = await act(regular.token, created.body.id, 'complete');
    expect(done.status, JSON.stringify(done.body)).toBe(200);
    expect(done.body.status).toBe('completed');
    expect(await available(leadA.id)).toBe(before + 31_040);
    const bank = await server.sql<{ kind: string }>(
      `select a.kind from transfers t join accounts a on a.id = t.from_account_id where t.source_id = '${created.body.id}'`,
    );
    expect(bank).toEqual([{ kind: 'bank' }]);
    const audit = await server.sql<{ actor_id: string }>(
      `select actor_id from audit_log where action = 'deposit.complete' and entity_id = '${created.body.id}'`,
    );
    expect(audit).toEqual([{ actor_id: regular.id }]);

    const other = await transfer(root, { amount: 12, userId: leadA.id });
    const failed = await act(root, other.body.id, 'fail', { reason: 'The transfer never arrived' });
    expect(failed.body).toMatchObject({ status: 'failed', failureReason: 'rejected_by_staff' });
    expect(await available(leadA.id)).toBe(before + 31_040);
    expect((await act(root, other.body.id, 'complete')).body.code).toBe('INVALID_TRANSITION');
    expect((await act(root, created.body.id, 'complete')).status).toBe(422);
  });

  it('nobody creates a deposit in another state than pending; a lead creates none through the standard set', async () => {
    const before = await fingerprint(server);
    for (const status of ['completed', 'failed', 'awaiting_3d_secure']) {
      const answer = await transfer(regular.token, { amount: 10, userId: leadA.id, status });
      expect(answer.status).toBe(422);
      expect(answer.body.code).toBe('INVALID_TRANSITION');
    }
    expect((await transfer(root, { amount: 10, userId: leadA.id, status: 'completed' })).status).toBe(422);
    expect((await transfer(leadA.token, { amount: 10, userId: leadA.id })).status).toBe(403);
    const withCard = await transfer(root, { amount: 10, userId: leadA.id, cardNumber: '4242424242424242' });
    expect(withCard.status).toBe(400);
    expect(JSON.stringify(withCard.body)).not.toContain('4242424242424242');
    expect(await fingerprint(server)).toBe(before);
  });

  it('a lead cannot complete, fail or patch a deposit; status, amount and owner never change through PATCH', async () => {
    const created = await transfer(root, { amount: 20, userId: leadA.id });
    const before = await fingerprint(server);
    expect((await act(leadA.token, created.body.id, 'complete')).status).toBe(403);
    expect((await act(leadA.token, created.body.id, 'fail', { reason: 'The transfer never arrived' })).status).toBe(403);
    const patch = (token: string, payload: object) =>
      server.call({ method: 'PATCH', url: `/api/v1/deposit/${created.body.id}`, token, payload });
    expect((await patch(leadA.token, { transactionId: 'MINE' })).status).toBe(403);
    for (const payload of [{ status: 'completed' }, { amount: 99 }, { userId: leadB.id }]) {
      const answer = await patch(root, payload);
      expect(answer.status).toBeGreaterThanOrEqual(400);
      expect(answer.status).toBeLessThan(500);
    }
    expect(await fingerprint(server)).toBe(before);
    // The bank's reference may be added while pending, never after.
    expect((await patch(regular.token, { transactionId: 'BANK-2' })).body.transactionId).toBe('BANK-2');
    await act(second.token, created.body.id, 'complete');
    const late = await server.call({
      method: 'PATCH',
      url: `/api/v1/deposit/${created.body.id}`,
      token: root,
      payload: { transactionId: 'X' },
      headers: { 'x-lang': 'fr' },
    });
    expect(late.status).toBe(422);
    expect(late.body.code).toBe('INVALID_TRANSITION');
  });

  it('a completed deposit cannot be deleted (its credit stays booked); a failed one can, by an admin', async () => {
    const done = await transfer(root, { amount: 9, userId: leadA.id });
    await act(second.token, done.body.id, 'complete');
    const before = await fingerprint(server);
    const refused = await server.call({ method: 'DELETE', url: `/api/v1/deposit/${done.body.id}`, token: root });
    expect(refused.status).toBe(422);
    expect(refused.body.code).toBe('INVALID_TRANSITION');
    expect(await fingerprint(server)).toBe(before);
    const failed = await transfer(root, { amount: 9, userId: leadA.id });
    await act(root, failed.body.id, 'fail', { reason: 'The transfer never arrived' });
    expect((await server.call({ method: 'DELETE', url: `/api/v1/deposit/${failed.body.id}`, token: regular.token })).status).toBe(403);
    expect((await server.call({ method: 'DELETE', url: `/api/v1/deposit/${failed.body.id}`, token: root })).status).toBe(200);
  });

  it('regular staff act on their own leads only; the owner (or staff) cancels a pending transfer', async () => {
    const forB = await transfer(root, { amount: 15, userId: leadB.id });
    expect((await act(regular.token, forB.body.id, 'complete')).status).toBe(404);
    expect((await transfer(regular.token, { amount: 15, userId: leadB.id })).status).toBe(403);
    const cancelled = await server.call({ method: 'PATCH', url: `/api/v1/deposit/${forB.body.id}/cancel`, token: leadB.token });
    expect(cancelled.body.status).toBe('cancelled');
  });
});

describe('stats', () => {
  let ids: Record<string, string>;
  beforeAll(async () => {
    // A server of its own, so every figure is known.
    await server.close();
    server = await startServer({ clock: manualClock(new Date('2026-03-02T12:00:00Z')) });
    root = await server.rootToken();
    regular = await server.user(root, { roles: ['regular'] });
    leadA = await server.user(root, { roles: ['lead'], assignedTo: regular.id });
    leadB = await server.user(root, { roles: ['lead'] });
    second = await server.user(root, { roles: ['admin'] });
    const card = (amount: number, cardNumber: string) => cardDeposit(cardNumber, { amount });
    const byCard = async (amount: number, number: string) =>
      (await server.call({ method: 'POST', url: '/api/v1/deposit/3d-secure', token: leadA.token, payload: card(amount, number) })).body.id;
    const d1 = await byCard(100, '4242424242424242');
    const d2 = await byCard(50.25, '5555555555554444');
    const d3 = await byCard(30, '4000000000000002');
    const d4 = (await transfer(root, { amount: 200, userId: leadB.id })).body.id;
    await act(second.token, d4, 'complete');
    const d5 = (await transfer(root, { amount: 70, userId: leadB.id })).body.id;
    await server.sql(`update users set verification_status = 'verified' where id = '${leadA.id}'`);
    const w1 = await server.call({ method: 'POST', url: '/api/v1/withdrawal', token: leadA.token, payload: { amount: 40 } });
    expect(w1.status, JSON.stringify(w1.body)).toBe(201);
    const completed = await server.call({
      method: 'POST',
      url: `/api/v1/withdrawal/${w1.body.id}/complete`,
      token: root,
      payload: { transactionId: 'BANK-REF-1' },
    });
    expect(completed.status, JSON.stringify(completed.body)).toBe(200);
    ids = { d1, d2, d3, d4, d5, w1: w1.body.id };
    await server.sql(`update deposits set date_creation = '2026-03-01T23:30:00Z' where id = '${d1}'`);
    await server.sql(`update deposits set date_creation = '2026-03-02T10:00:00Z' where id in ('${d2}', '${d3}')`);
    await server.sql(`update deposits set date_creation = '2026-03-02T11:00:00Z' where id in ('${d4}', '${d5}')`);
    await server.sql(`update withdrawals set date_creation = '2026-03-02T12:00:00Z' where id = '${w1.body.id}'`);
  }, 120_000);

  const get = (url: string, token: string, headers: Record<string, string> = {}) => server.call({ method: 'GET', url, token, headers });
  const zero = { count: 0, amount: 0 };

  it('deposit stats for an admin, days in UTC', async () => {
    const { status, body } = await get('/api/v1/deposit/stats?from=2026-03-01&to=2026-03-02', root, {
      'x-timezone': 'UTC',
      'x-local-language': 'fr-FR',
    });
    expect(status, JSON.stringify(body)).toBe(200);
    expect(body.depositStats).toEqual({
      timeZone: 'UTC',
      locale: 'fr-FR',
      from: '2026-03-01',
      to: '2026-03-02',
      byStatus: {
        pending: { count: 1, amount: 70 },
        awaiting_3d_secure: zero,
        completed: { count: 3, amount: 350.25 },
        failed: { count: 1, amount: 30 },
        cancelled: zero,
      },
      total: { count: 5, amount: 450.25 },
      firstTime: { count: 2, amount: 300 },
      // Neither lead has a campaign; A's 100 is assigned to the regular, B's 200 to nobody.
      firstTimeBy: {
        campaign: [{ id: null, count: 2, amount: 300 }],
        staff: [
          { id: null, count: 1, amount: 200 },
          { id: regular.id, count: 1, amount: 100 },
        ],
      },
      net: 310.25,
      daily: [
        { date: '2026-03-01', count: 1, amount: 100, completed: { count: 1, amount: 100 }, firstTime: { count: 1, amount: 100 }, net: 100 },
        {
          date: '2026-03-02',
          count: 4,
          amount: 350.25,
          completed: { count: 2, amount: 250.25 },
          firstTime: { count: 1, amount: 200 },
          net: 210.25,
        },
      ],
    });
    expect(ids.d1).toBeTruthy();
  });

  it('in Europe/Paris the 23:30 UTC deposit falls on the next day', async () => {
    const { body } = await get('/api/v1/deposit/stats?from=2026-03-01&to=2026-03-02', root, { 'x-timezone': 'Europe/Paris' });
    expect(body.depositStats.timeZone).toBe('Europe/Paris');
    expect(body.depositStats.daily).toEqual([
      { date: '2026-03-01', count: 0, amount: 0, completed: zero, firstTime: zero, net: 0 },
      {
        date: '2026-03-02',
        count: 5,
        amount: 450.25,
        completed: { count: 3, amount: 350.25 },
        firstTime: { count: 2, amount: 300 },
        net: 310.25,
      },
    ]);
  });

  it('regular staff see their leads only; a lead sees itself only', async () => {
    const staff = (await get('/api/v1/deposit/stats?from=2026-03-01&to=2026-03-02', regular.token)).body.depositStats;
    expect(staff.byStatus.completed).toEqual({ count: 2, amount: 150.25 });
    expect(staff.byStatus.pending).toEqual(zero);
    expect(staff.total).toEqual({ count: 3, amount: 180.25 });
    expect(staff.firstTime).toEqual({ count: 1, amount: 100 });
    expect(staff.net).toBe(110.25);
    expect(staff.firstTimeBy).toEqual({
      campaign: [{ id: null, count: 1, amount: 100 }],
      staff: [{ id: regular.id, count: 1, amount: 100 }],
    });
    const lead = (await get('/api/v1/deposit/stats?from=2026-03-01&to=2026-03-02', leadB.token)).body.depositStats;
    expect(lead.total).toEqual({ count: 2, amount: 270 });
    expect(lead.firstTimeBy).toEqual({ campaign: [], staff: [] });
    expect(lead.net).toBe(200);
  });

  it('withdrawal stats: the same shape, by withdrawal status', async () => {
    const { status, body } = await get('/api/v1/withdrawal/stats?from=2026-03-02&to=2026-03-02', root);
    expect(status).toBe(200);
    expect(body.withdrawalStats).toMatchObject({
      byStatus: { pending: zero, completed: { count: 1, amount: 40 }, failed: zero },
      total: { count: 1, amount: 40 },
      firstTime: { count: 1, amount: 40 },
      net: 210.25,
      daily: [
        { date: '2026-03-02', count: 1, amount: 40, completed: { count: 1, amount: 40 }, firstTime: { count: 1, amount: 40 }, net: 210.25 },
      ],
    });
  });

  it('without from/to: the 30 days up to today by the clock, in the caller zone', async () => {
    const { body } = await get('/api/v1/deposit/stats', root, { 'x-timezone': 'Pacific/Auckland' });
    const days = body.depositStats.daily.map((d: { date: string }) => d.date);
    expect(days).toHaveLength(30);
    // 2026-03-02T12:00Z is already 2026-03-03 in Auckland (UTC+13).
    expect(days.at(-1)).toBe('2026-03-03');
    expect(days[0]).toBe('2026-02-02');
  });

  it('answers for every time zone Node knows (never a 500 where PostgreSQL does not know one)', async () => {
    const failures: string[] = [];
    for (const zone of Intl.supportedValuesOf('timeZone')) {
      const answer = await get('/api/v1/deposit/stats?from=2026-03-02&to=2026-03-02', root, { 'x-timezone': zone });
      if (answer.status !== 200) failures.push(`${zone}: ${answer.status}`);
    }
    expect(failures).toEqual([]);
  }, 300_000);

  it('refuses a bad range (en, fr) and an unknown zone falls back to UTC; needs sign-in', async () => {
    const reversed = await get('/api/v1/deposit/stats?from=2026-03-05&to=2026-03-01', root, { 'x-lang': 'fr' });
    expect(reversed.status).toBe(400);
    expect(reversed.body.code).toBe('VALIDATION');
    expect(reversed.body.message).toBe('Certains champs ne sont pas valides');
    const garbage = await get('/api/v1/withdrawal/stats?from=yesterday', root);
    expect(garbage.status).toBe(400);
    expect(garbage.body.details).toHaveProperty('from');
    const tooLong = await get('/api/v1/deposit/stats?from=2024-01-01&to=2026-01-01', root);
    expect(tooLong.status).toBe(400);
    const unknownParam = await get('/api/v1/deposit/stats?foo=1', root);
    expect(unknownParam.status).toBe(400);
    const mars = await get('/api/v1/deposit/stats?from=2026-03-01&to=2026-03-01', root, { 'x-timezone': 'Mars/Olympus' });
    expect(mars.body.depositStats.timeZone).toBe('UTC');
    expect((await server.call({ method: 'GET', url: '/api/v1/deposit/stats' })).status).toBe(401);
  });
});

describe('first deposits by campaign and by staff', () => {
  let spring: string;
  let autumn: string;
  let rita: Person;
  let sam: Person;
  beforeAll(async () => {
    await server.close();
    server = await startServer({ clock: manualClock(new Date('2026-03-02T12:00:00Z')) });
    root = await server.rootToken();
    rita = await server.user(root, { roles: ['regular'] });
    sam = await server.user(root, { roles: ['regular'] });
    second = await server.user(root, { roles: ['admin'] });
    const campaign = async (name: string) =>
      (await server.call({ method: 'POST', url: '/api/v1/campaign', token: root, payload: { name } })).body.id;
    spring = await campaign('Spring');
    autumn = await campaign('Autumn');
    const lead = async (fields: Record<string, unknown>) => (await server.user(root, { roles: ['lead'], ...fields })).id;
    const l1 = await lead({ campaignId: spring, assignedTo: rita.id });
    const l2 = await lead({ campaignId: spring, assignedTo: sam.id });
    const l3 = await lead({ campaignId: autumn, assignedTo: rita.id });
    const l4 = await lead({});
    const l5 = await lead({ campaignId: autumn });
    /** A bank transfer entered, then completed or failed (or left pending), dated `at`. */
    const deposit = async (userId: string, amount: number, at: string, action?: 'complete' | 'fail') => {
      const id = (await transfer(root, { amount, userId })).body.id;
      if (action)
        expect((await act(second.token, id, action, action === 'fail' ? { reason: 'The transfer never arrived' } : undefined)).status).toBe(
          200,
        );
      await server.sql(`update deposits set date_creation = '${at}' where id = '${id}'`);
    };
    await deposit(l1, 100.1, '2026-03-01T09:00:00Z', 'complete');
    await deposit(l1, 50, '2026-03-02T09:00:00Z', 'complete');
    await deposit(l2, 999, '2026-03-01T08:00:00Z', 'fail');
    await deposit(l2, 200, '2026-03-02T08:00:00Z', 'complete');
    await deposit(l3, 30.05, '2026-03-02T10:00:00Z', 'complete');
    await deposit(l4, 12, '2026-02-20T10:00:00Z', 'complete');
    await deposit(l4, 40, '2026-03-02T10:00:00Z', 'complete');
    await deposit(l5, 500, '2026-03-02T10:00:00Z');
  }, 120_000);

  const stats = async (token: string) =>
    (
      await server.call({
        method: 'GET',
        url: '/api/v1/deposit/stats?from=2026-03-01&to=2026-03-02',
        token,
        headers: { 'x-timezone': 'UTC' },
      })
    ).body.depositStats;

  it("sums each lead's first completed deposit in the range by its campaign and its staff member", async () => {
    // First completed deposits: l1 100.10 (Spring, Rita), l2 200 (Spring, Sam; its failed 999 does not
    // count), l3 30.05 (Autumn, Rita). l4's first (12) is before the range and its 40 is not a first;
    // l5's 500 is pending. Spring 300.10, Autumn 30.05; Sam 200, Rita 130.15.
    const all = await stats(root);
    expect(all.firstTime).toEqual({ count: 3, amount: 330.15 });
    expect(all.firstTimeBy).toEqual({
      campaign: [
        { id: spring, count: 2, amount: 300.1 },
        { id: autumn, count: 1, amount: 30.05 },
      ],
      staff: [
        { id: sam.id, count: 1, amount: 200 },
        { id: rita.id, count: 2, amount: 130.15 },
      ],
    });
  });

  it('regular staff count their own leads only', async () => {
    expect((await stats(rita.token)).firstTimeBy).toEqual({
      campaign: [
        { id: spring, count: 1, amount: 100.1 },
        { id: autumn, count: 1, amount: 30.05 },
      ],
      staff: [{ id: rita.id, count: 2, amount: 130.15 }],
    });
  });
});
