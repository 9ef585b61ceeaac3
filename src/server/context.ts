import type { Role } from '../shared/roles.ts';
import type { Config } from './config.ts';
import type { Database, Db } from './db/client.ts';
import type { PaymentGateway } from './payments/gateway.ts';
import type { Realtime } from './realtime/realtime.ts';
import type { Clock } from './scheduler/clock.ts';
import type { Scheduler } from './scheduler/scheduler.ts';
import type { FileStore } from './uploads/file-store.ts';
import type { AppPriceFeed } from './trading/feed/index.ts';

/** What every route reaches through `app.services`; `clock` is the one time source of timed work. */
export type Services = { clock: Clock; scheduler: Scheduler } & {
  db: Db;
  database: Database;
  config: Config;
  realtime: Realtime;
  payments: PaymentGateway;
  /** Where uploaded bytes live: this node's disk, or the database when several nodes share it. */
  files: FileStore;
  /** Every price booked or shown (src/server/trading/feed/index.ts). */
  priceFeed: AppPriceFeed;
};

/** The signed-in user a request acts as. */
export type Actor = {
  id: string;
  roles: Role[];
  email: string;
  sessionId: string;
  /** The real person when this is an impersonation token (DESIGN.md §5), else null. */
  impersonatorId: string | null;
};

export type IdempotencyState = {
  key: string;
  requestHash: string;
  userId: string;
  stored: boolean;
};

declare module 'fastify' {
  interface FastifyInstance {
    services: Services;
  }
  interface FastifyRequest {
    actor?: Actor;
    idempotency?: IdempotencyState;
    /** The key reserved before the work began (http/idempotency.ts): given back if the route opts out of replay. */
    idempotencyReservation?: { userId: string; key: string };
    /** The key was taken already when authentication tried to reserve it (http/idempotency.ts). */
    idempotencyTaken?: { key: string; requestHash: string };
    /** The current password sent with a change of one's own password or email was checked (auth routes). */
    credentialsConfirmed?: boolean;
  }
  interface FastifyContextConfig {
    /** Reachable without signing in. */
    public?: boolean;
  }
}
