import { indexedDB, IDBKeyRange } from 'fake-indexeddb';
import { v7 as uuidv7 } from 'uuid';
import { afterEach, describe, expect, test } from 'vitest';
import {
  answerOf,
  createAppEntityStore,
  localWriteError,
  watchOutboxCounts,
  watchTable,
  type OutboxCounts,
} from '../../../src/app/offline/app-store.ts';
import { createOfflineEngine, type OfflineEngine } from '../../../src/app/offline/engine.ts';
import { inProcessLocks, type OnlineSignal } from '../../../src/app/offline/ports.ts';

type Handler = (
  method: string,
  path: string,
  body: unknown,
) => { status: number; body?: unknown } | Promise<{ status: number; body?: unknown }>;

function switchable(initial: boolean): OnlineSignal & { set: (online: boolean) => void } {
  let online = initial;
  const listeners = new Set<(online: boolean) => void>();
  return {
    isOnline: () => online,
    subscribe: (listener) => (listeners.add(listener), () => listeners.delete(listener)),
    set(value) {
      online = value;
      listeners.forEach((l) => l(value));
    },
  };
}

const engines: OfflineEngine[] = [];
afterEach(async () => {
  for (const engine of engines.splice(0)) await engine.wipe();
});

/** A real engine on fake-indexeddb, talking to a fake server the test describes. */
async function engineWith(handler: Handler, online = switchable(true), pulls: string[] = []) {
  const engine = createOfflineEngine({
    userId: uuidv7(),
    baseUrl: 'http://server/api',
    fetch: async (url, init) => {
      const path = url.replace('http://server/api', '');
      if (path.startsWith('/v1/sync')) pulls.push(path);
      if (path.startsWith('/v1/sync')) return new Response(JSON.stringify({ changes: [], cursor: 0, hasMore: false }), { status: 200 });
      // A hung server still lets the engine's timeout abort the request.
      const aborted = new Promise<never>((_, reject) =>
        init.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError'))),
      );
      const answer = await Promise.race([
        handler(init.method ?? 'GET', path, init.body ? JSON.parse(String(init.body)) : undefined),
        aborted,
      ]);
      return new Response(answer.body === undefined ? '' : JSON.stringify(answer.body), { status: answer.status });
    },
    getToken: () => 'token',
    online,
    locks: inProcessLocks(),
    newId: uuidv7,
    indexedDb: { indexedDB, IDBKeyRange },
    retryBaseMs: 5,
    retryCapMs: 20,
    pullEveryMs: 60_000,
    requestTimeoutMs: 300,
  });
  engines.push(engine);
  await engine.start();
  return { engine, online };
}

