import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOfflineEntityStore } from '../../src/app/offline/offline-entity-store.ts';
import { drained, engineFor, faultyFetch, startListeningServer, switchableOnline } from './harness.ts';
import type { TestServer } from '../api/harness.ts';

/**
 * A month away (docs/decisions/change-log-compaction.md): the server compacted its change log past the
 * mirror's cursor. Back online, the engine sends its outbox, is told 410 SYNC_RESYNC, refills the mirror
 * from 0 and ends equal to the server: unsent changes landed once, a deletion made meanwhile is gone.
 */
describe('offline engine after change-log compaction', () => {
  let server: TestServer;
  let baseUrl: string;

  beforeAll(async () => {
    ({ server, baseUrl } = await startListeningServer());
  });
  afterAll(() => server.close());

  it('resyncs a mirror whose cursor predates compaction, sending its unsent changes exactly once', async () => {
    const root = await server.rootToken();
    const person = await server.user(root, { roles: ['admin'] });
    const other = await server.user(root, { roles: ['admin'] });
    const online = switchableOnline(true);
    const fetch = faultyFetch(() => 'none');
    const make = () => engineFor(person.id, baseUrl, () => person.token, { online, fetch });
    let engine = make();
    await engine.start();
    const store = () => createOfflineEntityStore(engine, 'campaign');
    const kept = await store().create({ name: 'Month kept' });
    const doomed = await store().create({ name: 'Month deleted elsewhere' });
    const renamed = await store().create({ name: 'Month renamed elsewhere' });
    await drained(engine);
    await engine.pull();
    const cursor = (await engine.db.meta.get('cursor'))?.value as number;
    expect(await engine.db.records('campaign').get(doomed.id)).toBeDefined();

    // Away: edits made on this device stay unsent; another person deletes, renames and creates.
    online.set(false);
    const mine = await store().create({ name: 'Month made offline' });
    await store().update(kept.id, { name: 'Month kept, edited offline' });
    const call = (method: string, url: string, payload?: object) => server.call({ method, url, token: other.token, payload });
    expect((await call('DELETE', `/api/v1/campaign/${doomed.id}`)).status).toBe(200);
    expect((await call('PATCH', `/api/v1/campaign/${renamed.id}`, { name: 'Month renamed by them' })).status).toBe(200);
    const theirs = (await call('POST', '/api/v1/campaign', { name: 'Month made by them' })).body.id as string;
    // A month passes; the scheduler compacts the log past the mirror's cursor.
    await server.sql(`update change_log set at = at - interval '31 days'`);
    const report = await server.app.services.scheduler.runDue('change-log-compaction');
    const point = Number(report['change-log-compaction'].booked[0]);
    expect(point).toBeGreaterThan(cursor);
    expect((await server.call({ method: 'GET', url: `/api/v1/sync?since=${cursor}`, token: person.token })).status).toBe(410);

    // Back after a reload: the new engine starts from the stored cursor.
    await engine.stop();
    online.set(true);
    engine = make();
    const syncCalls = () => fetch.log.filter((line) => line.startsWith('GET /v1/sync'));
    const before = syncCalls().length;
    await engine.start();
    await drained(engine);
    await engine.pull();

    // The stale cursor was refused, then the mirror pulled from 0.
    const since = syncCalls()
      .slice(before)
      .map((line) => Number(/since=(\d+)/.exec(line)![1]));
    expect(since.slice(0, 2)).toEqual([cursor, 0]);
    // Unsent changes arrived once each.
    const rows = await server.sql<{ id: string; name: string }>(`select id, name from campaigns where name like 'Month%'`);
    expect(rows.sort((a, b) => (a.name < b.name ? -1 : 1))).toEqual([
      { id: kept.id, name: 'Month kept, edited offline' },
      { id: theirs, name: 'Month made by them' },
      { id: mine.id, name: 'Month made offline' },
      { id: renamed.id, name: 'Month renamed by them' },
    ]);
    // The mirror equals the server's list; the record deleted meanwhile is gone here too.
    const listed = await server.call({ method: 'GET', url: '/api/v1/campaign?limit=100', token: person.token });
    expect(listed.status, JSON.stringify(listed.body)).toBe(200);
    const mirror = await engine.db.records('campaign').toArray();
    const view = (records: Record<string, unknown>[]) =>
      records.map(({ id, name, version }) => ({ id, name, version })).sort((a, b) => String(a.id).localeCompare(String(b.id)));
    expect(view(mirror)).toEqual(view(listed.body.campaigns));
    expect(await engine.db.records('campaign').get(doomed.id)).toBeUndefined();
    expect(await engine.unsentCount()).toBe(0);
    await engine.stop();
  });
});
