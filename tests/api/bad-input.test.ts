import { getTableColumns } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import fc from 'fast-check';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ERROR_CODES } from '../../src/shared/errors.ts';
import { ENTITIES, ENTITY_NAMES, type EntityName } from '../../src/shared/entities/index.ts';
import { settingUpdateSchema } from '../../src/shared/setting.ts';
import type { ResourceDefinition } from '../../src/server/resources/define-resource.ts';
import { RESOURCES } from '../../src/server/resources/registry.ts';
import {
  createRecord,
  ENTITY_FIXTURES,
  makeCatalog,
  makePrerequisites,
  uniqueTag,
  type Prerequisites,
} from '../fixtures/entity-payloads.ts';
import { EXE, HTML } from '../fixtures/sample-files.ts';
import { databaseState, fingerprint, type TableState } from './database-state.ts';
import { startServer, type TestServer } from './harness.ts';
import {
  EXTREME_DATES,
  garbageIdempotencyKey,
  garbageIfMatch,
  hostileBatchBody,
  hostileId,
  hostileListQuery,
  hostileObjectBody,
  json,
  MALFORMED_JSON,
  printableString,
  SQL_STRINGS,
  type ListShape,
  type RawBody,
} from './hostile-input.ts';
import { multipart } from './multipart.ts';

/**
 * Generated hostile input thrown at every route (DESIGN.md §4: "Bad input never yields a 500 and
 * never changes data"): every answer must be a 4xx `{ message, code }` and the database must stay
 * exactly as it was. Runs are few per route so the whole file stays quick (BAD_INPUT_RUNS=200 digs deeper).
 */
const RUNS = Number(process.env.BAD_INPUT_RUNS ?? 10);

let server: TestServer;
let root: string;
let pre: Prerequisites;
/** One existing record per entity: the target of PATCH and DELETE with hostile headers or bodies. */
const targets = new Map<EntityName, Record<string, any>>();
let baseline: Record<string, TableState>;
let campaignWithLead: string;

beforeAll(async () => {
  server = await startServer();
  root = await server.rootToken();
  const staff = await server.user(root, { roles: ['regular'] });
  const lead = await server.user(root, { roles: ['lead'], assignedTo: staff.id });
  const catalog = await makeCatalog(server, root);
  pre = await makePrerequisites(server, root, catalog, lead.id, staff.id);
  for (const entity of ENTITY_NAMES) targets.set(entity, await createRecord(server, root, entity, pre));
  // A campaign with a lead in it: deleting it is refused like the other records others depend on.
  campaignWithLead = (await createRecord(server, root, 'campaign', pre)).id;
  await server.user(root, { roles: ['lead'], assignedTo: staff.id, campaignId: campaignWithLead });
  baseline = await databaseState(server);
});
afterAll(() => server?.close());

type Answer = Awaited<ReturnType<TestServer['call']>>;

function expectRefused(answer: Answer, what: string) {
  const context = `${what} → ${answer.status} ${JSON.stringify(answer.body).slice(0, 300)}`;
  expect(answer.status, context).toBeGreaterThanOrEqual(400);
  expect(answer.status, context).toBeLessThan(500);
  expect(typeof answer.body?.message === 'string' && answer.body.message.length > 0, context).toBe(true);
  expect(ERROR_CODES, context).toContain(answer.body?.code);
  expect(answer.body.code, context).not.toBe('INTERNAL');
}

/** Sends one hostile request as root (so no role check hides a validation gap) and checks the answer and the database. */
async function refuses(
  method: string,
  url: string,
  options: { body?: RawBody; headers?: Record<string, string>; token?: string | null } = {},
) {
  const before = await fingerprint(server);
  const headers = { ...(options.body ? { 'content-type': options.body.contentType } : {}), ...options.headers };
  const answer = await server.call({
    method: method as 'GET',
    url,
    token: options.token === null ? undefined : (options.token ?? root),
    headers,
    ...(options.body ? { payload: options.body.text } : {}),
  });
  const what = `${method} ${url.slice(0, 200)} ${options.body ? `[${options.body.contentType}] ${options.body.text.slice(0, 200)}` : ''} ${JSON.stringify(options.headers ?? {})}`;
  expectRefused(answer, what);
  expect(await fingerprint(server), `database changed by ${what}`).toBe(before);
}

const property = <T>(arb: fc.Arbitrary<T>, check: (value: T) => Promise<void>, numRuns = RUNS) =>
  fc.assert(fc.asyncProperty(arb, check), { numRuns });

