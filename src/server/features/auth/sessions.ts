import { and, eq, gt, isNull, ne, sql } from 'drizzle-orm';
import { v7 as uuidv7 } from 'uuid';
import type { Executor } from '../../db/client.ts';
import { sessions, users } from '../../db/schema.ts';
import type { Actor } from '../../context.ts';
import type { Role } from '../../../shared/roles.ts';
import { signToken, verifyToken } from './tokens.ts';

export type SessionOptions = { secret: string; ttlSeconds: number };

/** Opens a session for `userId` (on behalf of `impersonatorId` when impersonating) and signs its token. */
export async function openSession(
  db: Executor,
  options: SessionOptions,
  userId: string,
  meta: { impersonatorId?: string | null; userAgent?: string; ip?: string },
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
  return signToken(options.secret, { userId, sessionId: id }, options.ttlSeconds);
}

/** The actor behind a token, or null when the token is bad, expired, revoked or its user locked. */
export async function actorOf(db: Executor, secret: string, token: string): Promise<Actor | null> {
  const claims = await verifyToken(secret, token);
  if (!claims) return null;
  const [row] = await db
    .select({ id: users.id, roles: users.roles, email: users.email, status: users.status, impersonatorId: sessions.actorId })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(
      and(
        eq(sessions.id, claims.sessionId),
        eq(sessions.userId, claims.userId),
        isNull(sessions.revokedAt),
        gt(sessions.expiresAt, sql`now()`),
      ),
    )
    .limit(1);
  if (!row || row.status !== 'active') return null;
  return { id: row.id, roles: row.roles as Role[], email: row.email, sessionId: claims.sessionId, impersonatorId: row.impersonatorId };
}

export async function revokeSession(db: Executor, sessionId: string) {
  await db
    .update(sessions)
    .set({ revokedAt: sql`now()` })
    .where(and(eq(sessions.id, sessionId), isNull(sessions.revokedAt)));
}

/** Ends every session of a user (lock, password reset, logout everywhere), except `keep` if given. */
export async function revokeUserSessions(db: Executor, userId: string, keep?: string) {
  await db
    .update(sessions)
    .set({ revokedAt: sql`now()` })
    .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt), keep ? ne(sessions.id, keep) : undefined));
}
