import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fingerprint } from './database-state.ts';
import { startServer, type TestServer } from './harness.ts';
import { adjust, availableOf, capitalOf, ledgerInvariants, secondAdmin, verifiedLead, type Person } from './money-fixtures.ts';

/**
 * The ledger through its routes (DESIGN.md §6, SPEC.md §7): funds, adjustments, withdrawals with
 * approvals, the statement and its exports, the admin check and the read-only mirrors. Expected
 * figures are computed by hand in each test; refusals leave the database as it was, in en and fr.
 */
let server: TestServer;
let root: string;
let admin: Person;
let regular: Person;
let otherRegular: Person;

beforeAll(async () => {
  server = await startServer();
  root = await server.rootToken();
  admin = await server.user(root, { roles: ['admin'] });
  regular = await server.user(root, { roles: ['regular'] });
  otherRegular = await server.user(root, { roles: ['regular'] });
});
afterAll(() => server?.close());

type Request = Parameters<TestServer['call']>[0];

/** A request that must be refused with `status`/`code` and change nothing (sent without a key: a key's stored answer is a row). */
async function refused(status: number, code: string, request: Request) {
  const before = await fingerprint(server);
  const { 'idempotency-key': _key, ...headers } = request.headers ?? {};
  const answer = await server.call({ ...request, headers });
  expect(answer.status, JSON.stringify(answer.body)).toBe(status);
  expect(answer.body.code).toBe(code);
  expect(await fingerprint(server)).toBe(before);
  return answer;
}

const post = (url: string, token: string, payload?: unknown, headers: Record<string, string> = {}): Request => ({
  method: 'POST',
  url,
  token,
  payload: payload as Request['payload'],
  headers: { 'idempotency-key': randomUUID(), ...headers },
});

const withdraw = (token: string, payload: Record<string, unknown>, headers?: Record<string, string>) =>
  server.call(post('/api/v1/withdrawal', token, payload, headers));
const act = (id: string, action: string, token: string, payload?: unknown, headers?: Record<string, string>) =>
  server.call(post(`/api/v1/withdrawal/${id}/${action}`, token, payload, headers));

async function setThreshold(amount: number) {
  const answer = await server.call({
    method: 'PATCH',
    url: '/api/v1/setting',
    token: admin.token,
    payload: { withdrawalApprovalThreshold: amount },
  });
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
}

