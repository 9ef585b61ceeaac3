import type { Server as HttpServer } from 'node:http';
import { createAdapter } from '@socket.io/postgres-adapter';
import pg from 'pg';
import { Server, type Namespace, type ServerOptions } from 'socket.io';
import { isAdmin } from '../../shared/roles.ts';
import type { Db } from '../db/client.ts';
import { actorOf } from '../features/auth/sessions.ts';

export type Realtime = {
  /** Tell clients a change was committed, so they pull `/sync` (at once after a quiet spell, else at most every 50 ms). */
  changed: (cursor: number) => void;
  settingUpdated: (data: unknown, currentUser: string) => void;
  /** A deposit's status moved: to its owner's room and to admins. */
  depositUpdated: (ownerId: string, deposit: unknown) => void;
  /** How many API nodes this one hears (itself included): 1 without the cluster adapter. */
  nodes: () => Promise<number>;
  close: () => Promise<void>;
};

/** The shortest time between two `changes` events of one node (see `changed`). */
const CHANGES_EVERY_MS = 50;

const cookieToken = (cookie: string | undefined) => /(?:^|;\s*)token=([^;]+)/.exec(cookie ?? '')?.[1];

/** Several nodes on one database: their sockets hear each other's events through PostgreSQL LISTEN/NOTIFY. */
export type ClusterOptions = { databaseUrl: string; onError: (error: unknown) => void };

/**
 * With several nodes, events cross through the socket.io PostgreSQL adapter on a pool of its own (one
 * connection held for LISTEN, one for NOTIFY), so the held connection never starves the queries' pool;
 * and only WebSocket is accepted: a polling session spans requests a load balancer may send to
 * different nodes (docs/scaling.md).
 */
function clusterSetup(cluster: ClusterOptions | undefined): { options: Partial<ServerOptions>; close: () => Promise<void> } {
  if (!cluster) return { options: {}, close: async () => {} };
  const pool = new pg.Pool({ connectionString: cluster.databaseUrl, max: 2 });
  pool.on('error', cluster.onError);
  return {
    options: {
      transports: ['websocket'],
      adapter: createAdapter(pool, { tableName: 'socket_io_attachments', errorHandler: cluster.onError }),
    },
    close: () => pool.end(),
  };
}

/**
 * socket.io at `/api/socket.io`, namespace `/setting` (DESIGN.md §4): the handshake must carry a valid
 * token (`auth.token` or the cookie); `joinDepositRoom` joins the caller's deposit room.
 */
export function createRealtime(server: HttpServer, db: Db, jwtSecret: string, cluster?: ClusterOptions): Realtime {
  const shared = clusterSetup(cluster);
  const io = new Server(server, { path: '/api/socket.io', serveClient: false, cors: { origin: false }, ...shared.options });
  const settingNs: Namespace = io.of('/setting');

  settingNs.use(async (socket, next) => {
    const token = (socket.handshake.auth as { token?: unknown })?.token;
    const actor = await actorOf(db, jwtSecret, typeof token === 'string' ? token : (cookieToken(socket.handshake.headers.cookie) ?? ''));
    if (!actor) return next(new Error('UNAUTHENTICATED'));
    socket.data.actor = actor;
    socket.join(`user:${actor.id}`);
    next();
  });

  settingNs.on('connection', (socket) => {
    socket.on('joinDepositRoom', () => {
      const { actor } = socket.data;
      socket.join(isAdmin(actor.roles) ? 'deposits:all' : `deposits:${actor.id}`);
      socket.emit('joinedDepositRoom');
    });
  });

  // `changes` at most once per CHANGES_EVERY_MS: a first change after a quiet spell leaves at once (with
  // whatever else commits meanwhile), a burst's later ones together at the end of the interval. Every
  // connected client pulls /sync on it; with the cluster adapter it is also a NOTIFY.
  let pending = 0;
  let timer: NodeJS.Timeout | undefined;
  let lastSent = -Infinity;
  const emitChanges = () => {
    settingNs.emit('changes', { cursor: pending });
    pending = 0;
    timer = undefined;
    lastSent = performance.now();
  };
  return {
    changed(cursor) {
      pending = Math.max(pending, cursor);
      if (timer) return;
      timer = setTimeout(emitChanges, Math.max(0, lastSent + CHANGES_EVERY_MS - performance.now()));
    },
    settingUpdated: (data, currentUser) => settingNs.emit('settingUpdated', { data, currentUser }),
    depositUpdated(ownerId, deposit) {
      settingNs.to(`deposits:${ownerId}`).to('deposits:all').emit('depositUpdated', deposit);
    },
    nodes: () => settingNs.adapter.serverCount(),
    async close() {
      clearTimeout(timer);
      await new Promise<void>((resolve) => io.close(() => resolve()));
      await shared.close();
    },
  };
}