describe('the app store over the offline engine', () => {
  test('online, a write waits for the server and comes back with its version', async () => {
    const { engine } = await engineWith((method, _path, body) => ({
      status: method === 'POST' ? 201 : 200,
      body: { ...(body as object), version: 1 },
    }));
    const store = createAppEntityStore(engine, 'campaign');
    const created = await store.create({ name: 'Spring' });
    expect(await engine.unsentCount()).toBe(0);
    expect((await store.get(created.id)).version).toBe(1);
  });

  test("online, a refusal lands on the form with the server's field details; the dead letter is not left behind", async () => {
    const { engine } = await engineWith(() => ({
      status: 400,
      body: { message: 'Some fields are not valid', code: 'VALIDATION', details: { email: ['This email is already in use'] } },
    }));
    const store = createAppEntityStore(engine, 'campaign');
    await expect(store.create({ name: 'Taken' })).rejects.toMatchObject({
      message: 'Some fields are not valid',
      code: 'VALIDATION',
      status: 400,
      details: { email: 'This email is already in use' },
      network: false,
    });
    expect(await engine.unsentCount()).toBe(0);
    expect((await store.list({ page: 1, limit: 10 })).count).toBe(0); // rolled back
  });

  test('online, a version conflict is given to the form and stays in sync issues for keep mine / take theirs', async () => {
    const { engine } = await engineWith((method, path, body) =>
      method === 'POST'
        ? { status: 201, body: { ...(body as object), version: 1 } }
        : {
            status: 409,
            body: {
              message: 'Someone else changed this record',
              code: 'VERSION_CONFLICT',
              current: { id: path.split('/').pop(), name: 'Theirs', version: 2 },
            },
          },
    );
    const store = createAppEntityStore(engine, 'campaign');
    const created = await store.create({ name: 'Mine' });
    await expect(store.update(created.id, { name: 'Mine 2' }, 1)).rejects.toMatchObject({ code: 'VERSION_CONFLICT', status: 409 });
    const issues = await engine.issues();
    expect(issues).toHaveLength(1);
    expect(issues[0]).toMatchObject({ state: 'conflict', current: { name: 'Theirs' } });
  });

  test('offline, a write returns at once and waits in the outbox, marked pending', async () => {
    let calls = 0;
    const { engine } = await engineWith(() => {
      calls++;
      return { status: 201, body: {} };
    }, switchable(false));
    const store = createAppEntityStore(engine, 'campaign');
    const created = await store.create({ name: 'Offline' });
    expect(created._pending).toBe(true);
    expect(await engine.unsentCount()).toBe(1);
    expect(calls).toBe(0);
    expect((await store.list({ page: 1, limit: 10 })).rows[0]?._pending).toBe(true);
  });

  test('a slow server: the write gives up waiting and stays pending', async () => {
    const { engine } = await engineWith(() => new Promise(() => {}));
    const after = ((await engine.db.outbox.orderBy('seq').last())?.seq as number | undefined) ?? 0;
    const record = await engine.mutations.create('campaign', { name: 'Slow' });
    expect(await answerOf(engine, after, [record.id], 50)).toEqual({ kind: 'pending' });
  });

  test('a write behind a change waiting in sync issues does not wait for the server', async () => {
    const { engine, online } = await engineWith((method, path, body) =>
      method === 'POST'
        ? { status: 201, body: { ...(body as object), version: 1 } }
        : {
            status: 409,
            body: { message: 'conflict', code: 'VERSION_CONFLICT', current: { id: path.split('/').pop(), name: 'Theirs', version: 2 } },
          },
    );
    const store = createAppEntityStore(engine, 'campaign');
    const created = await store.create({ name: 'A' });
    await expect(store.update(created.id, { name: 'B' }, 1)).rejects.toMatchObject({ code: 'VERSION_CONFLICT' });
    const started = Date.now();
    await store.update(created.id, { name: 'C' });
    expect(Date.now() - started).toBeLessThan(2_000);
    expect(await engine.unsentCount()).toBe(2);
    online.set(false);
  });

  test('lists are told when the table changes (this store, the engine, another tab)', async () => {
    const { engine } = await engineWith(() => ({ status: 201, body: {} }), switchable(false));
    let campaigns = 0;
    let leads = 0;
    const stopCampaigns = watchTable(engine, 'campaign', () => campaigns++);
    const stopLeads = watchTable(engine, 'user', () => leads++);
    await engine.mutations.create('campaign', { name: 'x' });
    await expect.poll(() => campaigns).toBeGreaterThan(0);
    expect(leads).toBe(0);
    stopCampaigns();
    stopLeads();
    const seen = campaigns;
    // A watcher still subscribed is told of the next write; by then the stopped one would have been too.
    let later = 0;
    const stopLater = watchTable(engine, 'campaign', () => later++);
    await engine.mutations.create('campaign', { name: 'y' });
    await expect.poll(() => later).toBeGreaterThan(0);
    stopLater();
    expect(campaigns).toBe(seen);
  });

  test('an engine started offline pulls once the connection is back (a pull tried offline is not kept)', async () => {
    const pulls: string[] = [];
    const { engine, online } = await engineWith(() => ({ status: 200, body: {} }), switchable(false), pulls);
    await engine.pull();
    expect(pulls).toEqual([]);
    online.set(true);
    await expect.poll(() => pulls.length).toBeGreaterThan(0);
    const before = pulls.length;
    await engine.pull();
    expect(pulls.length).toBeGreaterThan(before);
  });

  test("every tab's indicator follows the outbox, whichever tab sends", async () => {
    const { engine } = await engineWith(() => ({ status: 201, body: {} }), switchable(false));
    const seen: OutboxCounts[] = [];
    const stop = watchOutboxCounts(engine, (counts) => seen.push(counts));
    const record = await engine.mutations.create('campaign', { name: 'x' });
    await expect.poll(() => seen.at(-1)).toEqual({ pending: 1, conflicts: 0, dead: 0 });
    // Another tab delivered it (here: the outbox entry goes away without this engine's help).
    await engine.db.outbox.where('recordIds').equals(record.id).delete();
    await expect.poll(() => seen.at(-1)).toEqual({ pending: 0, conflicts: 0, dead: 0 });
    stop();
  });

  test('a full disk is said in words, never swallowed', () => {
    expect(localWriteError(Object.assign(new Error('full'), { name: 'QuotaExceededError' }))).toMatchObject({
      code: 'QUOTA',
      network: false,
    });
    expect(localWriteError({ name: 'AbortError', inner: { name: 'QuotaExceededError' } })).toMatchObject({ code: 'QUOTA' });
    expect(localWriteError(new Error('NOT_FOUND'))).toMatchObject({ code: 'NOT_FOUND', status: 404 });
    const other = new Error('other');
    expect(localWriteError(other)).toBe(other);
  });
});
