import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PNG } from '../fixtures/sample-files.ts';
import { fingerprint } from './database-state.ts';
import { startServer, type TestServer } from './harness.ts';
import { adjust, availableOf, verifiedLead, type Person } from './money-fixtures.ts';
import { multipart } from './multipart.ts';

/**
 * Four eyes on money that staff create (DESIGN.md §6, CHECKLIST 13), written from the attack: one
 * person alone cannot make money up and pay it out. Expected figures and messages are literals.
 */
let server: TestServer;
let root: string;
let rootId: string;
let admin: Person;
let otherAdmin: Person;
let regular: Person;

beforeAll(async () => {
  server = await startServer();
  root = await server.rootToken();
  rootId = (await server.call({ method: 'GET', url: '/api/v1/auth/check-auth', token: root })).body.id;
  admin = await server.user(root, { roles: ['admin'], firstName: 'Ada', lastName: 'Admin' });
  otherAdmin = await server.user(root, { roles: ['admin'], firstName: 'Otto', lastName: 'Other' });
  regular = await server.user(root, { roles: ['regular'], firstName: 'Rita', lastName: 'Regular' });
});
afterAll(() => server?.close());

type Request = Parameters<TestServer['call']>[0];

const post = (url: string, token: string, payload?: unknown, headers: Record<string, string> = {}): Request => ({
  method: 'POST',
  url,
  token,
  payload: payload as Request['payload'],
  headers: { 'idempotency-key': randomUUID(), ...headers },
});

/** A request that must be refused with `status`/`code` and change nothing (no key: a stored answer is a row). */
async function refused(status: number, code: string, request: Request) {
  const before = await fingerprint(server);
  const { 'idempotency-key': _key, ...headers } = request.headers ?? {};
  const answer = await server.call({ ...request, headers });
  expect(answer.status, JSON.stringify(answer.body)).toBe(status);
  expect(answer.body.code).toBe(code);
  expect(await fingerprint(server)).toBe(before);
  return answer;
}

const enterDeposit = (token: string, userId: string, amount: number) =>
  server.call(post('/api/v1/deposit', token, { userId, amount, transactionId: `BANK-${randomUUID().slice(0, 8)}` }));

async function setting(token: string, payload: Record<string, unknown>) {
  return server.call({ method: 'PATCH', url: '/api/v1/setting', token, payload });
}

