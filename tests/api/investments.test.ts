import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { manualClock } from '../../src/server/scheduler/clock.ts';
import { defineBatchJob } from '../../src/server/scheduler/define-job.ts';
import { createScheduler } from '../../src/server/scheduler/scheduler.ts';
import { dividendJob } from '../../src/server/wealth/dividend-job.ts';
import { adjust, ledgerInvariants, secondAdmin } from './money-fixtures.ts';
import { startServer, type TestServer } from './harness.ts';
import { listUrl } from './urls.ts';

/**
 * Investments and dividends (DESIGN.md §10, §14) on the real server and PostgreSQL, with a test clock:
 * opening moves the principal, the scheduler pays each period once on its date (after downtime, on
 * two nodes, after a crash), expiry brings the principal back, a hand-entered dividend needs a second
 * person. Every expected figure below is computed by hand in its comment.
 */
const START = new Date('2026-01-31T09:00:00Z');
const clock = manualClock(START);
let server: TestServer;
let root: string;
let regular: Awaited<ReturnType<TestServer['user']>>;
let lead: Awaited<ReturnType<TestServer['user']>>;

beforeAll(async () => {
  server = await startServer({ clock, scheduler: false });
  root = await server.rootToken();
  regular = await server.user(root, { roles: ['regular'] });
  lead = await server.user(root, { roles: ['lead'], assignedTo: regular.id });
  const funded = await adjust(server, root, lead.id, 20_000);
  expect(funded.status).toBe(201);
}, 120_000);
afterAll(() => server?.close());

const post = (url: string, token: string, payload: unknown, lang = 'en') =>
  server.call({
    method: 'POST',
    url,
    token,
    payload: payload as Record<string, unknown>,
    headers: { 'x-lang': lang, 'idempotency-key': randomUUID() },
  });

/** The lead's balances in euros, straight from the accounts table. */
async function balances(leadId: string) {
  const rows = await server.sql<{ kind: string; balance: string }>(`select kind, balance::text from accounts where lead_id = '${leadId}'`);
  return Object.fromEntries(rows.filter((r) => ['available', 'invested'].includes(r.kind)).map((r) => [r.kind, Number(r.balance)]));
}

/**
 * €12,000 at 12 % monthly from 31 Jan 2026 09:00 to 15 May 2026 09:00: whole periods on 28 Feb,
 * 31 Mar, 30 Apr (clamped from the 31st), then 15 days left. T = round(1,200,000 c × 0.12 × (3/12 +
 * 15/365)) = round(41,917.81) = 41,918 c; weights 365, 365, 365, 180 of 1,275: cumulative rounds
 * 12,000, 24,000, 36,000, 41,918 → €120.00, €120.00, €120.00, €59.18.
 */
const INVESTMENT = {
  name: 'Solar bond',
  initialAmount: 12_000,
  rentability: 12,
  dividendFrequency: 'monthly',
  expirationDate: '2026-05-15T09:00:00.000Z',
};
const SCHEDULE = [
  { period: 1, date: '2026-02-28T09:00:00.000Z', amount: 120, partial: false },
  { period: 2, date: '2026-03-31T09:00:00.000Z', amount: 120, partial: false },
  { period: 3, date: '2026-04-30T09:00:00.000Z', amount: 120, partial: false },
  { period: 4, date: '2026-05-15T09:00:00.000Z', amount: 59.18, partial: true },
];

