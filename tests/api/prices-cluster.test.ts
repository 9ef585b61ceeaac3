import type { AddressInfo } from 'node:net';
import { io, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { manualClock } from '../../src/server/scheduler/clock.ts';
import { PRICE_SUBSCRIBE, PRICE_TICK, type Quote } from '../../src/shared/trading/quote.ts';
import { startNodes, type TestServer } from './harness.ts';

/**
 * Two API nodes on one PostgreSQL with the cluster adapter (docs/scaling.md): each computes the same
 * path and ticks it to its own sockets, so a socket on either node hears each tick once (nothing crosses
 * the adapter: were it broadcast, a socket would hear every tick twice), and both answer the same quotes.
 */
const clock = manualClock(new Date('2026-11-27T12:00:00.100Z'));
let nodes: { server: TestServer; origin: string }[];
let token: string;
const sockets: Socket[] = [];

beforeAll(async () => {
  const servers = await startNodes(2, { cluster: true, clock });
  nodes = await Promise.all(
    servers.map(async (server) => {
      await server.app.listen({ port: 0, host: '127.0.0.1' });
      return { server, origin: `http://127.0.0.1:${(server.app.server.address() as AddressInfo).port}` };
    }),
  );
  await until(async () => (await nodes[0]!.server.app.services.realtime.nodes()) === 2, 20_000);
  const root = await nodes[0]!.server.rootToken();
  token = (await nodes[0]!.server.user(root, { roles: ['lead'] })).token;
}, 120_000);
afterAll(async () => {
  for (const socket of sockets) socket.disconnect();
  for (const node of nodes ?? []) await node.server.close();
});

async function until(check: () => boolean | Promise<boolean>, ms = 10_000) {
  const end = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > end) throw new Error('timed out waiting');
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

describe('prices on two nodes', () => {
  it('answers the same quotes on both nodes and ticks each socket once per tick, from its own node', async () => {
    const [a, b] = await Promise.all(nodes.map((n) => n.server.call({ method: 'GET', url: '/api/v1/price', token })));
    expect(a!.status).toBe(200);
    expect(b!.body).toEqual(a!.body);

    const heard: Quote[][] = [[], []];
    for (const [i, node] of nodes.entries()) {
      const socket = io(`${node.origin}/setting`, {
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
      socket.on(PRICE_TICK, (q: Quote) => heard[i]!.push(q));
      socket.emit(PRICE_SUBSCRIBE, 'BTCUSD');
    }
    await new Promise((resolve) => setTimeout(resolve, 300));
    for (let s = 1; s <= 3; s++) {
      clock.advance(1000);
      for (const node of nodes) node.server.app.services.priceFeed.tick();
    }
    await until(() => heard[0]!.length >= 3 && heard[1]!.length >= 3);
    // Long enough for anything crossing the adapter (NOTIFY) to have arrived as well.
    await new Promise((resolve) => setTimeout(resolve, 500));
    const times = ['2026-11-27T12:00:01.000Z', '2026-11-27T12:00:02.000Z', '2026-11-27T12:00:03.000Z'];
    expect(heard[0]!.map((q) => q.time)).toEqual(times);
    expect(heard[1]!.map((q) => q.time)).toEqual(times);
    expect(heard[1]).toEqual(heard[0]);
  });
});