describe('a staff-entered deposit is completed by a second person', () => {
  it('the fraud path: one regular staff member alone creates a lead, gives it documents, enters €10,000 and cannot complete it', async () => {
    // 1. A lead of its own.
    const lead = await server.user(regular.token, { roles: ['lead'] });
    expect(lead.record.assignedTo).toBe(regular.id);
    // 2. Documents for it.
    const body = multipart({ content: PNG, filename: 'passport.png', contentType: 'image/png' });
    const uploaded = await server.call({ method: 'POST', url: `/api/v1/user/${lead.id}/documents`, token: regular.token, ...body });
    expect(uploaded.status).toBe(201);
    // 3. Verifying them is the other half of the rule (whoever uploaded cannot verify); a deposit needs no verified lead.
    await server.call({
      method: 'PATCH',
      url: `/api/v1/user/${lead.id}/verification`,
      token: regular.token,
      payload: { status: 'verified' },
    });
    // 4. A €10,000 bank transfer, entered by the regular: pending, with who entered it.
    const entered = await enterDeposit(regular.token, lead.id, 10_000);
    expect(entered.status, JSON.stringify(entered.body)).toBe(201);
    expect(entered.body).toMatchObject({ status: 'pending', createdBy: regular.id, decidedBy: null, amount: 10_000 });
    // 5. Completing it alone is refused, in en and fr, and books nothing.
    const en = await refused(422, 'SECOND_PERSON_REQUIRED', post(`/api/v1/deposit/${entered.body.id}/complete`, regular.token));
    expect(en.body.message).toBe('You entered this yourself: another staff member must complete it (four eyes)');
    const fr = await refused(
      422,
      'SECOND_PERSON_REQUIRED',
      post(`/api/v1/deposit/${entered.body.id}/complete`, regular.token, undefined, { 'x-lang': 'fr' }),
    );
    expect(fr.body.message).toBe('Vous l’avez saisi vous-même : un autre membre du personnel doit le valider (quatre yeux)');
    expect(await availableOf(server, regular.token, lead.id)).toBe(0);
    // 6. So there is nothing to withdraw.
    const withdrawal = await server.call(post('/api/v1/withdrawal', regular.token, { userId: lead.id, amount: 10_000 }));
    expect(withdrawal.status).toBe(422);
    expect(await availableOf(server, regular.token, lead.id)).toBe(0);

    // A second person (an admin) completes it: booked once, with who decided.
    const done = await server.call(post(`/api/v1/deposit/${entered.body.id}/complete`, admin.token));
    expect(done.status, JSON.stringify(done.body)).toBe(200);
    expect(done.body).toMatchObject({ status: 'completed', createdBy: regular.id, decidedBy: admin.id });
    expect(await availableOf(server, regular.token, lead.id)).toBe(10_000);
    const audits = await server.sql<{ actor: string }>(
      `select actor_id::text actor from audit_log where action = 'deposit.complete' and entity_id = '${entered.body.id}'`,
    );
    expect(audits).toEqual([{ actor: admin.id }]);
  });

  it('failing is no credit: the one who entered a deposit may fail it, and who decided is kept', async () => {
    const lead = await server.user(regular.token, { roles: ['lead'] });
    const entered = await enterDeposit(regular.token, lead.id, 120);
    const failed = await server.call(
      post(`/api/v1/deposit/${entered.body.id}/fail`, regular.token, { reason: 'The transfer never arrived' }),
    );
    expect(failed.status, JSON.stringify(failed.body)).toBe(200);
    expect(failed.body).toMatchObject({ status: 'failed', createdBy: regular.id, decidedBy: regular.id });
    expect(await availableOf(server, regular.token, lead.id)).toBe(0);
  });

  it('root cannot complete what root entered; nor an admin acting as a regular what it entered so', async () => {
    const lead = await server.user(root, { roles: ['lead'], assignedTo: regular.id });
    const rootEntered = await enterDeposit(root, lead.id, 500);
    expect(rootEntered.body.createdBy).toBe(rootId);
    await refused(422, 'SECOND_PERSON_REQUIRED', post(`/api/v1/deposit/${rootEntered.body.id}/complete`, root));
    expect((await server.call(post(`/api/v1/deposit/${rootEntered.body.id}/complete`, regular.token))).body.status).toBe('completed');

    // The admin connects as the regular: the real person entered it, and stays the one who did.
    const token = (await server.call({ method: 'POST', url: `/api/v1/auth/generate-token/${regular.id}`, token: admin.token })).body.token;
    const asRegular = await enterDeposit(token, lead.id, 700);
    expect(asRegular.status, JSON.stringify(asRegular.body)).toBe(201);
    expect(asRegular.body.createdBy).toBe(admin.id);
    await refused(422, 'SECOND_PERSON_REQUIRED', post(`/api/v1/deposit/${asRegular.body.id}/complete`, admin.token));
    expect((await server.call(post(`/api/v1/deposit/${asRegular.body.id}/complete`, regular.token))).body.decidedBy).toBe(regular.id);
    expect(await availableOf(server, root, lead.id)).toBe(1_200);
  });
});