describe('opening an investment', () => {
  it('without enough funds: 422 Insufficient funds for this investment (en, fr), nothing written or booked', async () => {
    const poor = await server.user(root, { roles: ['lead'] });
    const before = await server.sql(
      `select (select count(*) from investments) i, (select count(*) from transfers) t, (select count(*) from change_log) c`,
    );
    for (const [lang, message] of [
      ['en', 'Insufficient funds for this investment'],
      ['fr', 'Fonds insuffisants pour cet investissement'],
    ]) {
      const refused = await post('/api/v1/investment', root, { ...INVESTMENT, userId: poor.id }, lang);
      expect(refused.status).toBe(422);
      expect(refused.body).toEqual({ code: 'INSUFFICIENT_FUNDS', message });
    }
    expect(
      await server.sql(
        `select (select count(*) from investments) i, (select count(*) from transfers) t, (select count(*) from change_log) c`,
      ),
    ).toEqual(before);
  });

  it('never backdated, expiring after its start, owned by a lead: 400 on the field (en, fr)', async () => {
    const past = await post('/api/v1/investment', root, { ...INVESTMENT, userId: lead.id, startDate: '2026-01-30T09:00:00.000Z' });
    expect(past.status).toBe(400);
    expect(past.body.details).toEqual({ startDate: 'The start date must be in the future' });
    const pastFr = await post('/api/v1/investment', root, { ...INVESTMENT, userId: lead.id, startDate: '2026-01-30T09:00:00.000Z' }, 'fr');
    expect(pastFr.body.details).toEqual({ startDate: 'La date de début doit être dans le futur' });
    const inverted = await post('/api/v1/investment', root, { ...INVESTMENT, userId: lead.id, startDate: '2026-06-01T09:00:00.000Z' });
    expect(inverted.status).toBe(400);
    expect(inverted.body.details).toEqual({ expirationDate: 'The expiration date must be after the start date' });
    const staffOwned = await post('/api/v1/investment', root, { ...INVESTMENT, userId: regular.id });
    expect(staffOwned.status).toBe(400);
    expect(staffOwned.body.details).toEqual({ userId: 'This user is not a lead' });
    const byLead = await post('/api/v1/investment', lead.token, { ...INVESTMENT, userId: lead.id });
    expect(byLead.status).toBe(403);
    expect(await balances(lead.id)).toEqual({ available: 20_000 });
  });
});

