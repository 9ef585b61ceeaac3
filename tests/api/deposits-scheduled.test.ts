import type { AddressInfo } from 'node:net';
import { io, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { manualClock } from '../../src/server/scheduler/clock.ts';
import { startServer, type TestServer } from './harness.ts';

/**
 * What happens to a deposit later, by the scheduler and its clock (DESIGN.md §6, §14): the slow bank
 * settles it ~3 s after the right code and says so on the owner's deposit room; one left awaiting
 * 3-D Secure for 15 minutes is cancelled. The clock is a test clock moved by hand.
 */
const START = new Date('2026-03-02T10:00:00Z');
const clock = manualClock(START);
let server: TestServer;
let root: string;
let lead: Awaited<ReturnType<TestServer['user']>>;
let otherLead: Awaited<ReturnType<TestServer['user']>>;
let origin: string;
const sockets: Socket[] = [];

beforeAll(async () => {
  server = await startServer({ clock, scheduler: false });
  root = await server.rootToken();
  lead = await server.user(root, { roles: ['lead'] });
  otherLead = await server.user(root, { roles: ['lead'] });
  await server.app.listen({ port: 0, host: '127.0.0.1' });
  origin = `http://127.0.0.1:${(server.app.server.address() as AddressInfo).port}`;
}, 120_000);
afterAll(async () => {
  for (const socket of sockets) socket.disconnect();
  await server?.close();
});

const card = (cardNumber: string) => ({
  amount: 80,
  cardNumber,
  cardExpirationDate: '11/29',
  cardCVV: '321',
  fullName: 'Bob Stone',
  street: '2 Main St',
  zipCode: '1000',
  country: 'BE',
  phone: '+32 2 000 00 00',
});

/** A socket in the caller's deposit room. */
async function depositRoom(token: string): Promise<Socket> {
  const socket = io(`${origin}/setting`, {
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
  const joined = new Promise((resolve) => socket.once('joinedDepositRoom', resolve));
  socket.emit('joinDepositRoom');
  await joined;
  return socket;
}

const events = (socket: Socket) => {
  const seen: any[] = [];
  socket.on('depositUpdated', (deposit) => seen.push(deposit));
  return seen;
};

async function available(leadId: string): Promise<number> {
  const rows = await server.sql<{ cents: string }>(
    `select coalesce(sum(balance * 100), 0)::bigint as cents from accounts where lead_id = '${leadId}' and kind = 'available'`,
  );
  return Number(rows[0].cents);
}

const until = async (check: () => boolean, ms = 10_000) => {
  const end = Date.now() + ms;
  while (!check()) {
    if (Date.now() > end) throw new Error('timed out waiting');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
};

describe('the slow bank (4000 0000 0000 3063)', () => {
  it('after the right code the deposit waits; ~3 s later the scheduler completes it, credits the lead and emits depositUpdated to its room only', async () => {
    clock.set(START);
    const mine = events(await depositRoom(lead.token));
    const others = events(await depositRoom(otherLead.token));
    const created = await server.call({
      method: 'POST',
      url: '/api/v1/deposit/3d-secure',
      token: lead.token,
      payload: card('4000 0000 0000 3063'),
    });
    expect(created.body.status).toBe('awaiting_3d_secure');
    const confirmed = await server.call({
      method: 'POST',
      url: `/api/v1/deposit/${created.body.id}/confirm-3d-secure`,
      token: lead.token,
      payload: { secureCode: '123456' },
    });
    expect(confirmed.body.status).toBe('awaiting_3d_secure');
    const before = await available(lead.id);

    // 2.9 s later the bank has not answered yet.
    clock.advance(2_900);
    expect((await server.app.services.scheduler.runDue('deposit-bank-answer'))['deposit-bank-answer'].booked).toEqual([]);
    clock.advance(200);
    const report = await server.app.services.scheduler.runDue('deposit-bank-answer');
    expect(report['deposit-bank-answer'].booked).toHaveLength(1);

    await until(() => mine.some((d) => d.id === created.body.id && d.status !== 'awaiting_3d_secure'));
    const event = mine.find((d) => d.id === created.body.id && d.status !== 'awaiting_3d_secure');
    expect(event).toMatchObject({ id: created.body.id, status: 'completed', userId: lead.id });
    expect(event).not.toHaveProperty('cardNumber');
    expect(others.some((d) => d.id === created.body.id)).toBe(false);
    expect(await available(lead.id)).toBe(before + 8_000);

    // Run again: booked once, never twice.
    clock.advance(60_000);
    await server.app.services.scheduler.runDue('deposit-bank-answer');
    expect(await available(lead.id)).toBe(before + 8_000);
    const get = await server.call({ method: 'GET', url: `/api/v1/deposit/${created.body.id}`, token: lead.token });
    expect(get.body).toMatchObject({ status: 'completed', bankRetryAt: null });
  });
});

describe('left awaiting 3-D Secure', () => {
  it('is cancelled by the scheduler after 15 minutes, not before; confirmed or bank-processing ones are left alone', async () => {
    clock.set(new Date('2026-03-02T12:00:00Z'));
    const stale = await server.call({
      method: 'POST',
      url: '/api/v1/deposit/3d-secure',
      token: lead.token,
      payload: card('4000000000003220'),
    });
    const answered = await server.call({
      method: 'POST',
      url: '/api/v1/deposit/3d-secure',
      token: lead.token,
      payload: card('4000000000003220'),
    });
    const slow = await server.call({
      method: 'POST',
      url: '/api/v1/deposit/3d-secure',
      token: lead.token,
      payload: card('4000000000003063'),
    });
    // dateCreation comes from the database's clock; pin it to the test clock's time.
    await server.sql(
      `update deposits set date_creation = '2026-03-02T12:00:00Z' where id in ('${stale.body.id}', '${answered.body.id}', '${slow.body.id}')`,
    );
    await server.call({
      method: 'POST',
      url: `/api/v1/deposit/${answered.body.id}/confirm-3d-secure`,
      token: lead.token,
      payload: { secureCode: '123456' },
    });
    // The slow bank's answer is not asked for here (only the expiry job runs): it stays with the bank.
    await server.call({
      method: 'POST',
      url: `/api/v1/deposit/${slow.body.id}/confirm-3d-secure`,
      token: lead.token,
      payload: { secureCode: '123456' },
    });

    const mine = events(await depositRoom(lead.token));
    clock.set(new Date('2026-03-02T12:14:59Z'));
    expect((await server.app.services.scheduler.runDue('deposit-3ds-expiry'))['deposit-3ds-expiry'].booked).not.toContain(stale.body.id);
    clock.set(new Date('2026-03-02T12:15:00Z'));
    const report = await server.app.services.scheduler.runDue('deposit-3ds-expiry');
    expect(report['deposit-3ds-expiry'].booked).toContain(stale.body.id);

    const status = async (id: string) =>
      (await server.call({ method: 'GET', url: `/api/v1/deposit/${id}`, token: lead.token })).body.status;
    expect(await status(stale.body.id)).toBe('cancelled');
    expect(await status(answered.body.id)).toBe('completed');
    expect(await status(slow.body.id)).toBe('awaiting_3d_secure');
    await until(() => mine.some((d) => d.id === stale.body.id && d.status === 'cancelled'));

    const audit = await server.sql<{ action: string; actor_id: string | null }>(
      `select action, actor_id from audit_log where entity_id = '${stale.body.id}' order by id`,
    );
    expect(audit.map((a) => a.action)).toContain('deposit.expire');
    expect(audit.find((a) => a.action === 'deposit.expire')!.actor_id).toBeNull();
  });
});
