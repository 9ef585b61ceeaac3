import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { uniqueTag } from '../fixtures/entity-payloads.ts';
import { databaseState } from './database-state.ts';
import { startServer, type TestServer } from './harness.ts';

/** `Idempotency-Key` on writes (DESIGN.md §4): one effect, the same answer, replays marked as such. */
let server: TestServer;
let root: string;

beforeAll(async () => {
  server = await startServer();
  root = await server.rootToken();
});
afterAll(() => server?.close());

const campaignsNamed = async (name: string) =>
  Number((await server.sql<{ n: number }>(`select count(*)::int as n from campaigns where name = '${name}'`))[0].n);
/** Campaign names are unique, so rows made together carry one prefix and a number each. */
const campaignsStartingWith = async (prefix: string) =>
  Number((await server.sql<{ n: number }>(`select count(*)::int as n from campaigns where name like '${prefix}%'`))[0].n);
const keyed = (key: string, extra: Record<string, string> = {}) => ({ 'idempotency-key': key, ...extra });

describe('Idempotency-Key', () => {
  it('the same create twice makes one row and answers the same, the second marked idempotent-replayed', async () => {
    const key = crypto.randomUUID();
    const name = `Replay ${uniqueTag()}`;
    const first = await server.call({ method: 'POST', url: '/api/v1/campaign', token: root, payload: { name }, headers: keyed(key) });
    const second = await server.call({ method: 'POST', url: '/api/v1/campaign', token: root, payload: { name }, headers: keyed(key) });
    expect(first.status).toBe(201);
    expect(first.headers['idempotent-replayed']).toBeUndefined();
    expect(second.status).toBe(201);
    expect(second.headers['idempotent-replayed']).toBe('true');
    expect(second.body).toEqual(first.body);
    expect(await campaignsNamed(name)).toBe(1);
  });

  it('the same key with a different body answers 422 IDEMPOTENCY_MISMATCH and writes nothing', async () => {
    const key = crypto.randomUUID();
    await server.call({ method: 'POST', url: '/api/v1/campaign', token: root, payload: { name: `A ${uniqueTag()}` }, headers: keyed(key) });
    const before = await databaseState(server);
    const other = await server.call({
      method: 'POST',
      url: '/api/v1/campaign',
      token: root,
      payload: { name: `B ${uniqueTag()}` },
      headers: keyed(key),
    });
    expect(other.status).toBe(422);
    expect(other.body).toMatchObject({ code: 'IDEMPOTENCY_MISMATCH', message: expect.any(String) });
    expect(await databaseState(server)).toEqual(before);
  });

  it('the same key on another route is a mismatch too', async () => {
    const key = crypto.randomUUID();
    const name = `Route ${uniqueTag()}`;
    await server.call({ method: 'POST', url: '/api/v1/campaign', token: root, payload: { name }, headers: keyed(key) });
    const elsewhere = await server.call({
      method: 'POST',
      url: '/api/v1/product-market',
      token: root,
      payload: { name, description: 'd', iconUrl: 'https://example.test/i.png' },
      headers: keyed(key),
    });
    expect(elsewhere.status).toBe(422);
  });

  it('a replayed PATCH changes the record once', async () => {
    const created = await server.call({ method: 'POST', url: '/api/v1/campaign', token: root, payload: { name: `P ${uniqueTag()}` } });
    const key = crypto.randomUUID();
    const patch = () =>
      server.call({
        method: 'PATCH',
        url: `/api/v1/campaign/${created.body.id}`,
        token: root,
        payload: { name: 'Patched once' },
        headers: keyed(key),
      });
    const first = await patch();
    const second = await patch();
    expect(first.body.version).toBe(2);
    expect(second.body).toEqual(first.body);
    expect(second.headers['idempotent-replayed']).toBe('true');
    expect((await server.call({ method: 'GET', url: `/api/v1/campaign/${created.body.id}`, token: root })).body.version).toBe(2);
  });

  it('a replayed DELETE answers what the delete answered, not 404', async () => {
    const created = await server.call({ method: 'POST', url: '/api/v1/campaign', token: root, payload: { name: `D ${uniqueTag()}` } });
    const key = crypto.randomUUID();
    const remove = () => server.call({ method: 'DELETE', url: `/api/v1/campaign/${created.body.id}`, token: root, headers: keyed(key) });
    const first = await remove();
    const second = await remove();
    expect(first.status).toBe(200);
    expect(second.status).toBe(200);
    expect(second.body).toEqual(first.body);
    expect(second.headers['idempotent-replayed']).toBe('true');
  });

  it('a replayed batch create makes its rows once', async () => {
    const key = crypto.randomUUID();
    const tag = uniqueTag();
    const payload = [{ name: `Batch ${tag} 1` }, { name: `Batch ${tag} 2` }];
    const first = await server.call({ method: 'POST', url: '/api/v1/campaign/batch', token: root, payload, headers: keyed(key) });
    const second = await server.call({ method: 'POST', url: '/api/v1/campaign/batch', token: root, payload, headers: keyed(key) });
    expect(first.status).toBe(201);
    expect(second.body).toEqual(first.body);
    expect(await campaignsStartingWith(`Batch ${tag}`)).toBe(2);
  });

  it('keys belong to one user: another user’s same key is a request of its own', async () => {
    const admin = await server.user(root, { roles: ['admin'] });
    const key = crypto.randomUUID();
    const name = `Per user ${uniqueTag()}`;
    // Another name: campaign names are unique; the same body under this key would be a replay for root.
    const mine = await server.call({ method: 'POST', url: '/api/v1/campaign', token: root, payload: { name }, headers: keyed(key) });
    const theirs = await server.call({
      method: 'POST',
      url: '/api/v1/campaign',
      token: admin.token,
      payload: { name: `${name} too` },
      headers: keyed(key),
    });
    expect(theirs.status).toBe(201);
    expect(theirs.headers['idempotent-replayed']).toBeUndefined();
    expect(theirs.body.id).not.toBe(mine.body.id);
    expect(await campaignsStartingWith(name)).toBe(2);
  });

  it('a version conflict is not remembered: the same key may succeed once the caller has the right version', async () => {
    const created = await server.call({ method: 'POST', url: '/api/v1/campaign', token: root, payload: { name: `C ${uniqueTag()}` } });
    await server.call({ method: 'PATCH', url: `/api/v1/campaign/${created.body.id}`, token: root, payload: { name: 'Someone else' } });
    const key = crypto.randomUUID();
    const url = `/api/v1/campaign/${created.body.id}`;
    const stale = await server.call({
      method: 'PATCH',
      url,
      token: root,
      payload: { name: 'Mine' },
      headers: keyed(key, { 'if-match': '1' }),
    });
    expect(stale.status).toBe(409);
    const fresh = await server.call({
      method: 'PATCH',
      url,
      token: root,
      payload: { name: 'Mine' },
      headers: keyed(key, { 'if-match': '2' }),
    });
    expect(fresh.status).toBe(200);
    expect(fresh.body.name).toBe('Mine');
  });

  it('refuses a malformed key with 400 and does nothing', async () => {
    const name = `Bad key ${uniqueTag()}`;
    for (const key of ['short', 'has spaces in it', 'x'.repeat(201), 'semi;colon;key']) {
      const { status, body } = await server.call({
        method: 'POST',
        url: '/api/v1/campaign',
        token: root,
        payload: { name },
        headers: keyed(key),
      });
      expect(status, key).toBe(400);
      expect(body.code).toBe('BAD_REQUEST');
    }
    expect(await campaignsNamed(name)).toBe(0);
  });

  it('a refused body is the key’s answer: kept as 400, not left in progress (twins would wait on it for 15 minutes)', async () => {
    const key = crypto.randomUUID();
    const request = { method: 'POST', url: '/api/v1/campaign', token: root, payload: { name: '' }, headers: keyed(key) } as const;
    const first = await server.call(request);
    const second = await server.call(request);
    expect(first.status).toBe(400);
    expect(second.status).toBe(400);
    expect(second.body).toEqual(first.body);
    expect(await server.sql(`select status_code from idempotency_keys where key = '${key}'`)).toEqual([{ status_code: 400 }]);
  });

  it('the answer kept is the one sent, through mutate or not: no hidden column at rest, the replay the same', async () => {
    const key = crypto.randomUUID();
    const email = `kept-${uniqueTag()}@test.local`.toLowerCase();
    const payload = { firstName: 'Kept', lastName: 'Answer', email, password: 'secret123', roles: ['lead'] };
    const first = await server.call({ method: 'POST', url: '/api/v1/user', token: root, payload, headers: keyed(key) });
    expect(first.status, JSON.stringify(first.body)).toBe(201);
    expect(first.body.passwordHash).toBeUndefined();
    const [row] = await server.sql<{ status_code: number; body: Record<string, unknown> }>(
      `select status_code, body from idempotency_keys where key = '${key}'`,
    );
    expect(row.status_code).toBe(201);
    expect(row.body).toEqual(first.body);
    expect(JSON.stringify(row.body)).not.toMatch(/passwordHash|\$argon|\$2[aby]\$/);
    const replay = await server.call({ method: 'POST', url: '/api/v1/user', token: root, payload, headers: keyed(key) });
    expect(replay.headers['idempotent-replayed']).toBe('true');
    expect(replay.body).toEqual(first.body);

    // A route that does not write through mutate (a check before an import) replays the same way.
    const checkKey = crypto.randomUUID();
    const check = {
      method: 'POST',
      url: '/api/v1/user/import-check',
      token: root,
      payload: { emails: [email] },
      headers: keyed(checkKey),
    } as const;
    const checked = await server.call(check);
    expect(checked.status).toBe(200);
    expect(checked.body).toEqual({ existing: [{ email, updatable: true, name: 'Kept Answer' }] });
    const again = await server.call(check);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.body).toEqual(checked.body);
  });

  it('a write committed whose answer was lost (its process died) is never run again: in progress, then a conflict', async () => {
    const key = crypto.randomUUID();
    const name = `Lost answer ${uniqueTag()}`;
    const request = { method: 'POST', url: '/api/v1/campaign', token: root, payload: { name }, headers: keyed(key) } as const;
    expect((await server.call(request)).status).toBe(201);
    // What the work's transaction leaves when the process dies before the answer is stored: the mark alone.
    await server.sql(`update idempotency_keys set status_code = 103, body = null where key = '${key}'`);
    const soon = await server.call(request);
    expect(soon.status).toBe(409);
    expect(soon.body.code).toBe('IDEMPOTENCY_IN_PROGRESS');
    // Fifteen minutes on, a reservation in progress would be taken over; a committed one never is.
    await server.sql(`update idempotency_keys set created_at = now() - interval '16 minutes' where key = '${key}'`);
    const later = await server.call(request);
    expect(later.status).toBe(409);
    expect(later.body.code).toBe('CONFLICT');
    expect(await campaignsNamed(name)).toBe(1);
    expect(await server.sql(`select status_code from idempotency_keys where key = '${key}'`)).toEqual([{ status_code: 103 }]);
  });

  it('only a live session reserves a key: a signed-out token’s request takes nothing, the same key then works', async () => {
    const key = crypto.randomUUID();
    const name = `Signed out ${uniqueTag()}`;
    const stale = await server.rootToken();
    expect((await server.call({ method: 'GET', url: '/api/v1/auth/logout', token: stale })).status).toBe(200);
    const refused = await server.call({ method: 'POST', url: '/api/v1/campaign', token: stale, payload: { name }, headers: keyed(key) });
    expect(refused.status).toBe(401);
    expect(await server.sql(`select key from idempotency_keys where key = '${key}'`)).toEqual([]);
    const created = await server.call({ method: 'POST', url: '/api/v1/campaign', token: root, payload: { name }, headers: keyed(key) });
    expect(created.status).toBe(201);
    expect(created.headers['idempotent-replayed']).toBeUndefined();
    expect(await campaignsNamed(name)).toBe(1);
  });
});

