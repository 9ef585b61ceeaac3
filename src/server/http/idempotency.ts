import { createHash } from 'node:crypto';
import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Executor } from '../db/client.ts';
import { idempotencyKeys } from '../db/schema.ts';
import { AppError } from './app-error.ts';

const MUTATING = new Set(['POST', 'PATCH', 'PUT', 'DELETE']);
const KEY_PATTERN = /^[A-Za-z0-9._:-]{8,200}$/;
/** Answers that must not be remembered: the same request may well succeed when tried again. */
const TRANSIENT = new Set([401, 409, 429]);
/** The status of a key reserved by a request still running. */
const IN_PROGRESS = 102;
/**
 * The status of a key whose work committed (mutate.ts marks it in the work's own transaction) while its
 * answer is on the way to the onSend hook: the work is never run again for this key.
 */
const COMMITTED = 103;
/** A reservation this old was left by a process that died mid-request: the key may be taken again. */
const STALE_RESERVATION = `now() - interval '15 minutes'`;

/** Answers carrying a secret (a session token, a new password) are never kept at rest for replay. */
const carriesSecret = (body: unknown) => typeof body === 'object' && body !== null && ('token' in body || 'password' in body);

export function requestHash(request: FastifyRequest): string {
  let body = '';
  if (request.body !== undefined && !request.isMultipart()) {
    try {
      body = JSON.stringify(request.body);
    } catch {
      // JSON.parse takes nesting that JSON.stringify overflows on: no valid request is that deep.
      throw new AppError('BAD_REQUEST');
    }
  }
  return createHash('sha256').update(`${request.method} ${request.url}\n`).update(body).digest('hex');
}

type Stored = { requestHash: string; statusCode: number; body: unknown; stale: boolean };

async function findStored(db: Executor, userId: string, key: string): Promise<Stored | undefined> {
  const [row] = await db
    .select({
      requestHash: idempotencyKeys.requestHash,
      statusCode: idempotencyKeys.statusCode,
      body: idempotencyKeys.body,
      stale: sql<boolean>`${idempotencyKeys.createdAt} < ${sql.raw(STALE_RESERVATION)}`,
    })
    .from(idempotencyKeys)
    .where(and(eq(idempotencyKeys.userId, userId), eq(idempotencyKeys.key, key)));
  return row;
}

/** Keyed requests whose work committed with its key marked COMMITTED (mutate.ts). */
const committed = new WeakSet<FastifyRequest>();

/**
 * For the last statement of a keyed write's transaction (mutate.ts): marks its key COMMITTED together
 * with the work, so that a process dying before the answer is stored never lets the work run twice.
 * The answer itself is stored in one place only, the onSend hook below. Null without a key.
 */
export function committedStatement(request: FastifyRequest): SQL | null {
  const state = request.idempotency;
  if (!state) return null;
  return sql`update idempotency_keys set status_code = ${COMMITTED}
    where user_id = ${state.userId}::uuid and key = ${state.key} and status_code = ${IN_PROGRESS}`;
}

/** After the transaction that ran `committedStatement` committed. */
export const keyCommitted = (request: FastifyRequest) => void committed.add(request);

/**
 * Saves the answer as it was sent (`payload`, JSON text) in the key's row: the one place an answer is
 * stored. A transient answer (or one carrying a secret) gives the key back instead, so the same request
 * may be tried again; unless its work committed, when the COMMITTED mark stays (never run twice).
 */
async function storeAnswer(db: Executor, request: FastifyRequest, statusCode: number, payload: unknown): Promise<void> {
  const state = request.idempotency;
  if (!state || state.stored) return;
  state.stored = true;
  let body: unknown = null;
  if (typeof payload === 'string') {
    try {
      body = JSON.parse(payload);
    } catch {
      body = payload;
    }
  }
  const where = sql`user_id = ${state.userId}::uuid and key = ${state.key}`;
  if (TRANSIENT.has(statusCode) || statusCode >= 500 || carriesSecret(body)) {
    if (!committed.has(request)) await db.execute(sql`delete from idempotency_keys where ${where}`);
    return;
  }
  await db.execute(
    sql`update idempotency_keys set status_code = ${statusCode}, body = ${body == null ? null : JSON.stringify(body)}::json where ${where}`,
  );
}