describe('funds and adjustments', () => {
  it('a new lead has nothing; credits and debits move available funds and capital to the cent', async () => {
    const lead = await server.user(root, { roles: ['lead'] });
    expect(await availableOf(server, lead.token, lead.id)).toBe(0);
    expect(await capitalOf(server, lead.token, lead.id)).toBe(0);
    const credit = await adjust(server, admin.token, lead.id, 100.1);
    expect(credit.status, JSON.stringify(credit.body)).toBe(201);
    expect(credit.body).toMatchObject({ status: 'completed', availableFunds: 100.1 });
    expect((await adjust(server, admin.token, lead.id, 0.2)).status).toBe(201);
    // 100.10 + 0.20 = 100.30 exactly (0.1 + 0.2 in floating point would not be).
    expect(await availableOf(server, lead.token, lead.id)).toBe(100.3);
    expect((await adjust(server, admin.token, lead.id, 0.3, 'debit')).body.availableFunds).toBe(100);
    expect(await capitalOf(server, lead.token, lead.id)).toBe(100);
  });

  it('a debit beyond the available funds is 422 INSUFFICIENT_FUNDS, translated, and books nothing', async () => {
    const lead = await server.user(root, { roles: ['lead'] });
    await adjust(server, admin.token, lead.id, 10);
    const payload = { userId: lead.id, amount: 10.01, direction: 'debit', reason: 'too much' };
    const en = await refused(422, 'INSUFFICIENT_FUNDS', post('/api/v1/funds/adjustment', admin.token, payload));
    expect(en.body.message).toBe('Insufficient funds');
    const fr = await refused(422, 'INSUFFICIENT_FUNDS', post('/api/v1/funds/adjustment', admin.token, payload, { 'x-lang': 'fr' }));
    expect(fr.body.message).toBe('Fonds insuffisants');
    expect(await availableOf(server, admin.token, lead.id)).toBe(10);
  });

  it('an adjustment is entered and booked once per id: a retry with the same id changes nothing', async () => {
    const lead = await server.user(root, { roles: ['lead'] });
    const id = randomUUID();
    const payload = { id, userId: lead.id, amount: 25, direction: 'credit', reason: 'goodwill' };
    expect((await server.call(post('/api/v1/funds/adjustment', admin.token, payload))).body.status).toBe('pending');
    const again = await server.call(post('/api/v1/funds/adjustment', admin.token, payload));
    expect(again.status).toBe(200);
    expect(again.body).toMatchObject({ id, status: 'pending' });
    // A second admin books it (four eyes); completing it again books nothing more.
    const second = await secondAdmin(server);
    expect((await server.call(post(`/api/v1/adjustment/${id}/complete`, second.token))).body.status).toBe('completed');
    expect((await server.call(post(`/api/v1/adjustment/${id}/complete`, second.token))).status).toBe(422);
    expect(await availableOf(server, admin.token, lead.id)).toBe(25);
    const audits = await server.sql<{ n: number }>(
      `select count(*)::int n from audit_log where action = 'funds.adjustment' and data->>'id' = '${id}'`,
    );
    expect(audits[0].n).toBe(1);
    const [row] = await server.sql<{ reason: string; actor: string }>(
      `select data->>'reason' reason, actor_id::text actor from audit_log where action = 'funds.adjustment' and data->>'id' = '${id}'`,
    );
    expect(row).toEqual({ reason: 'goodwill', actor: admin.id });
    const [booked] = await server.sql<{ actor: string; memo: string }>(
      `select actor_id::text actor, memo from transfers where source_entity = 'adjustment' and source_id = '${id}'`,
    );
    expect(booked).toEqual({ actor: second.id, memo: 'goodwill' });
  });

  it('bad adjustments are refused with the field named, in en and fr, and change nothing', async () => {
    const lead = await server.user(root, { roles: ['lead'] });
    const url = '/api/v1/funds/adjustment';
    const base = { userId: lead.id, amount: 5, direction: 'credit', reason: 'ok' };
    const noReason = await refused(400, 'VALIDATION', post(url, admin.token, { ...base, reason: '  ' }, { 'x-lang': 'fr' }));
    expect(noReason.body.details.reason).toBeTruthy();
    expect(noReason.body.message).not.toBe('Some fields are not valid');
    await refused(400, 'VALIDATION', post(url, admin.token, { ...base, amount: 0 }));
    await refused(400, 'VALIDATION', post(url, admin.token, { ...base, amount: 1.234 }));
    await refused(400, 'VALIDATION', post(url, admin.token, { ...base, amount: -5 }));
    await refused(400, 'VALIDATION', post(url, admin.token, { ...base, direction: 'sideways' }));
    const staff = await refused(400, 'VALIDATION', post(url, admin.token, { ...base, userId: regular.id }));
    expect(staff.body.details.userId.message ?? JSON.stringify(staff.body.details.userId)).toBeTruthy();
    await refused(404, 'NOT_FOUND', post(url, admin.token, { ...base, userId: randomUUID() }));
    await refused(403, 'FORBIDDEN', post(url, regular.token, base));
    await refused(403, 'FORBIDDEN', post(url, lead.token, base));
    await refused(401, 'UNAUTHENTICATED', { method: 'POST', url, payload: base });
  });
});

