import { execFile } from 'node:child_process';
import type { AddressInfo } from 'node:net';
import { promisify } from 'node:util';
import { io, type Socket } from 'socket.io-client';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { manualClock } from '../../src/server/scheduler/clock.ts';
import { PRICE_SUBSCRIBE, PRICE_TICK, PRICE_UNSUBSCRIBE, type Quote } from '../../src/shared/trading/quote.ts';
import { startServer, type TestServer } from './harness.ts';

/** The feed's routes and socket room (DESIGN.md §11) over a real server, on a clock moved by hand. */
const clock = manualClock(new Date('2026-11-27T10:00:00.250Z'));
let server: TestServer;
let root: string;
let lead: Awaited<ReturnType<TestServer['user']>>;
/** Every role reads prices: root, an admin, a regular staff member, a lead. */
let readers: string[];
let origin: string;
const sockets: Socket[] = [];

beforeAll(async () => {
  server = await startServer({ clock });
  root = await server.rootToken();
  lead = await server.user(root, { roles: ['lead'] });
  readers = [
    root,
    (await server.user(root, { roles: ['admin'] })).token,
    (await server.user(root, { roles: ['regular'] })).token,
    lead.token,
  ];
  await server.app.listen({ port: 0, host: '127.0.0.1' });
  origin = `http://127.0.0.1:${(server.app.server.address() as AddressInfo).port}`;
});
afterEach(() => {
  for (const socket of sockets.splice(0)) socket.disconnect();
});
afterAll(() => server?.close());

const DIGITS: Record<string, number> = { EURUSD: 5, GBPUSD: 5, USDJPY: 3, XAUUSD: 2, BTCUSD: 2, US500: 2 };

describe('GET /price', () => {
  it('answers every symbol’s bid and ask with its digits, to staff and leads alike', async () => {
    for (const token of readers) {
      const { status, body } = await server.call({ method: 'GET', url: '/api/v1/price', token });
      expect(status).toBe(200);
      expect(body.quotes.map((q: Quote) => q.symbol)).toEqual(['EURUSD', 'GBPUSD', 'USDJPY', 'XAUUSD', 'BTCUSD', 'US500']);
      for (const q of body.quotes as Quote[]) {
        expect(q.bid).toMatch(new RegExp(`^\\d+\\.\\d{${DIGITS[q.symbol]}}$`));
        expect(q.ask).toMatch(new RegExp(`^\\d+\\.\\d{${DIGITS[q.symbol]}}$`));
        expect(Number(q.ask)).toBeGreaterThan(Number(q.bid));
        expect(q.time).toBe('2026-11-27T10:00:00.000Z');
      }
    }
  });

  it('answers candles and seeds to every role', async () => {
    for (const token of readers) {
      expect((await server.call({ method: 'GET', url: '/api/v1/price/EURUSD/candles?since=2026-11-27T09:59:00Z', token })).status).toBe(
        200,
      );
      expect((await server.call({ method: 'GET', url: '/api/v1/price/seeds', token })).status).toBe(200);
    }
  });

  it('refuses the signed out with 401 on every price route', async () => {
    for (const url of ['/api/v1/price', '/api/v1/price/EURUSD/candles', '/api/v1/price/seeds']) {
      const { status, body } = await server.call({ method: 'GET', url });
      expect(status).toBe(401);
      expect(body.code).toBe('UNAUTHENTICATED');
    }
  });
});

