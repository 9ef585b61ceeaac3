import type { Socket } from 'socket.io-client';
import { auth } from '../state/auth.ts';

/** Handlers other modules register; realtime stays free of feature imports (one-way). */
type Handlers = { settingUpdated: () => void; changes: (cursor: unknown) => void };
const handlers: Handlers = { settingUpdated: () => {}, changes: () => {} };

export function onRealtime<K extends keyof Handlers>(event: K, handler: Handlers[K]): void {
  handlers[event] = handler;
}

/** Deposit status changes in the caller's deposit room (the 3-D Secure wizard's step 3 waits on them). */
const depositListeners = new Set<(deposit: unknown) => void>();

export function onDepositUpdated(listener: (deposit: unknown) => void): () => void {
  depositListeners.add(listener);
  return () => depositListeners.delete(listener);
}

let socket: Socket | null = null;
let generation = 0;

/**
 * A live stream a screen listens to while it is shown (a symbol's price ticks): `join` is emitted on
 * every (re)connect, `leave` when the screen stops; `listener` hears `event`. Realtime stays generic:
 * the feature names its events (src/shared/trading/quote.ts).
 */
export type LiveStream = { join: [string, unknown]; leave: [string, unknown]; event: string; listener: (payload: unknown) => void };
const streams = new Set<LiveStream>();

/** Listens to a live stream until the returned function is called. */
export function subscribeStream(stream: LiveStream): () => void {
  streams.add(stream);
  socket?.on(stream.event, stream.listener);
  if (socket?.connected) socket.emit(...stream.join);
  return () => {
    if (!streams.delete(stream)) return;
    socket?.off(stream.event, stream.listener);
    if (socket?.connected) socket.emit(...stream.leave);
  };
}

/** Whether the socket is connected now (a live price is live only then). */
export const realtimeConnected = () => socket?.connected ?? false;

/** socket.io at /api/socket.io, namespace /setting, token at handshake (DESIGN.md §4). */
export function startRealtime(): void {
  const token = auth.token;
  if (!token || typeof window === 'undefined') return;
  stopRealtime();
  const mine = ++generation;
  // Loaded on demand: the login screen does not pay for socket.io.
  void import('socket.io-client').then(({ io }) => {
    if (mine !== generation) return;
    // WebSocket only: one connection stays on one node, so several nodes behind a load balancer need no
    // sticky sessions (docs/scaling.md). Where WebSocket is blocked, the outbox engine still pulls /sync every minute.
    socket = io('/setting', { path: '/api/socket.io', auth: { token }, transports: ['websocket'] });
    for (const stream of streams) socket.on(stream.event, stream.listener);
    socket.on('connect', () => {
      socket?.emit('joinDepositRoom');
      for (const stream of streams) socket?.emit(...stream.join);
      // Changes announced while disconnected were missed: (re)connecting is a reason to pull.
      handlers.changes(undefined);
    });
    socket.on('settingUpdated', () => handlers.settingUpdated());
    socket.on('depositUpdated', (deposit: unknown) => depositListeners.forEach((listener) => listener(deposit)));
    socket.on('changes', (payload: { cursor?: unknown }) => handlers.changes(payload?.cursor));
    // The server ends a socket with its session (logout elsewhere, lock, new roles, password reset):
    // a pull now meets the 401 at once, rather than at the next request.
    socket.on('disconnect', (reason) => {
      if (reason === 'io server disconnect') handlers.changes(undefined);
    });
    // A handshake refused for its token (socket.io does not try again): the same, at once.
    socket.on('connect_error', (error) => {
      if (error.message === 'UNAUTHENTICATED') handlers.changes(undefined);
    });
  });
  window.addEventListener('online', reconnectNow);
}

/**
 * The network is back: connect now rather than when socket.io's back-off next tries (up to 7.5 s
 * after a long outage), so the screens follow other people's changes at once.
 */
function reconnectNow() {
  if (!socket || socket.connected) return;
  // connect() alone waits for the pending back-off; a fresh open starts at once.
  socket.disconnect().connect();
}

export function stopRealtime(): void {
  generation++;
  if (typeof window !== 'undefined') window.removeEventListener('online', reconnectNow);
  socket?.disconnect();
  socket = null;
}