/**
 * Every keyed write reserves its key before it runs, so that twins sent in parallel (a resend racing
 * the original) wait for its answer (409 IDEMPOTENCY_IN_PROGRESS, then the replay) instead of each
 * doing the work: on PostgreSQL they truly run at once, and the second would fail on the first's
 * client id or find its record already deleted. The statement's text, for the key of each user id
 * `userIds` (a query) yields: one row back when the key is this request's now, none when it is taken.
 * A reservation left by a process that died mid-request (older than STALE_RESERVATION) is taken over.
 */
export const reserveKeyStatement = (userIds: string, key: string, requestHash: string) =>
  `insert into idempotency_keys (user_id, key, request_hash, status_code, body)
    select user_id, ${key}, ${requestHash}, ${IN_PROGRESS}, null from (${userIds}) as reserving(user_id)
    on conflict (user_id, key) do update set request_hash = excluded.request_hash, created_at = now()
      where idempotency_keys.status_code = ${IN_PROGRESS} and idempotency_keys.created_at < ${STALE_RESERVATION}
    returning key`;

/** A keyed mutating request's key, when well formed (checked again, with its error, by the preHandler). */
export function keyOf(request: FastifyRequest): string | undefined {
  const key = request.headers['idempotency-key'];
  return MUTATING.has(request.method) && typeof key === 'string' && KEY_PATTERN.test(key) ? key : undefined;
}

/**
 * What authentication's reservation of `key` (with the session check, http/authenticate.ts) found.
 * Reserved for a user: the request holds the key; its answer is stored for replay, or the key given back
 * when the actor is refused after all (no `actor`) or the route opts out (see the hooks below). Taken:
 * the preHandler replays the first answer or says it is still running.
 */
export function recordReservation(
  request: FastifyRequest,
  found: { reservedFor: string | null; key: string; requestHash: string; actor: { id: string } | null },
) {
  const { reservedFor, key, requestHash } = found;
  if (!reservedFor) request.idempotencyTaken = { key, requestHash };
  else {
    request.idempotencyReservation = { userId: reservedFor, key };
    if (found.actor) request.idempotency = { key, requestHash, userId: reservedFor, stored: false };
  }
}

/**
 * `Idempotency-Key` on POST/PATCH/DELETE (DESIGN.md §4): the first answer is kept per user; the same key
 * again returns it with `Idempotent-Replayed: true` and does nothing. Every answer is stored by the
 * onSend hook, as it was sent, whatever the route; a write through `mutate()` also marks its key
 * COMMITTED inside its transaction (docs/decisions/idempotency-key-reservation.md).
 */
export function registerIdempotency(app: FastifyInstance) {
  app.addHook('preHandler', async (request, reply) => {
    const key = request.headers['idempotency-key'];
    if (!MUTATING.has(request.method) || key === undefined || !request.actor) return;
    if (typeof key !== 'string' || !KEY_PATTERN.test(key))
      throw new AppError('BAD_REQUEST', { 'idempotency-key': { key: 'validation.idempotencyKey', params: {} } });
    // Authentication reserved the key for this request, or found it taken: then the first answer, or a wait.
    const taken = request.idempotencyTaken;
    if (!taken) return;
    const stored = await findStored(app.services.db, request.actor.id, taken.key);
    // Gone between the two queries: the first gave its key back (a transient answer); try again.
    if (!stored) throw new AppError('IDEMPOTENCY_IN_PROGRESS');
    if (stored.requestHash !== taken.requestHash) throw new AppError('IDEMPOTENCY_MISMATCH');
    if (stored.statusCode === IN_PROGRESS) throw new AppError('IDEMPOTENCY_IN_PROGRESS');
    if (stored.statusCode === COMMITTED) {
      // Done, its answer on the way; stale: the process died between the commit and the answer, which
      // is lost. Never run twice: the person is told it conflicts and reads the record as it now is.
      throw new AppError(stored.stale ? 'CONFLICT' : 'IDEMPOTENCY_IN_PROGRESS');
    }
    return reply.status(stored.statusCode).header('idempotent-replayed', 'true').send(stored.body);
  });

  app.addHook('onSend', async (request, reply, payload) => {
    const reservation = request.idempotencyReservation;
    if (reservation && !request.idempotency) {
      // The route opted out of replay (an import, an answer carrying a secret): give the key back.
      await app.services.db
        .delete(idempotencyKeys)
        .where(and(eq(idempotencyKeys.userId, reservation.userId), eq(idempotencyKeys.key, reservation.key)));
      return payload;
    }
    if (!request.idempotency || reply.getHeader('idempotent-replayed')) return payload;
    await storeAnswer(app.services.db, request, reply.statusCode, payload);
    return payload;
  });
}