describe('GET /price/:symbol/candles', () => {
  it('answers 1-minute candles from a time, with the digits', async () => {
    const { status, body } = await server.call({
      method: 'GET',
      url: '/api/v1/price/USDJPY/candles?since=2026-11-27T09:57:10Z',
      token: lead.token,
    });
    expect(status).toBe(200);
    expect(body.symbol).toBe('USDJPY');
    expect(body.digits).toBe(3);
    expect(body.candles.map((c: { time: string }) => c.time)).toEqual([
      '2026-11-27T09:57:00.000Z',
      '2026-11-27T09:58:00.000Z',
      '2026-11-27T09:59:00.000Z',
      '2026-11-27T10:00:00.000Z',
    ]);
    for (const c of body.candles) for (const field of ['open', 'high', 'low', 'close']) expect(c[field]).toMatch(/^\d+\.\d{3}$/);
    const all = await server.call({ method: 'GET', url: '/api/v1/price/USDJPY/candles', token: lead.token });
    // Three days: the two before today whole (2 × 1,440) and today's 600 minutes and the current one.
    expect(all.body.candles).toHaveLength(3481);
    expect(all.body.candles[0].time).toBe('2026-11-25T00:00:00.000Z');
  });

  it('refuses an unknown symbol with 404 UNKNOWN_SYMBOL, in the reader’s language', async () => {
    const expected = {
      en: 'This symbol is not quoted here',
      fr: 'Ce symbole n’est pas coté ici',
      de: 'Dieses Symbol wird hier nicht notiert',
    };
    for (const [lang, message] of Object.entries(expected)) {
      const { status, body } = await server.call({
        method: 'GET',
        url: '/api/v1/price/EURGBP/candles',
        token: lead.token,
        headers: { 'x-lang': lang },
      });
      expect(status).toBe(404);
      expect(body).toMatchObject({ code: 'UNKNOWN_SYMBOL', message });
    }
    const bad = await server.call({ method: 'GET', url: '/api/v1/price/EURUSD/candles?since=yesterday', token: lead.token });
    expect(bad.status).toBe(400);
    expect(bad.body.code).toBe('VALIDATION');
  });
});

describe('GET /price/seeds', () => {
  it('publishes today’s hash only and reveals the past days’ seeds with their opens', async () => {
    const { status, body } = await server.call({ method: 'GET', url: '/api/v1/price/seeds', token: lead.token });
    expect(status).toBe(200);
    expect(body.epoch).toBe('2026-01-01');
    expect(body.today.day).toBe('2026-11-27');
    expect(body.today.hash).toMatch(/^[0-9a-f]{64}$/);
    expect(body.revealed).toHaveLength(30);
    expect(body.revealed[0].day).toBe('2026-11-26');
    expect(body.revealed[29].day).toBe('2026-10-28');
    expect(body.revealed[0].seed).toMatch(/^[0-9a-f]{64}$/);
    expect(Object.keys(body.revealed[0].opens)).toEqual(['EURUSD', 'GBPUSD', 'USDJPY', 'XAUUSD', 'BTCUSD', 'US500']);
  });
});

describe('GET /price/seeds?day=', () => {
  it('reveals one past day since the epoch, and refuses today and later in the reader’s language', async () => {
    const list = (await server.call({ method: 'GET', url: '/api/v1/price/seeds', token: lead.token })).body;
    const one = await server.call({ method: 'GET', url: '/api/v1/price/seeds?day=2026-11-20', token: lead.token });
    expect(one.status).toBe(200);
    expect(one.body.revealed).toEqual([list.revealed.find((r: { day: string }) => r.day === '2026-11-20')]);
    expect(one.body.today).toEqual(list.today);
    // Older than the 30 days listed: still revealed when asked by day.
    const old = await server.call({ method: 'GET', url: '/api/v1/price/seeds?day=2026-02-03', token: lead.token });
    expect(old.body.revealed.map((r: { day: string }) => r.day)).toEqual(['2026-02-03']);
    // Before the feed began there is no seed.
    const before = await server.call({ method: 'GET', url: '/api/v1/price/seeds?day=2025-12-31', token: lead.token });
    expect(before.status).toBe(200);
    expect(before.body.revealed).toEqual([]);
    const expected = {
      en: 'The price seed of 2026-11-27 is revealed once that day is over',
      fr: 'La graine des prix du 2026-11-27 est révélée une fois cette journée terminée',
      de: 'Der Preis-Seed vom 2026-11-27 wird erst nach Ende dieses Tages veröffentlicht',
    };
    for (const [lang, message] of Object.entries(expected)) {
      const refused = await server.call({
        method: 'GET',
        url: '/api/v1/price/seeds?day=2026-11-27',
        token: lead.token,
        headers: { 'x-lang': lang },
      });
      expect(refused.status).toBe(422);
      expect(refused.body).toMatchObject({ code: 'SEED_NOT_REVEALED', message });
    }
    const later = await server.call({ method: 'GET', url: '/api/v1/price/seeds?day=2026-12-01', token: lead.token });
    expect(later.body.code).toBe('SEED_NOT_REVEALED');
    expect(JSON.stringify(later.body)).not.toMatch(/"seed"/);
  });
});