describe('a person is staff or a lead, never both', () => {
  it('creating or changing a user to hold a staff role and lead together is 422 STAFF_OR_LEAD, translated, and changes nothing', async () => {
    const payload = { firstName: 'Both', lastName: 'Ways', email: `both-${randomUUID().slice(0, 8)}@test.local`, password: 'secret123' };
    const en = await refused(422, 'STAFF_OR_LEAD', post('/api/v1/user', admin.token, { ...payload, roles: ['regular', 'lead'] }));
    expect(en.body.message).toBe('A user is either staff or a lead, never both');
    expect(en.body.details.roles).toBeTruthy();
    const fr = await refused(
      422,
      'STAFF_OR_LEAD',
      post('/api/v1/user', root, { ...payload, roles: ['lead', 'admin'] }, { 'x-lang': 'fr' }),
    );
    expect(fr.body.message).toBe('Un utilisateur est soit membre du personnel, soit prospect, jamais les deux');

    const staff = await server.user(root, { roles: ['regular'] });
    await refused(422, 'STAFF_OR_LEAD', {
      method: 'PATCH',
      url: `/api/v1/user/${staff.id}`,
      token: admin.token,
      payload: { roles: ['regular', 'lead'] },
    });
    const lead = await server.user(root, { roles: ['lead'] });
    await refused(422, 'STAFF_OR_LEAD', {
      method: 'PATCH',
      url: `/api/v1/user/${lead.id}`,
      token: root,
      payload: { roles: ['lead', 'regular'] },
    });
  });
});

describe('the four-eyes setting', () => {
  it('only root switches it; switched off, one person may complete what they entered; each switch is audited', async () => {
    const lead = await server.user(regular.token, { roles: ['lead'] });
    const entered = await enterDeposit(regular.token, lead.id, 250);

    const byAdmin = await refused(403, 'FORBIDDEN', {
      method: 'PATCH',
      url: '/api/v1/setting',
      token: admin.token,
      payload: { fourEyes: false },
    });
    expect(byAdmin.body.details.fourEyes).toBeTruthy();
    // Sending the value it already has changes nothing and is no switch (a whole settings form may carry it).
    expect((await setting(admin.token, { fourEyes: true, companyName: 'Four Eyes Ltd' })).status).toBe(200);

    const off = await setting(root, { fourEyes: false });
    expect(off.status, JSON.stringify(off.body)).toBe(200);
    expect(off.body.fourEyes).toBe(false);
    const done = await server.call(post(`/api/v1/deposit/${entered.body.id}/complete`, regular.token));
    expect(done.status, JSON.stringify(done.body)).toBe(200);
    expect(done.body).toMatchObject({ status: 'completed', createdBy: regular.id, decidedBy: regular.id });
    expect(await availableOf(server, regular.token, lead.id)).toBe(250);

    expect((await setting(root, { fourEyes: true })).body.fourEyes).toBe(true);
    const switches = await server.sql<{ actor: string; from: boolean; to: boolean }>(
      `select actor_id::text actor, (data->>'from')::boolean "from", (data->>'to')::boolean "to" from audit_log where action = 'setting.fourEyes' order by id`,
    );
    expect(switches).toEqual([
      { actor: rootId, from: true, to: false },
      { actor: rootId, from: false, to: true },
    ]);
    // On again: the rule holds again.
    const again = await enterDeposit(regular.token, lead.id, 10);
    await refused(422, 'SECOND_PERSON_REQUIRED', post(`/api/v1/deposit/${again.body.id}/complete`, regular.token));
  });
});