describe('an investment over its life, by the scheduler', () => {
  let investmentId: string;
  const dividendsOf = () =>
    server.sql<{ period: number; due: string; amount: string; status: string }>(
      `select period, to_char(due_date at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI') due, amount::text, status from dividends where investment_id = '${investmentId}' order by period`,
    );

  it('opens: principal available → invested at once, entered by its staff member, watermark at period 1', async () => {
    const opened = await post('/api/v1/investment', regular.token, { ...INVESTMENT, userId: lead.id });
    expect(opened.status, JSON.stringify(opened.body)).toBe(201);
    investmentId = opened.body.id;
    expect(opened.body).toMatchObject({
      status: 'active',
      startDate: '2026-01-31T09:00:00.000Z',
      createdBy: regular.id,
      nextPeriod: 1,
      nextDueAt: '2026-02-28T09:00:00.000Z',
    });
    // 20,000 − 12,000.
    expect(await balances(lead.id)).toEqual({ available: 8_000, invested: 12_000 });
  });

  it('its principal, rate, frequency and expiry never change by PATCH', async () => {
    for (const [field, value] of [
      ['initialAmount', 1],
      ['rentability', 300],
      ['dividendFrequency', 'end'],
      ['expirationDate', '2030-01-01T00:00:00.000Z'],
    ] as const) {
      const refused = await server.call({
        method: 'PATCH',
        url: `/api/v1/investment/${investmentId}`,
        token: root,
        payload: { [field]: value },
      });
      expect(refused.status, field).toBe(422);
      expect(refused.body.code).toBe('INVALID_TRANSITION');
    }
    const status = await server.call({
      method: 'PATCH',
      url: `/api/v1/investment/${investmentId}`,
      token: root,
      payload: { status: 'ended' },
    });
    expect(status.status).toBe(400);
    expect(await balances(lead.id)).toEqual({ available: 8_000, invested: 12_000 });
  });

  it('GET /investment/:id/schedule: every period, all due, scoped like the record', async () => {
    const { status, body } = await server.call({ method: 'GET', url: `/api/v1/investment/${investmentId}/schedule`, token: lead.token });
    expect(status).toBe(200);
    expect(body).toEqual({
      investmentId,
      totalReturn: 419.18,
      paid: 0,
      toCome: 419.18,
      periods: SCHEDULE.map((p) => ({ ...p, status: 'due' })),
    });
    const stranger = await server.user(root, { roles: ['regular'] });
    expect((await server.call({ method: 'GET', url: `/api/v1/investment/${investmentId}/schedule`, token: stranger.token })).status).toBe(
      404,
    );
  });

  it('nothing is due before the first date', async () => {
    clock.set(new Date('2026-02-28T08:59:59Z'));
    const report = await server.app.services.scheduler.runDue('investment-dividends');
    expect(report['investment-dividends']).toEqual({ booked: [], failed: [] });
    expect(await dividendsOf()).toEqual([]);
  });

  it('down from 1 February to 7 April: the first pass pays periods 1 and 2 once, each dated its due date; again pays nothing', async () => {
    clock.set(new Date('2026-04-07T12:00:00Z'));
    const first = await server.app.services.scheduler.runDue('investment-dividends');
    expect(first['investment-dividends'].booked).toEqual([investmentId]);
    const again = await server.app.services.scheduler.runDue('investment-dividends');
    expect(again['investment-dividends'].booked).toEqual([]);
    expect(await dividendsOf()).toEqual([
      { period: 1, due: '2026-02-28T09:00', amount: '120.00', status: 'completed' },
      { period: 2, due: '2026-03-31T09:00', amount: '120.00', status: 'completed' },
    ]);
    // 8,000 + 240.
    expect(await balances(lead.id)).toEqual({ available: 8_240, invested: 12_000 });
    const [investment] = await server.sql(`select next_period, next_due_at::text from investments where id = '${investmentId}'`);
    expect(investment).toEqual({ next_period: 3, next_due_at: '2026-04-30 09:00:00+00' });
    // No job_runs row per dividend: the unique (investment, period) is the key.
    expect(await server.sql(`select * from job_runs where job = 'investment-dividends'`)).toEqual([]);
  });

  it('the schedule says which periods were paid', async () => {
    const { body } = await server.call({ method: 'GET', url: `/api/v1/investment/${investmentId}/schedule`, token: root });
    expect(body.periods.map((p: { status: string }) => p.status)).toEqual(['paid', 'paid', 'due', 'due']);
    expect(body).toMatchObject({ paid: 240, toCome: 179.18 });
  });

  it('a crash between claiming and booking leaves it due; the next pass books it once', async () => {
    clock.set(new Date('2026-04-30T10:00:00Z'));
    let crashed = false;
    const crashing = defineBatchJob({
      ...dividendJob,
      async book(work, keys, now) {
        await dividendJob.book(work, keys, now);
        if (!crashed) {
          crashed = true;
          throw new Error('the process died before the commit');
        }
      },
    });
    const node = createScheduler({ db: server.app.services.db, clock, jobs: [crashing] });
    const crashedPass = await node.runDue();
    expect(crashedPass['investment-dividends']).toEqual({ booked: [], failed: [investmentId] });
    expect((await dividendsOf()).length).toBe(2);
    const next = await node.runDue();
    expect(next['investment-dividends']).toEqual({ booked: [investmentId], failed: [] });
    expect((await dividendsOf()).map((d) => `${d.period}:${d.amount}`)).toEqual(['1:120.00', '2:120.00', '3:120.00']);
    expect(await balances(lead.id)).toEqual({ available: 8_360, invested: 12_000 });
  });

  it('at expiry the last, partial period is paid and the principal comes back; the investment ends, once', async () => {
    clock.set(new Date('2026-05-20T00:00:00Z'));
    await server.app.services.scheduler.runDue('investment-dividends');
    await server.app.services.scheduler.runDue('investment-dividends');
    expect((await dividendsOf()).map((d) => `${d.period}:${d.amount}:${d.due}`)).toEqual([
      '1:120.00:2026-02-28T09:00',
      '2:120.00:2026-03-31T09:00',
      '3:120.00:2026-04-30T09:00',
      '4:59.18:2026-05-15T09:00',
    ]);
    // 8,360 + 59.18 + 12,000 back = 20,419.18 = 20,000 + 419.18.
    expect(await balances(lead.id)).toEqual({ available: 20_419.18, invested: 0 });
    const { body } = await server.call({ method: 'GET', url: `/api/v1/investment/${investmentId}`, token: root });
    expect(body).toMatchObject({ status: 'ended', nextDueAt: null, nextPeriod: 5 });
    expect(
      await server.sql(`select kind, count(*)::int n from transfers where source_id = '${investmentId}' group by 1 order by 1`),
    ).toEqual([
      { kind: 'investment_open', n: 1 },
      { kind: 'investment_return', n: 1 },
    ]);
    expect(await ledgerInvariants(server)).toMatchObject({ total: 0, mismatched: 0, negative: 0, twice: 0, broken: 0 });
  });
  it('its dividends, filtered by due date: the view of one investment with a date range', async () => {
    const filters = [
      { field: 'investmentId', operator: 'eq', values: [investmentId] },
      { field: 'dueDate', operator: 'between', values: ['2026-03-01T00:00:00.000Z', '2026-04-30T23:59:59.000Z'] },
    ];
    const { status, body } = await server.call({
      method: 'GET',
      url: listUrl('dividend', { filters, sorts: [{ field: 'dueDate', order: 'asc' }] }),
      token: lead.token,
    });
    expect(status).toBe(200);
    expect(body.dividends.map((d: { period: number; amount: number; dueDate: string }) => [d.period, d.amount, d.dueDate])).toEqual([
      [2, 120, '2026-03-31T09:00:00.000Z'],
      [3, 120, '2026-04-30T09:00:00.000Z'],
    ]);
  });

  it('the statement and its export read investments and dividends as words (en, fr, de)', async () => {
    for (const [lang, open, dividend, back] of [
      ['en', 'Investment', 'Dividend', 'Investment returned'],
      ['fr', 'Investissement', 'Dividende', 'Investissement remboursé'],
      ['de', 'Anlage', 'Dividende', 'Anlage zurückgezahlt'],
    ]) {
      const csv = await server.call({
        method: 'GET',
        url: `/api/v1/funds/statement/${lead.id}?format=csv`,
        token: lead.token,
        headers: { 'x-lang': lang },
      });
      expect(csv.status).toBe(200);
      const kinds = String(csv.body)
        .split('\r\n')
        .slice(8)
        .map((line) => line.split(',')[1]);
      // The funding adjustment, the opening, four dividends, the principal back.
      expect(kinds.slice(1), lang).toEqual([open, dividend, dividend, dividend, dividend, back]);
    }
  });
});

