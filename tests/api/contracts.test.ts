import { getTableColumns } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { ENTITIES } from '../../src/shared/entities/index.ts';
import { RESOURCES } from '../../src/server/resources/registry.ts';
import { startServer, type TestServer } from './harness.ts';

/**
 * The API's contract (issue 10): every route documents what it takes and what it answers, from the
 * zod schemas of src/shared/contracts/; records answer the columns their tables hold.
 */
let server: TestServer;
let doc: { paths: Record<string, Record<string, Operation>>; components?: { schemas?: Record<string, unknown> } };
type Operation = { parameters?: { in: string; name: string }[]; requestBody?: unknown; responses?: Record<string, { content?: unknown }> };

/** POSTs that act on the record named in their path and take no body. */
const NO_BODY = new Set(['post /api/v1/auth/reset-password/{id}', 'post /api/v1/auth/generate-token/{userId}']);

/**
 * Standard routes a resource switches off (DESIGN.md §6): transfers are never deleted, so neither is
 * a withdrawal; the ledger's accounts and entries are read-only mirrors that only the ledger writes.
 */
const SWITCHED_OFF = new Set([
  'delete /api/v1/withdrawal/{id}',
  'delete /api/v1/withdrawal/batch',
  // Investments and dividends are money records too (DESIGN.md §10).
  ...['investment', 'dividend'].flatMap((name) => [`delete /api/v1/${name}/{id}`, `delete /api/v1/${name}/batch`]),
  // An offer moves only by its actions (DESIGN.md §12): never patched nor deleted.
  ...['patch /api/v1/offer/{id}', 'delete /api/v1/offer/{id}', 'delete /api/v1/offer/batch'],
  // An order opens by POST /order at the server's price (its own route, 201) and moves only by its actions (DESIGN.md §11).
  ...['post /api/v1/order/batch', 'patch /api/v1/order/{id}', 'delete /api/v1/order/{id}', 'delete /api/v1/order/batch'],
  // A holding is bought and sold by the vault's routes; the standard set only reads it.
  ...['account', 'ledger-entry', 'holding'].flatMap((name) => [
    `post /api/v1/${name}`,
    `post /api/v1/${name}/batch`,
    `patch /api/v1/${name}/{id}`,
    `delete /api/v1/${name}/{id}`,
    `delete /api/v1/${name}/batch`,
  ]),
]);

beforeAll(async () => {
  server = await startServer();
  const { status, body } = await server.call({ method: 'GET', url: '/api/docs/json' });
  expect(status).toBe(200);
  doc = body;
});
afterAll(() => server?.close());

const operations = () =>
  Object.entries(doc.paths).flatMap(([path, methods]) =>
    Object.entries(methods)
      .filter(([method]) => ['get', 'post', 'patch', 'put', 'delete'].includes(method))
      .map(([method, operation]) => ({ route: `${method} ${path}`, path, method, operation })),
  );

describe('/api/docs/json', () => {
  it('lists every API route: the standard set of each entity (less the routes switched off) and the routes beside it', () => {
    const routes = operations().map((o) => o.route);
    for (const name of Object.keys(ENTITIES)) {
      for (const route of ['get', 'post', 'get /search', 'post /batch', 'delete /batch', 'get /{id}', 'patch /{id}', 'delete /{id}']) {
        const [method, suffix = ''] = route.split(' ');
        const expected = `${method} /api/v1/${name}${suffix}`;
        if (SWITCHED_OFF.has(expected)) expect(routes).not.toContain(expected);
        else expect(routes).toContain(expected);
      }
    }
    expect(routes).toContain('get /api/v1/campaign/top');
    expect(routes).toContain('get /api/v1/sync');
    expect(routes.length).toBeGreaterThanOrEqual(Object.keys(ENTITIES).length * 8 - SWITCHED_OFF.size + 18);
  });

  it('documents each route with its request (path parameters, query, body) and a response schema', () => {
    const missing: string[] = [];
    for (const { route, path, method, operation } of operations()) {
      const params = [...path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]);
      const documented = new Set((operation.parameters ?? []).filter((p) => p.in === 'path').map((p) => p.name));
      for (const param of params) if (!documented.has(param)) missing.push(`${route}: path parameter ${param}`);
      if ((method === 'post' || method === 'patch' || method === 'put') && !NO_BODY.has(route) && !operation.requestBody)
        missing.push(`${route}: request body`);
      const success = Object.entries(operation.responses ?? {}).filter(([status]) => /^2\d\d$/.test(status));
      if (!success.length || success.some(([, answer]) => !answer.content)) missing.push(`${route}: response schema`);
      if (!operation.responses?.['400']) missing.push(`${route}: error answers`);
    }
    expect(missing).toEqual([]);
  });

  it('answers 201 for creates and documents list queries', () => {
    for (const name of Object.keys(ENTITIES)) {
      if (!SWITCHED_OFF.has(`post /api/v1/${name}`))
        expect(Object.keys(doc.paths[`/api/v1/${name}`].post.responses ?? {})).toContain('201');
      if (!SWITCHED_OFF.has(`post /api/v1/${name}/batch`))
        expect(Object.keys(doc.paths[`/api/v1/${name}/batch`].post.responses ?? {})).toContain('201');
      const query = (doc.paths[`/api/v1/${name}`].get.parameters ?? []).filter((p) => p.in === 'query').map((p) => p.name);
      expect(query).toEqual(expect.arrayContaining(['page', 'limit', 'filters', 'sorts', 'q']));
    }
  });
});

describe('record schemas', () => {
  it('name every column a record answers, with the nullability of its table (a password hash never)', () => {
    const drift: string[] = [];
    for (const resource of RESOURCES) {
      const shape = (resource.entity.record as unknown as z.ZodObject).shape;
      const columns = getTableColumns(resource.table);
      for (const [key, column] of Object.entries(columns)) {
        if (resource.hidden?.includes(key)) {
          if (key in shape) drift.push(`${resource.entity.name}.${key}: hidden column in the record`);
          continue;
        }
        if (!shape[key]) drift.push(`${resource.entity.name}.${key}: column missing from the record schema`);
        else if (shape[key].safeParse(null).success === column.notNull)
          drift.push(`${resource.entity.name}.${key}: record ${column.notNull ? 'nullable' : 'not nullable'}, column the other way`);
      }
      for (const key of Object.keys(shape)) if (!(key in columns)) drift.push(`${resource.entity.name}.${key}: not a column`);
    }
    expect(drift).toEqual([]);
  });

  it('strips nothing the client needs and never leaks the password hash (a user as the API answers it)', async () => {
    const root = await server.rootToken();
    const user = await server.user(root, { roles: ['regular'] });
    expect(Object.keys(user.record).sort()).toEqual(
      Object.keys(getTableColumns(RESOURCES.find((r) => r.entity.name === 'user')!.table))
        .filter((k) => k !== 'passwordHash')
        .sort(),
    );
  });
});
