import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRecord, makeCatalog, makePrerequisites, uniqueTag, type Prerequisites } from '../fixtures/entity-payloads.ts';
import { startServer, type TestServer } from './harness.ts';

/** GET /sync (DESIGN.md §4): deltas with deletes, cursor paging, and only what the caller may see. */
type Change = { entity: string; op: 'upsert' | 'delete'; id: string; record?: Record<string, any> };
type Person = Awaited<ReturnType<TestServer['user']>>;

let server: TestServer;
let root: string;
let catalog: { categoryId: string; productId: string };
let staffA: Person;
let staffB: Person;
let leadA: Person;
let leadB: Person;
let preA: Prerequisites;
let preB: Prerequisites;

beforeAll(async () => {
  server = await startServer();
  root = await server.rootToken();
  staffA = await server.user(root, { roles: ['regular'] });
  staffB = await server.user(root, { roles: ['regular'] });
  leadA = await server.user(root, { roles: ['lead'], assignedTo: staffA.id });
  leadB = await server.user(root, { roles: ['lead'], assignedTo: staffB.id });
  catalog = await makeCatalog(server, root);
  preA = await makePrerequisites(server, root, catalog, leadA.id);
  preB = await makePrerequisites(server, root, catalog, leadB.id);
});
afterAll(() => server?.close());

async function sync(token: string, since: number | string = 0, limit?: number) {
  const url = `/api/v1/sync?since=${since}${limit ? `&limit=${limit}` : ''}`;
  return server.call({ method: 'GET', url, token });
}

/** Follows the cursor until hasMore is false, as the client's engine does. */
async function pullAll(token: string, since = 0, limit = 1000): Promise<{ changes: Change[]; cursor: number; pages: number }> {
  const changes: Change[] = [];
  let cursor = since;
  let pages = 0;
  for (;;) {
    const { status, body } = await sync(token, cursor, limit);
    expect(status, JSON.stringify(body)).toBe(200);
    changes.push(...body.changes);
    pages++;
    expect(body.cursor).toBeGreaterThanOrEqual(cursor);
    cursor = body.cursor;
    if (!body.hasMore) return { changes, cursor, pages };
  }
}

const cursorOf = async (token: string) => (await pullAll(token)).cursor;
const find = (changes: Change[], entity: string, id: string) => changes.filter((c) => c.entity === entity && c.id === id);

describe('GET /sync', () => {
  it('answers { changes, cursor, hasMore }: upserts carry the record as it is now, deletes carry no record', async () => {
    const since = await cursorOf(root);
    const kept = await createRecord(server, root, 'campaign', preA);
    const changed = await createRecord(server, root, 'campaign', preA);
    const removed = await createRecord(server, root, 'campaign', preA);
    await server.call({ method: 'PATCH', url: `/api/v1/campaign/${changed.id}`, token: root, payload: { name: 'Changed' } });
    await server.call({ method: 'DELETE', url: `/api/v1/campaign/${removed.id}`, token: root });

    const { status, body } = await sync(root, since);
    expect(status).toBe(200);
    expect(Object.keys(body).sort()).toEqual(['changes', 'cursor', 'hasMore']);
    expect(body.hasMore).toBe(false);
    expect(find(body.changes, 'campaign', kept.id)).toEqual([{ entity: 'campaign', op: 'upsert', id: kept.id, record: kept }]);
    // The latest change of a record wins: one entry, the record at version 2.
    const latest = find(body.changes, 'campaign', changed.id);
    expect(latest).toHaveLength(1);
    expect(latest[0].record).toMatchObject({ name: 'Changed', version: 2 });
    expect(find(body.changes, 'campaign', removed.id)).toEqual([{ entity: 'campaign', op: 'delete', id: removed.id }]);

    const after = await sync(root, body.cursor);
    expect(after.body).toEqual({ changes: [], cursor: body.cursor, hasMore: false });
  });

  it('pages with limit and hasMore, without losing or repeating a change', async () => {
    const since = await cursorOf(root);
    const ids: string[] = [];
    for (let i = 0; i < 5; i++) ids.push((await createRecord(server, root, 'product-market', preA)).id);
    const first = await sync(root, since, 2);
    expect(first.body.changes).toHaveLength(2);
    expect(first.body.hasMore).toBe(true);
    const { changes, pages } = await pullAll(root, since, 2);
    expect(pages).toBe(3);
    expect(changes.map((c) => c.id)).toEqual(ids);
  });

  it('refuses bad parameters with 400', async () => {
    for (const query of ['since=-1', 'since=abc', 'limit=0', 'limit=100000', 'since=0&table=users', 'since=1.5']) {
      const { status, body } = await server.call({ method: 'GET', url: `/api/v1/sync?${query}`, token: root });
      expect(status, query).toBe(400);
      expect(body.code).toBe('VALIDATION');
    }
    expect((await server.call({ method: 'GET', url: '/api/v1/sync' })).status).toBe(401);
  });
});