describe('two scheduler nodes on one database', () => {
  it('pay each period of 12 investments once between them', async () => {
    clock.set(new Date('2026-06-01T09:00:00Z'));
    const owner = await server.user(root, { roles: ['lead'] });
    await adjust(server, root, owner.id, 12_000);
    // 12 × €1,000 at 6 % yearly, ending 1 June 2027: one period each, on 1 June 2027, of
    // round(100,000 c × 0.06 × 1) = 6,000 c = €60.
    const ids: string[] = [];
    for (let i = 0; i < 12; i++) {
      const opened = await post('/api/v1/investment', root, {
        name: `Bond ${i}`,
        initialAmount: 1_000,
        rentability: 6,
        dividendFrequency: 'yearly',
        expirationDate: '2027-06-01T09:00:00.000Z',
        userId: owner.id,
      });
      expect(opened.status).toBe(201);
      ids.push(opened.body.id);
    }
    clock.set(new Date('2027-06-02T00:00:00Z'));
    // Two items a transaction: the nodes take turns, each skipping what the other holds.
    const small = { ...dividendJob, batchSize: 2 };
    const nodeA = createScheduler({ db: server.app.services.db, clock, jobs: [small] });
    const nodeB = createScheduler({ db: server.app.services.db, clock, jobs: [small] });
    const [a, b] = await Promise.all([nodeA.runDue(), nodeB.runDue()]);
    const booked = [...a['investment-dividends'].booked, ...b['investment-dividends'].booked];
    expect(booked.sort()).toEqual([...ids].sort());
    const paid = await server.sql<{ n: number; total: string }>(
      `select count(*)::int n, sum(amount)::text total from dividends where user_id = '${owner.id}'`,
    );
    expect(paid).toEqual([{ n: 12, total: '720.00' }]);
    // 12,000 − 12,000 + 720 + 12,000 back.
    expect(await balances(owner.id)).toEqual({ available: 12_720, invested: 0 });
    expect(await ledgerInvariants(server)).toMatchObject({ total: 0, mismatched: 0, negative: 0, twice: 0, broken: 0 });
  });
});

