import type { FastifyInstance } from 'fastify';

export type Clock = { now(): Date };
const systemClock: Clock = { now: () => new Date() };

/** The app's injectable clock (tests move it), else the system's. */
export const clockOf = (app: FastifyInstance): Clock => (app.services as { clock?: Clock }).clock ?? systemClock;
