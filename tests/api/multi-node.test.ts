import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, rm, writeFile } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { io, type Socket } from 'socket.io-client';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { manualClock } from '../../src/server/scheduler/clock.ts';
import { PNG } from '../fixtures/sample-files.ts';
import { ledgerInvariants } from './money-fixtures.ts';
import { ROOT, startNodes, type TestServer } from './harness.ts';
import { multipart } from './multipart.ts';

/**
 * Two API nodes on one PostgreSQL (docs/scaling.md): two apps, each with its own pool, socket.io server,
 * scheduler and DATA_DIR, listening on their own loopback ports; every request here is real HTTP to one
 * node or the other. Events cross through the socket.io PostgreSQL adapter, limits and idempotency keys
 * are rows in the shared database, uploaded bytes too, and the schedulers claim items with SKIP LOCKED.
 */
const START = new Date('2026-04-06T09:00:00Z');
const clock = manualClock(START);
/** A minute's block once the pair threshold is reached: far longer than this test takes to ask again. */
const backoff = { threshold: 5, baseSeconds: 60, maxSeconds: 900, windowSeconds: 3600 };

type Person = Awaited<ReturnType<TestServer['user']>>;
type Node = { server: TestServer; origin: string };
let a: Node;
let b: Node;
let root: string;
let rootId: string;
const sockets: Socket[] = [];

beforeAll(async () => {
  const servers = await startNodes(2, {
    cluster: true,
    clock,
    loginBackoff: { pair: backoff, account: { ...backoff, threshold: 10 }, address: { ...backoff, threshold: 30 } },
    // Four heavy requests (statistics, batches…) per user and minute, shared by the nodes.
    heavyRequests: { max: 4, windowSeconds: 60 },
  });
  [a, b] = await Promise.all(
    servers.map(async (server) => {
      await server.app.listen({ port: 0, host: '127.0.0.1' });
      return { server, origin: `http://127.0.0.1:${(server.app.server.address() as AddressInfo).port}` };
    }),
  );
  // Each node hears the other once both listen on PostgreSQL (their heartbeats cross every 5 s at most).
  await until(
    async () => (await a.server.app.services.realtime.nodes()) === 2 && (await b.server.app.services.realtime.nodes()) === 2,
    20_000,
  );
  const signedIn = await call(a, 'POST', '/api/v1/auth/login', { body: { email: ROOT.email, password: ROOT.password } });
  root = signedIn.body.token;
  rootId = signedIn.body.id ?? (await call(a, 'GET', '/api/v1/auth/check-auth', { token: root })).body.id;
}, 120_000);
afterEach(() => {
  for (const socket of sockets.splice(0)) socket.disconnect();
});
afterAll(async () => {
  await a?.server.close();
  await b?.server.close();
});

async function until(check: () => boolean | Promise<boolean>, ms = 10_000) {
  const end = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > end) throw new Error('timed out waiting');
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

/** One real HTTP request to a node. */
async function call(
  node: Node,
  method: string,
  url: string,
  options: { token?: string; body?: unknown; headers?: Record<string, string>; raw?: Buffer } = {},
) {
  const headers: Record<string, string> = { ...(options.token ? { authorization: `Bearer ${options.token}` } : {}), ...options.headers };
  if (options.body !== undefined) headers['content-type'] = 'application/json';
  const response = await fetch(`${node.origin}${url}`, {
    method,
    headers,
    body: options.raw ? new Uint8Array(options.raw) : options.body === undefined ? undefined : JSON.stringify(options.body),
  });
  const bytes = Buffer.from(await response.arrayBuffer());
  let body: any;
  try {
    body = JSON.parse(bytes.toString('utf8'));
  } catch {
    body = bytes;
  }
  return { status: response.status, body, headers: response.headers };
}

/** A user made through node A, signed in through node B. */
async function person(fields: Record<string, unknown> = {}): Promise<Person> {
  const email = `n${randomUUID().slice(0, 8)}@test.local`;
  const created = await call(a, 'POST', '/api/v1/user', {
    token: root,
    body: { firstName: 'Node', lastName: 'Test', roles: ['lead'], email, password: 'secret123', ...fields },
  });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  const signedIn = await call(b, 'POST', '/api/v1/auth/login', { body: { email, password: 'secret123' } });
  expect(signedIn.status).toBe(200);
  return { id: created.body.id, email, token: signedIn.body.token, record: created.body };
}