describe('a dividend entered by hand (four eyes)', () => {
  it('is pending until another staff member completes it; the one who entered it cannot; credited once', async () => {
    clock.set(new Date('2027-07-01T09:00:00Z'));
    const owner = await server.user(root, { roles: ['lead'], assignedTo: regular.id });
    await adjust(server, root, owner.id, 12_000);
    const opened = await post('/api/v1/investment', root, { ...INVESTMENT, expirationDate: '2028-07-01T09:00:00.000Z', userId: owner.id });
    expect(opened.status).toBe(201);
    const entered = await post('/api/v1/dividend', regular.token, { amount: 45.5, investmentId: opened.body.id });
    expect(entered.status, JSON.stringify(entered.body)).toBe(201);
    expect(entered.body).toMatchObject({ status: 'pending', createdBy: regular.id, userId: owner.id, period: null, amount: 45.5 });
    expect(await balances(owner.id)).toEqual({ available: 0, invested: 12_000 });
    for (const [lang, message] of [
      ['en', 'You entered this yourself: another staff member must complete it (four eyes)'],
      ['fr', 'Vous l’avez saisi vous-même : un autre membre du personnel doit le valider (quatre yeux)'],
    ]) {
      const self = await post(`/api/v1/dividend/${entered.body.id}/complete`, regular.token, undefined, lang);
      expect(self.status).toBe(422);
      expect(self.body).toMatchObject({ code: 'SECOND_PERSON_REQUIRED', message });
    }
    const byLead = await post(`/api/v1/dividend/${entered.body.id}/complete`, owner.token, undefined);
    expect(byLead.status).toBe(403);
    const other = await secondAdmin(server);
    const done = await post(`/api/v1/dividend/${entered.body.id}/complete`, other.token, undefined);
    expect(done.status).toBe(200);
    expect(done.body).toMatchObject({ status: 'completed', decidedBy: other.id });
    const twice = await post(`/api/v1/dividend/${entered.body.id}/complete`, root, undefined);
    expect(twice.status).toBe(422);
    expect(await server.sql(`select kind, amount::text from transfers where source_id = '${entered.body.id}'`)).toEqual([
      { kind: 'dividend', amount: '45.50' },
    ]);
    expect(await balances(owner.id)).toEqual({ available: 45.5, invested: 12_000 });
  });
});

describe('a dividend entered by hand: corrections and refusals', () => {
  it('whoever corrects a pending amount becomes its enterer; failing needs a reason (en, fr) and credits nothing', async () => {
    const owner = await server.user(root, { roles: ['lead'], assignedTo: regular.id });
    await adjust(server, root, owner.id, 1_000);
    const opened = await post('/api/v1/investment', root, {
      ...INVESTMENT,
      initialAmount: 1_000,
      expirationDate: '2029-01-01T09:00:00.000Z',
      userId: owner.id,
    });
    expect(opened.status).toBe(201);
    const entered = await post('/api/v1/dividend', root, { amount: 5, investmentId: opened.body.id });
    const corrected = await server.call({
      method: 'PATCH',
      url: `/api/v1/dividend/${entered.body.id}`,
      token: regular.token,
      payload: { amount: 500 },
    });
    expect(corrected.status).toBe(403);
    const other = await secondAdmin(server);
    const raised = await server.call({
      method: 'PATCH',
      url: `/api/v1/dividend/${entered.body.id}`,
      token: other.token,
      payload: { amount: 500 },
    });
    expect(raised.status).toBe(200);
    expect(raised.body).toMatchObject({ amount: 500, createdBy: other.id });
    expect((await post(`/api/v1/dividend/${entered.body.id}/complete`, other.token, undefined)).status).toBe(422);
    for (const [lang, message] of [
      ['en', 'Please give a reason'],
      ['fr', 'Veuillez indiquer un motif'],
    ]) {
      const bare = await post(`/api/v1/dividend/${entered.body.id}/fail`, regular.token, { reason: ' ' }, lang);
      expect(bare.status).toBe(400);
      expect(bare.body.details).toEqual({ reason: message });
    }
    const failed = await post(`/api/v1/dividend/${entered.body.id}/fail`, regular.token, { reason: 'Entered twice' });
    expect(failed.status).toBe(200);
    expect(failed.body).toMatchObject({ status: 'failed', failureReason: 'Entered twice', decidedBy: regular.id });
    expect(await server.sql(`select id from transfers where source_id = '${entered.body.id}'`)).toEqual([]);
    const frozen = await server.call({ method: 'PATCH', url: `/api/v1/dividend/${entered.body.id}`, token: root, payload: { amount: 1 } });
    expect(frozen.status).toBe(422);
  });
});

