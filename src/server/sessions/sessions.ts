import { and, eq, gt, isNull, ne, or, sql } from 'drizzle-orm';
import { v7 as uuidv7 } from 'uuid';
import type { Executor } from '../db/client.ts';
import { namedStatement } from '../db/prepared.ts';
import { reserveKeyStatement } from '../http/idempotency.ts';
import { sessions } from '../db/schema.ts';
import type { Actor } from '../context.ts';
import { mayActOn, type Role } from '../../shared/roles.ts';
import { signToken, verifyToken } from './tokens.ts';

/**
 * Sessions, a service of the server (not of the auth feature): authentication reads them on every
 * request and socket handshake, the user resource ends them, the auth routes open and end them.
 */
export type SessionOptions = { secret: string; ttlSeconds: number };

/** Opens a session for `userId` (on behalf of `impersonatorId` from the sessions `parents` when impersonating) and signs its token. */
export async function openSession(
  db: Executor,
  options: SessionOptions,
  userId: string,
  meta: { impersonatorId?: string | null; parents?: string[]; userAgent?: string; ip?: string },
): Promise<string> {
  const id = uuidv7();
  await db.insert(sessions).values({
    id,
    userId,
    actorId: meta.impersonatorId ?? null,
    expiresAt: new Date(Date.now() + options.ttlSeconds * 1000),
    userAgent: meta.userAgent?.slice(0, 300),
    ip: meta.ip,
  });
  return signToken(options.secret, { userId, sessionId: id, parents: meta.parents ?? [] }, options.ttlSeconds);
}

type SessionRow = {
  id: string;
  roles: string[];
  email: string;
  status: string;
  impersonatorId: string | null;
  impersonatorRoles: string[] | null;
  impersonatorStatus: string | null;
  /** When the session, or the first of the sessions it was opened from, expires. */
  expiresAt: Date;
};

/**
 * The session behind a token ($1 session id, $2 user id, $3 the sessions it was opened from), with its
 * user and impersonator: every authenticated request asks this. Each parent must still work too.
 */
const SESSION_ROW = `select u.id, u.roles, u.email, u.status, s.actor_id as "impersonatorId", i.roles as "impersonatorRoles", i.status as "impersonatorStatus",
    least(s.expires_at, p.expires_at) as "expiresAt"
  from sessions s join users u on u.id = s.user_id left join users i on i.id = s.actor_id
  cross join lateral (select count(*) as live, min(expires_at) as expires_at from sessions
    where id = any($3::uuid[]) and revoked_at is null and expires_at > now()) p
  where s.id = $1::uuid and s.user_id = $2::uuid and s.revoked_at is null and s.expires_at > now()
    and p.live = cardinality($3::uuid[])
  limit 1`;
const sessionRow = namedStatement<SessionRow>('session_actor', SESSION_ROW);

/**
 * The session check and the reservation of the request's Idempotency-Key ($4 key, $5 request hash) in
 * ONE statement: a keyed write costs one round trip less. The key is reserved only for an active user;
 * the caller gives it back when the actor is refused after all (an impersonation that may no longer act).
 * The reservation commits without waiting for its WAL flush (`synchronous_commit` off for this statement
 * alone): it is visible to twins at once all the same, and the work's own commit, later in the WAL,
 * flushes it too. A crash can lose it only with the work it guarded, whose client then tries again.
 */
const sessionRowReserving = namedStatement<SessionRow & { reserved: boolean }>(
  'session_actor_reserve',
  `with session as (${SESSION_ROW}),
  reserved as (${reserveKeyStatement("select id from session where status = 'active'", '$4::text', '$5::text')}),
  unflushed as (select set_config('synchronous_commit', 'off', true))
  select session.*, exists (select from reserved) as reserved from session, unflushed`,
);

function actorOfRow(row: SessionRow | undefined, sessionId: string): Actor | null {
  if (!row || row.status !== 'active') return null;
  if (row.impersonatorId) {
    const real = { id: row.impersonatorId, roles: row.impersonatorRoles ?? [] };
    if (row.impersonatorStatus !== 'active' || !mayActOn(real, { id: row.id, roles: row.roles })) return null;
  }
  return { id: row.id, roles: row.roles as Role[], email: row.email, sessionId, impersonatorId: row.impersonatorId };
}

