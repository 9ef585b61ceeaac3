import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type TestServer } from './harness.ts';

type Person = Awaited<ReturnType<TestServer['user']>>;

/** Lead ids chosen by the test, so "id order" (the server's round-robin order) is known by hand. */
const leadId = (series: number, n: number) => `0000000${series}-0000-7000-8000-${String(n).padStart(12, '0')}`;
const LEADS = { field: 'roles', values: ['lead'] };

describe('bulk work on a filtered set', () => {
  let server: TestServer;
  let root: string;
  let admin: Person;
  let alice: Person; // regular
  let bob: Person; // regular
  let campaignId: string;

  const lead = (id: string, fields: Record<string, unknown> = {}) =>
    server.call({
      method: 'POST',
      url: '/api/v1/user',
      token: root,
      payload: { id, firstName: 'Lead', lastName: id.slice(-2), email: `${id}@t.local`, password: 'secret123', roles: ['lead'], ...fields },
    });
  const assign = (payload: Record<string, unknown>, token = root) =>
    server.call({ method: 'PATCH', url: '/api/v1/user/bulk-assign', token, payload });
  const ownersOf = async (ids: string[]) =>
    Object.fromEntries(
      (
        await server.sql<{ id: string; assigned_to: string | null }>(
          `select id, assigned_to from users where id in (${ids.map((id) => `'${id}'`).join(',')})`,
        )
      ).map((r) => [r.id, r.assigned_to]),
    );

  /** The count in a user's latest "leads assigned to you" notification. */
  const lastAssignedCount = async (userId: string) =>
    (
      await server.sql<{ count: number }>(
        `select (data->>'count')::int as count from notifications where user_id = '${userId}' and type = 'leadsAssigned' order by id desc limit 1`,
      )
    )[0]?.count;

  beforeAll(async () => {
    server = await startServer();
    root = await server.rootToken();
    admin = await server.user(root, { roles: ['admin'], firstName: 'Ada', lastName: 'Admin' });
    alice = await server.user(root, { roles: ['regular'], firstName: 'Alice', lastName: 'Regular' });
    bob = await server.user(root, { roles: ['regular'], firstName: 'Bob', lastName: 'Regular' });
    campaignId = (await server.call({ method: 'POST', url: '/api/v1/campaign', token: root, payload: { name: 'Bulk' } })).body.id;
  });
  afterAll(() => server.close());

  it('assigns every lead matching a filter (more than a page), less the ones left out, and nothing else', async () => {
    const inCampaign = Array.from({ length: 120 }, (_, i) => leadId(1, i + 1));
    const batch = await server.call({
      method: 'POST',
      url: '/api/v1/user/batch',
      token: root,
      payload: inCampaign.map((id, i) => ({
        id,
        firstName: i < 10 ? 'Tenth' : 'Many',
        lastName: id.slice(-3),
        email: `${id}@t.local`,
        roles: ['lead'],
        campaignId,
      })),
    });
    expect(batch.status).toBe(201);
    const outside = leadId(1, 500);
    expect((await lead(outside)).status).toBe(201);

    const matching = { filters: [LEADS, { field: 'campaignId', values: [campaignId] }] };
    const res = await assign({ matching, except: [inCampaign[0]], userId: alice.id });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ assigned: 119, unchanged: 0, split: [{ userId: alice.id, count: 119 }] });
    const owners = await ownersOf([...inCampaign, outside]);
    expect(inCampaign.slice(1).every((id) => owners[id] === alice.id)).toBe(true);
    expect(owners[inCampaign[0]]).toBeNull();
    expect(owners[outside]).toBeNull();
    const notes = await server.call({ method: 'GET', url: '/api/v1/notification?type=leadsAssigned', token: alice.token });
    expect(notes.body.notifications[0].data).toEqual({ count: 119 });

    // A search narrows "all matching" as it narrows the list: the first ten are called Tenth.
    const searched = await assign({ matching: { filters: [LEADS], q: 'tenth' }, userId: bob.id });
    expect(searched.body).toMatchObject({ assigned: 10, unchanged: 0 });

    // Both ids and a filter, or neither: refused, translated, nothing changed.
    const both = await assign({ leadIds: [outside], matching, userId: bob.id });
    expect(both.status).toBe(400);
    const neither = await server.call({
      method: 'PATCH',
      url: '/api/v1/user/bulk-assign',
      token: root,
      headers: { 'x-lang': 'fr' },
      payload: { userId: bob.id },
    });
    expect(neither.status).toBe(400);
    expect(neither.body.details.leadIds).toBe('Choisissez les enregistrements un par un ou par un filtre');
    expect((await ownersOf([outside]))[outside]).toBeNull();
  });

  it('is role-scoped on the server: regular staff may not bulk-assign, and their "all matching" is only what they may see', async () => {
    const refused = await assign({ matching: { filters: [LEADS] }, userId: alice.id }, alice.token);
    expect(refused.status).toBe(403);
    // The same selection mechanism on another entity a regular member may delete: notifications.
    // Alice holds two (above); Bob one. Her "delete all matching" removes hers only.
    const before = await server.sql<{ user_id: string; n: number }>(
      `select user_id, count(*)::int as n from notifications group by user_id order by user_id`,
    );
    const mine = before.find((r) => r.user_id === alice.id)?.n ?? 0;
    const bobs = before.find((r) => r.user_id === bob.id)?.n ?? 0;
    expect(mine).toBeGreaterThan(0);
    expect(bobs).toBeGreaterThan(0);
    const deleted = await server.call({
      method: 'DELETE',
      url: '/api/v1/notification/batch',
      token: alice.token,
      payload: { matching: {} },
    });
    expect(deleted.status).toBe(200);
    expect(deleted.body.count).toBe(mine);
    const after = await server.sql<{ user_id: string; n: number }>(
      `select user_id, count(*)::int as n from notifications group by user_id`,
    );
    expect(after.find((r) => r.user_id === alice.id)).toBeUndefined();
    expect(after.find((r) => r.user_id === bob.id)?.n).toBe(bobs);
  });

  it('deals the selected leads round robin over the chosen staff, in id order, in one transaction', async () => {
    const ids = Array.from({ length: 7 }, (_, i) => leadId(2, i + 1));
    // Created out of order: the deal follows the ids, not the order of creation or of the request.
    for (const id of [...ids].reverse()) expect((await lead(id)).status).toBe(201);
    // L4 is Bob's already: it is dealt to Bob again and counts as unchanged.
    await assign({ leadIds: [ids[3]], userId: bob.id });
    const cursor = (await server.sql<{ seq: number }>('select max(seq)::bigint as seq from change_log'))[0].seq;

    const res = await assign({ leadIds: [ids[6], ids[0], ids[2], ids[4], ids[1], ids[5], ids[3]], userIds: [bob.id, admin.id, alice.id] });
    expect(res.status).toBe(200);
    // Hand-computed: lead k (1-based, by id) goes to staff[(k - 1) mod 3].
    const expected: Record<string, string> = {
      [ids[0]]: bob.id,
      [ids[1]]: admin.id,
      [ids[2]]: alice.id,
      [ids[3]]: bob.id,
      [ids[4]]: admin.id,
      [ids[5]]: alice.id,
      [ids[6]]: bob.id,
    };
    expect(await ownersOf(ids)).toEqual(expected);
    expect(res.body).toEqual({
      success: true,
      assigned: 6,
      unchanged: 1,
      split: [
        { userId: bob.id, count: 3 },
        { userId: admin.id, count: 2 },
        { userId: alice.id, count: 2 },
      ],
    });
    // One change-log row per moved lead, an audit row per assignee, a notification per assignee with their count.
    const changes = await server.sql<{ record_id: string }>(
      `select record_id from change_log where seq > ${cursor} and entity = 'user' order by record_id`,
    );
    expect(changes.map((c) => c.record_id)).toEqual([ids[0], ids[1], ids[2], ids[4], ids[5], ids[6]]);
    const audits = await server.sql<{ data: { to: string; leadIds: string[] } }>(
      `select data from audit_log where action = 'user.bulk-assign' order by id desc limit 3`,
    );
    expect(Object.fromEntries(audits.map((a) => [a.data.to, a.data.leadIds.length]))).toEqual({
      [bob.id]: 2,
      [admin.id]: 2,
      [alice.id]: 2,
    });
    for (const [person, count] of [
      [bob, 2],
      [admin, 2],
      [alice, 2],
    ] as const)
      expect(await lastAssignedCount(person.id)).toBe(count);

    // A lead among the assignees, or a lead id out of reach: refused, nothing moved.
    const toLead = await assign({ leadIds: [ids[0]], userIds: [bob.id, ids[1]] });
    expect(toLead.status).toBe(400);
    expect((await ownersOf([ids[0]]))[ids[0]]).toBe(bob.id);
  });

  it("asks where a deleted staff member's leads go: reassigned, unassigned, or refused without a choice", async () => {
    const carol = await server.user(root, { roles: ['regular'], firstName: 'Carol', lastName: 'Leaving' });
    const dave = await server.user(root, { roles: ['regular'], firstName: 'Dave', lastName: 'Leaving' });
    const carols = [leadId(3, 1), leadId(3, 2), leadId(3, 3)];
    const daves = [leadId(3, 4), leadId(3, 5)];
    for (const id of carols) await lead(id, { assignedTo: carol.id });
    for (const id of daves) await lead(id, { assignedTo: dave.id });

    const refused = await server.call({ method: 'DELETE', url: `/api/v1/user/${carol.id}`, token: root, headers: { 'x-lang': 'de' } });
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({
      code: 'STAFF_HAS_LEADS',
      message: 'Dieser Benutzer betreut 3 Leads: Legen Sie fest, wer sie übernimmt, oder lassen Sie sie ohne Zuständigen',
    });
    expect(Object.values(await ownersOf(carols))).toEqual([carol.id, carol.id, carol.id]);
    const one = await server.call({ method: 'DELETE', url: `/api/v1/user/${dave.id}`, token: root });
    expect(one.body.message).toBe('This user holds 2 leads: say who takes them over, or leave them unassigned');

    // To a lead, or to the leaver themselves: not a place for leads.
    const toLead = await server.call({ method: 'DELETE', url: `/api/v1/user/${carol.id}?leadsTo=${daves[0]}`, token: root });
    expect(toLead.status).toBe(400);
    const bogus = await server.call({ method: 'DELETE', url: `/api/v1/user/${carol.id}?leadsTo=somewhere`, token: root });
    expect(bogus.status).toBe(400);

    const reassigned = await server.call({ method: 'DELETE', url: `/api/v1/user/${carol.id}?leadsTo=${bob.id}`, token: root });
    expect(reassigned.status).toBe(200);
    expect(await ownersOf(carols)).toEqual(Object.fromEntries(carols.map((id) => [id, bob.id])));
    expect((await server.sql(`select id from users where id = '${carol.id}'`)).length).toBe(0);
    expect(await lastAssignedCount(bob.id)).toBe(3);

    const unassigned = await server.call({
      method: 'DELETE',
      url: '/api/v1/user/batch',
      token: root,
      payload: { ids: [dave.id], leadsTo: 'none' },
    });
    expect(unassigned.status).toBe(200);
    expect(await ownersOf(daves)).toEqual({ [daves[0]]: null, [daves[1]]: null });
    const audit = await server.sql<{ data: { leadsTo: string } }>(
      `select data from audit_log where action = 'user.delete' and entity_id = '${dave.id}'`,
    );
    expect(audit[0].data.leadsTo).toBe('none');

    // Nobody's leads: no question asked.
    const idle = await server.user(root, { roles: ['regular'] });
    expect((await server.call({ method: 'DELETE', url: `/api/v1/user/${idle.id}`, token: root })).status).toBe(200);
  });

  it('names each record that blocks a bulk delete, with why, and deletes none of them; the others go when asked', async () => {
    const booked = leadId(4, 1);
    const open = leadId(4, 2);
    const plain = [leadId(4, 3), leadId(4, 4)];
    await lead(booked, { firstName: 'Bea', lastName: 'Booked' });
    await lead(open, { firstName: 'Otto', lastName: 'Open' });
    for (const id of plain) await lead(id, { lastName: 'Plain' });
    const deposit = (userId: string) =>
      server.call({ method: 'POST', url: '/api/v1/deposit', token: root, payload: { amount: 100, status: 'pending', userId } });
    const paid = await deposit(booked);
    // Four eyes (DESIGN.md §6): root entered it, a second person completes it.
    expect((await server.call({ method: 'POST', url: `/api/v1/deposit/${paid.body.id}/complete`, token: admin.token })).status).toBe(200);
    await deposit(open);

    const all = [booked, open, ...plain];
    const refused = await server.call({
      method: 'DELETE',
      url: '/api/v1/user/batch',
      token: root,
      headers: { 'x-lang': 'fr' },
      payload: { ids: all },
    });
    expect(refused.status).toBe(409);
    expect(refused.body.code).toBe('DELETE_BLOCKED');
    expect(refused.body.message).toBe('2 des enregistrements choisis ne peuvent pas être supprimés : rien n’a été supprimé');
    expect(refused.body.details).toEqual({
      [booked]: 'Bea Booked : de l’argent a été comptabilisé sur son compte',
      [open]: 'Otto Open : 1 dépôt est encore en cours',
    });
    expect((await server.sql(`select id from users where id in (${all.map((id) => `'${id}'`).join(',')})`)).length).toBe(4);

    // One record asked for: the plain HAS_DEPENDENTS of any delete, saying what depends on it, with the same line.
    const one = await server.call({ method: 'DELETE', url: `/api/v1/user/${booked}`, token: root });
    expect(one.status).toBe(409);
    expect(one.body.code).toBe('HAS_DEPENDENTS');
    expect(one.body.message).toBe('This cannot be deleted: ledger entries still depend on it');
    expect(one.body.details).toEqual({ [booked]: 'Bea Booked: money has been booked on their account' });

    // The same refusal for "all matching"; then all matching except the blocked ones.
    const matching = { filters: [LEADS, { field: 'lastName', values: ['Booked', 'Open', 'Plain'] }] };
    const again = await server.call({ method: 'DELETE', url: '/api/v1/user/batch', token: root, payload: { matching } });
    expect(again.status).toBe(409);
    expect(Object.keys(again.body.details).sort()).toEqual([booked, open]);
    const others = await server.call({
      method: 'DELETE',
      url: '/api/v1/user/batch',
      token: root,
      payload: { matching, except: [booked, open] },
    });
    expect(others.status).toBe(200);
    expect(others.body.count).toBe(2);
    expect(
      (await server.sql(`select id from users where id in (${all.map((id) => `'${id}'`).join(',')}) order by id`)).map((r: any) => r.id),
    ).toEqual([booked, open]);
    // One lead alone says the same.
    const single = await server.call({ method: 'DELETE', url: `/api/v1/user/${open}`, token: root });
    expect(single.body.details).toEqual({ [open]: 'Otto Open: 1 deposit is still open' });
  });
});