describe('withdrawals', () => {
  it('only a verified lead withdraws (422 LEAD_NOT_VERIFIED, translated)', async () => {
    const lead = await server.user(root, { roles: ['lead'] });
    await adjust(server, admin.token, lead.id, 50);
    const en = await refused(422, 'LEAD_NOT_VERIFIED', post('/api/v1/withdrawal', lead.token, { amount: 10 }));
    expect(en.body.message).toMatch(/verified lead/);
    const fr = await refused(422, 'LEAD_NOT_VERIFIED', post('/api/v1/withdrawal', lead.token, { amount: 10 }, { 'x-lang': 'fr' }));
    expect(fr.body.message).toMatch(/prospect vérifié/);
  });

  it('a request holds the money at once; complete pays it to the bank, fail gives it back', async () => {
    await setThreshold(10_000);
    const lead = await verifiedLead(server, regular.token, { assignedTo: regular.id });
    await adjust(server, admin.token, lead.id, 100);
    const first = await withdraw(lead.token, { amount: 30 });
    expect(first.status, JSON.stringify(first.body)).toBe(201);
    expect(first.body).toMatchObject({ status: 'pending', userId: lead.id, amount: 30, createdBy: lead.id, approvedBy: [] });
    expect(await availableOf(server, lead.token, lead.id)).toBe(70);
    // Held money is still the lead's: capital counts it.
    expect(await capitalOf(server, lead.token, lead.id)).toBe(100);

    await refused(422, 'INSUFFICIENT_FUNDS', post('/api/v1/withdrawal', lead.token, { amount: 70.01 }));

    const done = await act(first.body.id, 'complete', regular.token, { transactionId: 'BANK-1' });
    expect(done.status, JSON.stringify(done.body)).toBe(200);
    expect(done.body).toMatchObject({ status: 'completed', transactionId: 'BANK-1', version: 2 });
    expect(await availableOf(server, lead.token, lead.id)).toBe(70);
    expect(await capitalOf(server, lead.token, lead.id)).toBe(70);

    const second = await withdraw(lead.token, { amount: 20 });
    expect(await availableOf(server, lead.token, lead.id)).toBe(50);
    const failed = await act(second.body.id, 'fail', regular.token, { reason: 'IBAN closed' });
    expect(failed.body).toMatchObject({ status: 'failed', failureReason: 'IBAN closed' });
    expect(await availableOf(server, lead.token, lead.id)).toBe(70);
    expect(await capitalOf(server, lead.token, lead.id)).toBe(70);

    // Every step is audited and the lead is told of each.
    const audits = await server.sql<{ action: string }>(
      `select action from audit_log where entity_id in ('${first.body.id}', '${second.body.id}') order by id`,
    );
    expect(audits.map((a) => a.action)).toEqual(['withdrawal.request', 'withdrawal.complete', 'withdrawal.request', 'withdrawal.fail']);
    const notes = await server.sql<{ title: string }>(
      `select title from notifications where user_id = '${lead.id}' and type = 'withdrawal' order by date_creation, title`,
    );
    expect(notes.map((n) => n.title).sort()).toEqual(
      [
        'app.notifications.withdrawal.completed',
        'app.notifications.withdrawal.failed',
        'app.notifications.withdrawal.requested',
        'app.notifications.withdrawal.requested',
      ].sort(),
    );
    // The assigned staff member hears of the lead's requests.
    const staffNotes = await server.sql<{ n: number }>(
      `select count(*)::int n from notifications where user_id = '${regular.id}' and type = 'withdrawal'`,
    );
    expect(staffNotes[0].n).toBe(2);
  });

  it('transitions the machine does not allow, a lead acting, a status by PATCH or on create are refused', async () => {
    const lead = await verifiedLead(server, regular.token, { assignedTo: regular.id });
    await adjust(server, admin.token, lead.id, 40);
    const pending = (await withdraw(lead.token, { amount: 10 })).body;
    await refused(403, 'FORBIDDEN', post(`/api/v1/withdrawal/${pending.id}/complete`, lead.token, { transactionId: 'BANK-REF-1' }));
    await refused(403, 'FORBIDDEN', post(`/api/v1/withdrawal/${pending.id}/approve`, lead.token));
    await refused(404, 'NOT_FOUND', post(`/api/v1/withdrawal/${pending.id}/complete`, otherRegular.token, { transactionId: 'BANK-REF-1' }));
    const patch = await server.call({
      method: 'PATCH',
      url: `/api/v1/withdrawal/${pending.id}`,
      token: admin.token,
      payload: { status: 'completed' },
    });
    expect(patch.status).toBeGreaterThanOrEqual(400);
    expect(patch.status).toBeLessThan(500);
    const patchAmount = await server.call({
      method: 'PATCH',
      url: `/api/v1/withdrawal/${pending.id}`,
      token: admin.token,
      payload: { amount: 1 },
    });
    expect(patchAmount.status).toBe(400);
    expect((await server.call({ method: 'DELETE', url: `/api/v1/withdrawal/${pending.id}`, token: root })).status).toBe(404);
    const created = await withdraw(lead.token, { amount: 5, status: 'completed' });
    expect(created.status).toBeGreaterThanOrEqual(400);
    expect(created.status).toBeLessThan(500);
    // A lead withdraws only for itself.
    const other = await verifiedLead(server, root);
    await refused(403, 'FORBIDDEN', post('/api/v1/withdrawal', lead.token, { amount: 1, userId: other.id }));
    // Staff must name the lead.
    await refused(400, 'VALIDATION', post('/api/v1/withdrawal', regular.token, { amount: 1 }));

    expect((await act(pending.id, 'complete', regular.token, { transactionId: 'BANK-REF-1' })).status).toBe(200);
    const twice = await refused(
      422,
      'INVALID_TRANSITION',
      post(`/api/v1/withdrawal/${pending.id}/fail`, regular.token, { reason: 'IBAN closed' }, { 'x-lang': 'fr' }),
    );
    expect(twice.body.message).not.toBe(twice.body.code);
    await refused(
      422,
      'INVALID_TRANSITION',
      post(`/api/v1/withdrawal/${pending.id}/complete`, admin.token, { transactionId: 'BANK-REF-1' }),
    );
    expect(await availableOf(server, lead.token, lead.id)).toBe(30);
  });

  it('above the threshold: two different staff approve, never the one who entered it, then it can be paid', async () => {
    await setThreshold(50);
    const lead = await verifiedLead(server, regular.token, { assignedTo: regular.id });
    await adjust(server, admin.token, lead.id, 200);

    // Entered by the lead: any two staff members may approve.
    const big = (await withdraw(lead.token, { amount: 60 })).body;
    const early = await refused(
      422,
      'APPROVALS_REQUIRED',
      post(`/api/v1/withdrawal/${big.id}/complete`, regular.token, { transactionId: 'BANK-REF-1' }),
    );
    expect(early.body.message).toBe(
      "This lead's withdrawals of 24 hours come to more than €50.00: this one needs the approval of two staff members first (0 so far)",
    );
    const one = await act(big.id, 'approve', regular.token);
    expect(one.body).toMatchObject({ status: 'pending', approvedBy: [regular.id] });
    await refused(409, 'ALREADY_APPROVED', post(`/api/v1/withdrawal/${big.id}/approve`, regular.token));
    const stillOne = await refused(
      422,
      'APPROVALS_REQUIRED',
      post(`/api/v1/withdrawal/${big.id}/complete`, admin.token, { transactionId: 'BANK-REF-1' }, { 'x-lang': 'fr' }),
    );
    expect(stillOne.body.message).toBe(
      'Les retraits de ce prospect sur 24 heures dépassent 50,00\u00a0€ : celui-ci doit d’abord être approuvé par deux membres du personnel (1 pour l’instant)',
    );
    expect((await act(big.id, 'approve', admin.token)).body.approvedBy).toEqual([regular.id, admin.id]);
    expect((await act(big.id, 'complete', admin.token, { transactionId: 'BANK-REF-1' })).body.status).toBe('completed');
    expect(await capitalOf(server, lead.token, lead.id)).toBe(140);

    // Entered by the admin for the lead: the admin may not approve it; two others must.
    const entered = await withdraw(admin.token, { amount: 50.01, userId: lead.id });
    expect(entered.status, JSON.stringify(entered.body)).toBe(201);
    expect(entered.body.createdBy).toBe(admin.id);
    await refused(422, 'APPROVAL_NOT_ALLOWED', post(`/api/v1/withdrawal/${entered.body.id}/approve`, admin.token));
    await act(entered.body.id, 'approve', regular.token);
    await refused(
      422,
      'APPROVALS_REQUIRED',
      post(`/api/v1/withdrawal/${entered.body.id}/complete`, admin.token, { transactionId: 'BANK-REF-1' }),
    );
    await act(entered.body.id, 'approve', root);
    expect((await act(entered.body.id, 'complete', admin.token, { transactionId: 'BANK-REF-1' })).body.status).toBe('completed');

    // 200 − 60 − 50.01 = 89.99
    expect(await availableOf(server, lead.token, lead.id)).toBe(89.99);
    // At the threshold exactly, no approval is needed (a lead with no other withdrawal in 24 hours: they count together).
    const fresh = await verifiedLead(server, regular.token, { assignedTo: regular.id });
    await adjust(server, admin.token, fresh.id, 50);
    const atThreshold = (await withdraw(fresh.token, { amount: 50 })).body;
    expect((await act(atThreshold.id, 'complete', regular.token, { transactionId: 'BANK-REF-1' })).body.status).toBe('completed');
    expect(await availableOf(server, fresh.token, fresh.id)).toBe(0);
    await setThreshold(10_000);
  });

  it('a replayed request (same Idempotency-Key) holds the money once', async () => {
    const lead = await verifiedLead(server, root);
    await adjust(server, admin.token, lead.id, 10);
    const key = randomUUID();
    const send = () => withdraw(lead.token, { amount: 4 }, { 'idempotency-key': key });
    const [a, b] = await Promise.all([send(), send()]);
    const c = await send();
    expect(c.headers['idempotent-replayed']).toBe('true');
    expect(new Set([a.body.id, b.body.id, c.body.id].filter(Boolean)).size).toBe(1);
    expect(await availableOf(server, lead.token, lead.id)).toBe(6);
  });
});