describe('npm run recompute-settlement', () => {
  it('prints, from the seed the server revealed, the price the server quoted for a past time', async () => {
    const expiry = '2026-11-26T16:45:30.900Z';
    const hash = (await server.call({ method: 'GET', url: '/api/v1/price/seeds', token: lead.token })).body;
    const { stdout } = await promisify(execFile)(
      process.execPath,
      [
        '--import',
        'tsx',
        'scripts/recompute-settlement.ts',
        '--symbol',
        'XAUUSD',
        '--time',
        expiry,
        '--url',
        origin,
        '--token',
        lead.token,
      ],
      { cwd: process.cwd() },
    );
    const printed = JSON.parse(stdout);
    expect(printed.time).toBe('2026-11-26T16:45:30.000Z');
    expect(printed).toEqual(server.app.services.priceFeed.quoteAt('XAUUSD', new Date(expiry)));
    // A day older than the 30 listed, fetched by its day.
    const older = await promisify(execFile)(
      process.execPath,
      [
        '--import',
        'tsx',
        'scripts/recompute-settlement.ts',
        '--symbol',
        'USDJPY',
        '--time',
        '2026-09-14T03:04:05Z',
        '--url',
        origin,
        '--token',
        lead.token,
      ],
      { cwd: process.cwd() },
    );
    expect(JSON.parse(older.stdout)).toEqual(server.app.services.priceFeed.quoteAt('USDJPY', new Date('2026-09-14T03:04:05Z')));
    // A wrong published hash is refused.
    const day = hash.revealed[0];
    const refused = await promisify(execFile)(
      process.execPath,
      [
        '--import',
        'tsx',
        'scripts/recompute-settlement.ts',
        '--symbol',
        'XAUUSD',
        '--time',
        expiry,
        '--seed',
        day.seed,
        '--opens',
        JSON.stringify(day.opens),
        '--hash',
        '0'.repeat(64),
      ],
      { cwd: process.cwd() },
    ).catch((error: { code: number; stderr: string }) => error);
    expect((refused as { code: number }).code).toBe(1);
    expect((refused as { stderr: string }).stderr).toContain('not the published');
  });
});

describe('price ticks on socket.io', () => {
  const connect = async (token: string) => {
    const socket = io(`${origin}/setting`, {
      path: '/api/socket.io',
      auth: { token },
      transports: ['websocket'],
      reconnection: false,
      forceNew: true,
    });
    sockets.push(socket);
    await new Promise<void>((resolve, reject) => {
      socket.once('connect', () => resolve());
      socket.once('connect_error', reject);
    });
    return socket;
  };

  it('sends a subscribed symbol’s ticks, and only that symbol’s, until unsubscribed', async () => {
    const socket = await connect(lead.token);
    const heard: Quote[] = [];
    socket.on(PRICE_TICK, (q: Quote) => heard.push(q));
    socket.emit(PRICE_SUBSCRIBE, 'GBPUSD');
    socket.emit(PRICE_SUBSCRIBE, 'NOTASYMBOL');
    // The subscription reaches the server before the clock moves: a round trip on the same socket.
    await new Promise((resolve) => setTimeout(resolve, 200));
    clock.advance(1000);
    server.app.services.priceFeed.tick();
    await until(() => heard.length >= 1);
    clock.advance(1000);
    server.app.services.priceFeed.tick();
    await until(() => heard.length >= 2);
    expect(heard.map((q) => q.symbol)).toEqual(['GBPUSD', 'GBPUSD']);
    expect(heard.map((q) => q.time)).toEqual(['2026-11-27T10:00:01.000Z', '2026-11-27T10:00:02.000Z']);
    const now = await server.call({ method: 'GET', url: '/api/v1/price', token: lead.token });
    expect(heard[1]).toEqual(now.body.quotes.find((q: Quote) => q.symbol === 'GBPUSD'));

    socket.emit(PRICE_UNSUBSCRIBE, 'GBPUSD');
    await new Promise((resolve) => setTimeout(resolve, 200));
    clock.advance(1000);
    server.app.services.priceFeed.tick();
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(heard).toHaveLength(2);
  });
});

async function until(check: () => boolean, ms = 5000) {
  const end = Date.now() + ms;
  while (!check()) {
    if (Date.now() > end) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
