import { createHash } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Executor } from '../db/client.ts';
import { idempotencyKeys } from '../db/schema.ts';
import { AppError } from './app-error.ts';

const MUTATING = new Set(['POST', 'PATCH', 'PUT', 'DELETE']);
const KEY_PATTERN = /^[A-Za-z0-9._:-]{8,200}$/;
/** Answers that must not be remembered: the same request may well succeed when tried again. */
const TRANSIENT = new Set([401, 409, 429]);

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

type Stored = { requestHash: string; statusCode: number; body: unknown };

export async function findStored(db: Executor, userId: string, key: string): Promise<Stored | undefined> {
  const [row] = await db
    .select({ requestHash: idempotencyKeys.requestHash, statusCode: idempotencyKeys.statusCode, body: idempotencyKeys.body })
    .from(idempotencyKeys)
    .where(and(eq(idempotencyKeys.userId, userId), eq(idempotencyKeys.key, key)));
  return row;
}

/** Saves the answer to a keyed request; `false` when another request with the same key got there first. */
export async function storeAnswer(db: Executor, request: FastifyRequest, statusCode: number, body: unknown): Promise<boolean> {
  const state = request.idempotency;
  if (!state || state.stored || TRANSIENT.has(statusCode) || statusCode >= 500) return true;
  const inserted = await db
    .insert(idempotencyKeys)
    .values({ userId: state.userId, key: state.key, requestHash: state.requestHash, statusCode, body: body as object })
    .onConflictDoNothing()
    .returning({ key: idempotencyKeys.key });
  state.stored = true;
  return inserted.length > 0;
}

/**
 * `Idempotency-Key` on POST/PATCH/DELETE (DESIGN.md §4): the first answer is kept per user; the same key
 * again returns it with `Idempotent-Replayed: true` and does nothing. Routes that write through
 * `mutate()` store the answer inside their transaction; the onSend hook stores it for the others.
 */
export function registerIdempotency(app: FastifyInstance) {
  app.addHook('preHandler', async (request, reply) => {
    const key = request.headers['idempotency-key'];
    if (!MUTATING.has(request.method) || key === undefined || !request.actor) return;
    if (typeof key !== 'string' || !KEY_PATTERN.test(key))
      throw new AppError('BAD_REQUEST', { 'idempotency-key': { key: 'validation.idempotencyKey', params: {} } });
    const hash = requestHash(request);
    const stored = await findStored(app.services.db, request.actor.id, key);
    if (stored) {
      if (stored.requestHash !== hash) throw new AppError('IDEMPOTENCY_MISMATCH');
      return reply.status(stored.statusCode).header('idempotent-replayed', 'true').send(stored.body);
    }
    request.idempotency = { key, requestHash: hash, userId: request.actor.id, stored: false };
  });

  app.addHook('onSend', async (request, reply, payload) => {
    if (!request.idempotency || request.idempotency.stored || reply.getHeader('idempotent-replayed')) return payload;
    let body: unknown = null;
    if (typeof payload === 'string') {
      try {
        body = JSON.parse(payload);
      } catch {
        body = payload;
      }
    }
    await storeAnswer(app.services.db, request, reply.statusCode, body);
    return payload;
  });
}
