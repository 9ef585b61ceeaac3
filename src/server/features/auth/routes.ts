import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { eq, sql } from 'drizzle-orm';
import { mayActOn, type Role } from '../../../shared/roles.ts';
import { users } from '../../db/schema.ts';
import { AppError } from '../../http/app-error.ts';
import { actorOrThrow, SIGNED_IN_COOKIE, TOKEN_COOKIE, tokenOf } from '../../http/authenticate.ts';
import { mutate } from '../../http/mutate.ts';
import { parse } from '../../http/validate.ts';
import { audienceOf, requireAction } from '../../policy.ts';
import type { ExtraAction } from '../../../shared/access.ts';
import { publicRecord, findScoped } from '../../resources/define-resource.ts';
import { userResource } from '../../resources/user.ts';
import { createLoginLimiter } from './login-limiter.ts';
import { DUMMY_HASH, generatePassword, hashPassword, verifyPassword } from '../../sessions/passwords.ts';
import { atOnce, endSession, endUserSessions, lineageOf, openSession } from '../../sessions/sessions.ts';
import {
  checkAuthContract,
  impersonateContract,
  loginContract,
  logoutContract,
  resetPasswordContract,
} from '../../../shared/contracts/auth.ts';

/** Login, logout, check-auth, reset-password and impersonation (SPEC.md §7, DESIGN.md §5). */
export function registerAuthRoutes(app: FastifyInstance) {
  const { config, realtime } = app.services;
  const limiter = createLoginLimiter(app.services.db, config.loginBackoff);
  const sessionOptions = { secret: config.jwtSecret, ttlSeconds: config.sessionTtlSeconds };
  const cookieOptions = {
    httpOnly: true,
    sameSite: 'strict' as const,
    path: '/',
    secure: 'auto' as const,
    maxAge: config.sessionTtlSeconds,
  };

  /** Checks the credentials and opens a session: the token, in the httpOnly cookie too (and its readable marker). */
  async function signIn(request: FastifyRequest, reply: FastifyReply, body: unknown) {
    const { email, password } = parse(loginContract.body, body);
    await limiter.check(email, request.ip);
    const { db } = app.services;
    const [user] = await db.select().from(users).where(eq(users.email, email)).limit(1);
    const ok = await verifyPassword(user?.passwordHash ?? (await DUMMY_HASH), password);
    if (!user || !ok) {
      await limiter.failed(email, request.ip);
      throw new AppError('INVALID_CREDENTIALS');
    }
    if (user.status !== 'active') throw new AppError('ACCOUNT_LOCKED');
    await limiter.succeeded(email, request.ip);
    const [signedIn] = await db
      .update(users)
      .set({ lastLogin: sql`now()` })
      .where(eq(users.id, user.id))
      .returning();
    const token = await openSession(db, sessionOptions, user.id, { userAgent: request.headers['user-agent'], ip: request.ip });
    reply.setCookie(TOKEN_COOKIE, token, cookieOptions);
    // Not the token: only that there is one, for index.html's inline check (docs/decisions/login-prerender.md).
    reply.setCookie(SIGNED_IN_COOKIE, '1', { ...cookieOptions, httpOnly: false });
    return { token, user: publicRecord(userResource, signedIn) };
  }

  app.post(
    '/api/v1/auth/login',
    {
      config: { public: true },
      schema: { tags: ['auth'], summary: 'Sign in; answers a token', ...loginContract },
    },
    (request, reply) => signIn(request, reply, request.body),
  );

  // The prerendered sign-in form posted as a plain HTML form, before its script took over (index.html,
  // docs/decisions/login-prerender.md): it posts to the page it is on. Signed in, the browser is sent
  // (303) to the page asked for, where the app starts from the cookie session; refused, back to the
  // form with the error's code, which the login screen shows in the reader's language.
  app.register(async (scope) => {
    scope.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 4096 }, (_request, body, done) =>
      done(null, Object.fromEntries(new URLSearchParams(body as string))),
    );
    scope.post('/*', { config: { public: true }, schema: { hide: true } }, async (request, reply) => {
      // An API path is not a page: answered as any unknown API route is (401 to a stranger, so which
      // routes exist is not told to someone not signed in; 404 to the signed in).
      if (request.url.startsWith('/api/')) throw new AppError(request.actor ? 'NOT_FOUND' : 'UNAUTHENTICATED');
      if (!request.headers['content-type']?.startsWith('application/x-www-form-urlencoded')) throw new AppError('NOT_FOUND');
      // A form of another site must not sign this browser in (login CSRF): same origin only.
      const site = request.headers['sec-fetch-site'];
      const origin = request.headers.origin;
      if (
        (site && site !== 'same-origin' && site !== 'none') ||
        (origin && origin !== 'null' && new URL(origin).host !== request.headers.host)
      )
        throw new AppError('FORBIDDEN');
      const url = new URL(request.url, 'http://local');
      const target = formTarget(url);
      const { email, password } = (request.body ?? {}) as Record<string, unknown>;
      try {
        await signIn(request, reply, { email, password });
      } catch (error) {
        const code = error instanceof AppError ? error.code : 'INTERNAL';
        const back = new URLSearchParams({ error: code });
        if (target !== '/') back.set('redirect', target);
        return reply.redirect(`/login?${back}`, 303);
      }
      return reply.redirect(target, 303);
    });
  });

  // One's own password or email changes only with the current password (PATCH /user/{own id}); it is
  // checked here, before the update's transaction, so that a wrong guess is counted though the update fails.
  app.addHook('preHandler', async (request) => {
    const actor = request.actor;
    if (!actor || request.method !== 'PATCH' || request.routeOptions.url !== '/api/v1/user/:id') return;
    const body = request.body as Record<string, unknown> | null;
    if ((request.params as { id?: string }).id !== actor.id || !body || typeof body !== 'object') return;
    const changesEmail = typeof body.email === 'string' && body.email.trim().toLowerCase() !== actor.email;
    if (body.password === undefined && !changesEmail) return;
    const subject = `password:${actor.id}`;
    await limiter.check(subject, request.ip);
    const [row] = await app.services.db.select({ passwordHash: users.passwordHash }).from(users).where(eq(users.id, actor.id));
    if (!(await verifyPassword(row?.passwordHash ?? null, String(body.currentPassword ?? '')))) {
      await limiter.failed(subject, request.ip);
      throw new AppError('VALIDATION', { currentPassword: { key: 'validation.currentPasswordWrong', params: {} } });
    }
    request.credentialsConfirmed = true;
  });

  app.get(
    '/api/v1/auth/logout',
    {
      config: { public: true },
      schema: { tags: ['auth'], summary: 'Sign out here, or everywhere with ?allDevices=true', ...logoutContract },
    },
    async (request, reply) => {
      const { allDevices } = parse(logoutContract.querystring, request.query);
      const actor = request.actor;
      if (actor) {
        // Signing out of an impersonation ends that session alone: the user's own devices stay signed in.
        // One device ends the impersonations opened from it too; the sockets go with the sessions.
        const at = atOnce(app.services.db);
        if (allDevices === 'true' && !actor.impersonatorId) await endUserSessions(at, realtime, actor.id);
        else await endSession(at, realtime, actor.sessionId);
      }
      reply.clearCookie(TOKEN_COOKIE, { path: '/' });
      reply.clearCookie(SIGNED_IN_COOKIE, { path: '/' });
      return { success: true };
    },
  );

  app.get(
    '/api/v1/auth/check-auth',
    { schema: { tags: ['auth'], summary: 'Who the token belongs to', ...checkAuthContract } },
    async (request) => {
      const actor = actorOrThrow(request);
      // Signed in by the cookie alone (the plain form's sign-in): the token too, so the app keeps it as
      // after any sign-in (one session path: the offline engine and the socket send it).
      const byCookie = !request.headers.authorization?.startsWith('Bearer ');
      return { id: actor.id, roles: actor.roles, impersonatorId: actor.impersonatorId, ...(byCookie ? { token: tokenOf(request) } : {}) };
    },
  );

  /** The person an admin action is about, if the action's audience and the shared rule of who may act on whom allow it. */
  async function targetOf(request: Parameters<typeof actorOrThrow>[0], id: string, action: ExtraAction) {
    const actor = actorOrThrow(request);
    requireAction(actor, action);
    const target = await findScoped(app.services.db, userResource, actor, id);
    if (!target) throw new AppError('NOT_FOUND');
    if (!mayActOn(actor, { id: target.id as string, roles: target.roles as Role[] })) throw new AppError('FORBIDDEN');
    return { actor, target };
  }

  app.post(
    '/api/v1/auth/reset-password/:id',
    { schema: { tags: ['auth'], summary: "Reset a user's password; answers the new one, once", ...resetPasswordContract } },
    async (request, reply) => {
      const { id } = parse(resetPasswordContract.params, request.params);
      const { target } = await targetOf(request, id, 'auth.resetPassword');
      request.idempotency = undefined; // the answer is a secret: never kept at rest for replay
      const password = generatePassword();
      const passwordHash = await hashPassword(password);
      return mutate(request, reply, async (work) => {
        const { tx, audit, changed } = work;
        const [updated] = await tx
          .update(users)
          .set({ passwordHash, version: sql`${users.version} + 1`, dateLastUpdate: sql`now()` })
          .where(eq(users.id, id))
          .returning();
        await endUserSessions(work, realtime, id);
        await audit('user.reset-password', 'user', id);
        changed({ entity: 'user', recordId: id, op: 'upsert', ...audienceOf(userResource.access.scope, updated, target) });
        return { body: { password } };
      });
    },
  );

  app.post(
    '/api/v1/auth/generate-token/:userId',
    { schema: { tags: ['auth'], summary: 'Connect as another user (impersonation)', ...impersonateContract } },
    async (request, reply) => {
      const { userId } = parse(impersonateContract.params, request.params);
      const { actor, target } = await targetOf(request, userId, 'auth.impersonate');
      if (target.status !== 'active') throw new AppError('ACCOUNT_LOCKED');
      request.idempotency = undefined; // the answer is a token: never kept at rest for replay
      // It lasts no longer than the session it is opened from (and those that one was opened from).
      const parents = await lineageOf(config.jwtSecret, tokenOf(request) ?? '');
      return mutate(request, reply, async ({ tx, audit }) => {
        // The token carries the real person, even when an impersonator goes one level further.
        const impersonatorId = actor.impersonatorId ?? actor.id;
        const token = await openSession(tx, { ...sessionOptions, ttlSeconds: config.impersonationTtlSeconds }, userId, {
          impersonatorId,
          parents,
          userAgent: request.headers['user-agent'],
          ip: request.ip,
        });
        await audit('user.impersonate', 'user', userId, { impersonatorId });
        return { body: { token } };
      });
    },
  );
}

/** Where the plain form's sign-in leads: the page it was posted from, or on /login its `?redirect=` if it is one of ours. */
function formTarget(url: URL): string {
  const ours = (path: string | null) => (path && path.startsWith('/') && !path.startsWith('//') && !path.startsWith('/\\') ? path : '/');
  return url.pathname === '/login' ? ours(url.searchParams.get('redirect')) : ours(`${url.pathname}${url.search}`);
}