describe('statement, exports, check and mirrors', () => {
  let lead: Person;
  beforeAll(async () => {
    lead = await verifiedLead(server, regular.token, { assignedTo: regular.id, firstName: 'Zoé', lastName: 'Dupont' });
    await adjust(server, admin.token, lead.id, 100, 'credit', '=HYPERLINK("http://evil.example","x")');
    const w = (await withdraw(lead.token, { amount: 30 })).body;
    await act(w.id, 'fail', regular.token, { reason: 'IBAN closed' });
    await adjust(server, admin.token, lead.id, 12.5, 'debit', '@SUM(1+1)');
  });

  it('lists the entries of the available account newest first with the running balance', async () => {
    const answer = await server.call({ method: 'GET', url: `/api/v1/funds/statement/${lead.id}`, token: lead.token });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    // 100 credit → 100; withdrawal hold −30 → 70; refund +30 → 100; debit −12.50 → 87.50.
    expect(answer.body.entries.map((e: any) => [e.kind, e.amount, e.balance])).toEqual([
      ['adjustment_debit', -12.5, 87.5],
      ['withdrawal_refund', 30, 100],
      ['withdrawal_hold', -30, 70],
      ['adjustment_credit', 100, 100],
    ]);
    expect(answer.body).toMatchObject({ count: 4, pageToCreate: 1, availableFunds: 87.5, capital: 87.5 });
    expect(answer.body.balances).toEqual({ available: 87.5, withdrawal_hold: 0, invested: 0, margin: 0, vault: 0 });

    const page2 = await server.call({ method: 'GET', url: `/api/v1/funds/statement/${lead.id}?limit=3&page=2`, token: regular.token });
    expect(page2.body.entries.map((e: any) => e.balance)).toEqual([100]);
    expect(page2.body.pageToCreate).toBe(2);
    const byKind = await server.call({ method: 'GET', url: `/api/v1/funds/statement/${lead.id}?kind=withdrawal_hold`, token: lead.token });
    expect(byKind.body.entries.map((e: any) => e.amount)).toEqual([-30]);
    const hold = await server.call({ method: 'GET', url: `/api/v1/funds/statement/${lead.id}?account=withdrawal_hold`, token: lead.token });
    expect(hold.body.entries.map((e: any) => [e.amount, e.balance])).toEqual([
      [-30, 0],
      [30, 30],
    ]);
    const tomorrow = new Date(Date.now() + 2 * 86_400_000).toISOString().slice(0, 10);
    const future = await server.call({ method: 'GET', url: `/api/v1/funds/statement/${lead.id}?from=${tomorrow}`, token: lead.token });
    expect(future.body.entries).toEqual([]);
    const bad = await server.call({
      method: 'GET',
      url: `/api/v1/funds/statement/${lead.id}?from=yesterday&limit=500`,
      token: lead.token,
      headers: { 'x-lang': 'fr' },
    });
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body.details).sort()).toEqual(['from', 'limit']);
  });

  it("exports .csv and .xlsx oldest first under a header; kinds in words, dates on the reader's clock, formulas kept as text", async () => {
    const csv = await server.call({
      method: 'GET',
      url: `/api/v1/funds/statement/${lead.id}?format=csv`,
      token: regular.token,
      headers: { 'x-lang': 'fr', 'x-timezone': 'Pacific/Kiritimati' },
    });
    expect(csv.status).toBe(200);
    expect(csv.headers['content-type']).toMatch(/text\/csv/);
    const lines = String(csv.body).split('\r\n');
    expect(lines.slice(0, 5)).toEqual([
      `Relevé de,Zoé Dupont (${lead.email})`,
      'Compte,Fonds disponibles',
      'Période,Depuis le début',
      'Solde d’ouverture (€),0.00',
      'Solde de clôture (€),87.50',
    ]);
    expect(lines[5]).toMatch(/^Exporté,\d{4}-\d{2}-\d{2} \d{2}:\d{2} \(Pacific\/Kiritimati\) · Test User$/);
    expect(lines[6]).toBe('');
    expect(lines[7]).toBe('Date,Type,Référence,Note,Montant (€),Solde (€)');
    expect(lines).toHaveLength(12);
    expect(lines[8]).toMatch(
      /^\d{4}-\d{2}-\d{2} \d{2}:\d{2},Ajustement \(crédit\),[0-9a-f-]{36},"'=HYPERLINK\(""http:\/\/evil.example"",""x""\)",100.00,100.00$/,
    );
    expect(lines[9]).toMatch(/,Retrait,[0-9a-f-]{36},,-30.00,70.00$/);
    expect(lines[10]).toMatch(/,Retrait restitué,[0-9a-f-]{36},,30.00,100.00$/);
    expect(lines[11]).toMatch(/,Ajustement \(débit\),[0-9a-f-]{36},'@SUM\(1\+1\),-12.50,87.50$/);

    // One kind: its entries only, the balances still the account's over the period (0 before the first entry, 87.50 after the last).
    const debit = await server.call({
      method: 'GET',
      url: `/api/v1/funds/statement/${lead.id}?format=csv&kind=adjustment_debit`,
      token: lead.token,
    });
    const debitLines = String(debit.body).split('\r\n');
    expect(debitLines.slice(2, 6)).toEqual([
      'Period,All time',
      'Kind,Adjustment (debit)',
      'Opening balance (€),0.00',
      'Closing balance (€),87.50',
    ]);
    expect(debitLines).toHaveLength(10);
    // A period after every entry: nothing in it, opening and closing at the balance it starts with.
    const tomorrow = new Date(Date.now() + 2 * 86_400_000).toISOString().slice(0, 10);
    const later = await server.call({
      method: 'GET',
      url: `/api/v1/funds/statement/${lead.id}?format=csv&from=${tomorrow}`,
      token: lead.token,
    });
    const laterLines = String(later.body).split('\r\n');
    expect(laterLines.slice(2, 5)).toEqual([`Period,${tomorrow} to …`, 'Opening balance (€),87.50', 'Closing balance (€),87.50']);
    expect(laterLines).toHaveLength(8);

    const file = await server.app.inject({
      method: 'GET',
      url: `/api/v1/funds/statement/${lead.id}?format=xlsx`,
      headers: { authorization: `Bearer ${lead.token}` },
    });
    expect(file.statusCode).toBe(200);
    const XLSX = await import('xlsx');
    const sheet = XLSX.read(file.rawPayload, { type: 'buffer', cellFormula: true }).Sheets.Statement;
    expect(sheet.A1.v).toBe('Statement of');
    expect(sheet.B4).toMatchObject({ t: 'n', v: 0 });
    expect(sheet.B5).toMatchObject({ t: 'n', v: 87.5 });
    expect(sheet.A8.v).toBe('Date');
    expect(sheet.B9.v).toBe('Adjustment (credit)');
    expect(sheet.B10.v).toBe('Withdrawal');
    expect(sheet.D9).toMatchObject({ t: 's', v: `'=HYPERLINK("http://evil.example","x")` });
    expect(sheet.D9.f).toBeUndefined();
    expect(sheet.E9).toMatchObject({ t: 'n', v: 100 });
    expect(sheet.F12).toMatchObject({ t: 'n', v: 87.5 });
    expect(Object.values(sheet).some((cell: any) => cell && typeof cell === 'object' && 'f' in cell)).toBe(false);
  });

  it('a statement is scoped like the lead: its own, its staff, admins; others get 404', async () => {
    const stranger = await server.user(root, { roles: ['lead'] });
    for (const url of [`/api/v1/funds/statement/${lead.id}`, `/api/v1/funds/available/${lead.id}`, `/api/v1/funds/capital/${lead.id}`]) {
      expect((await server.call({ method: 'GET', url, token: stranger.token })).status).toBe(404);
      expect((await server.call({ method: 'GET', url, token: otherRegular.token })).status).toBe(404);
      expect((await server.call({ method: 'GET', url, token: regular.token })).status).toBe(200);
      expect((await server.call({ method: 'GET', url, token: admin.token })).status).toBe(200);
      expect((await server.call({ method: 'GET', url })).status).toBe(401);
    }
  });

  it("balances and entries reach the lead's devices through /sync, read-only", async () => {
    const sync = await server.call({ method: 'GET', url: '/api/v1/sync?since=0&limit=5000', token: lead.token });
    const accounts = sync.body.changes.filter((c: any) => c.entity === 'account').map((c: any) => c.record);
    expect(accounts.map((a: any) => [a.kind, a.balance]).sort()).toEqual([
      ['available', 87.5],
      ['withdrawal_hold', 0],
    ]);
    expect(accounts.every((a: any) => a.leadId === lead.id)).toBe(true);
    const entries = sync.body.changes.filter((c: any) => c.entity === 'ledger-entry');
    expect(entries).toHaveLength(6);
    expect(entries.every((c: any) => c.record.leadId === lead.id)).toBe(true);
    // The staff member's devices get them too; a stranger's do not.
    const staffSync = await server.call({ method: 'GET', url: '/api/v1/sync?since=0&limit=5000', token: otherRegular.token });
    expect(staffSync.body.changes.some((c: any) => c.entity === 'ledger-entry' && c.record?.leadId === lead.id)).toBe(false);
    const listed = await server.call({ method: 'GET', url: '/api/v1/ledger-entry', token: lead.token });
    expect(listed.body.count).toBe(6);
    // No client writes the ledger: its write routes do not exist.
    expect((await server.call({ method: 'POST', url: '/api/v1/account', token: root, payload: {} })).status).toBe(404);
    expect(
      (await server.call({ method: 'PATCH', url: `/api/v1/account/${accounts[0].id}`, token: root, payload: { balance: 1e6 } })).status,
    ).toBe(404);
    expect((await server.call({ method: 'DELETE', url: `/api/v1/ledger-entry/${entries[0].id}`, token: root })).status).toBe(404);
  });

  it('the admin check: all accounts sum to zero and each equals its entries; the database agrees', async () => {
    const check = await server.call({ method: 'GET', url: '/api/v1/funds/check', token: admin.token });
    expect(check.status).toBe(200);
    expect(check.body).toMatchObject({ ok: true, total: 0, mismatchedAccounts: [], unbalancedTransfers: [], negative: [] });
    expect(await ledgerInvariants(server)).toMatchObject({ total: 0, mismatched: 0, negative: 0, twice: 0, broken: 0 });
    expect((await server.call({ method: 'GET', url: '/api/v1/funds/check', token: regular.token })).status).toBe(403);
    expect((await server.call({ method: 'GET', url: '/api/v1/funds/check', token: lead.token })).status).toBe(403);
  });

  it('the database itself refuses a negative lead balance and a second booking of one cause', async () => {
    const [account] = await server.sql<{ id: string }>(`select id from accounts where lead_id = '${lead.id}' and kind = 'available'`);
    await expect(server.sql(`update accounts set balance = -0.01 where id = '${account.id}'`)).rejects.toMatchObject({
      cause: { constraint: 'accounts_lead_balance_not_negative' },
    });
    const [t] = await server.sql<Record<string, string>>(`select * from transfers limit 1`);
    await expect(
      server.sql(
        `insert into transfers (id, source_entity, source_id, kind, amount, from_account_id, to_account_id) values ('${randomUUID()}', '${t.source_entity}', '${t.source_id}', '${t.kind}', 1, '${t.from_account_id}', '${t.to_account_id}')`,
      ),
    ).rejects.toMatchObject({ cause: { constraint: 'transfers_cause_unique' } });
  });
});

