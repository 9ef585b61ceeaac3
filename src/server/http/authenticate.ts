import type { FastifyInstance, FastifyRequest } from 'fastify';
import { isStaff } from '../../shared/roles.ts';
import { actorOf, actorReservingKey } from '../sessions/sessions.ts';
import { keyOf, recordReservation, requestHash } from './idempotency.ts';
import { AppError } from './app-error.ts';

export const TOKEN_COOKIE = 'token';
/** Readable by the page (never the token): index.html's inline check hides the sign-in form before the first paint when set. */
export const SIGNED_IN_COOKIE = 'bd_signed_in';

/** The token of a request: `Authorization: Bearer`, else the httpOnly cookie. */
export function tokenOf(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (header?.startsWith('Bearer ')) return header.slice(7).trim() || undefined;
  return request.cookies?.[TOKEN_COOKIE] || undefined;
}

/**
 * Resolves the actor of every API request before its handler runs; routes not marked `public`
 * answer 401 without one. The session is read on every request so revocation applies at once.
 */
export function registerAuthentication(app: FastifyInstance) {
  // preValidation: who is asking is settled before their input is judged (401 before 400).
  app.addHook('preValidation', async (request) => {
    const token = tokenOf(request);
    const key = token ? keyOf(request) : undefined;
    if (token && key) {
      // A keyed write: its Idempotency-Key is reserved by the statement that checks the session.
      const hash = requestHash(request);
      const found = await actorReservingKey(app.services.db, app.services.config.jwtSecret, token, key, hash);
      request.actor = found.actor ?? undefined;
      if (found.actor || found.reservedFor)
        recordReservation(request, { reservedFor: found.reservedFor, key, requestHash: hash, actor: found.actor });
    } else if (token) request.actor = (await actorOf(app.services.db, app.services.config.jwtSecret, token)) ?? undefined;
    const isPublic = request.routeOptions.config?.public || request.url.startsWith('/api/docs');
    if (!request.actor && !isPublic && request.url.startsWith('/api/')) {
      throw new AppError('UNAUTHENTICATED');
    }
  });
}

export function actorOrThrow(request: FastifyRequest) {
  if (!request.actor) throw new AppError('UNAUTHENTICATED');
  return request.actor;
}

/** The actor, when staff (regular, admin or root); a lead is refused. */
export function staffOrThrow(request: FastifyRequest) {
  const actor = actorOrThrow(request);
  if (!isStaff(actor.roles)) throw new AppError('FORBIDDEN');
  return actor;
}
