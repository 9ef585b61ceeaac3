import type { AddressInfo } from 'node:net';
import { io, type Socket } from 'socket.io-client';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { manualClock } from '../../src/server/scheduler/clock.ts';
import { startServer, type TestServer } from './harness.ts';

/**
 * Sessions end everywhere at once, sockets included (CHECKLIST 15), and socket events carry only what
 * their receiver may read (CHECKLIST 16): issue 23's findings, with a real socket.io client on a real
 * port. Two nodes on one database are tests/api/multi-node.test.ts's; the disconnect goes through the
 * same adapter call (`disconnectSockets` on the session's room).
 */
let server: TestServer;
let root: string;
let origin: string;
/** The scheduler's clock, moved by hand (the slow bank answers 3 s after the code). */
const clock = manualClock(new Date());
type Person = Awaited<ReturnType<TestServer['user']>>;
let payer: Person;
const sockets: Socket[] = [];

beforeAll(async () => {
  server = await startServer({ clock });
  root = await server.rootToken();
  payer = await server.user(root, { roles: ['lead'] });
  await server.app.listen({ port: 0, host: '127.0.0.1' });
  origin = `http://127.0.0.1:${(server.app.server.address() as AddressInfo).port}`;
});
afterEach(() => {
  for (const socket of sockets.splice(0)) socket.disconnect();
});
afterAll(() => server?.close());

/** A socket on /setting with this token, connected and in its deposit room; `heard` collects its deposit events. */
async function socketOf(token: string) {
  const socket = io(`${origin}/setting`, {
    path: '/api/socket.io',
    auth: { token },
    transports: ['websocket'],
    reconnection: false,
    forceNew: true,
  });
  sockets.push(socket);
  const heard: any[] = [];
  const changes: any[] = [];
  socket.on('depositUpdated', (deposit) => heard.push(deposit));
  socket.on('changes', (event) => changes.push(event));
  const ended = new Promise<string>((resolve) => socket.once('disconnect', resolve));
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', resolve);
    socket.once('connect_error', reject);
  });
  const joined = new Promise((resolve) => socket.once('joinedDepositRoom', resolve));
  socket.emit('joinDepositRoom');
  await joined;
  return { socket, heard, changes, ended };
}

/** What a handshake with this token gets: 'connected' or the error's message. */
async function handshake(token: string): Promise<string> {
  const socket = io(`${origin}/setting`, {
    path: '/api/socket.io',
    auth: { token },
    transports: ['websocket'],
    reconnection: false,
    forceNew: true,
  });
  sockets.push(socket);
  return new Promise((resolve) => {
    socket.once('connect', () => resolve('connected'));
    socket.once('connect_error', (error) => resolve(error.message));
  });
}

/** How a socket's `disconnect` came, or 'still connected' after `ms`. */
const endOf = (ended: Promise<string>, ms = 3_000) =>
  Promise.race([ended, new Promise<string>((resolve) => setTimeout(() => resolve('still connected'), ms))]);