describe('concurrency', () => {
  it('50 simultaneous withdrawals of 7 € against 100 €: exactly 14 accepted, never negative', async () => {
    await setThreshold(10_000);
    const lead = await verifiedLead(server, root);
    await adjust(server, admin.token, lead.id, 100);
    const answers = await Promise.all(Array.from({ length: 50 }, () => withdraw(lead.token, { amount: 7 })));
    const accepted = answers.filter((a) => a.status === 201);
    const refusedOnes = answers.filter((a) => a.status === 422);
    // floor(100 / 7) = 14, leaving 100 − 98 = 2.
    expect(accepted).toHaveLength(14);
    expect(refusedOnes).toHaveLength(36);
    expect(refusedOnes.every((a) => a.body.code === 'INSUFFICIENT_FUNDS')).toBe(true);
    expect(await availableOf(server, lead.token, lead.id)).toBe(2);
    expect(await capitalOf(server, lead.token, lead.id)).toBe(100);
    const [rows] = await server.sql<{ n: number; min: string }>(
      `select count(*)::int n, min(balance_after)::text min from ledger_entries where lead_id = '${lead.id}' and account_kind = 'available'`,
    );
    expect(rows.n).toBe(15);
    expect(Number(rows.min)).toBe(2);
    expect(await ledgerInvariants(server)).toMatchObject({ total: 0, mismatched: 0, negative: 0, twice: 0, broken: 0 });
  });
});