/**
 * Twins: the same request with one key sent at the same time (a resend racing the original). On
 * PostgreSQL they truly run at once; exactly one does the work and every other either replays its
 * answer or is told 409 IDEMPOTENCY_IN_PROGRESS (the client tries again later), never another error.
 */
describe('Idempotency-Key, twins sent at the same time', () => {
  const TWINS = 6;
  type Answer = Awaited<ReturnType<TestServer['call']>>;

  /** Checks every twin's answer: one original, the others replays of it or "in progress". */
  function oneEffect(answers: Answer[], status: number) {
    const originals = answers.filter((a) => a.status === status && a.headers['idempotent-replayed'] !== 'true');
    expect(originals, JSON.stringify(answers.map((a) => [a.status, a.body]))).toHaveLength(1);
    for (const answer of answers) {
      if (answer.status === 409) expect(answer.body.code).toBe('IDEMPOTENCY_IN_PROGRESS');
      else {
        expect(answer.status).toBe(status);
        expect(answer.body).toEqual(originals[0].body);
      }
    }
  }
  const twins = (request: Parameters<TestServer['call']>[0]) => Promise.all(Array.from({ length: TWINS }, () => server.call(request)));
  const logged = async (id: string) =>
    (await server.sql<{ op: string }>(`select op from change_log where record_id = '${id}' order by seq`)).map((r) => r.op);

  it('create with a client id: one row, one change', async () => {
    const id = crypto.randomUUID();
    const name = `Twin create ${uniqueTag()}`;
    const answers = await twins({
      method: 'POST',
      url: '/api/v1/campaign',
      token: root,
      payload: { id, name },
      headers: keyed(crypto.randomUUID()),
    });
    oneEffect(answers, 201);
    expect(await campaignsNamed(name)).toBe(1);
    expect(await logged(id)).toEqual(['upsert']);
  });

  it('create without a client id: one row', async () => {
    const name = `Twin server id ${uniqueTag()}`;
    const answers = await twins({
      method: 'POST',
      url: '/api/v1/campaign',
      token: root,
      payload: { name },
      headers: keyed(crypto.randomUUID()),
    });
    oneEffect(answers, 201);
    expect(await campaignsNamed(name)).toBe(1);
  });

  it('patch: the record moves one version', async () => {
    const created = await server.call({ method: 'POST', url: '/api/v1/campaign', token: root, payload: { name: `Twin P ${uniqueTag()}` } });
    const answers = await twins({
      method: 'PATCH',
      url: `/api/v1/campaign/${created.body.id}`,
      token: root,
      payload: { name: 'Patched by twins' },
      headers: keyed(crypto.randomUUID()),
    });
    oneEffect(answers, 200);
    const [row] = await server.sql<{ version: number; name: string }>(
      `select version, name from campaigns where id = '${created.body.id}'`,
    );
    expect(row).toEqual({ version: 2, name: 'Patched by twins' });
    expect(await logged(created.body.id)).toEqual(['upsert', 'upsert']);
  });

  it('delete: one delete, no 404', async () => {
    const created = await server.call({ method: 'POST', url: '/api/v1/campaign', token: root, payload: { name: `Twin D ${uniqueTag()}` } });
    const answers = await twins({
      method: 'DELETE',
      url: `/api/v1/campaign/${created.body.id}`,
      token: root,
      headers: keyed(crypto.randomUUID()),
    });
    oneEffect(answers, 200);
    expect(await server.sql(`select id from campaigns where id = '${created.body.id}'`)).toHaveLength(0);
    expect(await logged(created.body.id)).toEqual(['upsert', 'delete']);
  });

  it('batch create with client ids: each row once', async () => {
    const tag = uniqueTag();
    const payload = [
      { id: crypto.randomUUID(), name: `Twin batch ${tag} 1` },
      { id: crypto.randomUUID(), name: `Twin batch ${tag} 2` },
    ];
    const answers = await twins({
      method: 'POST',
      url: '/api/v1/campaign/batch',
      token: root,
      payload,
      headers: keyed(crypto.randomUUID()),
    });
    oneEffect(answers, 201);
    expect(await campaignsStartingWith(`Twin batch ${tag}`)).toBe(2);
    for (const { id } of payload) expect(await logged(id)).toEqual(['upsert']);
  });
});