describe('GET /investment/stats', () => {
  it('sums by hand: capital, active and ended, paid and to come, by frequency and month, within scope', async () => {
    clock.set(new Date('2027-08-01T00:00:00Z'));
    const staff = await server.user(root, { roles: ['regular'] });
    const owner = await server.user(root, { roles: ['lead'], assignedTo: staff.id });
    await adjust(server, root, owner.id, 3_000);
    // A: €1,000 at 6 % yearly to 1 Aug 2029: 1 Aug 2028 and 1 Aug 2029, T = round(100,000 c × 0.06 × 2) = 12,000 c: €60 + €60.
    const a = await post('/api/v1/investment', staff.token, {
      name: 'A',
      initialAmount: 1_000,
      rentability: 6,
      dividendFrequency: 'yearly',
      expirationDate: '2029-08-01T00:00:00.000Z',
      userId: owner.id,
    });
    // B: €2,000 at 3 % at the end, 31 Dec 2027: 152 days, T = round(200,000 c × 0.03 × 152/365) = round(2,498.63) = €24.99.
    const b = await post('/api/v1/investment', staff.token, {
      name: 'B',
      initialAmount: 2_000,
      rentability: 3,
      dividendFrequency: 'end',
      expirationDate: '2027-12-31T00:00:00.000Z',
      userId: owner.id,
    });
    expect([a.status, b.status]).toEqual([201, 201]);
    // €10 by hand on A, completed by another.
    const entered = await post('/api/v1/dividend', staff.token, { amount: 10, investmentId: a.body.id });
    expect((await post(`/api/v1/dividend/${entered.body.id}/complete`, root, undefined)).status).toBe(200);
    clock.set(new Date('2028-01-05T00:00:00Z'));
    await server.app.services.scheduler.runDue('investment-dividends');

    const zero = { count: 0, active: 0, ended: 0, investedCapital: 0, dividendsPaid: 0, dividendsToCome: 0 };
    const expected = {
      count: 2,
      active: 1,
      ended: 1,
      investedCapital: 1_000,
      // 24.99 + 10.
      dividendsPaid: 34.99,
      dividendsToCome: 120,
      byFrequency: [
        { frequency: 'monthly', ...zero },
        { frequency: 'yearly', count: 1, active: 1, ended: 0, investedCapital: 1_000, dividendsPaid: 10, dividendsToCome: 120 },
        { frequency: 'end', count: 1, active: 0, ended: 1, investedCapital: 0, dividendsPaid: 24.99, dividendsToCome: 0 },
      ],
      from: '2027-08-01',
      to: '2028-08-31',
    };
    for (const token of [staff.token, owner.token]) {
      const { status, body } = await server.call({ method: 'GET', url: '/api/v1/investment/stats?from=2027-08-01&to=2028-08-31', token });
      expect(status).toBe(200);
      const { overTime, ...figures } = body.stats;
      expect(figures).toEqual(expected);
      expect(overTime).toHaveLength(13);
      expect(overTime.filter((m: { invested: number; paid: number; toCome: number }) => m.invested || m.paid || m.toCome)).toEqual([
        { month: '2027-08', invested: 3_000, paid: 0, toCome: 0 },
        { month: '2027-12', invested: 0, paid: 24.99, toCome: 0 },
        { month: '2028-08', invested: 0, paid: 0, toCome: 60 },
      ]);
    }
    const stranger = await server.user(root, { roles: ['regular'] });
    const none = await server.call({ method: 'GET', url: '/api/v1/investment/stats', token: stranger.token });
    expect(none.body.stats).toMatchObject({ ...zero });
    const inverted = await server.call({ method: 'GET', url: '/api/v1/investment/stats?from=2028-01-01&to=2027-01-01', token: root });
    expect(inverted.status).toBe(400);
  });
});