describe('withdrawal approvals count the last 24 hours together', () => {
  it('three €4,000 withdrawals with a €10,000 threshold: the third needs two approvals, the split avoids nothing', async () => {
    expect((await setting(root, { withdrawalApprovalThreshold: 10_000 })).status).toBe(200);
    const lead = await verifiedLead(server, root, { assignedTo: regular.id });
    await adjust(server, admin.token, lead.id, 12_000);
    const ids: string[] = [];
    for (let i = 0; i < 3; i++) {
      const answer = await server.call(post('/api/v1/withdrawal', lead.token, { amount: 4_000 }));
      expect(answer.status, JSON.stringify(answer.body)).toBe(201);
      ids.push(answer.body.id);
    }
    // 4,000 and 8,000 so far: the first two need none.
    expect(
      (await server.call(post(`/api/v1/withdrawal/${ids[0]}/complete`, regular.token, { transactionId: 'BANK-REF-1' }))).body.status,
    ).toBe('completed');
    // 12,000 with the third: above 10,000.
    const third = await refused(
      422,
      'APPROVALS_REQUIRED',
      post(`/api/v1/withdrawal/${ids[2]}/complete`, regular.token, { transactionId: 'BANK-REF-1' }),
    );
    expect(third.body.message).toBe(
      "This lead's withdrawals of 24 hours come to more than €10,000.00: this one needs the approval of two staff members first (0 so far)",
    );
    expect(
      (await server.call(post(`/api/v1/withdrawal/${ids[1]}/complete`, regular.token, { transactionId: 'BANK-REF-1' }))).body.status,
    ).toBe('completed');
    await server.call(post(`/api/v1/withdrawal/${ids[2]}/approve`, regular.token));
    await refused(422, 'APPROVALS_REQUIRED', post(`/api/v1/withdrawal/${ids[2]}/complete`, admin.token, { transactionId: 'BANK-REF-1' }));
    await server.call(post(`/api/v1/withdrawal/${ids[2]}/approve`, admin.token));
    const paid = await server.call(post(`/api/v1/withdrawal/${ids[2]}/complete`, admin.token, { transactionId: 'BANK-REF-1' }));
    expect(paid.body).toMatchObject({ status: 'completed', approvedBy: [regular.id, admin.id], decidedBy: admin.id });
    expect(await availableOf(server, lead.token, lead.id)).toBe(0);
  });

  it('a failed withdrawal no longer counts, nor one older than 24 hours', async () => {
    const lead = await verifiedLead(server, root, { assignedTo: regular.id });
    await adjust(server, admin.token, lead.id, 12_000);
    const first = (await server.call(post('/api/v1/withdrawal', lead.token, { amount: 4_000 }))).body;
    const old = (await server.call(post('/api/v1/withdrawal', lead.token, { amount: 4_000 }))).body;
    const last = (await server.call(post('/api/v1/withdrawal', lead.token, { amount: 4_000 }))).body;
    expect((await server.call(post(`/api/v1/withdrawal/${first.id}/fail`, regular.token, { reason: 'IBAN closed' }))).body.decidedBy).toBe(
      regular.id,
    );
    await server.sql(`update withdrawals set date_creation = now() - interval '25 hours' where id = '${old.id}'`);
    expect(
      (await server.call(post(`/api/v1/withdrawal/${last.id}/complete`, regular.token, { transactionId: 'BANK-REF-1' }))).body.status,
    ).toBe('completed');
  });
});

describe('manual adjustments are records, completed by a second admin', () => {
  it('entered pending with its reason; its author cannot complete it; another admin books it once', async () => {
    const lead = await server.user(root, { roles: ['lead'] });
    const entered = await server.call(
      post('/api/v1/funds/adjustment', admin.token, { userId: lead.id, amount: 300, direction: 'credit', reason: 'goodwill' }),
    );
    expect(entered.status, JSON.stringify(entered.body)).toBe(201);
    expect(entered.body).toMatchObject({ status: 'pending', createdBy: admin.id, decidedBy: null, amount: 300, reason: 'goodwill' });
    expect(await availableOf(server, admin.token, lead.id)).toBe(0);

    const own = await refused(
      422,
      'SECOND_PERSON_REQUIRED',
      post(`/api/v1/adjustment/${entered.body.id}/complete`, admin.token, undefined, { 'x-lang': 'de' }),
    );
    expect(own.body.message).toBe('Sie haben dies selbst erfasst: Ein anderer Mitarbeiter muss es abschließen (Vier-Augen-Prinzip)');
    await refused(403, 'FORBIDDEN', post(`/api/v1/adjustment/${entered.body.id}/complete`, regular.token));

    const done = await server.call(post(`/api/v1/adjustment/${entered.body.id}/complete`, otherAdmin.token));
    expect(done.status, JSON.stringify(done.body)).toBe(200);
    expect(done.body).toMatchObject({ status: 'completed', createdBy: admin.id, decidedBy: otherAdmin.id });
    expect(await availableOf(server, admin.token, lead.id)).toBe(300);
    await refused(422, 'INVALID_TRANSITION', post(`/api/v1/adjustment/${entered.body.id}/complete`, root));
    const [booked] = await server.sql<{ n: number; actor: string; memo: string }>(
      `select count(*)::int n, min(actor_id::text) actor, min(memo) memo from transfers where source_entity = 'adjustment' and source_id = '${entered.body.id}'`,
    );
    expect(booked).toEqual({ n: 1, actor: otherAdmin.id, memo: 'goodwill' });

    // Its author may withdraw a mistaken entry: nothing is booked.
    const mistaken = await server.call(
      post('/api/v1/funds/adjustment', admin.token, { userId: lead.id, amount: 3_000, direction: 'credit', reason: 'typo' }),
    );
    const failed = await server.call(post(`/api/v1/adjustment/${mistaken.body.id}/fail`, admin.token, { reason: 'meant 300' }));
    expect(failed.body).toMatchObject({ status: 'failed', failureReason: 'meant 300', decidedBy: admin.id });
    expect(await availableOf(server, admin.token, lead.id)).toBe(300);
  });

  it('a debit the funds do not cover is refused at entry; an entry with the same id is answered once', async () => {
    const lead = await server.user(root, { roles: ['lead'] });
    await refused(
      422,
      'INSUFFICIENT_FUNDS',
      post('/api/v1/funds/adjustment', admin.token, { userId: lead.id, amount: 1, direction: 'debit', reason: 'x' }),
    );
    const id = randomUUID();
    const payload = { id, userId: lead.id, amount: 5, direction: 'credit', reason: 'once' };
    expect((await server.call(post('/api/v1/funds/adjustment', admin.token, payload))).status).toBe(201);
    const again = await server.call(post('/api/v1/funds/adjustment', admin.token, payload));
    expect(again.status).toBe(200);
    expect(again.body).toMatchObject({ id, status: 'pending' });
    expect((await server.sql<{ n: number }>(`select count(*)::int n from adjustments where id = '${id}'`))[0].n).toBe(1);
  });
});

