import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type TestServer } from './harness.ts';

/** Campaign names are unique whatever their case (issue 14): an import row names exactly one campaign. */
describe('campaign names', () => {
  let server: TestServer;
  let root: string;
  beforeAll(async () => {
    server = await startServer();
    root = await server.rootToken();
  });
  afterAll(() => server.close());
  const create = (name: string, lang = 'en') =>
    server.call({ method: 'POST', url: '/api/v1/campaign', token: root, headers: { 'x-lang': lang }, payload: { name } });

  it('refuses a second campaign of the same name in any case, on create, batch and rename, and changes nothing', async () => {
    expect((await create('Spring Fair')).status).toBe(201);
    const again = await create('spring FAIR', 'de');
    expect(again.status).toBe(400);
    expect(again.body.details.name).toBe('Eine Kampagne mit diesem Namen gibt es bereits');
    const batch = await server.call({
      method: 'POST',
      url: '/api/v1/campaign/batch',
      token: root,
      payload: [{ name: 'Autumn' }, { name: 'AUTUMN' }],
    });
    expect(batch.status).toBe(400);
    const other = await create('Winter');
    const rename = await server.call({
      method: 'PATCH',
      url: `/api/v1/campaign/${other.body.id}`,
      token: root,
      headers: { 'if-match': String(other.body.version) },
      payload: { name: 'SPRING fair' },
    });
    expect(rename.status).toBe(400);
    expect(rename.body.details.name).toBe('A campaign with this name already exists');
    const names = await server.sql<{ name: string }>('select name from campaigns order by name');
    expect(names.map((n) => n.name)).toEqual(['Spring Fair', 'Winter']);
    // The database holds the rule too, whatever the route.
    await expect(server.sql(`insert into campaigns (id, name) values (gen_random_uuid(), 'WINTER')`)).rejects.toThrow();
  });
});
