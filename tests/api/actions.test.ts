import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pendingWithDocument, startServer, type TestServer } from './harness.ts';

/**
 * defineAction through its first user, the verification decision (`PATCH /user/:id/verification`,
 * the verification machine's `decide`: pending → verified | rejected, by staff), and the guards the
 * machines put on the standard set.
 */
describe('actions on a lifecycle', () => {
  let server: TestServer;
  let root: string;
  let staff: { id: string; token: string };
  let otherStaff: { id: string; token: string };

  beforeAll(async () => {
    server = await startServer();
    root = await server.rootToken();
    staff = await server.user(root, { roles: ['regular'] });
    otherStaff = await server.user(root, { roles: ['regular'] });
  });
  afterAll(() => server?.close());

  const newLead = () => server.user(root, { roles: ['lead'], assignedTo: staff.id });
  const setVerification = (id: string, status: string) =>
    status === 'pending'
      ? pendingWithDocument(server, id)
      : server.sql(`update users set verification_status = '${status}', version = version + 1 where id = '${id}'`);
  const decide = (id: string, token: string, payload: Record<string, unknown>, headers: Record<string, string> = {}) =>
    server.call({ method: 'PATCH', url: `/api/v1/user/${id}/verification`, token, payload, headers });

  /** Everything an action could have written about one record. */
  async function traces(id: string) {
    const [row] = await server.sql<{ verification_status: string; version: number; verification_note: string | null }>(
      `select verification_status, version, verification_note from users where id = '${id}'`,
    );
    const [changes] = await server.sql<{ n: number }>(`select count(*)::int as n from change_log where record_id = '${id}'`);
    const [audits] = await server.sql<{ n: number }>(`select count(*)::int as n from audit_log where entity_id = '${id}'`);
    const [notes] = await server.sql<{ n: number }>(
      `select count(*)::int as n from notifications where user_id = '${id}' and type = 'verification'`,
    );
    return { row, changes: changes.n, audits: audits.n, notifications: notes.n };
  }

  it('an illegal transition is 422 INVALID_TRANSITION and changes nothing', async () => {
    const lead = await newLead();
    // No documents yet: the lead is `uninitialized`, and `decide` starts only from `pending`.
    const before = await traces(lead.id);
    expect(before.row.verification_status).toBe('uninitialized');
    const refused = await decide(lead.id, staff.token, { status: 'verified' }, { 'x-lang': 'fr' });
    expect(refused.status).toBe(422);
    expect(refused.body.code).toBe('INVALID_TRANSITION');
    expect(refused.body.message).toBe("Cette action n'est pas possible dans l'état actuel de l'enregistrement");
    expect(refused.body.from).toBe('uninitialized');
    expect(await traces(lead.id)).toEqual(before);

    // Decided already: a second decision is refused the same way.
    await setVerification(lead.id, 'verified');
    const settled = await traces(lead.id);
    const again = await decide(lead.id, staff.token, { status: 'rejected', note: 'Second thoughts' });
    expect(again.status).toBe(422);
    expect(again.body.code).toBe('INVALID_TRANSITION');
    expect(await traces(lead.id)).toEqual(settled);
  });

  it('a role the machine does not name is refused, and nothing changes', async () => {
    const lead = await newLead();
    await setVerification(lead.id, 'pending');
    const before = await traces(lead.id);
    // The machine's `decide` is for staff: a lead may not decide, not even on itself.
    const byLead = await decide(lead.id, lead.token, { status: 'verified' });
    expect(byLead.status).toBe(403);
    expect(byLead.body.code).toBe('FORBIDDEN');
    // Staff outside the lead's scope do not even find it.
    const byStranger = await decide(lead.id, otherStaff.token, { status: 'verified' });
    expect(byStranger.status).toBe(404);
    expect(await traces(lead.id)).toEqual(before);
  });

  it("a machine's `by` is judged on the record: a lead cancels its own deposit, never another's; staff only within scope", async () => {
    // The deposit machine's `cancel` is `by: 'all'`: every role passes it, so the record's owner and
    // the actor's scope are what stand between a person and someone else's deposit.
    const mine = await newLead();
    const theirs = await newLead();
    const enter = async (userId: string) => {
      const entered = await server.call({ method: 'POST', url: '/api/v1/deposit', token: staff.token, payload: { userId, amount: 40 } });
      expect(entered.status, JSON.stringify(entered.body)).toBe(201);
      return entered.body.id as string;
    };
    const cancel = (id: string, token: string) => server.call({ method: 'PATCH', url: `/api/v1/deposit/${id}/cancel`, token, payload: {} });
    const state = async (id: string) =>
      (await server.sql<{ status: string; version: number }>(`select status, version from deposits where id = '${id}'`))[0];
    const [own, other, third] = [await enter(mine.id), await enter(theirs.id), await enter(theirs.id)];

    // Another lead's deposit does not exist for this lead.
    const byOtherLead = await cancel(other, mine.token);
    expect(byOtherLead.status).toBe(404);
    expect(byOtherLead.body.code).toBe('NOT_FOUND');
    expect(await state(other)).toEqual({ status: 'pending', version: 1 });
    // Staff outside the lead's scope neither.
    const byStranger = await cancel(third, otherStaff.token);
    expect(byStranger.status).toBe(404);
    expect(await state(third)).toEqual({ status: 'pending', version: 1 });

    // Its own: cancelled. The lead's staff member: cancelled.
    const byOwner = await cancel(own, mine.token);
    expect(byOwner.status, JSON.stringify(byOwner.body)).toBe(200);
    expect(await state(own)).toEqual({ status: 'cancelled', version: 2 });
    const byStaff = await cancel(other, staff.token);
    expect(byStaff.status, JSON.stringify(byStaff.body)).toBe(200);
    expect(await state(other)).toEqual({ status: 'cancelled', version: 2 });
  });

  it('an action replays under its Idempotency-Key: one effect, one audit row; another body with the key is refused', async () => {
    const lead = await newLead();
    await setVerification(lead.id, 'pending');
    const before = await traces(lead.id);
    const key = 'decide-0001-aaaa';
    const first = await decide(lead.id, staff.token, { status: 'rejected', note: 'Blurry scan' }, { 'idempotency-key': key });
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({
      id: lead.id,
      verificationStatus: 'rejected',
      verificationNote: 'Blurry scan',
      version: before.row.version + 1,
    });
    expect(first.headers['idempotent-replayed']).toBeUndefined();
    const after = await traces(lead.id);
    expect(after).toEqual({
      row: { verification_status: 'rejected', version: before.row.version + 1, verification_note: 'Blurry scan' },
      changes: before.changes + 1,
      audits: before.audits + 1,
      notifications: before.notifications + 1,
    });
    const [audit] = await server.sql<{ action: string; actor_id: string; data: unknown }>(
      `select action, actor_id, data from audit_log where entity_id = '${lead.id}' order by id desc limit 1`,
    );
    expect(audit).toEqual({ action: 'user.decide', actor_id: staff.id, data: { from: 'pending', to: 'rejected', note: 'Blurry scan' } });

    const replay = await decide(lead.id, staff.token, { status: 'rejected', note: 'Blurry scan' }, { 'idempotency-key': key });
    expect(replay.status).toBe(200);
    expect(replay.headers['idempotent-replayed']).toBe('true');
    expect(replay.body).toEqual(first.body);
    expect(await traces(lead.id)).toEqual(after);

    const mismatch = await decide(lead.id, staff.token, { status: 'verified' }, { 'idempotency-key': key });
    expect(mismatch.status).toBe(422);
    expect(mismatch.body.code).toBe('IDEMPOTENCY_MISMATCH');
    expect(await traces(lead.id)).toEqual(after);
  });

  it("the change-log row lets /sync deliver the new status to the lead's devices", async () => {
    const lead = await newLead();
    await setVerification(lead.id, 'pending');
    const start = await server.call({ method: 'GET', url: '/api/v1/sync?since=0&limit=1000', token: lead.token });
    let cursor = start.body.cursor;
    for (let page = start.body; page.hasMore; cursor = page.cursor) {
      page = (await server.call({ method: 'GET', url: `/api/v1/sync?since=${cursor}&limit=1000`, token: lead.token })).body;
    }
    expect((await decide(lead.id, staff.token, { status: 'verified' })).status).toBe(200);
    const delta = await server.call({ method: 'GET', url: `/api/v1/sync?since=${cursor}`, token: lead.token });
    const mine = delta.body.changes.filter((c: { entity: string; id: string }) => c.entity === 'user' && c.id === lead.id);
    expect(mine).toHaveLength(1);
    expect(mine[0]).toMatchObject({ op: 'upsert', record: { verificationStatus: 'verified' } });
  });

  it('the standard set never moves a lifecycle: no state but the first through a create, none through a PATCH', async () => {
    const verifiedAtOnce = await server.call({
      method: 'POST',
      url: '/api/v1/user',
      token: root,
      payload: {
        firstName: 'Vera',
        lastName: 'Fied',
        email: 'vera@test.local',
        password: 'secret123',
        roles: ['lead'],
        verificationStatus: 'verified',
      },
    });
    expect(verifiedAtOnce.status).toBe(422);
    expect(verifiedAtOnce.body.code).toBe('INVALID_TRANSITION');
    expect(verifiedAtOnce.body.details.verificationStatus).toBeTruthy();
    expect(await server.sql(`select id from users where email = 'vera@test.local'`)).toEqual([]);

    const lead = await newLead();
    await setVerification(lead.id, 'pending');
    const before = await traces(lead.id);
    // Root may change almost anything on a user, but not the state its documents are in.
    const byPatch = await server.call({
      method: 'PATCH',
      url: `/api/v1/user/${lead.id}`,
      token: root,
      payload: { verificationStatus: 'verified' },
    });
    expect(byPatch.status).toBe(422);
    expect(byPatch.body.code).toBe('INVALID_TRANSITION');
    expect(await traces(lead.id)).toEqual(before);
    // Other fields still change through the PATCH, the state named with its current value included.
    const renamed = await server.call({
      method: 'PATCH',
      url: `/api/v1/user/${lead.id}`,
      token: root,
      payload: { firstName: 'Renamed', verificationStatus: 'pending' },
    });
    expect(renamed.status).toBe(200);
    expect(renamed.body).toMatchObject({ firstName: 'Renamed', verificationStatus: 'pending' });
  });

  it('a standard route with an audience of nobody is not there at all', async () => {
    // Ledger accounts are read-only mirrors: only list and get are registered.
    const created = await server.call({ method: 'POST', url: '/api/v1/account', token: root, payload: {} });
    expect(created.status).toBe(404);
    expect((await server.call({ method: 'GET', url: '/api/v1/account', token: root })).status).toBe(200);
  });
});