/** A socket.io client on a node's /setting namespace, connected (and in its deposit room when asked). */
async function socketOn(node: Node, token: string, depositRoom = false): Promise<Socket> {
  const socket = io(`${node.origin}/setting`, {
    path: '/api/socket.io',
    auth: { token },
    transports: ['websocket'],
    reconnection: false,
    forceNew: true,
  });
  sockets.push(socket);
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', resolve);
    socket.once('connect_error', reject);
  });
  if (depositRoom) {
    const joined = new Promise((resolve) => socket.once('joinedDepositRoom', resolve));
    socket.emit('joinDepositRoom');
    await joined;
  }
  return socket;
}

const heard = (socket: Socket, event: string) => {
  const seen: any[] = [];
  socket.on(event, (payload) => seen.push(payload));
  return seen;
};

const availableCents = async (server: TestServer, leadId: string) =>
  Number(
    (
      await server.sql<{ cents: string }>(
        `select coalesce(sum(balance * 100), 0)::bigint as cents from accounts where lead_id = '${leadId}' and kind = 'available'`,
      )
    )[0].cents,
  );

const card = (cardNumber: string) => ({
  amount: 80,
  cardNumber,
  cardExpirationDate: '11/29',
  cardCVV: '321',
  fullName: 'Nora Node',
  street: '3 Quai Est',
  zipCode: '1000',
  country: 'BE',
  phone: '+32 2 000 00 01',
});

