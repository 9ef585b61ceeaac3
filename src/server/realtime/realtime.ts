import type { Server as HttpServer } from 'node:http';
import { createAdapter } from '@socket.io/postgres-adapter';
import pg from 'pg';
import { Server, type Namespace, type ServerOptions } from 'socket.io';
import { isAdmin, isStaff } from '../../shared/roles.ts';
import { PRICE_SUBSCRIBE, PRICE_TICK, PRICE_UNSUBSCRIBE, priceRoom, type Quote } from '../../shared/trading/quote.ts';
import { symbolSpec } from '../../shared/trading/symbols.ts';
import type { Db } from '../db/client.ts';
import { sessionOf, type SessionSockets } from '../sessions/sessions.ts';
import { settingsFor, type SettingRow } from '../settings/settings.ts';
import { publicRecord } from '../resources/define-resource.ts';
import { depositResource } from '../resources/deposit.ts';
import { ADMIN_READER, LEADS_ROOM, MAX_LEAD_ROOMS, STAFF_ROOM } from './audiences.ts';

/** Who may see the records of a write (the change log's audiences): null is everyone its entity's readers. */
type Audiences = readonly { audience: readonly string[] | null }[];

export type Realtime = SessionSockets & {
  /**
   * Tell clients a change was committed, so they pull `/sync` (at once after a quiet spell, else at
   * most every 50 ms): staff with the cursor, and of the leads only those in `audiences` (all without it).
   */
  changed: (cursor: number, audiences?: Audiences) => void;
  /** The settings changed: staff hear the record and who changed it, leads their part of it (as GET /setting answers them). */
  settingUpdated: (data: SettingRow, currentUser: string) => void;
  /** A deposit's status moved: to its owner's room as the owner reads it, to admins as staff read it. */
  depositUpdated: (ownerId: string, deposit: Record<string, unknown>) => void;
  /**
   * A price tick to the sockets of its symbol's room on this node only: every node computes the same
   * ticks itself, so nothing crosses the cluster adapter (docs/decisions/price-feed.md).
   */
  priceTick: (quote: Quote) => void;
  /** How many API nodes this one hears (itself included): 1 without the cluster adapter. */
  nodes: () => Promise<number>;
  close: () => Promise<void>;
};

const userRoom = (id: string) => `user:${id}`;
const sessionRoom = (id: string) => `session:${id}`;
/** setTimeout's longest wait (about 24.8 days); a session may last longer, so its timer is set again. */
const MAX_TIMER_MS = 2 ** 31 - 1;

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

/** Disconnects `socket` when its session expires (a timer of at most MAX_TIMER_MS at a time). */
function endAt(socket: { disconnect: (close: boolean) => void; once: (event: 'disconnect', fn: () => void) => void }, at: number) {
  const wait = at - Date.now();
  if (wait <= 0) return socket.disconnect(true);
  const timer = setTimeout(() => endAt(socket, at), Math.min(wait, MAX_TIMER_MS)).unref();
  socket.once('disconnect', () => clearTimeout(timer));
}

/**
 * socket.io at `/api/socket.io`, namespace `/setting` (DESIGN.md §4): the handshake must carry a valid
 * token (`auth.token` or the cookie); `joinDepositRoom` joins the caller's deposit room. A socket lives
 * as long as its session: it is in the rooms of its session (and of the sessions an impersonation was
 * opened from) and of its user, and ending a session disconnects its sockets on every node.
 */