/** The keys a zod object schema accepts (plus the client id on create). */
function keysOf(schema: z.ZodType, extra: string[] = []): Set<string> {
  const shape = (schema as unknown as { shape?: Record<string, unknown> }).shape ?? {};
  return new Set([...Object.keys(shape), ...extra]);
}

/** What the list generator needs: which filterable fields hold ids, numbers, booleans, dates or arrays. */
function listShape(resource: ResourceDefinition): ListShape {
  const columns = getTableColumns(resource.table) as unknown as Record<string, PgColumn>;
  const typed: ListShape['typed'] = { uuid: [], number: [], boolean: [], date: [], array: [] };
  for (const field of resource.entity.filterable) {
    const type = columns[field]?.columnType;
    if (type === 'PgUUID') typed.uuid.push(field);
    else if (type === 'PgNumeric' || type === 'PgInteger') typed.number.push(field);
    else if (type === 'PgBoolean') typed.boolean.push(field);
    else if (type === 'PgTimestamp') typed.date.push(field);
    else if (type === 'PgArray') typed.array.push(field);
  }
  return { filterable: resource.entity.filterable, sortable: resource.entity.sortable, typed, plainParams: !!resource.plainParams };
}

/** The fields of a schema that hold dates (timestamp columns), for the date extremes. */
function dateFieldsOf(resource: ResourceDefinition, keys: ReadonlySet<string>): string[] {
  const columns = getTableColumns(resource.table) as unknown as Record<string, PgColumn>;
  return [...keys].filter((key) => columns[key]?.columnType === 'PgTimestamp');
}

afterEach(async () => {
  // The thorough check: every row of every table as it was before the first hostile request.
  expect(await databaseState(server)).toEqual(baseline);
});

describe.each(ENTITY_NAMES)('hostile input to %s', (entity) => {
  const resource = RESOURCES.find((r) => r.entity.name === entity)!;
  const fixture = ENTITY_FIXTURES[entity];
  const base = `/api/v1/${entity}`;

  // A holding is bought, never created, patched or deleted by the standard set: those routes answer 404 whatever is sent.
  const creatable = resource.access.create !== 'nobody';
  const updatable = resource.access.update !== 'nobody';
  it.runIf(!creatable)('POST create and POST batch are not there: refused whatever the body, nothing written', async () => {
    await property(fc.jsonValue(), async (value) => {
      for (const url of [base, `${base}/batch`]) await refuses('POST', url, { body: json(JSON.stringify(value) ?? 'null') });
    });
  });

  it.runIf(creatable)('POST create and POST batch', async () => {
    const payload = fixture.create(pre, uniqueTag());
    const createKeys = keysOf(ENTITIES[entity].create, ['id']);
    const dates = dateFieldsOf(resource, createKeys);
    await property(hostileObjectBody(payload, createKeys, dates), (body) => refuses('POST', base, { body }));
    await property(hostileBatchBody(payload, createKeys, resource.maxBatch), (body) => refuses('POST', `${base}/batch`, { body }));
  });

  it('GET list and search', async () => {
    const query = hostileListQuery(listShape(resource));
    await property(fc.tuple(query, fc.boolean()), ([text, search]) => refuses('GET', `${base}${search ? '/search' : ''}?${text}`));
  });

  it('GET, PATCH and DELETE by id', async () => {
    const target = targets.get(entity)!;
    const updateKeys = keysOf(ENTITIES[entity].update);
    const patchBody = json(JSON.stringify(fixture.patch));
    await property(hostileId, (id) => refuses('GET', `${base}/${encodeURIComponent(id)}`));
    await property(
      fc.oneof(
        hostileId.map((id) => ({ id, body: patchBody, headers: {} })),
        ...(updatable
          ? [
              hostileObjectBody(fixture.patch, updateKeys, dateFieldsOf(resource, updateKeys)).map((body) => ({
                id: target.id as string,
                body,
                headers: {},
              })),
            ]
          : []),
        garbageIfMatch.map((ifMatch) => ({ id: target.id as string, body: patchBody, headers: { 'if-match': ifMatch } })),
        garbageIdempotencyKey.map((key) => ({ id: target.id as string, body: patchBody, headers: { 'idempotency-key': key } })),
      ),
      ({ id, body, headers }) => refuses('PATCH', `${base}/${encodeURIComponent(id)}`, { body, headers }),
    );
    await property(
      fc.oneof(
        hostileId.map((id) => ({ id, headers: {} })),
        garbageIfMatch.map((ifMatch) => ({ id: target.id as string, headers: { 'if-match': ifMatch } })),
        garbageIdempotencyKey.map((key) => ({ id: target.id as string, headers: { 'idempotency-key': key } })),
      ),
      ({ id, headers }) => refuses('DELETE', `${base}/${encodeURIComponent(id)}`, { headers }),
    );
  });

  it('DELETE batch', async () => {
    const target = targets.get(entity)!;
    const bodies = fc.oneof(
      fc
        .constantFrom(
          {},
          { ids: [] },
          { ids: 'x' },
          { ids: [1] },
          { ids: [null] },
          { ids: [target.id], extra: 1 },
          [target.id],
          null,
          'ids',
        )
        .map((b) => json(JSON.stringify(b))),
      fc.constantFrom(...SQL_STRINGS).map((s) => json(JSON.stringify({ ids: [target.id, s] }))),
      fc.uuid().map((id) => json(JSON.stringify({ ids: [target.id, id] }))),
      fc.constant(json(JSON.stringify({ ids: Array.from({ length: 1001 }, () => crypto.randomUUID()) }))),
      fc.constantFrom(...MALFORMED_JSON).map(json),
    );
    await property(bodies, (body) => refuses('DELETE', `${base}/batch`, { body }));
  });
});

