import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { buildApp, type AppOptions } from '../../src/server/app.ts';
import { createTestDatabase } from './test-database.ts';

export const ROOT = { email: 'root@test.local', password: 'rootpass1' };

/**
 * A fresh server per test file, on its own database cloned from the run's migrated template
 * (tests/api/test-database.ts: the embedded PostgreSQL, or the server DATABASE_URL names), dropped at close.
 */
export async function startServer(overrides: AppOptions = {}): Promise<TestServer> {
  const [server] = await startNodes(1, overrides);
  return server;
}

/**
 * `count` API nodes on one such database, started at once as a deployment would start them: each its
 * own app (pool, socket.io server, scheduler, DATA_DIR). Closing the last one drops the database.
 */
export async function startNodes(count: number, overrides: AppOptions = {}): Promise<TestServer[]> {
  const database = await createTestDatabase();
  let open = count;
  const nodes = await Promise.all(
    Array.from({ length: count }, async () => {
      const dataDir = await mkdtemp(path.join(os.tmpdir(), 'bd-test-'));
      const app = await buildApp({
        dataDir,
        databaseUrl: database.url,
        rootEmail: ROOT.email,
        rootPassword: ROOT.password,
        logger: process.env.BD_LOG === '1' ? undefined : false,
        jwtSecret: 'test-secret-test-secret-test-secret',
        // Suites send hundreds of batches from one user; the limit itself is tested with its own setting.
        heavyRequests: { max: 1_000_000, windowSeconds: 60 },
        // The same for card attempts, all from one address (tests/api/card-bounds.test.ts tests the defaults).
        cardAttempts: { lead: { max: 1_000_000, windowSeconds: 60 }, address: { max: 1_000_000, windowSeconds: 60 } },
        // Scheduled work runs when a test asks for it (`app.services.scheduler.runDue()`, or `scheduler: {}`).
        scheduler: false,
        // One node, as the default install: events and uploads stay in this process (tests/api/multi-node.test.ts: several).
        cluster: false,
        ...overrides,
      });
      await app.ready();
      return new TestServer(app, async () => {
        await app.close();
        await rm(dataDir, { recursive: true, force: true });
        if (--open === 0) await database.drop();
      });
    }),
  );
  return nodes;
}

export type Call = Omit<InjectOptions, 'headers'> & { token?: string; headers?: Record<string, string> };

export class TestServer {
  constructor(
    readonly app: FastifyInstance,
    readonly close: () => Promise<void>,
  ) {}

  /** One HTTP call through Fastify's inject, as a signed-in user when `token` is given. */
  async call(options: Call) {
    const { token, headers = {}, ...rest } = options;
    const response = await this.app.inject({
      ...rest,
      headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...headers },
    } as InjectOptions);
    let body: any;
    try {
      body = response.json();
    } catch {
      body = response.body;
    }
    return { status: response.statusCode, body, headers: response.headers };
  }

  async login(email: string, password: string): Promise<string> {
    const { status, body } = await this.call({ method: 'POST', url: '/api/v1/auth/login', payload: { email, password } });
    if (status !== 200) throw new Error(`login ${email} failed: ${status} ${JSON.stringify(body)}`);
    return body.token;
  }

  rootToken = () => this.login(ROOT.email, ROOT.password);

  /** Creates a user as `token` (root by default) and signs them in. */
  async user(token: string, fields: Record<string, unknown>): Promise<{ id: string; token: string; email: string; record: any }> {
    const email = (fields.email as string) ?? `u${Math.random().toString(36).slice(2, 10)}@test.local`;
    const password = (fields.password as string) ?? 'secret123';
    const { status, body } = await this.call({
      method: 'POST',
      url: '/api/v1/user',
      token,
      payload: { firstName: 'Test', lastName: 'User', roles: ['lead'], ...fields, email, password },
    });
    if (status !== 201) throw new Error(`create user failed: ${status} ${JSON.stringify(body)}`);
    return { id: body.id, email, token: await this.login(email, password), record: body };
  }

  /** Raw SQL on the server's database, for asserting what was (not) written. */
  async sql<T = Record<string, unknown>>(query: string): Promise<T[]> {
    const result = (await this.app.services.db.execute(query)) as unknown as { rows: T[] };
    return result.rows;
  }
}

/**
 * A pending verification with a document row to decide on (its bytes play no part): the state a lead
 * is in after uploading, for tests of the decision itself. A decision needs documents (NO_DOCUMENTS).
 */
export async function pendingWithDocument(server: TestServer, leadId: string) {
  await server.sql(`update users set verification_status = 'pending', version = version + 1 where id = '${leadId}'`);
  const documentId = randomUUID();
  await server.sql(
    `insert into uploads (id, name, owner_id, mime, size, original_name, private, purpose)
     values ('${documentId}', '${documentId}.png', '${leadId}', 'image/png', 1, 'passport.png', true, 'document')`,
  );
}
