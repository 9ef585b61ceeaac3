import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OfflineEngine } from '../../src/app/offline/engine.ts';
import { createOfflineEntityStore } from '../../src/app/offline/offline-entity-store.ts';
import type { FetchLike } from '../../src/app/offline/ports.ts';
import type { TestServer } from '../api/harness.ts';
import { engineFor, startListeningServer } from './harness.ts';

/**
 * A long initial sync (issue 28): the mirror answers lists as soon as its first page is written, while
 * the next pages are still on their way, and the engine says how far it has come.
 */
describe('the first page of a long initial sync', () => {
  let server: TestServer;
  let baseUrl: string;
  let engine: OfflineEngine;

  beforeAll(async () => {
    ({ server, baseUrl } = await startListeningServer());
    const root = await server.rootToken();
    // 30 leads, created in this order: Lead 01 Zola … Lead 30 Adams (last names run backwards).
    const leads = Array.from({ length: 30 }, (_, i) => ({
      firstName: `Lead ${String(i + 1).padStart(2, '0')}`,
      lastName: `${String.fromCharCode(90 - (i % 26))}${i < 26 ? '' : 'z'} Name`,
      email: `first-sync-${i + 1}@test.local`,
      roles: ['lead'],
    }));
    // Two writes: the root user and the first 11 leads fill the first /sync page of 12 exactly.
    for (const batch of [leads.slice(0, 11), leads.slice(11)]) {
      const created = await server.call({ method: 'POST', url: '/api/v1/user/batch', token: root, payload: batch });
      expect(created.status).toBe(201);
    }
  });
  afterAll(async () => {
    await engine?.stop();
    await server?.close();
  });

  it('lists the first page of leads once the first /sync page is written, with records and percent, the rest still held', async () => {
    const root = await server.rootToken();
    const me = (await server.call({ method: 'GET', url: '/api/v1/auth/check-auth', token: root })).body.id as string;
    // Every /sync request after the first waits until the test lets it go.
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let syncRequests = 0;
    const fetch: FetchLike = async (url, init) => {
      if (url.includes('/v1/sync') && ++syncRequests > 1) await held;
      return globalThis.fetch(url, init);
    };
    engine = engineFor(me, baseUrl, () => root, { fetch, pullPageSize: 12, pullEveryMs: 3_600_000 });
    const seen: unknown[] = [];
    engine.subscribe((status) => status.progress && seen.push(status.progress));
    const started = engine.start();

    await expect.poll(() => engine.status().progress?.records ?? 0, { timeout: 10_000 }).toBe(12);
    expect(syncRequests).toBe(2); // the second page is asked for (the pipeline), and held
    // From 0 the share is counted from the first page's end: not known yet.
    expect(engine.status().progress).toEqual({ records: 12, percent: null });

    // The first /sync page: the root user (bootstrap) and the first 11 leads, Lead 01 Zola … Lead 11 P Name.
    const leads = createOfflineEntityStore(engine, 'user');
    const page = await leads.list({
      page: 1,
      limit: 5,
      filters: [{ field: 'roles', values: ['lead'] }],
      sorts: [{ field: 'lastName', order: 'asc' }],
    });
    expect(page.rows.map((r) => `${r.firstName} ${r.lastName}`)).toEqual([
      'Lead 11 P Name',
      'Lead 10 Q Name',
      'Lead 09 R Name',
      'Lead 08 S Name',
      'Lead 07 T Name',
    ]);
    expect(await (page.exactCount ?? page.count)).toBe(11);

    release();
    await started;
    // The last page brings the whole mirror: 31 records (the root user and 30 leads), 100%, then no progress.
    expect(seen.at(-1)).toEqual({ records: 31, percent: 100 });
    expect(engine.status().progress).toBeNull();
    expect(engine.status().lastPulledAt).not.toBeNull();
    const all = await leads.list({
      page: 1,
      limit: 3,
      filters: [{ field: 'roles', values: ['lead'] }],
      sorts: [{ field: 'lastName', order: 'asc' }],
    });
    expect(all.rows.map((r) => `${r.firstName} ${r.lastName}`)).toEqual(['Lead 26 A Name', 'Lead 25 B Name', 'Lead 24 C Name']);
    expect(await (all.exactCount ?? all.count)).toBe(30);
  });
});