async function until(check: () => boolean, ms = 5_000) {
  const end = Date.now() + ms;
  while (!check()) {
    if (Date.now() > end) throw new Error('timed out waiting');
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

const card = {
  amount: 80,
  cardNumber: '4242 4242 4242 4242',
  cardExpirationDate: '11/29',
  cardCVV: '321',
  fullName: 'Paula Payer',
  street: '3 Quai Est',
  zipCode: '1000',
  country: 'BE',
  phone: '+32 2 000 00 01',
};

/** A completed card deposit by `payer`: a `depositUpdated` for its room and for admins. */
async function deposit(token = payer.token) {
  const made = await server.call({ method: 'POST', url: '/api/v1/deposit/3d-secure', token, payload: card });
  expect(made.status, JSON.stringify(made.body)).toBe(201);
  expect(made.body.status).toBe('completed');
  return made.body;
}

const checkAuth = (token: string) => server.call({ method: 'GET', url: '/api/v1/auth/check-auth', token });
const patchUser = (id: string, payload: Record<string, unknown>) =>
  server.call({ method: 'PATCH', url: `/api/v1/user/${id}`, token: root, payload });

/**
 * Waits until everything written so far has been told (a write of the payer's, heard by `staff` with its
 * cursor), then forgets what `listeners` heard: a socket that connected just after its user was created
 * may still hear of that creation (`changes` leave up to 50 ms after a write).
 */
async function quiet(staff: { changes: { cursor?: number }[] }, ...listeners: { changes: unknown[] }[]) {
  expect((await patchUser(payer.id, { lastName: `Quiet ${Date.now()}` })).status).toBe(200);
  const [last] = await server.sql<{ seq: string }>(`select max(seq) as seq from change_log`);
  await until(() => staff.changes.some((event) => Number(event.cursor) >= Number(last.seq)));
  for (const listener of listeners) listener.changes.splice(0);
}

describe('a session that ends takes its sockets with it, at once', () => {
  const ends: [string, (admin: Person) => Promise<{ status: number }>][] = [
    ['is locked', (admin) => patchUser(admin.id, { status: 'locked' })],
    ['is demoted to regular', (admin) => patchUser(admin.id, { roles: ['regular'] })],
    ['has its password reset', (admin) => server.call({ method: 'POST', url: `/api/v1/auth/reset-password/${admin.id}`, token: root })],
    ['is deleted', (admin) => server.call({ method: 'DELETE', url: `/api/v1/user/${admin.id}`, token: root })],
    ['signs out of this device', (admin) => server.call({ method: 'GET', url: '/api/v1/auth/logout', token: admin.token })],
    ['signs out everywhere', (admin) => server.call({ method: 'GET', url: '/api/v1/auth/logout?allDevices=true', token: admin.token })],
  ];
  for (const [how, end] of ends) {
    it(`an admin who ${how}: its socket is disconnected and hears no other lead's deposit`, async () => {
      const admin = await server.user(root, { roles: ['admin'] });
      const watcher = await socketOf(root);
      const target = await socketOf(admin.token);
      await deposit();
      await until(() => target.heard.length === 1 && watcher.heard.length === 1);

      expect((await end(admin)).status).toBe(200);
      expect(await endOf(target.ended)).toBe('io server disconnect');
      const later = await deposit();
      // The watcher hears the later deposit; by then the ended socket would have heard it too.
      await until(() => watcher.heard.some((event) => event.id === later.id));
      expect(target.heard).toHaveLength(1);
      expect(target.socket.connected).toBe(false);
      expect(await handshake(admin.token)).toBe('UNAUTHENTICATED');
    });
  }

  it('signing out of one device leaves the sockets of the same user’s other session connected', async () => {
    const admin = await server.user(root, { roles: ['admin'] });
    const laptop = await server.login(admin.email, 'secret123');
    const phone = await socketOf(admin.token);
    const desk = await socketOf(laptop);
    expect((await server.call({ method: 'GET', url: '/api/v1/auth/logout', token: admin.token })).status).toBe(200);
    expect(await endOf(phone.ended)).toBe('io server disconnect');
    const later = await deposit();
    await until(() => desk.heard.some((event) => event.id === later.id));
    expect(desk.socket.connected).toBe(true);
    expect(phone.heard).toEqual([]);
    expect((await checkAuth(laptop)).status).toBe(200);
  });

  it('a lead’s socket ends with its lock too', async () => {
    const lead = await server.user(root, { roles: ['lead'] });
    const own = await socketOf(lead.token);
    expect((await patchUser(lead.id, { status: 'locked' })).status).toBe(200);
    expect(await endOf(own.ended)).toBe('io server disconnect');
    expect(await handshake(lead.token)).toBe('UNAUTHENTICATED');
  });

  it('new roles, even higher ones, end the sessions: a socket keeps the rooms its roles gave it at handshake', async () => {
    const regular = await server.user(root, { roles: ['regular'] });
    const own = await socketOf(regular.token);
    expect((await patchUser(regular.id, { roles: ['admin'] })).status).toBe(200);
    expect(await endOf(own.ended)).toBe('io server disconnect');
    expect((await checkAuth(regular.token)).status).toBe(401);
    // Signed in again, it is an admin with an admin's rooms: other leads' deposits reach it.
    const again = await socketOf(await server.login(regular.email, 'secret123'));
    const made = await deposit();
    await until(() => again.heard.some((event) => event.id === made.id));
  });

  it('a socket ends when its session expires', async () => {
    const lead = await server.user(root, { roles: ['lead'] });
    await server.sql(`update sessions set expires_at = now() + interval '1 second' where user_id = '${lead.id}'`);
    const own = await socketOf(lead.token);
    expect(await endOf(own.ended)).toBe('io server disconnect');
    expect((await checkAuth(lead.token)).status).toBe(401);
  });
});

describe("an admin's one-device logout ends the impersonations started on that device", () => {
  it('the impersonation token gets 401 and its socket is disconnected; one started on another device goes on', async () => {
    const admin = await server.user(root, { roles: ['admin'] });
    const lead = await server.user(root, { roles: ['lead'] });
    const laptop = await server.login(admin.email, 'secret123');
    const impersonate = async (token: string) => {
      const answer = await server.call({ method: 'POST', url: `/api/v1/auth/generate-token/${lead.id}`, token });
      expect(answer.status).toBe(200);
      return answer.body.token as string;
    };
    const fromPhone = await impersonate(admin.token);
    const fromLaptop = await impersonate(laptop);
    const asLead = await socketOf(fromPhone);
    const asLeadOnLaptop = await socketOf(fromLaptop);
    const leadItself = await socketOf(lead.token);

    expect((await server.call({ method: 'GET', url: '/api/v1/auth/logout', token: admin.token })).status).toBe(200);
    expect((await checkAuth(fromPhone)).status).toBe(401);
    expect(await endOf(asLead.ended)).toBe('io server disconnect');
    expect(await handshake(fromPhone)).toBe('UNAUTHENTICATED');
    expect((await checkAuth(fromLaptop)).status).toBe(200);
    expect((await checkAuth(laptop)).status).toBe(200);
    expect((await checkAuth(lead.token)).status).toBe(200);
    // The survivors still hear the lead's own deposit.
    const made = await deposit(lead.token);
    await until(() => asLeadOnLaptop.heard.length === 1 && leadItself.heard.length === 1);
    expect(asLeadOnLaptop.heard[0].id).toBe(made.id);
    expect(asLeadOnLaptop.socket.connected).toBe(true);
  });

  it('an impersonation opened from an impersonation ends with the one it was opened from', async () => {
    const admin = await server.user(root, { roles: ['admin'] });
    const lead = await server.user(root, { roles: ['lead'] });
    const asAdmin = (await server.call({ method: 'POST', url: `/api/v1/auth/generate-token/${admin.id}`, token: root })).body.token;
    const answer = await server.call({ method: 'POST', url: `/api/v1/auth/generate-token/${lead.id}`, token: asAdmin });
    expect(answer.status).toBe(200);
    expect((await checkAuth(answer.body.token)).status).toBe(200);
    expect((await server.call({ method: 'GET', url: '/api/v1/auth/logout', token: asAdmin })).status).toBe(200);
    expect((await checkAuth(answer.body.token)).status).toBe(401);
    expect((await checkAuth(admin.token)).status).toBe(200);
    expect((await checkAuth(root)).status).toBe(200);
  });
});

describe('socket events carry what their receiver may read', () => {
  it("a deposit event for staff has no street, zip code, phone or card expiry; its owner's is its own record", async () => {
    const admin = await server.user(root, { roles: ['admin'] });
    const staff = await socketOf(admin.token);
    const owner = await socketOf(payer.token);
    const made = await deposit();
    await until(() => staff.heard.length === 1 && owner.heard.length === 1);
    expect(Object.keys(staff.heard[0]).sort()).toEqual([
      'amount',
      'bankRetryAt',
      'cardBrand',
      'cardLast4',
      'country',
      'createdBy',
      'dateCreation',
      'dateLastUpdate',
      'decidedBy',
      'failureReason',
      'fullName',
      'gatewayReference',
      'id',
      'method',
      'secureCodeTries',
      'status',
      'transactionId',
      'userId',
      'version',
    ]);
    expect(staff.heard[0]).toMatchObject({ id: made.id, status: 'completed', amount: 80, cardLast4: '4242', userId: payer.id });
    // The lead hears its deposit as GET /deposit/:id answers it, address and expiry included.
    const read = await server.call({ method: 'GET', url: `/api/v1/deposit/${made.id}`, token: payer.token });
    expect(owner.heard[0]).toEqual(read.body);
    expect(owner.heard[0]).toMatchObject({ street: '3 Quai Est', zipCode: '1000', phone: '+32 2 000 00 01', cardExpirationDate: '11/29' });
  });

  it('a deposit the scheduler settles (the slow bank) is told to its owner, not to other leads', async () => {
    const other = await socketOf((await server.user(root, { roles: ['lead'] })).token);
    const staff = await socketOf(root);
    const own = await socketOf(payer.token);
    await quiet(staff, other, own);
    const made = await server.call({
      method: 'POST',
      url: '/api/v1/deposit/3d-secure',
      token: payer.token,
      payload: { ...card, cardNumber: '4000 0000 0000 3063' },
    });
    expect(made.body.status, JSON.stringify(made.body)).toBe('awaiting_3d_secure');
    const confirmed = await server.call({
      method: 'POST',
      url: `/api/v1/deposit/${made.body.id}/confirm-3d-secure`,
      token: payer.token,
      payload: { secureCode: '123456' },
    });
    expect(confirmed.body.status).toBe('awaiting_3d_secure');
    clock.advance(3_100);
    expect((await server.app.services.scheduler.runDue('deposit-bank-answer'))['deposit-bank-answer'].booked).toHaveLength(1);
    await until(() => own.heard.some((event) => event.id === made.body.id && event.status === 'completed'));
    const [last] = await server.sql<{ seq: string }>(`select max(seq) as seq from change_log`);
    await until(() => staff.changes.some((event) => event.cursor >= Number(last.seq)) && own.changes.length > 0);
    expect(other.changes).toEqual([]);
  });

  it('changes reach a lead only for writes it may see, and without the change log’s cursor', async () => {
    const lead = await server.user(root, { roles: ['lead'] });
    const other = await server.user(root, { roles: ['lead'] });
    const staff = await socketOf(root);
    const own = await socketOf(lead.token);
    await quiet(staff, own);
    const renamed = await patchUser(other.id, { firstName: 'Someone' });
    expect(renamed.status).toBe(200);
    const [first] = await server.sql<{ seq: string }>(`select max(seq) as seq from change_log`);
    await until(() => staff.changes.some((event) => event.cursor === Number(first.seq)));
    expect((await patchUser(lead.id, { firstName: 'Myself' })).status).toBe(200);
    const [second] = await server.sql<{ seq: string }>(`select max(seq) as seq from change_log`);
    await until(() => staff.changes.some((event) => event.cursor === Number(second.seq)) && own.changes.length > 0);
    expect(own.changes).toEqual([{}]);
  });
});