describe('two API nodes on one PostgreSQL', () => {
  it('both started at once on the database: one settings record, one root account', async () => {
    expect(await a.server.sql(`select id from settings`)).toHaveLength(1);
    expect(await a.server.sql(`select id from users where 'root' = any(roles)`)).toHaveLength(1);
  });

  it('a settings change on node A reaches a socket on node B, once', async () => {
    const lead = await person();
    const onB = heard(await socketOn(b, lead.token), 'settingUpdated');
    const onA = heard(await socketOn(a, lead.token), 'settingUpdated');
    const staffOnB = heard(await socketOn(b, root), 'settingUpdated');
    const patched = await call(a, 'PATCH', '/api/v1/setting', { token: root, body: { companyName: 'Two Nodes Ltd' } });
    expect(patched.status).toBe(200);
    await until(() => onB.length > 0 && onA.length > 0 && staffOnB.length > 0);
    expect(staffOnB[0]).toEqual({ data: patched.body, currentUser: rootId });
    // A lead hears its part of the settings, not who changed them (tests/api/realtime.test.ts).
    expect(onB[0]).toEqual({ data: expect.objectContaining({ companyName: 'Two Nodes Ltd' }) });
    expect(onB[0].data).not.toHaveProperty('withdrawalApprovalThreshold');
    // Nothing arrives twice: a second change goes the same way (node A, the adapter, the socket), in
    // order, so once it has arrived a duplicate of the first would have come before it.
    await call(a, 'PATCH', '/api/v1/setting', { token: root, body: { companyName: 'Two Nodes Sentinel' } });
    await until(() => onB.length > 1 && onA.length > 1);
    expect(onB.map((event) => event.data.companyName)).toEqual(['Two Nodes Ltd', 'Two Nodes Sentinel']);
    expect(onA.map((event) => event.data.companyName)).toEqual(['Two Nodes Ltd', 'Two Nodes Sentinel']);
  });

  it('a session ended on node A disconnects its socket on node B at once; the same user’s other session stays until the lock', async () => {
    const lead = await person();
    const laptop = (await call(a, 'POST', '/api/v1/auth/login', { body: { email: lead.email, password: 'secret123' } })).body.token;
    const phoneOnB = await socketOn(b, lead.token);
    const laptopOnB = await socketOn(b, laptop);
    const ends = (socket: Socket) => new Promise<string>((resolve) => socket.once('disconnect', resolve));
    const phoneEnded = ends(phoneOnB);
    expect((await call(a, 'GET', '/api/v1/auth/logout', { token: lead.token })).status).toBe(200);
    expect(await phoneEnded).toBe('io server disconnect');
    expect(laptopOnB.connected).toBe(true);
    const laptopEnded = ends(laptopOnB);
    expect((await call(a, 'PATCH', `/api/v1/user/${lead.id}`, { token: root, body: { status: 'locked' } })).status).toBe(200);
    expect(await laptopEnded).toBe('io server disconnect');
  });

  it('a write on node A tells sockets on node B the change-log cursor', async () => {
    const onB = heard(await socketOn(b, root), 'changes');
    const created = await call(a, 'POST', '/api/v1/campaign', { token: root, body: { name: `Across ${randomUUID().slice(0, 6)}` } });
    expect(created.status).toBe(201);
    const [row] = await a.server.sql<{ seq: number }>(`select seq from change_log where record_id = '${created.body.id}'`);
    await until(() => onB.some((event) => event.cursor === Number(row.seq)));
  });

  it('a deposit status event crosses nodes: to its owner’s room on B and to admins, not to another lead', async () => {
    const lead = await person();
    const other = await person();
    const ownerOnB = heard(await socketOn(b, lead.token, true), 'depositUpdated');
    const otherOnB = heard(await socketOn(b, other.token, true), 'depositUpdated');
    const adminOnA = heard(await socketOn(a, root, true), 'depositUpdated');
    const made = await call(a, 'POST', '/api/v1/deposit/3d-secure', { token: lead.token, body: card('4242 4242 4242 4242') });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    expect(made.body.status).toBe('completed');
    await until(() => ownerOnB.length > 0 && adminOnA.length > 0);
    expect(ownerOnB[0]).toMatchObject({ id: made.body.id, status: 'completed', userId: lead.id });
    expect(ownerOnB[0]).not.toHaveProperty('cardNumber');
    expect(adminOnA[0]).toMatchObject({ id: made.body.id, status: 'completed' });
    // The other lead's own deposit next, the same way: once its event has reached it, anything of the
    // first deposit meant for it (or a duplicate for the owner) would have arrived before.
    const own = await call(a, 'POST', '/api/v1/deposit/3d-secure', { token: other.token, body: card('4242 4242 4242 4242') });
    expect(own.status, JSON.stringify(own.body)).toBe(201);
    await until(() => otherOnB.length > 0 && adminOnA.length > 1);
    expect(otherOnB.map((event) => event.id)).toEqual([own.body.id]);
    expect(ownerOnB.map((event) => event.id)).toEqual([made.body.id]);
  });

  it('failed sign-ins spread over both nodes count together: the sixth is refused, even with the right password', async () => {
    const lead = await person();
    const nodes = [a, b, a, b, a];
    // Five wrong passwords, alternating nodes: each node alone saw at most three (below the threshold of five).
    for (const [attempt, node] of nodes.entries()) {
      const wrong = await call(node, 'POST', '/api/v1/auth/login', { body: { email: lead.email, password: `wrong-${attempt}x` } });
      expect(wrong.status).toBe(401);
    }
    const onB = await call(b, 'POST', '/api/v1/auth/login', { body: { email: lead.email, password: 'secret123' } });
    expect(onB.status).toBe(429);
    expect(onB.body.code).toBe('RATE_LIMITED');
    expect(Number(onB.headers.get('retry-after'))).toBeGreaterThan(50);
    const onA = await call(a, 'POST', '/api/v1/auth/login', { body: { email: lead.email, password: 'secret123' } });
    expect(onA.status).toBe(429);
  });

  it('heavy requests spread over both nodes share one budget: the fifth is refused', async () => {
    const staff = await person({ roles: ['admin'] });
    const statuses = [];
    for (const node of [a, b, a, b, a]) statuses.push((await call(node, 'GET', '/api/v1/user/lead-stats', { token: staff.token })).status);
    expect(statuses).toEqual([200, 200, 200, 200, 429]);
    expect((await call(b, 'GET', '/api/v1/campaign/top', { token: staff.token })).status).toBe(429);
  });

  it('a file uploaded on node A is served by node B, from neither node’s disk', async () => {
    const lead = await person();
    const { payload, headers } = multipart({ content: PNG, filename: 'passport.png', contentType: 'image/png' });
    const uploaded = await call(a, 'POST', '/api/v1/uploads/upload?purpose=document', { token: lead.token, raw: payload, headers });
    expect(uploaded.status, JSON.stringify(uploaded.body)).toBe(201);
    const served = await call(b, 'GET', uploaded.body.url, { token: lead.token });
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/png');
    expect(Buffer.compare(served.body, PNG)).toBe(0);
    // Private: another lead asking node B gets nothing.
    const other = await person();
    expect((await call(b, 'GET', uploaded.body.url, { token: other.token })).status).toBe(404);
    for (const node of [a, b]) expect(existsSync(path.join(node.server.app.services.config.dataDir, 'uploads'))).toBe(false);
  });

  it('a file a node kept on its own disk before joining the cluster is still served by that node, and only by it', async () => {
    const lead = await person();
    const { payload, headers } = multipart({ content: PNG, filename: 'old.png', contentType: 'image/png' });
    const uploaded = await call(a, 'POST', '/api/v1/uploads/upload?purpose=document', { token: lead.token, raw: payload, headers });
    expect(uploaded.status).toBe(201);
    // As if it had been received before CLUSTER was on: its bytes on A's disk, none in the database.
    await a.server.sql(`delete from upload_contents where upload_id = '${uploaded.body.id}'`);
    await mkdir(path.join(a.server.app.services.config.dataDir, 'uploads'), { recursive: true });
    await writeFile(path.join(a.server.app.services.config.dataDir, 'uploads', uploaded.body.name), PNG);
    const fromA = await call(a, 'GET', uploaded.body.url, { token: lead.token });
    expect(fromA.status).toBe(200);
    expect(Buffer.compare(fromA.body, PNG)).toBe(0);
    expect((await call(b, 'GET', uploaded.body.url, { token: lead.token })).status).toBe(404);
    await rm(path.join(a.server.app.services.config.dataDir, 'uploads'), { recursive: true });
  });

  it('the same Idempotency-Key sent to A and B at once books once', async () => {
    const lead = await person();
    const key = randomUUID();
    const request = {
      token: root,
      headers: { 'idempotency-key': key },
      body: { userId: lead.id, amount: 12.34, direction: 'credit', reason: 'twins' },
    };
    const answers = await Promise.all([a, b, a, b, a, b].map((node) => call(node, 'POST', '/api/v1/funds/adjustment', request)));
    const originals = answers.filter((answer) => answer.status === 201 && answer.headers.get('idempotent-replayed') !== 'true');
    expect(originals, JSON.stringify(answers.map((answer) => [answer.status, answer.body]))).toHaveLength(1);
    for (const answer of answers) {
      if (answer.status === 409) expect(answer.body.code).toBe('IDEMPOTENCY_IN_PROGRESS');
      else expect([answer.status, answer.body]).toEqual([201, originals[0].body]);
    }
    // Entered pending; a second admin completes it (four eyes), twice at once on both nodes with one key.
    expect(originals[0].body.status).toBe('pending');
    expect(await availableCents(a.server, lead.id)).toBe(0);
    const second = await a.server.user(root, { roles: ['admin'] });
    const completion = { token: second.token, headers: { 'idempotency-key': randomUUID() } };
    const url = `/api/v1/adjustment/${originals[0].body.id}/complete`;
    const completed = await Promise.all([a, b, a, b].map((node) => call(node, 'POST', url, completion)));
    for (const answer of completed) {
      if (answer.status === 409) expect(answer.body.code).toBe('IDEMPOTENCY_IN_PROGRESS');
      else expect([answer.status, answer.body.status]).toEqual([200, 'completed']);
    }
    expect(await availableCents(a.server, lead.id)).toBe(1_234);
    const entries = await a.server.sql<{ n: number }>(`select count(*)::int as n from ledger_entries where lead_id = '${lead.id}'`);
    expect(entries[0].n).toBe(1);
    expect(await ledgerInvariants(a.server)).toMatchObject({ mismatched: 0, negative: 0, twice: 0 });
  });

  it('two schedulers, one per node, settle each due deposit once; the events reach the owner on B', async () => {
    clock.set(START);
    const lead = await person();
    const ownerOnB = heard(await socketOn(b, lead.token, true), 'depositUpdated');
    const ids: string[] = [];
    // Four deposits at the slow bank, through either node: each is settled ~3 s after its code.
    for (const node of [a, b, a, b]) {
      const made = await call(node, 'POST', '/api/v1/deposit/3d-secure', { token: lead.token, body: card('4000 0000 0000 3063') });
      expect(made.body.status, JSON.stringify(made.body)).toBe('awaiting_3d_secure');
      const confirmed = await call(node, 'POST', `/api/v1/deposit/${made.body.id}/confirm-3d-secure`, {
        token: lead.token,
        body: { secureCode: '123456' },
      });
      expect(confirmed.body.status).toBe('awaiting_3d_secure');
      ids.push(made.body.id);
    }
    expect(await availableCents(a.server, lead.id)).toBe(0);
    clock.advance(3_100);
    const job = 'deposit-bank-answer';
    const [onA, onB] = await Promise.all([a.server.app.services.scheduler.runDue(job), b.server.app.services.scheduler.runDue(job)]);
    const booked = [...onA[job].booked, ...onB[job].booked];
    // An item is a deposit and the moment the bank answers: 3 s after the code, START + 3 s.
    expect([...booked].sort()).toEqual(ids.map((id) => `${id}@2026-04-06T09:00:03.000Z`).sort());
    expect([...onA[job].failed, ...onB[job].failed]).toEqual([]);
    // 4 × 80.00 credited, once each.
    expect(await availableCents(a.server, lead.id)).toBe(32_000);
    await until(() => ids.every((id) => ownerOnB.some((event) => event.id === id && event.status === 'completed')));

    // Later passes on both nodes find nothing left to pay.
    clock.advance(60_000);
    const again = await Promise.all([a.server.app.services.scheduler.runDue(job), b.server.app.services.scheduler.runDue(job)]);
    expect(again.map((report) => report[job].booked)).toEqual([[], []]);
    expect(await availableCents(b.server, lead.id)).toBe(32_000);
    expect(await ledgerInvariants(a.server)).toMatchObject({ mismatched: 0, negative: 0, twice: 0 });
  });
});
