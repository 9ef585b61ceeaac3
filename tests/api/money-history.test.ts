import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type TestServer } from './harness.ts';
import { verifiedLead, type Person } from './money-fixtures.ts';

/**
 * A money record's history (issue 24, CHECKLIST item 8): who entered it, who acted on it and when, the
 * ledger entries it booked; scoped like the record. Expected values are written by hand.
 */
let server: TestServer;
let admin: Person;
let regular: Person;
let otherRegular: Person;
let lead: Person;

beforeAll(async () => {
  server = await startServer();
  const root = await server.rootToken();
  admin = await server.user(root, { roles: ['admin'], firstName: 'Ada', lastName: 'Admin' });
  regular = await server.user(root, { roles: ['regular'], firstName: 'Rémi', lastName: 'Regular' });
  otherRegular = await server.user(root, { roles: ['regular'], firstName: 'Olga', lastName: 'Other' });
  lead = await verifiedLead(server, regular.token, { assignedTo: regular.id, firstName: 'Léa', lastName: 'Martin' });
});
afterAll(() => server?.close());

const post = (url: string, token: string, payload: unknown = {}) =>
  server.call({ method: 'POST', url, token, payload: payload as object, headers: { 'idempotency-key': randomUUID() } });
const history = (entity: string, id: string, token: string) =>
  server.call({ method: 'GET', url: `/api/v1/${entity}/${id}/history`, token });

describe('money record history', () => {
  let depositId: string;
  let withdrawalId: string;

  beforeAll(async () => {
    const entered = await post('/api/v1/deposit', regular.token, { userId: lead.id, amount: 100, transactionId: 'BANK-1' });
    expect(entered.status, JSON.stringify(entered.body)).toBe(201);
    depositId = entered.body.id;
    const completed = await post(`/api/v1/deposit/${depositId}/complete`, admin.token);
    expect(completed.status, JSON.stringify(completed.body)).toBe(200);
    const requested = await post('/api/v1/withdrawal', lead.token, { amount: 30 });
    expect(requested.status, JSON.stringify(requested.body)).toBe(201);
    withdrawalId = requested.body.id;
    const failed = await post(`/api/v1/withdrawal/${withdrawalId}/fail`, regular.token, { reason: 'IBAN closed' });
    expect(failed.status, JSON.stringify(failed.body)).toBe(200);
  });

  it('names who entered a deposit and who completed it, with the two entries it booked', async () => {
    const answer = await history('deposit', depositId, regular.token);
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect(answer.body.lead).toEqual({ id: lead.id, name: 'Léa Martin', email: lead.email });
    expect(answer.body.enteredBy).toEqual({ id: regular.id, name: 'Rémi Regular', email: regular.email });
    expect(answer.body.events.map((e: any) => [e.action, e.from, e.to, e.by?.name])).toEqual([
      ['complete', 'pending', 'completed', 'Ada Admin'],
    ]);
    expect(answer.body.entries.map((e: any) => [e.account, e.lead, e.kind, e.amount, e.balance])).toEqual([
      ['available', true, 'deposit', 100, 100],
      ['bank', false, 'deposit', -100, -100],
    ]);
  });

  it("a withdrawal refused: who refused it, the hold and its return on the lead's accounts", async () => {
    const answer = await history('withdrawal', withdrawalId, admin.token);
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect(answer.body.enteredBy?.name).toBe('Léa Martin');
    expect(answer.body.events.map((e: any) => [e.action, e.from, e.to, e.by?.name])).toEqual([
      ['request', null, null, 'Léa Martin'],
      ['fail', 'pending', 'failed', 'Rémi Regular'],
    ]);
    expect(answer.body.entries.map((e: any) => [e.account, e.kind, e.amount, e.balance])).toEqual([
      ['available', 'withdrawal_hold', -30, 70],
      ['withdrawal_hold', 'withdrawal_hold', 30, 30],
      ['withdrawal_hold', 'withdrawal_refund', -30, 0],
      ['available', 'withdrawal_refund', 30, 100],
    ]);
  });

  it("is scoped like the record: another regular staff member's lead is 404, the lead sees its own entries and no staff names", async () => {
    expect((await history('deposit', depositId, otherRegular.token)).status).toBe(404);
    expect((await history('withdrawal', withdrawalId, otherRegular.token)).status).toBe(404);
    expect((await history('deposit', randomUUID(), admin.token)).status).toBe(404);
    const own = await history('deposit', depositId, lead.token);
    expect(own.status).toBe(200);
    expect(own.body.enteredBy).toBeNull();
    expect(own.body.events.map((e: any) => [e.action, e.by])).toEqual([['complete', null]]);
    expect(own.body.entries.map((e: any) => [e.account, e.amount])).toEqual([['available', 100]]);
    const other = await server.user(admin.token, { roles: ['lead'] });
    expect((await history('deposit', depositId, other.token)).status).toBe(404);
  });
});