describe('a lead with an adjustment entered', () => {
  it('is not deleted while money records name it: 409 saying so, with the lead named', async () => {
    const lead = await server.user(root, { roles: ['lead'] });
    const entered = await server.call(
      post('/api/v1/funds/adjustment', admin.token, { userId: lead.id, amount: 5, direction: 'credit', reason: 'pending only' }),
    );
    expect(entered.status).toBe(201);
    const gone = await refused(409, 'HAS_DEPENDENTS', { method: 'DELETE', url: `/api/v1/user/${lead.id}`, token: admin.token });
    expect(gone.body.message).toBe('This cannot be deleted: deposits, withdrawals or other money records still depend on it');
    expect(gone.body.details[lead.id]).toBe('Test User: has deposits, withdrawals or other money records');
  });
});

describe('adjustments are listed for admins', () => {
  it('admins list and read them with who entered and decided; regular staff and leads get 403; no plain create', async () => {
    const lead = await server.user(root, { roles: ['lead'] });
    const entered = await server.call(
      post('/api/v1/funds/adjustment', admin.token, { userId: lead.id, amount: 42, direction: 'credit', reason: 'listed' }),
    );
    const filters = encodeURIComponent(JSON.stringify([{ field: 'userId', values: [lead.id] }]));
    const list = await server.call({ method: 'GET', url: `/api/v1/adjustment?filters=${filters}`, token: otherAdmin.token });
    expect(list.status, JSON.stringify(list.body)).toBe(200);
    expect(list.body.count).toBe(1);
    expect(list.body.adjustments[0]).toMatchObject({
      id: entered.body.id,
      status: 'pending',
      createdBy: admin.id,
      amount: 42,
      reason: 'listed',
    });
    expect((await server.call({ method: 'GET', url: `/api/v1/adjustment/${entered.body.id}`, token: root })).body.createdBy).toBe(admin.id);
    expect((await server.call({ method: 'GET', url: '/api/v1/adjustment', token: regular.token })).status).toBe(403);
    expect((await server.call({ method: 'GET', url: '/api/v1/adjustment', token: lead.token })).status).toBe(403);
    const plain = await server.call(
      post('/api/v1/adjustment', admin.token, { userId: lead.id, amount: 1, direction: 'credit', reason: 'x' }),
    );
    expect(plain.status).toBe(404);
  });
});