describe('scope of /sync', () => {
  it('regular staff get their leads and what belongs to them, staff lists and the catalogue; not other leads', async () => {
    const depositA = await createRecord(server, root, 'deposit', preA);
    const depositB = await createRecord(server, root, 'deposit', preB);
    const campaign = await createRecord(server, root, 'campaign', preA);
    const { changes } = await pullAll(staffA.token);
    const ids = new Set(changes.map((c) => c.id));
    expect(ids.has(depositA.id)).toBe(true);
    expect(ids.has(leadA.id)).toBe(true);
    expect(ids.has(preA.investmentId)).toBe(true);
    expect(ids.has(campaign.id)).toBe(true);
    expect(ids.has(catalog.productId)).toBe(true);
    expect(ids.has(staffA.id)).toBe(true);
    expect(ids.has(depositB.id)).toBe(false);
    expect(ids.has(leadB.id)).toBe(false);
    expect(ids.has(preB.investmentId)).toBe(false);
    expect(ids.has(staffB.id)).toBe(false);
  });

  it('a lead gets only its own records and the catalogue', async () => {
    // A staff-entered deposit: a record owned by a lead (orders open by their own route, tests/api/orders.test.ts).
    const own = await createRecord(server, root, 'deposit', preA);
    const other = await createRecord(server, root, 'deposit', preB);
    const comment = await createRecord(server, root, 'comment', preA);
    const campaign = await createRecord(server, root, 'campaign', preA);
    const project = await createRecord(server, root, 'project', preA);
    const { changes } = await pullAll(leadA.token);
    const ids = new Set(changes.map((c) => c.id));
    expect(ids.has(own.id)).toBe(true);
    expect(ids.has(leadA.id)).toBe(true);
    expect(ids.has(project.id)).toBe(true);
    expect(ids.has(catalog.categoryId)).toBe(true);
    expect(ids.has(other.id)).toBe(false);
    expect(ids.has(leadB.id)).toBe(false);
    expect(ids.has(staffA.id)).toBe(false);
    // Staff-only entities never reach a lead, even about itself.
    expect(ids.has(comment.id)).toBe(false);
    expect(ids.has(campaign.id)).toBe(false);
    expect(changes.some((c) => c.entity === 'campaign' || c.entity === 'comment')).toBe(false);
  });

  it('notifications reach their owner only, even when an admin made them', async () => {
    const notice = await createRecord(server, root, 'notification', { ...preA, ownerId: leadA.id });
    expect(find((await pullAll(leadA.token)).changes, 'notification', notice.id)).toHaveLength(1);
    expect(find((await pullAll(root)).changes, 'notification', notice.id)).toHaveLength(0);
    expect(find((await pullAll(staffA.token)).changes, 'notification', notice.id)).toHaveLength(0);
  });

  it('deleting a lead’s record reaches the lead and its staff as a delete', async () => {
    const deposit = await createRecord(server, root, 'deposit', preA);
    const sinceLead = await cursorOf(leadA.token);
    const sinceStaff = await cursorOf(staffA.token);
    await server.call({ method: 'DELETE', url: `/api/v1/deposit/${deposit.id}`, token: root });
    expect(find((await pullAll(leadA.token, sinceLead)).changes, 'deposit', deposit.id)).toEqual([
      { entity: 'deposit', op: 'delete', id: deposit.id },
    ]);
    expect(find((await pullAll(staffA.token, sinceStaff)).changes, 'deposit', deposit.id)).toEqual([
      { entity: 'deposit', op: 'delete', id: deposit.id },
    ]);
    expect(find((await pullAll(staffB.token, 0)).changes, 'deposit', deposit.id)).toEqual([]);
  });

  it('reassigning a lead: its records appear for the new staff member and arrive as deletes for the old one', async () => {
    const lead = await server.user(root, { roles: ['lead'], assignedTo: staffA.id });
    const pre = await makePrerequisites(server, root, catalog, lead.id);
    const deposit = await createRecord(server, root, 'deposit', pre);
    const comment = await createRecord(server, staffA.token, 'comment', pre);
    expect(find((await pullAll(staffA.token)).changes, 'deposit', deposit.id)).toHaveLength(1);
    expect(find((await pullAll(staffB.token)).changes, 'deposit', deposit.id)).toHaveLength(0);
    const sinceA = await cursorOf(staffA.token);
    const sinceB = await cursorOf(staffB.token);

    const moved = await server.call({ method: 'PATCH', url: `/api/v1/user/${lead.id}`, token: root, payload: { assignedTo: staffB.id } });
    expect(moved.status).toBe(200);

    const gained = (await pullAll(staffB.token, sinceB)).changes;
    for (const [entity, id] of [
      ['user', lead.id],
      ['deposit', deposit.id],
      ['comment', comment.id],
      ['investment', pre.investmentId],
    ]) {
      expect(
        find(gained, entity, id).map((c) => c.op),
        `${entity} for the new staff`,
      ).toEqual(['upsert']);
    }
    const lost = (await pullAll(staffA.token, sinceA)).changes;
    for (const [entity, id] of [
      ['user', lead.id],
      ['deposit', deposit.id],
      ['comment', comment.id],
      ['investment', pre.investmentId],
    ]) {
      expect(find(lost, entity, id), `${entity} for the old staff`).toEqual([{ entity, op: 'delete', id }]);
    }
    // And the lists agree with the delta.
    expect((await server.call({ method: 'GET', url: `/api/v1/deposit/${deposit.id}`, token: staffA.token })).status).toBe(404);
    expect((await server.call({ method: 'GET', url: `/api/v1/deposit/${deposit.id}`, token: staffB.token })).status).toBe(200);
  });

  it('a record created later for a lead reaches its current staff, not the previous one', async () => {
    const lead = await server.user(root, { roles: ['lead'], assignedTo: staffA.id });
    await server.call({ method: 'PATCH', url: `/api/v1/user/${lead.id}`, token: root, payload: { assignedTo: staffB.id } });
    const sinceA = await cursorOf(staffA.token);
    const sinceB = await cursorOf(staffB.token);
    const deposit = await createRecord(server, root, 'deposit', { ...preA, ownerId: lead.id });
    expect(find((await pullAll(staffB.token, sinceB)).changes, 'deposit', deposit.id)).toHaveLength(1);
    expect(find((await pullAll(staffA.token, sinceA)).changes, 'deposit', deposit.id)).toHaveLength(0);
  });

  it('batch-created leads reach their assigned staff only, with and without an Idempotency-Key', async () => {
    const sinceA = await cursorOf(staffA.token);
    const sinceB = await cursorOf(staffB.token);
    const lead = (assignedTo?: string) => ({
      firstName: 'Batch',
      lastName: 'Lead',
      roles: ['lead'],
      email: `b${Math.random().toString(36).slice(2, 10)}@test.local`,
      password: 'secret123',
      ...(assignedTo ? { assignedTo } : {}),
    });
    const created: string[][] = [];
    for (const headers of [{}, { 'idempotency-key': crypto.randomUUID() }] as Record<string, string>[]) {
      const { status, body } = await server.call({
        method: 'POST',
        url: '/api/v1/user/batch',
        token: root,
        headers,
        payload: [lead(staffA.id), lead(), lead(staffB.id)],
      });
      expect(status, JSON.stringify(body)).toBe(201);
      created.push(body.users.map((u: { id: string }) => u.id));
    }
    const seenByA = (await pullAll(staffA.token, sinceA)).changes;
    const seenByB = (await pullAll(staffB.token, sinceB)).changes;
    for (const [toA, unassigned, toB] of created) {
      expect(find(seenByA, 'user', toA)).toHaveLength(1);
      expect(find(seenByA, 'user', unassigned)).toHaveLength(0);
      expect(find(seenByA, 'user', toB)).toHaveLength(0);
      expect(find(seenByB, 'user', toB)).toHaveLength(1);
      expect(find(seenByB, 'user', toA)).toHaveLength(0);
    }
    // The change-log rows themselves: the lead, then its assigned staff.
    const rows = await server.sql<{ record_id: string; audience: string[] }>(
      `select record_id, audience from change_log where entity = 'user' and record_id in (${created
        .flat()
        .map((id) => `'${id}'`)
        .join(', ')})`,
    );
    const audiences = Object.fromEntries(rows.map((row) => [row.record_id, row.audience]));
    expect(rows).toHaveLength(6);
    for (const [toA, unassigned, toB] of created) {
      expect(audiences[toA]).toEqual([toA, staffA.id]);
      expect(audiences[unassigned]).toEqual([unassigned]);
      expect(audiences[toB]).toEqual([toB, staffB.id]);
    }
  });

  it('the tag of a record never leaks through sync to someone out of scope', async () => {
    const tag = uniqueTag();
    await createRecord(server, root, 'withdrawal', preB, tag);
    const { changes } = await pullAll(staffA.token);
    expect(JSON.stringify(changes)).not.toContain(tag);
  });
});