describe('list exports: what the filters show, in words, numbers as numbers', () => {
  const exportOf = (entity: string, token: string, query: Record<string, unknown> = {}, format = 'csv') => {
    const params = new URLSearchParams({ format, ...Object.fromEntries(Object.entries(query).map(([k, v]) => [k, JSON.stringify(v)])) });
    return server.call({ method: 'GET', url: `/api/v1/${entity}/export?${params}`, token, headers: { 'x-timezone': 'UTC' } });
  };
  const lines = (body: unknown) => String(body).split('\r\n');

  beforeAll(async () => {
    // A reference a spreadsheet would run as a formula: kept as text.
    const entered = await post('/api/v1/deposit', regular.token, { userId: lead.id, amount: 7.25, transactionId: '=CMD()' });
    expect(entered.status, JSON.stringify(entered.body)).toBe(201);
  });

  it('deposits filtered by status: a header saying what, the rows with names, words and amounts', async () => {
    const answer = await exportOf('deposit', regular.token, { filters: [{ field: 'status', values: ['completed'] }] });
    expect(answer.status, String(answer.body)).toBe(200);
    expect(answer.headers['content-type']).toMatch(/text\/csv/);
    const sheet = lines(answer.body);
    expect(sheet.slice(0, 3)).toEqual(['Export of,Deposits', 'Filters,Status: Completed', 'Records,1']);
    expect(sheet[3]).toMatch(/^Exported,\d{4}-\d{2}-\d{2} \d{2}:\d{2} \(UTC\) · Rémi Regular$/);
    expect(sheet[4]).toBe('');
    expect(sheet[5]).toBe('Date,Lead,Email,Amount (€),Status,Method,Transaction id,Reason,Entered by,Decided by');
    expect(sheet.slice(6).map((line) => line.replace(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2},/, ''))).toEqual([
      `Léa Martin,${lead.email},100.00,Completed,Bank transfer,BANK-1,,Rémi Regular,Ada Admin`,
    ]);
  });

  it('unfiltered: every record in scope, a formula-like reference neutralised; another staff member exports none of them', async () => {
    const all = lines((await exportOf('deposit', regular.token)).body);
    expect(all[1]).toBe('Filters,None: every record you may see');
    expect(all.slice(6).map((line) => line.split(',').slice(3, 7))).toEqual([
      ['7.25', 'Pending', 'Bank transfer', "'=CMD()"],
      ['100.00', 'Completed', 'Bank transfer', 'BANK-1'],
    ]);
    const none = lines((await exportOf('deposit', otherRegular.token)).body);
    expect(none[2]).toBe('Records,0');
    expect(none).toHaveLength(6);
  });

  it('withdrawals as xlsx: amounts are number cells, the reason as staff wrote it, in French', async () => {
    const file = await server.app.inject({
      method: 'GET',
      url: '/api/v1/withdrawal/export?format=xlsx',
      headers: { authorization: `Bearer ${admin.token}`, 'x-lang': 'fr' },
    });
    expect(file.statusCode).toBe(200);
    const XLSX = await import('xlsx');
    const sheet = XLSX.read(file.rawPayload, { type: 'buffer', cellFormula: true }).Sheets.Retraits;
    expect(sheet.A1.v).toBe('Export de');
    expect(sheet.B1.v).toBe('Retraits');
    expect(sheet.F6.v).toBe('Moyen');
    expect(sheet.B7.v).toBe('Léa Martin');
    expect(sheet.D7).toMatchObject({ t: 'n', v: 30 });
    expect(sheet.E7.v).toBe('Échoué');
    expect(sheet.H7.v).toBe('IBAN closed');
    expect(sheet.J7.v).toBe('Rémi Regular');
  });

  it('refuses what the list refuses: an unknown filter field, a bad format', async () => {
    expect((await exportOf('deposit', regular.token, { filters: [{ field: 'cardNumber', values: ['4242'] }] })).status).toBe(400);
    expect((await exportOf('deposit', regular.token, {}, 'pdf')).status).toBe(400);
  });
});

