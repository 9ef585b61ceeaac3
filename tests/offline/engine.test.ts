import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOfflineEntityStore } from '../../src/app/offline/offline-entity-store.ts';
import type { OfflineEngine } from '../../src/app/offline/engine.ts';
import type { FetchLike } from '../../src/app/offline/ports.ts';
import { drained, engineFor, faultyFetch, startListeningServer, switchableOnline, type Fault } from './harness.ts';
import type { TestServer } from '../api/harness.ts';

describe('offline engine against the real server', () => {
  let server: TestServer;
  let baseUrl: string;
  let admin: Awaited<ReturnType<TestServer['user']>>;

  const serverCampaigns = async () =>
    (await server.sql<{ id: string; name: string; version: number }>(`select id, name, version from campaigns order by name`)).map((r) => ({
      ...r,
      version: Number(r.version),
    }));

  beforeAll(async () => {
    ({ server, baseUrl } = await startListeningServer());
    admin = await server.user(await server.rootToken(), { roles: ['admin'] });
  });
  afterAll(() => server.close());

  it('pulls the mirror, works offline, survives a reload, and lands exactly once when back online', async () => {
    const created = await server.call({ method: 'POST', url: '/api/v1/campaign', token: admin.token, payload: { name: 'From server' } });
    const online = switchableOnline(true);
    let engine = engineFor(admin.id, baseUrl, () => admin.token, { online });
    await engine.start();
    const store = () => createOfflineEntityStore(engine, 'campaign');
    expect((await store().get(created.body.id)).name).toBe('From server');

    online.set(false);
    const a = await store().create({ name: 'Offline A' });
    const b = await store().create({ name: 'Offline B' });
    await store().update(a.id, { name: 'Offline A2' });
    await store().remove(b.id);
    await store().update(created.body.id, { name: 'Edited offline' }, 1);
    const page = await store().list({ page: 1, limit: 20, sorts: [{ field: 'name', order: 'asc' }] });
    expect(page.rows.map((r) => r.name)).toEqual(['Edited offline', 'Offline A2']);
    expect(page.rows.every((r) => r._pending)).toBe(true);
    expect(engine.status().pending).toBe(5);

    // Reload: a new engine on the same database finds everything still there.
    await engine.stop();
    engine = engineFor(admin.id, baseUrl, () => admin.token, { online });
    await engine.start();
    expect((await store().list({ page: 1, limit: 20 })).count).toBe(2);
    expect(await engine.unsentCount()).toBe(5);

    online.set(true);
    await drained(engine);
    expect(await serverCampaigns()).toEqual([
      { id: created.body.id, name: 'Edited offline', version: 2 },
      { id: a.id, name: 'Offline A2', version: 2 },
    ]);
    const local = await store().get(a.id);
    expect(local).toMatchObject({ name: 'Offline A2', version: 2 });
    expect(local._pending).toBeUndefined();
    await engine.stop();
  });

  it('pulls pages larger than a write chunk, and a page that fails leaves the cursor at the last whole page', async () => {
    for (let i = 0; i < 12; i++)
      await server.call({ method: 'POST', url: '/api/v1/campaign', token: admin.token, payload: { name: `Chunked ${i}` } });
    let syncRequests = 0;
    // The third /sync request fails: two pages (14 changes) are in, the rest comes with the next pull.
    const fetchWithFailure = (url: string, init: RequestInit) =>
      url.includes('/sync') && ++syncRequests === 3 ? Promise.reject(new TypeError('fetch failed')) : fetch(url, init);
    await engineFor(admin.id, baseUrl, () => admin.token).wipe(); // from the start: no cursor left by another test
    const engine = engineFor(admin.id, baseUrl, () => admin.token, {
      pullPageSize: 7,
      writeChunkSize: 3,
      pullEveryMs: 3_600_000,
      fetch: fetchWithFailure,
    });
    await engine.start();
    expect(engine.status().error).toContain('fetch failed');
    const cursorAfter = async (since: number) =>
      (await server.call({ method: 'GET', url: `/api/v1/sync?since=${since}&limit=7`, token: admin.token })).body.cursor as number;
    expect((await engine.db.meta.get('cursor'))?.value).toBe(await cursorAfter(await cursorAfter(0)));
    await engine.pull();
    const names = (await engine.db.records('campaign').toArray()).map((c) => c.name).filter((n) => String(n).startsWith('Chunked'));
    expect(names.sort()).toEqual(Array.from({ length: 12 }, (_, i) => `Chunked ${i}`).sort());
    expect((await engine.db.meta.get('cursor'))?.value).toBe(
      (await server.call({ method: 'GET', url: '/api/v1/sync?since=0&limit=5000', token: admin.token })).body.cursor,
    );
    await engine.wipe();
  });

  it('pulls one transaction longer than a page in pages of its own, the cursor kept before it until its last', async () => {
    await engineFor(admin.id, baseUrl, () => admin.token).wipe(); // from the start: no cursor left by another test
    const { cursor: before } = (await server.call({ method: 'GET', url: '/api/v1/sync?since=0&limit=5000', token: admin.token })).body;
    const batch = await server.call({
      method: 'POST',
      url: '/api/v1/campaign/batch',
      token: admin.token,
      payload: Array.from({ length: 12 }, (_, i) => ({ name: `Long transaction ${i}` })),
    });
    expect(batch.status).toBe(201);
    const pulls: string[] = [];
    const engine = engineFor(admin.id, baseUrl, () => admin.token, {
      pullPageSize: 5,
      pullEveryMs: 3_600_000,
      fetch: (url: string, init: RequestInit) => (url.includes('/sync') && pulls.push(url), fetch(url, init)),
    });
    await engine.db.meta.put({ key: 'cursor', value: before });
    await engine.start();
    const names = (await engine.db.records('campaign').toArray())
      .map((c) => String(c.name))
      .filter((n) => n.startsWith('Long transaction'));
    expect(names.sort()).toEqual(Array.from({ length: 12 }, (_, i) => `Long transaction ${i}`).sort());
    // 5, 5 and 2: the first two pages resume inside the batch's transaction, from the same cursor.
    expect(pulls.filter((url) => url.includes(`since=${before}&`))).toHaveLength(3);
    expect(pulls.filter((url) => url.includes('&after='))).toHaveLength(2);
    expect((await engine.db.meta.get('cursor'))?.value).toBe(
      (await server.call({ method: 'GET', url: '/api/v1/sync?since=0&limit=5000', token: admin.token })).body.cursor,
    );
    await engine.wipe();
  });

  it('replays through lost requests, 500s, 429s, timeouts and duplicates without doubling anything', async () => {
    const faults: Fault[] = ['lostAfter', 'error500', 'tooMany', 'timeout', 'duplicate', 'lostBefore', 'lostAfter'];
    const fetch = faultyFetch(() => faults.shift() ?? 'none');
    const engine = engineFor(admin.id, baseUrl, () => admin.token, { fetch, requestTimeoutMs: 1_000 });
    await engine.start();
    const store = createOfflineEntityStore(engine, 'campaign');
    const made = [];
    for (let i = 0; i < 4; i++) made.push(await store.create({ name: `Faulty ${i}` }));
    await store.update(made[0].id, { name: 'Faulty 0 renamed' });
    await drained(engine);
    const rows = (await serverCampaigns()).filter((c) => c.name.startsWith('Faulty'));
    expect(rows.map((r) => r.name).sort()).toEqual(['Faulty 0 renamed', 'Faulty 1', 'Faulty 2', 'Faulty 3']);
    expect(rows.find((r) => r.name === 'Faulty 0 renamed')!.version).toBe(2);
    expect(fetch.log.some((l) => l.includes('lostAfter'))).toBe(true);
    await engine.stop();
  });

  it('back online, a change backing off after a lost connection goes at once; a wait the server asked for holds', async () => {
    const faults: Fault[] = ['lostBefore'];
    const online = switchableOnline(true);
    // Backoff of a minute: only the reconnect can send these soon.
    const engine = engineFor(admin.id, baseUrl, () => admin.token, {
      fetch: faultyFetch(() => faults.shift() ?? 'none'),
      online,
      retryBaseMs: 60_000,
      retryCapMs: 60_000,
    });
    await engine.start();
    try {
      const store = createOfflineEntityStore(engine, 'campaign');
      const lost = await store.create({ name: 'Lost on the way' });
      const queued = async () =>
        (await engine.db.outbox.where('state').equals('queued').toArray()).map((e) => ({ id: e.recordIds[0], attempts: e.attempts }));
      await expect.poll(queued).toEqual([{ id: lost.id, attempts: 1 }]);
      // The server asks to wait an hour for this one.
      await engine.db.outbox.add({
        entity: 'campaign',
        kind: 'create',
        recordIds: ['told-to-wait'],
        payload: { id: 'told-to-wait', name: 'Told to wait' },
        idempotencyKey: 'told-to-wait',
        state: 'queued',
        attempts: 1,
        notBefore: Date.now() + 3_600_000,
        serverSetDelay: true,
        before: [],
        createdAt: Date.now(),
      });
      online.set(false);
      online.set(true);
      await expect.poll(queued, { timeout: 10_000 }).toEqual([{ id: 'told-to-wait', attempts: 1 }]);
      expect((await serverCampaigns()).some((c) => c.id === lost.id)).toBe(true);
    } finally {
      await engine.db.outbox.clear();
      await engine.stop();
    }
  });

  it('turns a refused change into a dead letter with the server message, rolled back, without blocking others', async () => {
    const engine = engineFor(admin.id, baseUrl, () => admin.token, { headers: () => ({ 'x-lang': 'fr' }) });
    await engine.start();
    const store = createOfflineEntityStore(engine, 'campaign');
    const bad = await store.create({ name: '' });
    const good = await store.create({ name: 'Fine one' });
    await drained(engine);
    const [issue] = await engine.issues();
    expect(issue).toMatchObject({
      state: 'dead',
      error: { status: 400, code: 'VALIDATION', message: 'Certains champs ne sont pas valides' },
    });
    await expect(store.get(bad.id)).rejects.toThrow();
    expect((await store.get(good.id)).name).toBe('Fine one');
    expect(engine.status().dead).toBe(1);
    await engine.discard(issue.seq!);
    expect(await engine.issues()).toEqual([]);
    await engine.stop();
  });

  it('a pull asked for while one is running pulls again after it: a change made meanwhile is not missed', async () => {
    const person = await server.user(await server.rootToken(), { roles: ['admin'] });
    // Holds the answer of one /sync request, already read by the server, until released.
    let hold: { reached: () => void; released: Promise<void> } | undefined;
    const engine = engineFor(person.id, baseUrl, () => person.token, {
      fetch: async (url, init) => {
        const answer = await fetch(url, init);
        const held = url.includes('/v1/sync') ? hold : undefined;
        if (held) {
          hold = undefined;
          held.reached();
          await held.released;
        }
        return answer;
      },
    });
    await engine.start();
    let release = () => {};
    const reached = new Promise<void>((resolve) => {
      hold = { reached: resolve, released: new Promise<void>((done) => (release = done)) };
    });
    const running = engine.pull();
    await reached; // that pull has read the server
    const made = await server.call({ method: 'POST', url: '/api/v1/campaign', token: admin.token, payload: { name: 'Made meanwhile' } });
    expect(made.status).toBe(201);
    // What a socket 'changes' event does: ask for a pull while the earlier one still runs.
    const asked = engine.pull();
    release();
    await running;
    await asked;
    expect((await engine.db.records('campaign').get(made.body.id))?.name).toBe('Made meanwhile');
    await engine.stop();
  });

  it('makes a version conflict the person resolves: keep mine, or take theirs', async () => {
    const online = switchableOnline(true);
    const engine = engineFor(admin.id, baseUrl, () => admin.token, { online });
    await engine.start();
    const store = createOfflineEntityStore(engine, 'campaign');
    const first = await server.call({ method: 'POST', url: '/api/v1/campaign', token: admin.token, payload: { name: 'Contested' } });
    const second = await server.call({ method: 'POST', url: '/api/v1/campaign', token: admin.token, payload: { name: 'Contested too' } });
    await engine.pull();
    // Offline, so that no pull brings their versions in before mine are made (that would be no conflict).
    online.set(false);
    // Someone else edits both on the server meanwhile.
    await server.call({ method: 'PATCH', url: `/api/v1/campaign/${first.body.id}`, token: admin.token, payload: { name: 'Theirs 1' } });
    await server.call({ method: 'PATCH', url: `/api/v1/campaign/${second.body.id}`, token: admin.token, payload: { name: 'Theirs 2' } });
    await store.update(first.body.id, { name: 'Mine 1' });
    await store.update(second.body.id, { name: 'Mine 2' });
    online.set(true);
    await drained(engine);
    const issues = await engine.issues();
    expect(issues.map((i) => i.state)).toEqual(['conflict', 'conflict']);
    expect(issues[0].current).toMatchObject({ name: 'Theirs 1', version: 2 });
    await engine.keepMine(issues[0].seq!);
    await engine.takeTheirs(issues[1].seq!);
    await drained(engine);
    const names = Object.fromEntries((await serverCampaigns()).map((c) => [c.id, c.name]));
    expect(names[first.body.id]).toBe('Mine 1');
    expect(names[second.body.id]).toBe('Theirs 2');
    expect((await store.get(second.body.id)).name).toBe('Theirs 2');
    expect(await engine.issues()).toEqual([]);
    await engine.stop();
  });

  describe('a pull skips a record while my change of it is in flight; that change then settles with an older answer', () => {
    /**
     * My rename reaches the server (version 2) but its answer is late; someone else renames the
     * campaign after me (version 3); a pull meanwhile skips their change (mine is still in the
     * outbox) and moves its cursor past it. My entry then settles with the version-2 answer: the
     * mirror must end on version 3, not keep version 2 for good (the next pull has nothing to bring).
     * `late` makes my answer late and settles it once the pull is over.
     */
    async function scenario(late: (engine: OfflineEngine, theirsThenPull: () => Promise<void>) => Promise<void>, fetch: FetchLike) {
      const person = await server.user(await server.rootToken(), { roles: ['admin'] });
      const made = await server.call({
        method: 'POST',
        url: '/api/v1/campaign',
        token: person.token,
        payload: { name: `Race ${person.id}` },
      });
      expect(made.status).toBe(201);
      const id = made.body.id as string;
      // Backoff of a minute and no timed pulls: only the test sends again and pulls.
      const engine = engineFor(person.id, baseUrl, () => person.token, {
        fetch,
        pullEveryMs: 3_600_000,
        retryBaseMs: 60_000,
        retryCapMs: 60_000,
      });
      await engine.start();
      const mirrored = () => engine.db.records('campaign').get(id);
      try {
        expect(await mirrored()).toMatchObject({ name: `Race ${person.id}`, version: 1 });
        await createOfflineEntityStore(engine, 'campaign').update(id, { name: `Mine ${person.id}` });
        await late(engine, async () => {
          const theirs = await server.call({
            method: 'PATCH',
            url: `/api/v1/campaign/${id}`,
            token: person.token,
            payload: { name: `Theirs ${person.id}` },
          });
          expect(theirs.body).toMatchObject({ name: `Theirs ${person.id}`, version: 3 });
          await engine.pull();
          // Skipped: mine wins locally until the server has it.
          expect(await engine.unsentCount()).toBe(1);
          expect(await mirrored()).toMatchObject({ name: `Mine ${person.id}` });
        });
        await drained(engine);
        expect(await engine.unsentCount()).toBe(0);
        expect(await mirrored()).toMatchObject({ name: `Theirs ${person.id}`, version: 3 });
        await engine.pull();
        expect(await mirrored()).toMatchObject({ name: `Theirs ${person.id}`, version: 3 });
      } finally {
        await engine.stop();
      }
    }

    it('an answer overtaken by another writer', async () => {
      // Holds the answer of the first PATCH, already done on the server, until released.
      let reached = () => {};
      let release = () => {};
      const answered = new Promise<void>((resolve) => (reached = resolve));
      const released = new Promise<void>((resolve) => (release = resolve));
      let held = false;
      const fetchHeld: FetchLike = async (url, init) => {
        const answer = await fetch(url, init);
        if (init.method === 'PATCH' && !held) {
          held = true;
          reached();
          await released;
        }
        return answer;
      };
      await scenario(async (_engine, theirsThenPull) => {
        await answered;
        await theirsThenPull();
        release();
      }, fetchHeld);
    });

    it('a lost answer, replayed (Idempotent-Replayed answers the first, older response)', async () => {
      const faults: Fault[] = ['lostAfter'];
      const faulty = faultyFetch(() => faults.shift() ?? 'none');
      await scenario(async (engine, theirsThenPull) => {
        const attempts = async () => (await engine.db.outbox.toArray()).map((e) => e.attempts);
        await expect.poll(attempts).toEqual([1]); // done on the server, its answer lost: backing off a minute
        await theirsThenPull();
        expect(await engine.sendRecord((await engine.db.outbox.toArray())[0].recordIds[0])).toEqual({ sent: true });
        expect(faulty.log.filter((l) => l.startsWith('PATCH'))).toHaveLength(2);
      }, faulty);
    });

    it('a refused change (dead letter) rolls back to the newer record a pull held, not to the one it was made on', async () => {
      const person = await server.user(await server.rootToken(), { roles: ['admin'] });
      const made = await server.call({
        method: 'POST',
        url: '/api/v1/campaign',
        token: person.token,
        payload: { name: `Race ${person.id}` },
      });
      const id = made.body.id as string;
      let reached = () => {};
      let release = () => {};
      const answered = new Promise<void>((resolve) => (reached = resolve));
      const released = new Promise<void>((resolve) => (release = resolve));
      const engine = engineFor(person.id, baseUrl, () => person.token, {
        pullEveryMs: 3_600_000,
        fetch: async (url, init) => {
          const answer = await fetch(url, init);
          if (init.method === 'PATCH') {
            reached();
            await released;
          }
          return answer;
        },
      });
      await engine.start();
      const mirrored = () => engine.db.records('campaign').get(id);
      try {
        await createOfflineEntityStore(engine, 'campaign').update(id, { name: '' }); // refused: a name is required
        await answered;
        await server.call({
          method: 'PATCH',
          url: `/api/v1/campaign/${id}`,
          token: person.token,
          payload: { name: `Theirs ${person.id}` },
        });
        await engine.pull(); // skipped: my change is in flight
        release();
        await drained(engine);
        const [issue] = await engine.issues();
        expect(issue).toMatchObject({ state: 'dead', error: { status: 400 } });
        expect(await mirrored()).toMatchObject({ name: `Theirs ${person.id}`, version: 2 });
        await engine.discard(issue.seq!);
        await engine.pull();
        expect(await mirrored()).toMatchObject({ name: `Theirs ${person.id}`, version: 2 });
      } finally {
        await engine.stop();
      }
    });
  });

  it('pauses on 401 and replays only when the same user signs in again', async () => {
    const person = await server.user(await server.rootToken(), { roles: ['admin'] });
    let token: string | undefined = person.token;
    const engine = engineFor(person.id, baseUrl, () => token);
    await engine.start();
    await server.call({ method: 'GET', url: '/api/v1/auth/logout', token });
    const store = createOfflineEntityStore(engine, 'campaign');
    const made = await store.create({ name: 'After expiry' });
    await expect.poll(() => engine.status().pausedForAuth, { timeout: 10_000 }).toBe(true);
    expect(await engine.unsentCount()).toBe(1);
    token = await server.login(person.email, 'secret123');
    engine.resume();
    await drained(engine);
    expect((await serverCampaigns()).some((c) => c.id === made.id)).toBe(true);
    await engine.stop();
  });

  it('two tabs: one sends, both enqueue, the other takes over when the first closes', async () => {
    const tabA = engineFor(admin.id, baseUrl, () => admin.token);
    const tabB = engineFor(admin.id, baseUrl, () => admin.token);
    await tabA.start();
    await tabB.start();
    await createOfflineEntityStore(tabB, 'campaign').create({ name: 'From tab B' });
    await drained(tabA);
    await tabA.stop();
    await createOfflineEntityStore(tabB, 'campaign').create({ name: 'From tab B after A closed' });
    await drained(tabB);
    const names = (await serverCampaigns()).map((c) => c.name);
    expect(names).toEqual(expect.arrayContaining(['From tab B', 'From tab B after A closed']));
    await tabB.stop();
  });

  it('fails the edits of a refused create with it: shown, undone, retried and discarded together', async () => {
    const online = switchableOnline(false);
    const engine = engineFor(admin.id, baseUrl, () => admin.token, { online });
    await engine.start();
    const store = createOfflineEntityStore(engine, 'campaign');
    const refused = await store.create({ name: '' });
    await store.update(refused.id, { name: 'Never a campaign' });
    await store.remove(refused.id);
    const kept = await store.create({ name: 'Sent beside a refused one' });
    online.set(true);
    await drained(engine);
    const issues = await engine.issues();
    expect(issues.map((i) => [i.kind, i.state, i.error?.status, i.error?.code ?? null])).toEqual([
      ['create', 'dead', 400, 'VALIDATION'],
      ['update', 'dead', 424, 'DEPENDENCY_REFUSED'],
      ['delete', 'dead', 424, 'DEPENDENCY_REFUSED'],
    ]);
    expect(issues.slice(1).map((i) => i.dependsOn)).toEqual([issues[0].seq, issues[0].seq]);
    // Nothing of the refused record is left here or reached the server; the other create did.
    expect(await engine.db.records('campaign').get(refused.id)).toBeUndefined();
    expect((await serverCampaigns()).map((c) => c.id)).not.toContain(refused.id);
    expect((await serverCampaigns()).map((c) => c.id)).toContain(kept.id);

    // Try again: the create and both edits go again (refused again: the name is still empty).
    await engine.retry(issues[0].seq!);
    await drained(engine);
    expect((await engine.issues()).map((i) => [i.kind, i.error?.code])).toEqual([
      ['create', 'VALIDATION'],
      ['update', 'DEPENDENCY_REFUSED'],
      ['delete', 'DEPENDENCY_REFUSED'],
    ]);
    // Discard: the create and what depended on it leave together.
    await engine.discard((await engine.issues())[0].seq!);
    expect(await engine.issues()).toEqual([]);
    expect(await engine.unsentCount()).toBe(0);
    await engine.stop();
  });

  it('wipes the user database on logout', async () => {
    const engine = engineFor(admin.id, baseUrl, () => admin.token, { online: switchableOnline(false) });
    await engine.start();
    await createOfflineEntityStore(engine, 'campaign').create({ name: 'Never sent' });
    expect(await engine.unsentCount()).toBe(1);
    await engine.wipe();
    const again = engineFor(admin.id, baseUrl, () => admin.token, { online: switchableOnline(false) });
    await again.start();
    expect(await again.unsentCount()).toBe(0);
    await again.stop();
  });
});