/** A working session: who acts, until when, and the sessions it was opened from (an impersonation's). */
export type LiveSession = { actor: Actor; expiresAt: Date; parents: string[] };

/**
 * The session behind a token, or null when the token is bad, expired, revoked or its user locked. An
 * impersonation also ends when its real actor may no longer act on the user (locked, demoted, gone),
 * or when a session it was opened from has ended.
 */
export async function sessionOf(db: Executor, secret: string, token: string): Promise<LiveSession | null> {
  const claims = await verifyToken(secret, token);
  if (!claims) return null;
  const [row] = await sessionRow(db, [claims.sessionId, claims.userId, claims.parents]);
  const actor = actorOfRow(row, claims.sessionId);
  return actor ? { actor, expiresAt: row.expiresAt, parents: claims.parents } : null;
}

/** The actor behind a token (see `sessionOf`). */
export async function actorOf(db: Executor, secret: string, token: string): Promise<Actor | null> {
  return (await sessionOf(db, secret, token))?.actor ?? null;
}

/**
 * `actorOf`, reserving the Idempotency-Key `key` of the token's user in the same statement: `reservedFor`
 * is that user when this request holds the key now (even if the actor is refused after all: the caller
 * gives the key back), null when it was taken already (a replay or a twin) or nobody is signed in.
 */
export async function actorReservingKey(
  db: Executor,
  secret: string,
  token: string,
  key: string,
  requestHash: string,
): Promise<{ actor: Actor | null; reservedFor: string | null }> {
  const claims = await verifyToken(secret, token);
  if (!claims) return { actor: null, reservedFor: null };
  const [row] = await sessionRowReserving(db, [claims.sessionId, claims.userId, claims.parents, key, requestHash]);
  return { actor: actorOfRow(row, claims.sessionId), reservedFor: row?.reserved ? row.id : null };
}

/** The sessions a token was opened from, its own last: what an impersonation opened with it depends on. */
export async function lineageOf(secret: string, token: string): Promise<string[]> {
  const claims = await verifyToken(secret, token);
  return claims ? [...claims.parents, claims.sessionId] : [];
}

/** What holds connections open per session (the realtime sockets): told which sessions ended, once that is committed. */
export type SessionSockets = { endSessions: (sessionIds: string[]) => void };

/**
 * Where sessions end: a write's transaction, whose sockets are told after it commits (`Work`), or the
 * pool itself (`atOnce`), each statement committed when it returns.
 */
export type Ending = { tx: Executor; afterCommit: (fn: () => void) => void };
export const atOnce = (db: Executor): Ending => ({ tx: db, afterCommit: (fn) => fn() });

/**
 * Ends one session (signing out of one device): its token stops at once, the impersonations opened
 * from it stop with it (their tokens name it), and their sockets are disconnected on every node.
 */
export async function endSession(at: Ending, sockets: SessionSockets, sessionId: string) {
  await at.tx
    .update(sessions)
    .set({ revokedAt: sql`now()` })
    .where(and(eq(sessions.id, sessionId), isNull(sessions.revokedAt)));
  at.afterCommit(() => sockets.endSessions([sessionId]));
}

/**
 * Ends every session of a user (lock, change of roles, password reset, delete, logout everywhere) and
 * every impersonation they opened, except `keep` if given; their sockets are disconnected on every
 * node once that is committed. Impersonations *of* the user end too: they are sessions of the user;
 * the user's own sessions never end because someone impersonated it.
 */
export async function endUserSessions(at: Ending, sockets: SessionSockets, userId: string, keep?: string) {
  const ended = await at.tx
    .update(sessions)
    .set({ revokedAt: sql`now()` })
    .where(
      and(
        or(eq(sessions.userId, userId), eq(sessions.actorId, userId)),
        isNull(sessions.revokedAt),
        // An expired session works nowhere already: nothing to end.
        gt(sessions.expiresAt, sql`now()`),
        keep ? ne(sessions.id, keep) : undefined,
      ),
    )
    .returning({ id: sessions.id });
  if (ended.length) at.afterCommit(() => sockets.endSessions(ended.map((session) => session.id)));
}
