import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Backoff } from './http/rate-counters.ts';
import { UPLOAD_LIMITS, type UploadLimits } from './uploads/limits.ts';

/** The package root (where package.json, locales/ and dist/ live), wherever the server was built to. */
export const ROOT_DIR = (() => {
  let dir = path.dirname(fileURLToPath(import.meta.url));
  while (!existsSync(path.join(dir, 'package.json'))) dir = path.dirname(dir);
  return dir;
})();

export type Config = {
  port: number;
  host: string;
  dataDir: string;
  /** A postgres:// URL: that PostgreSQL server instead of the embedded one the app starts in DATA_DIR/pg. */
  databaseUrl?: string;
  /**
   * Several API nodes share the database (docs/scaling.md): socket.io events travel between them through
   * PostgreSQL and uploaded bytes are kept in the database. `CLUSTER=1|0`; on by default with DATABASE_URL.
   */
  cluster: boolean;
  rootEmail: string;
  rootPassword?: string;
  jwtSecret: string;
  logLevel: string;
  /** Session lifetime. */
  sessionTtlSeconds: number;
  /** Lifetime of an impersonation token: hours, not the month of a sign-in. */
  impersonationTtlSeconds: number;
  /**
   * Failed sign-ins (and current-password guesses): per account and address pair, per account from
   * addresses that never signed in to it, and per address; each with growing delays past its threshold.
   */
  loginBackoff: { pair: Backoff; account: Backoff; address: Backoff };
  /** Heavy requests (batch, import, export, stats) per user in a window. */
  heavyRequests: { max: number; windowSeconds: number };
  /** Uploads per person: a minute's rate, and a day's files and bytes (src/server/uploads/limits.ts). */
  uploadLimits: UploadLimits;
  /**
   * Card payment attempts (card testing): every attempt for one lead, and the attempts from one
   * address that were declined or not answered yet (successes give theirs back), each in a window.
   */
  cardAttempts: { lead: { max: number; windowSeconds: number }; address: { max: number; windowSeconds: number } };
  /**
   * Days a change-log row is kept before compaction may remove it (superseded rows and deletions only):
   * a client offline longer refills its mirror from scratch (docs/decisions/change-log-compaction.md).
   */
  changeLogRetentionDays: number;
  /** Behind a proxy that terminates TLS: trust its X-Forwarded-Proto (and address) headers. */
  trustProxy: boolean;
  clientDir: string;
};

/** Reads the JWT secret from the environment, else from DATA_DIR, making it once (DESIGN.md §1). */
function jwtSecret(dataDir: string): string {
  if (process.env.JWT_SECRET) return process.env.JWT_SECRET;
  const file = path.join(dataDir, 'jwt-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  const secret = randomBytes(48).toString('base64url');
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}

const positiveNumber = (text: string | undefined) => {
  const value = Number(text);
  return text && Number.isFinite(value) && value > 0 ? value : undefined;
};

export function loadConfig(overrides: Partial<Config> = {}): Config {
  const dataDir = path.resolve(overrides.dataDir ?? process.env.DATA_DIR ?? path.join(ROOT_DIR, 'data'));
  mkdirSync(dataDir, { recursive: true });
  const databaseUrl = 'databaseUrl' in overrides ? overrides.databaseUrl : process.env.DATABASE_URL || undefined;
  return {
    port: Number(process.env.PORT ?? 3000),
    host: process.env.HOST ?? '127.0.0.1',
    databaseUrl,
    cluster: process.env.CLUSTER ? process.env.CLUSTER === '1' : Boolean(databaseUrl),
    rootEmail: (process.env.ROOT_EMAIL ?? 'root@brokerdesk.local').toLowerCase(),
    rootPassword: process.env.ROOT_PASSWORD || undefined,
    logLevel: process.env.LOG_LEVEL ?? 'info',
    sessionTtlSeconds: 60 * 60 * 24 * 30,
    impersonationTtlSeconds: 60 * 60 * 4,
    loginBackoff: {
      pair: { threshold: 5, baseSeconds: 2, maxSeconds: 15 * 60, windowSeconds: 24 * 60 * 60 },
      account: { threshold: 10, baseSeconds: 2, maxSeconds: 15 * 60, windowSeconds: 24 * 60 * 60 },
      address: { threshold: 30, baseSeconds: 2, maxSeconds: 15 * 60, windowSeconds: 60 * 60 },
    },
    // One dashboard visit costs five heavy reads (lead stats, trend, top campaigns, deposit and withdrawal
    // stats): 30 a minute refused a person's sixth visit; 120 still stops a flood of batches or imports.
    heavyRequests: { max: 120, windowSeconds: 60 },
    uploadLimits: UPLOAD_LIMITS,
    // A person paying tries a card or two; 200 declined numbers a second is card testing. An office
    // paying for many leads from one address is never slowed by the payments that go through.
    cardAttempts: { lead: { max: 20, windowSeconds: 60 * 60 }, address: { max: 20, windowSeconds: 60 * 60 } },
    changeLogRetentionDays: positiveNumber(process.env.CHANGE_LOG_RETENTION_DAYS) ?? 30,
    trustProxy: process.env.TRUST_PROXY === 'true',
    clientDir: path.join(ROOT_DIR, 'dist', 'client'),
    ...overrides,
    dataDir,
    jwtSecret: overrides.jwtSecret ?? jwtSecret(dataDir),
  };
}
