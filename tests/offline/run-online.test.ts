import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inProcessLocks, type FetchLike } from '../../src/app/offline/ports.ts';
import { runOnlineWith } from '../../src/app/offline/run-online.ts';
import { pendingWithDocument, type TestServer } from '../api/harness.ts';
import { engineFor, startListeningServer, switchableOnline } from './harness.ts';

const en = JSON.parse(readFileSync(new URL('../../locales/en.json', import.meta.url), 'utf8'));
const translate = (key: string) => key.split('.').reduce((node, part) => node?.[part], en) as string;

/** fetch that writes down every request it lets through, in order. */
function countingFetch(): FetchLike & { log: string[] } {
  const log: string[] = [];
  const counted = ((url: string, init: RequestInit) => {
    log.push(`${init.method ?? 'GET'} ${url.replace(/^.*\/api/, '').replace(/\?.*$/, '')}`);
    return fetch(url, init);
  }) as FetchLike & { log: string[] };
  counted.log = log;
  return counted;
}

/**
 * runOnline against the real server, on the verification decision (an action that bumps the lead's
 * version): a queued edit of the lead made on version v carries If-Match v, so had the action gone
 * first, the edit would come back 409 and be left as a conflict.
 */
describe('runOnline', () => {
  let server: TestServer;
  let baseUrl: string;
  let staff: Awaited<ReturnType<TestServer['user']>>;

  beforeAll(async () => {
    ({ server, baseUrl } = await startListeningServer());
  });
  afterAll(() => server.close());

  /** A staff member of its own (its own local database) and a lead of theirs with documents to review. */
  async function pendingLead() {
    const root = await server.rootToken();
    staff = await server.user(root, { roles: ['regular'] });
    const lead = await server.user(root, { roles: ['lead'], assignedTo: staff.id, firstName: 'Ada' });
    await pendingWithDocument(server, lead.id);
    return lead;
  }

  const decision = (id: string) => ({ method: 'PATCH' as const, path: `/v1/user/${id}/verification`, body: { status: 'verified' } });

  it("sends the record's queued edit before the action, then puts the answer in the mirror", async () => {
    const lead = await pendingLead();
    const online = switchableOnline(true);
    const fetch = countingFetch();
    // Another tab holds the outbox lock, so this engine's own loop never sends: whatever goes, runOnline sends.
    const locks = inProcessLocks();
    let releaseLock = () => {};
    void locks.request(`brokerdesk-outbox-${staff.id}`, () => new Promise<void>((resolve) => (releaseLock = resolve)));
    // No timed pulls: what reaches the mirror after the action comes from the action's answer.
    const engine = engineFor(staff.id, baseUrl, () => staff.token, {
      online,
      fetch,
      locks,
      pullEveryMs: 3_600_000,
      requestTimeoutMs: 30_000,
    });
    await engine.start();
    try {
      const mirrored = await engine.db.records('user').get(lead.id);
      expect(mirrored, JSON.stringify([fetch.log, engine.status()])).toMatchObject({
        firstName: 'Ada',
        verificationStatus: 'pending',
        version: 2,
      });

      // Edited without a connection: queued, not sent.
      online.set(false);
      await engine.mutations.update('user', lead.id, { firstName: 'Adele' }, 2);
      expect(await engine.unsentCount()).toBe(1);
      fetch.log.length = 0;
      online.set(true);
      // Back online the engine pulls: let that pull end first. The edit is still waiting.
      await engine.pull();
      const pullsBefore = fetch.log.filter((line) => line.startsWith('GET /v1/sync')).length;
      expect(await engine.unsentCount()).toBe(1);

      const answer = await runOnlineWith({ engine, translate }, 'user', lead.id, decision(lead.id));
      // The edit went first (as version 2 → 3), then the action (3 → 4); nothing was left behind.
      const writes = fetch.log.filter((line) => !line.startsWith('GET'));
      expect(writes, JSON.stringify(fetch.log)).toEqual([`PATCH /v1/user/${lead.id}`, `PATCH /v1/user/${lead.id}/verification`]);
      expect(answer).toMatchObject({ id: lead.id, firstName: 'Adele', verificationStatus: 'verified', version: 4 });
      expect(await engine.unsentCount()).toBe(0);
      const [row] = await server.sql(`select first_name, verification_status, version from users where id = '${lead.id}'`);
      expect(row).toEqual({ first_name: 'Adele', verification_status: 'verified', version: 4 });

      // The answer is in the mirror at once, without a pull.
      expect(fetch.log.filter((line) => line.startsWith('GET /v1/sync'))).toHaveLength(pullsBefore);
      const local = await engine.db.records('user').get(lead.id);
      expect(local).toMatchObject({ firstName: 'Adele', verificationStatus: 'verified', version: 4 });
      expect(local?._pending).toBeUndefined();
    } finally {
      releaseLock();
      await engine.stop();
    }
  });

  it('offline (by the engine, whatever navigator says) it refuses at once, translated, and sends nothing', async () => {
    const lead = await pendingLead();
    const online = switchableOnline(true);
    const fetch = countingFetch();
    const engine = engineFor(staff.id, baseUrl, () => staff.token, { online, fetch, pullEveryMs: 3_600_000, requestTimeoutMs: 30_000 });
    await engine.start();
    try {
      expect(await engine.db.records('user').get(lead.id)).toBeTruthy();
      online.set(false);
      await engine.mutations.update('user', lead.id, { firstName: 'Offline edit' }, 2);
      fetch.log.length = 0;
      await expect(runOnlineWith({ engine, translate }, 'user', lead.id, decision(lead.id))).rejects.toMatchObject({
        code: 'OFFLINE',
        message: 'You are offline: this action needs a connection',
      });
      expect(fetch.log).toEqual([]);
      // The queued edit waits for the connection, the action was never made.
      expect(await engine.unsentCount()).toBe(1);
      const [row] = await server.sql(`select first_name, verification_status from users where id = '${lead.id}'`);
      expect(row).toEqual({ first_name: 'Ada', verification_status: 'pending' });
    } finally {
      await engine.stop();
    }
  });

  it('a create whose id the server picks: the lead it is for, made offline, goes first; the answer lands in the mirror', async () => {
    const root = await server.rootToken();
    staff = await server.user(root, { roles: ['regular'] });
    const online = switchableOnline(true);
    const fetch = countingFetch();
    const locks = inProcessLocks();
    let releaseLock = () => {};
    void locks.request(`brokerdesk-outbox-${staff.id}`, () => new Promise<void>((resolve) => (releaseLock = resolve)));
    const engine = engineFor(staff.id, baseUrl, () => staff.token, {
      online,
      fetch,
      locks,
      pullEveryMs: 3_600_000,
      requestTimeoutMs: 30_000,
    });
    await engine.start();
    try {
      online.set(false);
      const lead = await engine.mutations.create('user', {
        firstName: 'Grace',
        lastName: 'Hopper',
        email: `grace${Date.now()}@test.local`,
        roles: ['lead'],
        assignedTo: staff.id,
      });
      online.set(true);
      await engine.pull();
      fetch.log.length = 0;
      const deposit = await runOnlineWith({ engine, translate }, 'deposit', null, {
        method: 'POST',
        path: '/v1/deposit',
        body: { userId: lead.id, amount: 25 },
        after: [lead.id],
        key: 'b3f0c6a2-6f6e-4c9b-9a51-1c1d2e3f4a5b',
      });
      expect(
        fetch.log.filter((line) => !line.startsWith('GET')),
        JSON.stringify(fetch.log),
      ).toEqual(['POST /v1/user', 'POST /v1/deposit']);
      expect(deposit).toMatchObject({ userId: lead.id, amount: 25, status: 'pending' });
      expect(await engine.db.records('deposit').get(deposit.id)).toMatchObject({ userId: lead.id, status: 'pending' });
      expect(await engine.unsentCount()).toBe(0);
      const [row] = await server.sql(`select count(*)::int n from idempotency_keys where key = 'b3f0c6a2-6f6e-4c9b-9a51-1c1d2e3f4a5b'`);
      expect(row).toEqual({ n: 1 });
    } finally {
      releaseLock();
      await engine.stop();
    }
  });

  it('a queued edit the server refuses stops the action: the person acted on a record that is not so', async () => {
    const lead = await pendingLead();
    const online = switchableOnline(true);
    const fetch = countingFetch();
    const engine = engineFor(staff.id, baseUrl, () => staff.token, { online, fetch, pullEveryMs: 3_600_000, requestTimeoutMs: 30_000 });
    await engine.start();
    try {
      online.set(false);
      await engine.mutations.update('user', lead.id, { firstName: 'Mine' }, 2);
      // Meanwhile someone else changed the lead on the server.
      await server.sql(`update users set first_name = 'Theirs', version = version + 1 where id = '${lead.id}'`);
      online.set(true);
      fetch.log.length = 0;
      await expect(runOnlineWith({ engine, translate }, 'user', lead.id, decision(lead.id))).rejects.toMatchObject({
        code: 'VERSION_CONFLICT',
        status: 409,
      });
      expect(fetch.log.filter((line) => !line.startsWith('GET'))).toEqual([`PATCH /v1/user/${lead.id}`]);
      const [row] = await server.sql(`select first_name, verification_status from users where id = '${lead.id}'`);
      expect(row).toEqual({ first_name: 'Theirs', verification_status: 'pending' });
    } finally {
      await engine.stop();
    }
  });
});