export function createRealtime(server: HttpServer, db: Db, jwtSecret: string, cluster?: ClusterOptions): Realtime {
  const shared = clusterSetup(cluster);
  const io = new Server(server, { path: '/api/socket.io', serveClient: false, cors: { origin: false }, ...shared.options });
  const settingNs: Namespace = io.of('/setting');
  /** The token and expiry each socket's handshake gave, for the second look at its session once connected. */
  const handshakes = new WeakMap<object, { token: string; expiresAt: Date }>();

  settingNs.use(async (socket, next) => {
    const given = (socket.handshake.auth as { token?: unknown })?.token;
    const token = typeof given === 'string' ? given : (cookieToken(socket.handshake.headers.cookie) ?? '');
    const session = await sessionOf(db, jwtSecret, token);
    if (!session) return next(new Error('UNAUTHENTICATED'));
    const { actor } = session;
    socket.data.actor = actor;
    socket.join([
      userRoom(actor.id),
      sessionRoom(actor.sessionId),
      ...session.parents.map(sessionRoom),
      isStaff(actor.roles) ? STAFF_ROOM : LEADS_ROOM,
    ]);
    handshakes.set(socket, { token, expiresAt: session.expiresAt });
    next();
  });

  settingNs.on('connection', (socket) => {
    socket.on('joinDepositRoom', () => {
      const { actor } = socket.data;
      socket.join(isAdmin(actor.roles) ? 'deposits:all' : `deposits:${actor.id}`);
      socket.emit('joinedDepositRoom');
    });
    // Any signed-in socket may hear a quoted symbol's ticks; other names are ignored.
    socket.on(PRICE_SUBSCRIBE, (symbol: unknown) => {
      if (typeof symbol === 'string' && symbolSpec(symbol)) void socket.join(priceRoom(symbol));
    });
    socket.on(PRICE_UNSUBSCRIBE, (symbol: unknown) => {
      if (typeof symbol === 'string' && symbolSpec(symbol)) void socket.leave(priceRoom(symbol));
    });
    // An end of the session before now could not reach this socket (a socket is told only once
    // connected): its session is read once more, after which any end reaches it.
    const { token, expiresAt } = handshakes.get(socket)!;
    handshakes.delete(socket);
    endAt(socket, expiresAt.getTime());
    void sessionOf(db, jwtSecret, token).then(
      (still) => still || socket.disconnect(true),
      () => socket.disconnect(true),
    );
  });

  // `changes` at most once per CHANGES_EVERY_MS: a first change after a quiet spell leaves at once (with
  // whatever else commits meanwhile), a burst's later ones together at the end of the interval. Every
  // client told pulls /sync on it; with the cluster adapter it is also a NOTIFY. Staff are told of
  // every write; leads only of writes they may see (their user room), without the cursor: the change
  // log's sequence counts everyone's writes, theirs is what /sync answers them.
  let pending = 0;
  let leads: Set<string> | 'all' = new Set();
  let timer: NodeJS.Timeout | undefined;
  let lastSent = -Infinity;
  const emitChanges = () => {
    settingNs.to(STAFF_ROOM).emit('changes', { cursor: pending });
    if (leads === 'all') settingNs.to(LEADS_ROOM).emit('changes', {});
    else if (leads.size)
      settingNs
        .to([...leads].map(userRoom))
        .except(STAFF_ROOM)
        .emit('changes', {});
    // Kept, not reset: a change-log seq is its transaction's id, and one that commits later may have a
    // lower one (docs/decisions/change-cursor.md); the cursor told stays the highest written so far.
    leads = new Set();
    timer = undefined;
    lastSent = performance.now();
  };
  const addLeads = (audiences: Audiences | undefined) => {
    if (leads === 'all') return;
    if (!audiences) return void (leads = 'all');
    for (const { audience } of audiences) {
      if (!audience) return void (leads = 'all');
      for (const id of audience) leads.add(id);
      if (leads.size > MAX_LEAD_ROOMS) return void (leads = 'all');
    }
  };
  return {
    changed(cursor, audiences) {
      pending = Math.max(pending, cursor);
      addLeads(audiences);
      if (timer) return;
      timer = setTimeout(emitChanges, Math.max(0, lastSent + CHANGES_EVERY_MS - performance.now()));
    },
    settingUpdated(data, currentUser) {
      settingNs.to(STAFF_ROOM).emit('settingUpdated', { data, currentUser });
      settingNs.to(LEADS_ROOM).emit('settingUpdated', { data: settingsFor({ roles: ['lead'] }, data) });
    },
    depositUpdated(ownerId, deposit) {
      // Each room hears the deposit as GET /deposit/:id answers its members (one rule: the resource's).
      settingNs.to(`deposits:${ownerId}`).emit('depositUpdated', publicRecord(depositResource, deposit, { id: ownerId, roles: ['lead'] }));
      settingNs.to('deposits:all').emit('depositUpdated', publicRecord(depositResource, deposit, ADMIN_READER));
    },
    endSessions(sessionIds) {
      // Through the adapter: the sockets of these sessions on every node.
      if (sessionIds.length) settingNs.in(sessionIds.map(sessionRoom)).disconnectSockets(true);
    },
    priceTick(quote) {
      settingNs.local.to(priceRoom(quote.symbol)).emit(PRICE_TICK, quote);
    },
    nodes: () => settingNs.adapter.serverCount(),
    async close() {
      clearTimeout(timer);
      await new Promise<void>((resolve) => io.close(() => resolve()));
      await shared.close();
    },
  };
}