describe('what refusing and paying out ask for (CHECKLIST item 8)', () => {
  it('refusing asks for a reason and paying out for the bank reference: 400 on the field, translated; a deposit refused says why in its history', async () => {
    const act = (url: string, payload: object, lang: string) =>
      server.call({ method: 'POST', url, token: regular.token, payload, headers: { 'idempotency-key': randomUUID(), 'x-lang': lang } });
    const held = await post('/api/v1/withdrawal', lead.token, { amount: 10 });
    expect(held.status, JSON.stringify(held.body)).toBe(201);
    const noReason = await act(`/api/v1/withdrawal/${held.body.id}/fail`, {}, 'en');
    expect([noReason.status, noReason.body.code, noReason.body.details]).toEqual([400, 'VALIDATION', { reason: 'Please give a reason' }]);
    const blank = await act(`/api/v1/withdrawal/${held.body.id}/fail`, { reason: '   ' }, 'fr');
    expect([blank.status, blank.body.details]).toEqual([400, { reason: 'Veuillez indiquer un motif' }]);
    const noReference = await act(`/api/v1/withdrawal/${held.body.id}/complete`, {}, 'de');
    expect([noReference.status, noReference.body.details]).toEqual([400, { transactionId: 'Bitte geben Sie die Bankreferenz an' }]);
    expect((await server.sql<{ status: string }>(`select status from withdrawals where id = '${held.body.id}'`))[0].status).toBe('pending');
    const paid = await act(`/api/v1/withdrawal/${held.body.id}/complete`, { transactionId: 'WD-778' }, 'en');
    expect([paid.status, paid.body.status, paid.body.transactionId]).toEqual([200, 'completed', 'WD-778']);

    const entered = await post('/api/v1/deposit', admin.token, { userId: lead.id, amount: 25 });
    expect(entered.status, JSON.stringify(entered.body)).toBe(201);
    const bare = await act(`/api/v1/deposit/${entered.body.id}/fail`, {}, 'de');
    expect([bare.status, bare.body.details]).toEqual([400, { reason: 'Bitte geben Sie einen Grund an' }]);
    const failed = await act(`/api/v1/deposit/${entered.body.id}/fail`, { reason: 'Nothing arrived after 10 days' }, 'en');
    expect([failed.status, failed.body.status, failed.body.failureReason]).toEqual([200, 'failed', 'rejected_by_staff']);
    const answer = await history('deposit', entered.body.id, regular.token);
    expect(answer.body.events.map((e: any) => [e.action, e.to, e.by?.name, e.reason])).toEqual([
      ['fail', 'failed', 'Rémi Regular', 'Nothing arrived after 10 days'],
    ]);
  });
});
