import type { FastifyInstance } from 'fastify';
import { eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import { rank, type Role } from '../../../shared/roles.ts';
import { users } from '../../db/schema.ts';
import { AppError } from '../../http/app-error.ts';
import { actorOrThrow, TOKEN_COOKIE } from '../../http/authenticate.ts';
import { mutate } from '../../http/mutate.ts';
import { parse } from '../../http/validate.ts';
import { audienceOf, requireAction } from '../../policy.ts';
import type { ExtraAction } from '../../../shared/access.ts';
import { publicRecord, findScoped } from '../../resources/define-resource.ts';
import { userResource } from '../../resources/user.ts';
import { createLoginLimiter } from './login-limiter.ts';
import { DUMMY_HASH, generatePassword, hashPassword, verifyPassword } from './passwords.ts';
import { openSession, revokeSession, revokeUserSessions } from './sessions.ts';

const credentials = z.strictObject({
  email: z.string({ error: 'validation.required' }).trim().toLowerCase().min(1, { error: 'validation.required' }).max(254),
  password: z.string({ error: 'validation.required' }).min(1, { error: 'validation.required' }).max(128),
});
const userIdParam = z.strictObject({ id: z.uuid({ error: 'validation.id' }) });
const tokenUserParam = z.strictObject({ userId: z.uuid({ error: 'validation.id' }) });

/** Login, logout, check-auth, reset-password and impersonation (SPEC.md §7, DESIGN.md §5). */
export function registerAuthRoutes(app: FastifyInstance) {
  const { config } = app.services;
  const limiter = createLoginLimiter(config.loginAttempts);
  const sessionOptions = { secret: config.jwtSecret, ttlSeconds: config.sessionTtlSeconds };
  const cookieOptions = {
    httpOnly: true,
    sameSite: 'strict' as const,
    path: '/',
    secure: 'auto' as const,
    maxAge: config.sessionTtlSeconds,
  };

  app.post(
    '/api/v1/auth/login',
    {
      config: { public: true, rateLimit: { max: config.loginAttempts.max * 3, timeWindow: config.loginAttempts.windowMs } },
      schema: { tags: ['auth'], summary: 'Sign in; answers a token' },
    },
    async (request, reply) => {
      const { email, password } = parse(credentials, request.body);
      if (limiter.blocked(email)) throw new AppError('RATE_LIMITED');
      const { db } = app.services;
      const [user] = await db.select().from(users).where(eq(users.email, email)).limit(1);
      const ok = await verifyPassword(user?.passwordHash ?? (await DUMMY_HASH), password);
      if (!user || !ok) {
        limiter.failed(email);
        throw new AppError('INVALID_CREDENTIALS');
      }
      if (user.status !== 'active') throw new AppError('ACCOUNT_LOCKED');
      limiter.succeeded(email);
      const [signedIn] = await db
        .update(users)
        .set({ lastLogin: sql`now()` })
        .where(eq(users.id, user.id))
        .returning();
      const token = await openSession(db, sessionOptions, user.id, { userAgent: request.headers['user-agent'], ip: request.ip });
      reply.setCookie(TOKEN_COOKIE, token, cookieOptions);
      return { token, user: publicRecord(userResource, signedIn) };
    },
  );

  app.get(
    '/api/v1/auth/logout',
    { config: { public: true }, schema: { tags: ['auth'], summary: 'Sign out here, or everywhere with ?allDevices=true' } },
    async (request, reply) => {
      const { allDevices } = parse(z.object({ allDevices: z.enum(['true', 'false']).optional() }), request.query);
      if (request.actor) {
        if (allDevices === 'true') await revokeUserSessions(app.services.db, request.actor.id);
        else await revokeSession(app.services.db, request.actor.sessionId);
      }
      reply.clearCookie(TOKEN_COOKIE, { path: '/' });
      return { success: true };
    },
  );

  app.get('/api/v1/auth/check-auth', { schema: { tags: ['auth'], summary: 'Who the token belongs to' } }, async (request) => {
    const actor = actorOrThrow(request);
    return { id: actor.id, roles: actor.roles, impersonatorId: actor.impersonatorId };
  });

  /** Admin or root, never toward a higher role. */
  async function targetOf(request: Parameters<typeof actorOrThrow>[0], id: string, action: ExtraAction) {
    const actor = actorOrThrow(request);
    requireAction(actor, action);
    const target = await findScoped(app.services.db, userResource, actor, id);
    if (!target) throw new AppError('NOT_FOUND');
    if (rank(target.roles as Role[]) > rank(actor.roles)) throw new AppError('FORBIDDEN');
    return { actor, target };
  }

  app.post(
    '/api/v1/auth/reset-password/:id',
    { schema: { tags: ['auth'], summary: "Reset a user's password; answers the new one, once" } },
    async (request, reply) => {
      const { id } = parse(userIdParam, request.params);
      const { target } = await targetOf(request, id, 'auth.resetPassword');
      request.idempotency = undefined; // the answer is a secret: never kept at rest for replay
      const password = generatePassword();
      const passwordHash = await hashPassword(password);
      return mutate(request, reply, async ({ tx, audit, changed }) => {
        const [updated] = await tx
          .update(users)
          .set({ passwordHash, version: sql`${users.version} + 1`, dateLastUpdate: sql`now()` })
          .where(eq(users.id, id))
          .returning();
        await revokeUserSessions(tx, id);
        await audit('user.reset-password', 'user', id);
        changed({ entity: 'user', recordId: id, op: 'upsert', ...audienceOf(userResource.access.scope, updated, target) });
        return { body: { password } };
      });
    },
  );

  app.post(
    '/api/v1/auth/generate-token/:userId',
    { schema: { tags: ['auth'], summary: 'Connect as another user (impersonation)' } },
    async (request, reply) => {
      const { userId } = parse(tokenUserParam, request.params);
      const { actor, target } = await targetOf(request, userId, 'auth.impersonate');
      if (target.id === actor.id) throw new AppError('FORBIDDEN');
      if (target.status !== 'active') throw new AppError('ACCOUNT_LOCKED');
      request.idempotency = undefined; // the answer is a token: never kept at rest for replay
      return mutate(request, reply, async ({ tx, audit }) => {
        // The token carries the real person, even when an impersonator goes one level further.
        const impersonatorId = actor.impersonatorId ?? actor.id;
        const token = await openSession(tx, sessionOptions, userId, {
          impersonatorId,
          userAgent: request.headers['user-agent'],
          ip: request.ip,
        });
        await audit('user.impersonate', 'user', userId, { impersonatorId });
        return { body: { token } };
      });
    },
  );
}