describe('hostile input to the other routes', () => {
  it('auth: login, logout, check-auth, reset-password, generate-token', async () => {
    const credentials = { email: 'nobody@test.local', password: 'not-the-password1' };
    await property(hostileObjectBody(credentials, new Set(['email', 'password'])), (body) =>
      refuses('POST', '/api/v1/auth/login', { body, token: null }),
    );
    await property(
      fc.oneof(fc.constantFrom('yes', '1', 'TRUE', '', "' OR 1=1"), printableString(10)).filter((v) => v !== 'true' && v !== 'false'),
      (value) => refuses('GET', `/api/v1/auth/logout?allDevices=${encodeURIComponent(value)}`),
    );
    await property(
      fc.oneof(
        printableString(60).map((t) => `Bearer ${t}`),
        fc.constantFrom('Bearer', 'Basic cm9vdDpyb290', `Bearer ${'x'.repeat(5000)}`, 'Bearer a.b.c'),
      ),
      (authorization) => refuses('GET', '/api/v1/auth/check-auth', { token: null, headers: { authorization } }),
    );
    for (const route of ['reset-password', 'generate-token']) {
      await property(hostileId, (id) => refuses('POST', `/api/v1/auth/${route}/${encodeURIComponent(id)}`));
    }
  });

  it('sync', async () => {
    const query = fc.oneof(
      fc.constantFrom('-1', 'abc', '1e400', '1.5', '[]', "' OR 1=1").map((v) => `since=${encodeURIComponent(v)}`),
      fc.constantFrom('0', '-5', '5001', '100000', 'all').map((v) => `since=0&limit=${v}`),
      fc.constantFrom('since=0&since=1', 'since=0&entity=user', 'since=0&__proto__=1', 'since=0&audience=all'),
    );
    await property(query, (text) => refuses('GET', `/api/v1/sync?${text}`));
  });

  it('settings: PATCH and logo', async () => {
    const keys = keysOf(settingUpdateSchema);
    await property(hostileObjectBody({ companyName: 'Acme', email: 'contact@acme.test' }, keys), (body) =>
      refuses('PATCH', '/api/v1/setting', { body }),
    );
    for (const content of [EXE, HTML]) {
      const { payload, headers } = multipart({ content, filename: 'logo.png', contentType: 'image/png' });
      const answer = await server.call({ method: 'POST', url: '/api/v1/setting/logo', token: root, payload, headers });
      expectRefused(answer, 'logo');
    }
    await refuses('POST', '/api/v1/setting/logo', { body: json('{"logo":"http://evil.test/x.png"}') });
  });

  it('uploads: upload and download', async () => {
    await property(fc.constantFrom(...MALFORMED_JSON, '{"file":"x"}').map(json), (body) =>
      refuses('POST', '/api/v1/uploads/upload', { body }),
    );
    await property(
      fc
        .oneof(fc.constantFrom('secret', 'document;drop', '__proto__', ''), printableString(10))
        .filter((p) => !['file', 'logo', 'image', 'document'].includes(p)),
      async (purpose) => {
        const { payload, headers } = multipart({ content: Buffer.from('%PDF-1.4\n%%EOF\n'), filename: 'a.pdf' });
        const before = await fingerprint(server);
        const answer = await server.call({
          method: 'POST',
          url: `/api/v1/uploads/upload?purpose=${encodeURIComponent(purpose)}`,
          token: root,
          payload,
          headers,
        });
        expectRefused(answer, `upload purpose ${purpose}`);
        expect(await fingerprint(server)).toBe(before);
      },
    );
    await property(hostileId, (name) => refuses('GET', `/api/v1/uploads/${encodeURIComponent(name)}`));
  });

  it('oversized bodies answer 413 on every write route', async () => {
    const big = json(JSON.stringify({ name: 'x'.repeat(1024 * 1024 + 10) }));
    for (const entity of ENTITY_NAMES) {
      await refuses('POST', `/api/v1/${entity}`, { body: big });
      await refuses('PATCH', `/api/v1/${entity}/${targets.get(entity)!.id}`, { body: big });
    }
    await refuses('PATCH', '/api/v1/setting', { body: big });
    await refuses('POST', '/api/v1/auth/login', { body: big, token: null });
    const huge = json(
      `[${Array(34)
        .fill(JSON.stringify({ name: 'y'.repeat(1024 * 1024) }))
        .join(',')}]`,
    );
    await refuses('POST', '/api/v1/campaign/batch', { body: huge });
  });

  it('deeply nested JSON with an Idempotency-Key is refused, not a crash', async () => {
    const depth = 50_000;
    const body = json(`${'['.repeat(depth)}${']'.repeat(depth)}`);
    await refuses('POST', '/api/v1/campaign', { body, headers: { 'idempotency-key': crypto.randomUUID() } });
    await refuses('POST', '/api/v1/campaign/batch', { body, headers: { 'idempotency-key': crypto.randomUUID() } });
  });

  it('unknown routes, bad URLs and overlong ids answer 4xx as JSON', async () => {
    await refuses('GET', '/api/v1/nope');
    await refuses('PUT', '/api/v1/campaign');
    // Malformed %-escapes and overlong ids fail in the router, before any route: same error shape.
    await refuses('GET', '/api/v1/campaign/%E0%A4%A');
    await refuses('PATCH', '/api/v1/campaign/%zz', { body: json('{"name":"x"}') });
    await refuses('DELETE', `/api/v1/campaign/${'a'.repeat(300)}`);
  });
});

