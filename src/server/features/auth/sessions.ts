import { and, eq, gt, isNull, ne, or, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { v7 as uuidv7 } from 'uuid';
import type { Executor } from '../../db/client.ts';
import { preparedOn } from '../../db/prepared.ts';
import { sessions, users } from '../../db/schema.ts';
import type { Actor } from '../../context.ts';
import { mayActOn, type Role } from '../../../shared/roles.ts';
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

const impersonators = alias(users, 'impersonators');

/** The session behind a token, with its user and impersonator: every authenticated request asks this. */
const sessionRow = preparedOn((db) =>
  db
    .select({
      id: users.id,
      roles: users.roles,
      email: users.email,
      status: users.status,
      impersonatorId: sessions.actorId,
      impersonatorRoles: impersonators.roles,
      impersonatorStatus: impersonators.status,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .leftJoin(impersonators, eq(impersonators.id, sessions.actorId))
    .where(
      and(
        eq(sessions.id, sql.placeholder('sessionId')),
        eq(sessions.userId, sql.placeholder('userId')),
        isNull(sessions.revokedAt),
        gt(sessions.expiresAt, sql`now()`),
      ),
    )
    .limit(1)
    .prepare('session_actor'),
);

/**
 * The actor behind a token, or null when the token is bad, expired, revoked or its user locked. An
 * impersonation also ends when its real actor may no longer act on the user (locked, demoted, gone).
 */
export async function actorOf(db: Executor, secret: string, token: string): Promise<Actor | null> {
  const claims = await verifyToken(secret, token);
  if (!claims) return null;
  const [row] = await sessionRow(db).execute({ sessionId: claims.sessionId, userId: claims.userId });
  if (!row || row.status !== 'active') return null;
  if (row.impersonatorId) {
    const real = { id: row.impersonatorId, roles: row.impersonatorRoles ?? [] };
    if (row.impersonatorStatus !== 'active' || !mayActOn(real, { id: row.id, roles: row.roles })) return null;
  }
  return { id: row.id, roles: row.roles as Role[], email: row.email, sessionId: claims.sessionId, impersonatorId: row.impersonatorId };
}

export async function revokeSession(db: Executor, sessionId: string) {
  await db
    .update(sessions)
    .set({ revokedAt: sql`now()` })
    .where(and(eq(sessions.id, sessionId), isNull(sessions.revokedAt)));
}

/**
 * Ends every session of a user (lock, demotion, password reset, logout everywhere) and every
 * impersonation they opened, except `keep` if given. Impersonations *of* the user end too: they
 * are sessions of the user; the user's own sessions never end because someone impersonated it.
 */
export async function revokeUserSessions(db: Executor, userId: string, keep?: string) {
  await db
    .update(sessions)
    .set({ revokedAt: sql`now()` })
    .where(
      and(
        or(eq(sessions.userId, userId), eq(sessions.actorId, userId)),
        isNull(sessions.revokedAt),
        keep ? ne(sessions.id, keep) : undefined,
      ),
    );
}
