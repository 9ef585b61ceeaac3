import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENTITIES, ENTITY_NAMES, type EntityName } from '../../src/shared/entities/index.ts';
import { RESOURCES } from '../../src/server/resources/registry.ts';
import { ENTITY_FIXTURES, makeCatalog, makePrerequisites, uniqueTag, type Prerequisites } from '../fixtures/entity-payloads.ts';
import { changeLogCount, changeLogOf, databaseState } from './database-state.ts';
import { startServer, type TestServer } from './harness.ts';
import { inFilter, listUrl } from './urls.ts';

/**
 * DESIGN.md §4's standard set, generated for each of the fourteen entities from one table of
 * payload factories (tests/fixtures/entity-payloads.ts). Everything runs as root; who may do what
 * is the role matrix's business.
 */
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const ISO_DATE = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$/;

let server: TestServer;
let root: string;
let rootId: string;
let pre: Prerequisites;

beforeAll(async () => {
  server = await startServer();
  root = await server.rootToken();
  rootId = (await server.call({ method: 'GET', url: '/api/v1/auth/check-auth', token: root })).body.id;
  const staff = await server.user(root, { roles: ['regular'] });
  const lead = await server.call({
    method: 'POST',
    url: '/api/v1/user',
    token: root,
    payload: { firstName: 'Owner', lastName: 'Lead', email: `${uniqueTag()}@owner.test`, roles: ['lead'], assignedTo: staff.id },
  });
  const catalog = await makeCatalog(server, root);
  pre = await makePrerequisites(server, root, catalog, lead.body.id, staff.id);
});
afterAll(() => server?.close());

/** A filter that matches `record` on `field` by its own value, as a client would build it. */
function ownValueFilter(field: string, value: unknown) {
  if (value === null || value === undefined) return { field, values: [true], operator: 'isNull' };
  if (Array.isArray(value)) return { field, values: value, operator: 'in' };
  // A JSON column (a product's values) is filtered by one of its keys: `values.<key>` (list-query.ts jsonFilter).
  if (typeof value === 'object') {
    const [key, inner] = Object.entries(value)[0];
    return { field: `${field}.${key}`, values: [inner], operator: 'eq' };
  }
  if (typeof value === 'string' && ISO_DATE.test(value)) {
    // Stored with microseconds, sent with milliseconds: the record lies within this millisecond.
    return { field, values: [value, new Date(Date.parse(value) + 1).toISOString()], operator: 'between' };
  }
  return { field, values: [value], operator: 'eq' };
}

