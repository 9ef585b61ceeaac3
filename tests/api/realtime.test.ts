import type { AddressInfo } from 'node:net';
import { io, type Socket } from 'socket.io-client';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type TestServer } from './harness.ts';

/** socket.io at /api/socket.io, namespace /setting (DESIGN.md §4), on a real port. */
let server: TestServer;
let root: string;
let lead: Awaited<ReturnType<TestServer['user']>>;
let origin: string;
const sockets: Socket[] = [];

beforeAll(async () => {
  server = await startServer();
  root = await server.rootToken();
  lead = await server.user(root, { roles: ['lead'] });
  await server.app.listen({ port: 0, host: '127.0.0.1' });
  origin = `http://127.0.0.1:${(server.app.server.address() as AddressInfo).port}`;
});
afterEach(() => {
  for (const socket of sockets.splice(0)) socket.disconnect();
});
afterAll(() => server?.close());

function connect(auth: Record<string, unknown>, extra: Record<string, unknown> = {}): Socket {
  const socket = io(`${origin}/setting`, {
    path: '/api/socket.io',
    auth,
    transports: ['websocket'],
    reconnection: false,
    forceNew: true,
    ...extra,
  });
  sockets.push(socket);
  return socket;
}

/** Resolves with the first `event` payload; rejects on connect_error. */
function next<T = any>(socket: Socket, event: string): Promise<T> {
  return new Promise((resolve, reject) => {
    socket.once(event, resolve);
    if (event !== 'connect_error') socket.once('connect_error', reject);
  });
}

/** What a lead may read of the settings (src/server/settings/settings.ts), sorted. */
const LEAD_SETTING_KEYS = [
  'amountConfirmationLevel',
  'binaryOptionsEnabled',
  'cardDepositDailyMax',
  'cardDepositMax',
  'city',
  'companyDescription',
  'companyName',
  'country',
  'dateCreation',
  'dateLastUpdate',
  'email',
  'fourEyes',
  'id',
  'logo',
  'media',
  'number',
  'phone',
  'street',
  'theme',
  'version',
  'zipCode',
];

const connected = async (token: string) => {
  const socket = connect({ token });
  await next(socket, 'connect');
  return socket;
};

describe('realtime', () => {
  it('refuses a handshake without a token or with a bad one', async () => {
    for (const auth of [{}, { token: 'garbage' }, { token: 42 }]) {
      const socket = connect(auth);
      const error = await next<Error>(socket, 'connect_error');
      expect(error.message).toBe('UNAUTHENTICATED');
      expect(socket.connected).toBe(false);
    }
  });

  it('refuses a token whose session has ended', async () => {
    const token = await server.login(lead.email, 'secret123');
    await server.call({ method: 'GET', url: '/api/v1/auth/logout', token });
    const error = await next<Error>(connect({ token }), 'connect_error');
    expect(error.message).toBe('UNAUTHENTICATED');
  });

  it('accepts the session cookie at handshake too', async () => {
    const socket = connect({}, { extraHeaders: { cookie: `token=${lead.token}` } });
    await next(socket, 'connect');
    expect(socket.connected).toBe(true);
  });

  it('emits settingUpdated after PATCH /setting: { data, currentUser } to staff, a lead its part of the settings', async () => {
    const staff = await connected(root);
    const listener = await connected(lead.token);
    const toStaff = next(staff, 'settingUpdated');
    const event = next(listener, 'settingUpdated');
    const patched = await server.call({ method: 'PATCH', url: '/api/v1/setting', token: root, payload: { companyName: 'Realtime Ltd' } });
    expect(patched.status).toBe(200);
    const rootId = (await server.call({ method: 'GET', url: '/api/v1/auth/check-auth', token: root })).body.id;
    expect(await toStaff).toEqual({ data: patched.body, currentUser: rootId });
    // As GET /setting answers a lead: no withdrawal threshold, staff labels or mail switches, nor who changed them.
    const heard = await event;
    expect(Object.keys(heard)).toEqual(['data']);
    expect(Object.keys(heard.data).sort()).toEqual(LEAD_SETTING_KEYS);
    expect(heard.data).toEqual(Object.fromEntries(LEAD_SETTING_KEYS.map((key) => [key, patched.body[key]])));
    expect(heard.data.companyName).toBe('Realtime Ltd');
  });

  it('emits changes { cursor } after a write, with the cursor /sync then reaches', async () => {
    const listener = await connected(root);
    const event = next<{ cursor: number }>(listener, 'changes');
    const created = await server.call({ method: 'POST', url: '/api/v1/campaign', token: root, payload: { name: 'Live' } });
    expect(created.status).toBe(201);
    const { cursor } = await event;
    expect(cursor).toEqual(expect.any(Number));
    const [row] = await server.sql<{ seq: number }>(`select seq from change_log where record_id = '${created.body.id}'`);
    expect(cursor).toBe(Number(row.seq));
  });

  it('does not emit changes for a refused write', async () => {
    const listener = await connected(root);
    const events: { cursor: number }[] = [];
    listener.on('changes', (event) => events.push(event));
    const refused = await server.call({ method: 'POST', url: '/api/v1/campaign', token: root, payload: { name: '' } });
    expect(refused.status).toBe(400);
    // A later write's event arrives, and it is the only one.
    const event = next<{ cursor: number }>(listener, 'changes');
    await server.call({ method: 'POST', url: '/api/v1/campaign', token: root, payload: { name: 'After' } });
    await event;
    const [max] = await server.sql<{ seq: number }>(`select max(seq) as seq from change_log`);
    expect(events).toEqual([{ cursor: Number(max.seq) }]);
  });

  it('a burst of writes is told in fewer events (at most one per 50 ms), the last with the highest cursor', async () => {
    const listener = await connected(root);
    const events: { cursor: number }[] = [];
    listener.on('changes', (event) => events.push(event));
    // One write first: the burst then falls inside the 50 ms after its event.
    await server.call({ method: 'POST', url: '/api/v1/campaign', token: root, payload: { name: `Burst ${Date.now()}` } });
    const started = performance.now();
    const burst = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        server.call({ method: 'POST', url: '/api/v1/campaign', token: root, payload: { name: `Burst ${Date.now()} ${i}` } }),
      ),
    );
    const took = performance.now() - started;
    expect(burst.map((r) => r.status)).toEqual(Array(10).fill(201));
    const [max] = await server.sql<{ seq: number }>(`select max(seq) as seq from change_log`);
    await expect.poll(() => events.at(-1)?.cursor, { timeout: 2000 }).toBe(Number(max.seq));
    // The first write's event, then at most one per 50 ms of the burst and one after it.
    expect(events.length).toBeLessThanOrEqual(2 + Math.ceil(took / 50));
    expect(events.map((e) => e.cursor)).toEqual([...events.map((e) => e.cursor)].sort((a, b) => a - b));
  });

  it('answers joinDepositRoom with joinedDepositRoom', async () => {
    const socket = await connected(lead.token);
    const joined = next(socket, 'joinedDepositRoom');
    socket.emit('joinDepositRoom');
    await joined;
  });
});