describe('records others depend on', () => {
  it('deleting one, alone or twice in a batch, answers 409 HAS_DEPENDENTS and changes nothing: never a 500', async () => {
    // The lead owns a deposit, an order and more; the category holds the product; the product has an offer.
    const depended: [EntityName, string][] = [
      ['user', pre.ownerId],
      ['product-category', pre.categoryId],
      // The product held by the lead: its holding and the offers made on it depend on it.
      ['product', pre.heldProductId],
      ['campaign', campaignWithLead],
    ];
    for (const [entity, id] of depended) {
      for (const [method, url, body] of [
        ['DELETE', `/api/v1/${entity}/${id}`, undefined],
        ['DELETE', `/api/v1/${entity}/batch`, json(JSON.stringify({ ids: [id, id] }))],
      ] as const) {
        const before = await fingerprint(server);
        const answer = await server.call({
          method,
          url,
          token: root,
          ...(body ? { payload: body.text, headers: { 'content-type': body.contentType } } : {}),
        });
        expectRefused(answer, `${method} ${url}`);
        expect(answer.status, `${method} ${url}`).toBe(409);
        expect(await fingerprint(server)).toBe(before);
      }
    }
  });

  it('the date extremes answer 400 on the date routes beside the standard set', async () => {
    for (const date of EXTREME_DATES) {
      for (const param of ['from', 'to']) await refuses('GET', `/api/v1/user/lead-trend?${param}=${encodeURIComponent(date)}`);
    }
  });
});

describe('SQL-looking text is data', () => {
  it('is stored verbatim where text is allowed, and search treats it (and LIKE wildcards) literally', async () => {
    const created: string[] = [];
    for (const text of SQL_STRINGS) {
      const { status, body } = await server.call({ method: 'POST', url: '/api/v1/campaign', token: root, payload: { name: `Q ${text}` } });
      expect(status).toBe(201);
      expect(body.name).toBe(`Q ${text}`);
      created.push(body.id);
      const found = await server.call({
        method: 'GET',
        url: `/api/v1/campaign/search?q=${encodeURIComponent(text)}&limit=100`,
        token: root,
      });
      expect(found.status).toBe(200);
      expect(found.body.campaigns.every((c: { name: string }) => c.name.toLowerCase().includes(text.toLowerCase()))).toBe(true);
      expect(found.body.campaigns.map((c: { id: string }) => c.id)).toContain(body.id);
    }
    // Put the database back as the other tests expect it.
    const removed = await server.call({ method: 'DELETE', url: '/api/v1/campaign/batch', token: root, payload: { ids: created } });
    expect(removed.status).toBe(200);
    baseline = await databaseState(server);
  });
});