describe.each(ENTITY_NAMES)('standard set of %s', (entity: EntityName) => {
  const definition = ENTITIES[entity];
  const resource = RESOURCES.find((r) => r.entity.name === entity)!;
  const fixture = ENTITY_FIXTURES[entity];
  const base = `/api/v1/${entity}`;
  // Personal records (notifications) are seen by their owner alone, whatever the role: root owns these.
  const payload = () => fixture.create(resource.access.scope.kind === 'personal' ? { ...pre, ownerId: rootId } : pre, uniqueTag());

  // A record the standard create never makes (a holding is bought) comes from its domain route: the fixture's `make`.
  const creatable = resource.access.create !== 'nobody';
  const updatable = resource.access.update !== 'nobody';
  const create = async (body: Record<string, unknown> = payload()) => {
    if (!creatable) return (await fixture.make!(server, root, pre)) as Record<string, any>;
    const response = await server.call({ method: 'POST', url: base, token: root, payload: body });
    expect(response.status, JSON.stringify(response.body)).toBe(201);
    return response.body as Record<string, any>;
  };
  const list = (params: Parameters<typeof listUrl>[1], search = false) =>
    server.call({ method: 'GET', url: listUrl(entity, params, search), token: root });
  const get = (id: string) => server.call({ method: 'GET', url: `${base}/${id}`, token: root });

  it.runIf(creatable)('creates with a server-made UUID, version 1, both dates, and a change_log row', async () => {
    const body = payload();
    const record = await create(body);
    expect(record.id).toMatch(UUID);
    expect(record.version).toBe(1);
    expect(record.dateCreation).toMatch(ISO_DATE);
    expect(record.dateLastUpdate).toMatch(ISO_DATE);
    // Fields the API keeps as sent come back as sent (cards and passwords are the exceptions).
    for (const [field, value] of Object.entries(body)) {
      if (['cardNumber', 'cardCVV', 'password'].includes(field)) continue;
      if (field === 'expirationDate') expect(Date.parse(record[field])).toBe(Date.parse(value as string));
      else expect(record[field], field).toEqual(value);
    }
    expect(await changeLogOf(server, record.id)).toEqual([{ entity, op: 'upsert' }]);
  });

  it.runIf(creatable)('creates with a client-made id, and refuses the same id twice without writing', async () => {
    const id = crypto.randomUUID();
    const record = await create({ ...payload(), id });
    expect(record.id).toBe(id);
    expect((await get(id)).body.id).toBe(id);

    const before = await databaseState(server);
    const again = await server.call({ method: 'POST', url: base, token: root, payload: { ...payload(), id } });
    expect(again.status).toBe(409);
    expect(again.body.code).toBe('CONFLICT');
    expect(await databaseState(server)).toEqual(before);
  });

  it.runIf(creatable)('batch-creates every item in one answer', async () => {
    const logged = await changeLogCount(server, entity);
    const ids = [crypto.randomUUID(), undefined, undefined];
    const { status, body } = await server.call({
      method: 'POST',
      url: `${base}/batch`,
      token: root,
      payload: ids.map((id) => ({ ...payload(), ...(id ? { id } : {}) })),
    });
    expect(status, JSON.stringify(body)).toBe(201);
    expect(body.count).toBe(3);
    expect(body[definition.plural]).toHaveLength(3);
    expect(body[definition.plural][0].id).toBe(ids[0]);
    expect(await changeLogCount(server, entity)).toBe(logged + 3);
  });

  it.runIf(creatable)('batch-create is all or none: one bad item answers 400 with details.items.<index> and writes nothing', async () => {
    const before = await databaseState(server);
    const { status, body } = await server.call({
      method: 'POST',
      url: `${base}/batch`,
      token: root,
      payload: [payload(), { ...payload(), notAField: true }, payload()],
    });
    expect(status).toBe(400);
    expect(body.code).toBe('VALIDATION');
    expect(Object.keys(body.details.items)).toEqual(['1']);
    expect(await databaseState(server)).toEqual(before);
  });

  it.runIf(creatable)('batch-create with the same client id twice is refused whole (409) and writes nothing', async () => {
    const id = crypto.randomUUID();
    const before = await databaseState(server);
    const { status, body } = await server.call({
      method: 'POST',
      url: `${base}/batch`,
      token: root,
      payload: [
        { ...payload(), id },
        { ...payload(), id },
      ],
    });
    expect(status).toBe(409);
    expect(body.code).toBe('CONFLICT');
    expect(await databaseState(server)).toEqual(before);
  });

  it('lists as { <plural>, count, pageToCreate } with page and limit', async () => {
    const ids = [(await create()).id, (await create()).id, (await create()).id];
    const filters = inFilter('id', ids);
    const first = await list({ filters, limit: 2, page: 1 });
    expect(first.status).toBe(200);
    expect(Object.keys(first.body).sort()).toEqual([definition.plural, 'count', 'pageToCreate'].sort());
    expect(first.body.count).toBe(3);
    expect(first.body.pageToCreate).toBe(2);
    expect(first.body[definition.plural]).toHaveLength(2);
    const second = await list({ filters, limit: 2, page: 2 });
    expect(second.body[definition.plural]).toHaveLength(1);
    const seen = [...first.body[definition.plural], ...second.body[definition.plural]].map((r: any) => r.id);
    expect(seen.sort()).toEqual([...ids].sort());
    expect((await list({ filters, limit: 2, page: 3 })).body[definition.plural]).toEqual([]);

    const all = await list({});
    expect(all.body.pageToCreate).toBe(Math.ceil(all.body.count / 20));
  });

  it('sorts by JSON sorts, both ways', async () => {
    const ids = [(await create()).id, (await create()).id, (await create()).id];
    const filters = inFilter('id', ids);
    const asc = await list({ filters, sorts: [{ field: 'dateCreation', order: 'asc' }] });
    const desc = await list({ filters, sorts: [{ field: 'dateCreation', order: 'desc' }] });
    expect(asc.body[definition.plural].map((r: any) => r.id)).toEqual(ids);
    expect(desc.body[definition.plural].map((r: any) => r.id)).toEqual([...ids].reverse());
  });

  it('filters on every declared filterable field, by the record’s own value', async () => {
    const record = await create();
    for (const field of definition.filterable) {
      const filters = [...inFilter('id', [record.id]), ownValueFilter(field, record[field])];
      const { status, body } = await list({ filters });
      expect(status, `${field}: ${JSON.stringify(body)}`).toBe(200);
      expect(body.count, field).toBe(1);
    }
  });

  it('sorts on every declared sortable field', async () => {
    for (const field of definition.sortable) {
      for (const order of ['asc', 'desc']) {
        const { status, body } = await list({ sorts: [{ field, order }], limit: 5 });
        expect(status, `${field} ${order}: ${JSON.stringify(body)}`).toBe(200);
      }
    }
  });

  it('refuses filters and sorts on fields it does not declare (400, nothing leaks)', async () => {
    for (const field of ['passwordHash', 'password', 'cardNumber', 'notAField']) {
      const filtered = await list({ filters: [{ field, values: ['x'] }] });
      expect(filtered.status, field).toBe(400);
      expect(filtered.body.code).toBe('VALIDATION');
      const sorted = await list({ sorts: [{ field, order: 'asc' }] });
      expect(sorted.status, field).toBe(400);
    }
  });

  it(resource.plainParams ? 'takes filters as plain query parameters too' : 'refuses unknown plain query parameters', async () => {
    const record = await create();
    const field = definition.filterable.find(
      (f) => !['id', 'version', 'dateCreation', 'dateLastUpdate'].includes(f) && typeof record[f] !== 'object',
    )!;
    const { status, body } = await list({ filters: inFilter('id', [record.id]), [field]: String(record[field]) });
    if (resource.plainParams) {
      expect(status).toBe(200);
      expect(body.count).toBe(1);
      const value = record[field];
      const otherValue = typeof value === 'boolean' ? String(!value) : UUID.test(String(value)) ? crypto.randomUUID() : 'no-such-value';
      const other = await list({ filters: inFilter('id', [record.id]), [field]: otherValue });
      expect(other.status).toBe(200);
      expect(other.body.count).toBe(0);
    } else {
      expect(status).toBe(400);
    }
  });

  it('searches ?q= over its searchable fields', async () => {
    const record = await create();
    const filters = inFilter('id', [record.id]);
    const field = definition.searchable.find((f) => typeof record[f] === 'string' && record[f]);
    if (!definition.searchable.length) {
      // Nothing to search in: q narrows nothing.
      const { status, body } = await list({ filters, q: 'anything' }, true);
      expect(status).toBe(200);
      expect(body.count).toBe(1);
      return;
    }
    expect(field, 'the fixture fills a searchable field').toBeDefined();
    const text = String(record[field!]);
    const hit = await list({ filters, q: text.slice(1, -1).toUpperCase() }, true);
    expect(hit.status).toBe(200);
    expect(Object.keys(hit.body).sort()).toEqual([definition.plural, 'count', 'pageToCreate'].sort());
    expect(hit.body[definition.plural].map((r: any) => r.id)).toEqual([record.id]);
    const miss = await list({ filters, q: 'zz%_no-such-text_%zz' }, true);
    expect(miss.body.count).toBe(0);
  });

  it('gets one record by id, 404 for an unknown id', async () => {
    const record = await create();
    const found = await get(record.id);
    expect(found.status).toBe(200);
    expect(found.body).toEqual(record);
    const missing = await get(crypto.randomUUID());
    expect(missing.status).toBe(404);
    expect(missing.body.code).toBe('NOT_FOUND');
  });

  it.runIf(updatable)('patches changed fields only: version +1, other fields kept, change logged', async () => {
    const record = await create();
    const patch = fixture.patch; // taken once: some patches are made unique on each read (campaign names)
    const { status, body } = await server.call({ method: 'PATCH', url: `${base}/${record.id}`, token: root, payload: patch });
    expect(status, JSON.stringify(body)).toBe(200);
    expect(body.version).toBe(record.version + 1);
    for (const [field, value] of Object.entries(patch)) expect(body[field], field).toEqual(value);
    const untouched = Object.keys(record).filter((f) => !(f in patch) && !['version', 'dateLastUpdate'].includes(f));
    for (const field of untouched) expect(body[field], field).toEqual(record[field]);
    expect(Date.parse(body.dateLastUpdate)).toBeGreaterThanOrEqual(Date.parse(record.dateLastUpdate));
    expect((await get(record.id)).body).toEqual(body);
    expect(await changeLogOf(server, record.id)).toEqual([
      { entity, op: 'upsert' },
      { entity, op: 'upsert' },
    ]);
  });

  it.runIf(updatable)('If-Match: a stale version answers 409 VERSION_CONFLICT with the current record and writes nothing', async () => {
    const record = await create();
    const patched = await server.call({
      method: 'PATCH',
      url: `${base}/${record.id}`,
      token: root,
      payload: fixture.patch,
      headers: { 'if-match': '1' },
    });
    expect(patched.status).toBe(200);
    const before = await databaseState(server);
    const stale = await server.call({
      method: 'PATCH',
      url: `${base}/${record.id}`,
      token: root,
      payload: fixture.patch,
      headers: { 'if-match': '1' },
    });
    expect(stale.status).toBe(409);
    expect(stale.body.code).toBe('VERSION_CONFLICT');
    expect(stale.body.message).toEqual(expect.any(String));
    expect(stale.body.current).toEqual(patched.body);
    expect(await databaseState(server)).toEqual(before);
  });

  it.runIf(updatable)('two concurrent PATCHes with the same If-Match: one wins, the other gets 409', async () => {
    const record = await create();
    const answers = await Promise.all(
      [0, 1].map(() =>
        server.call({ method: 'PATCH', url: `${base}/${record.id}`, token: root, payload: fixture.patch, headers: { 'if-match': '1' } }),
      ),
    );
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
    expect((await get(record.id)).body.version).toBe(2);
  });

  // Records only their actions or domain routes write (an offer, a holding): no create or PATCH route at all.
  it.runIf(!creatable)('has no create route: POST answers 404 and writes nothing', async () => {
    const before = await databaseState(server);
    expect((await server.call({ method: 'POST', url: base, token: root, payload: {} })).status).toBe(fixture.ownPost ? 400 : 404);
    expect((await server.call({ method: 'POST', url: `${base}/batch`, token: root, payload: [{}] })).status).toBe(404);
    expect(await databaseState(server)).toEqual(before);
  });

  it.runIf(!updatable)('has no PATCH route: PATCH answers 404 and the record stays as it was', async () => {
    const record = await create();
    expect((await server.call({ method: 'PATCH', url: `${base}/${record.id}`, token: root, payload: fixture.patch })).status).toBe(404);
    expect((await get(record.id)).body).toEqual(record);
  });

  // A money record is never deleted (DESIGN.md §6): its delete routes are switched off.
  const deletable = resource.access.delete !== 'nobody';
  it.runIf(!deletable)('has no delete route: DELETE answers 404 and the record stays', async () => {
    const record = await create();
    expect((await server.call({ method: 'DELETE', url: `${base}/${record.id}`, token: root })).status).toBe(404);
    expect((await server.call({ method: 'DELETE', url: `${base}/batch`, token: root, payload: { ids: [record.id] } })).status).toBe(404);
    expect((await get(record.id)).status).toBe(200);
  });

  it.runIf(deletable)('deletes: a stale If-Match is refused, then the record is gone and a delete is logged', async () => {
    const record = await create();
    const before = await databaseState(server);
    const stale = await server.call({ method: 'DELETE', url: `${base}/${record.id}`, token: root, headers: { 'if-match': '7' } });
    expect(stale.status).toBe(409);
    expect(stale.body.current).toEqual(record);
    expect(await databaseState(server)).toEqual(before);

    const removed = await server.call({ method: 'DELETE', url: `${base}/${record.id}`, token: root, headers: { 'if-match': '1' } });
    expect(removed.status, JSON.stringify(removed.body)).toBe(200);
    expect((await get(record.id)).status).toBe(404);
    expect(await changeLogOf(server, record.id)).toEqual([
      { entity, op: 'upsert' },
      { entity, op: 'delete' },
    ]);
    const again = await server.call({ method: 'DELETE', url: `${base}/${record.id}`, token: root });
    expect(again.status).toBe(404);
  });

  it.runIf(deletable)('batch-deletes { ids }, all or none', async () => {
    const ids = [(await create()).id, (await create()).id];
    const before = await databaseState(server);
    const partial = await server.call({
      method: 'DELETE',
      url: `${base}/batch`,
      token: root,
      payload: { ids: [...ids, crypto.randomUUID()] },
    });
    expect(partial.status).toBe(404);
    expect(await databaseState(server)).toEqual(before);

    const { status, body } = await server.call({ method: 'DELETE', url: `${base}/batch`, token: root, payload: { ids } });
    expect(status, JSON.stringify(body)).toBe(200);
    expect(body.count).toBe(2);
    for (const id of ids) {
      expect((await get(id)).status).toBe(404);
      expect((await changeLogOf(server, id)).at(-1)).toEqual({ entity, op: 'delete' });
    }
  });
});
