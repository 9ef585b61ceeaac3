import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type TestServer } from './harness.ts';

/**
 * Change-log compaction (docs/decisions/change-log-compaction.md): the scheduler's job removes rows older
 * than the retention that a later row supersedes or that log a deletion, records the point, and /sync
 * answers 410 SYNC_RESYNC to a cursor below it while a pull from 0 still lists every live record.
 */
type Change = { entity: string; op: 'upsert' | 'delete'; id: string; record?: Record<string, any> };

let server: TestServer;
let root: string;

beforeAll(async () => {
  server = await startServer();
  root = await server.rootToken();
});
afterAll(() => server?.close());

async function pullAll(since = 0): Promise<{ changes: Change[]; cursor: number }> {
  const changes: Change[] = [];
  let cursor = since;
  for (;;) {
    const { status, body } = await server.call({ method: 'GET', url: `/api/v1/sync?since=${cursor}&limit=500`, token: root });
    expect(status, JSON.stringify(body)).toBe(200);
    changes.push(...body.changes);
    cursor = body.cursor;
    if (!body.hasMore) return { changes, cursor };
  }
}

const create = async (name: string) => {
  const { status, body } = await server.call({ method: 'POST', url: '/api/v1/campaign', token: root, payload: { name } });
  expect(status, JSON.stringify(body)).toBe(201);
  return body.id as string;
};

const logOf = async (ids: string[]) =>
  (
    await server.sql<{ seq: string; record_id: string; op: string }>(
      `select seq, record_id, op from change_log where record_id in (${ids.map((id) => `'${id}'`).join(',')}) order by seq`,
    )
  ).map((row) => [ids.indexOf(row.record_id), row.op]);

describe('change-log compaction', () => {
  it('removes superseded and deletion rows past the retention, keeps each live record, and tells an old cursor to resync', async () => {
    const before = (await pullAll()).cursor;
    const kept = await create('Compaction kept');
    const edited = await create('Compaction edited');
    const removed = await create('Compaction removed');
    await server.call({ method: 'PATCH', url: `/api/v1/campaign/${edited}`, token: root, payload: { name: 'Compaction edited twice' } });
    expect((await server.call({ method: 'DELETE', url: `/api/v1/campaign/${removed}`, token: root })).status).toBe(200);
    const away = (await pullAll()).cursor; // a client that saw all of that, then went away
    // Everything so far is 31 days old; then a change made today.
    await server.sql(`update change_log set at = at - interval '31 days'`);
    const recent = await create('Compaction recent');
    const ids = [kept, edited, removed, recent];
    expect(await logOf(ids)).toEqual([
      [0, 'upsert'],
      [1, 'upsert'],
      [2, 'upsert'],
      [1, 'upsert'],
      [2, 'delete'],
      [3, 'upsert'],
    ]);

    const report = await server.app.services.scheduler.runDue('change-log-compaction');
    expect(report['change-log-compaction'].booked).toEqual([String(away)]);
    expect(report['change-log-compaction'].failed).toEqual([]);
    // Left: the latest row of each live record; the deleted one's rows are gone, today's row is untouched.
    expect(await logOf(ids)).toEqual([
      [0, 'upsert'],
      [1, 'upsert'],
      [3, 'upsert'],
    ]);
    const [point] = await server.sql<{ through_seq: string; removed: number }>('select through_seq, removed from change_log_compactions');
    expect(Number(point.through_seq)).toBe(away);
    expect(point.removed).toBeGreaterThanOrEqual(3); // at least: edited's first row, removed's two rows
    // Nothing new has aged: a second pass books nothing.
    expect((await server.app.services.scheduler.runDue('change-log-compaction'))['change-log-compaction'].booked).toEqual([]);

    // A cursor below the point: 410 with its code and a translated message.
    const stale = await server.call({ method: 'GET', url: `/api/v1/sync?since=${before}`, token: root, headers: { 'x-lang': 'fr' } });
    expect(stale.status).toBe(410);
    expect(stale.body.code).toBe('SYNC_RESYNC');
    expect(stale.body.message).toBe('Cet appareil est resté hors ligne trop longtemps : ses données sont rechargées depuis le serveur');
    expect((await server.call({ method: 'GET', url: `/api/v1/sync?since=${away - 1}`, token: root })).status).toBe(410);

    // At the point or after it: the delta as before.
    const fromPoint = await pullAll(away);
    expect(fromPoint.changes.map((c) => [c.id, c.op])).toEqual([[recent, 'upsert']]);

    // From 0 (the refill): every live campaign as the server lists it, the deleted one nowhere.
    const all = await pullAll();
    const mirrored = all.changes.filter((c) => c.entity === 'campaign' && c.op === 'upsert').map((c) => c.id);
    const listed = await server.call({ method: 'GET', url: '/api/v1/campaign?limit=100', token: root });
    expect(listed.status, JSON.stringify(listed.body)).toBe(200);
    expect(new Set(mirrored)).toEqual(new Set(listed.body.campaigns.map((c: { id: string }) => c.id)));
    expect(mirrored).toEqual(expect.arrayContaining([kept, edited, recent]));
    expect(all.changes.some((c) => c.id === removed)).toBe(false);
    expect(all.changes.find((c) => c.id === edited)?.record?.name).toBe('Compaction edited twice');
  });
});
