import type { FastifyInstance } from 'fastify';
import { RateLimited } from './app-error.ts';
import { countHit } from './rate-counters.ts';

/** Routes that cost far more than a read of one page: batches, imports, exports, statistics. */
const HEAVY = /\/(batch|import-excel|export[\w-]*|stats|lead-trend|lead-stats|top)$/;

/**
 * A per-user budget of heavy requests, counted in the database so every API node shares it;
 * over it, 429 with Retry-After (no single user can keep the database busy for everyone).
 */
export function registerHeavyLimit(app: FastifyInstance) {
  const { max, windowSeconds } = app.services.config.heavyRequests;
  app.addHook('preHandler', async (request) => {
    const url = request.routeOptions.url;
    if (!request.actor || !url || !HEAVY.test(url)) return;
    const wait = await countHit(app.services.db, `heavy:${request.actor.id}`, max, windowSeconds);
    if (wait > 0) throw new RateLimited(wait);
  });
}
