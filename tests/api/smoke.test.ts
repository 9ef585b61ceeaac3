import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type TestServer } from './harness.ts';

describe('server start', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer();
  });
  afterAll(() => server.close());

  it('creates the root account and the settings record on an empty database', async () => {
    const token = await server.rootToken();
    const me = await server.call({ method: 'GET', url: '/api/v1/auth/check-auth', token });
    expect(me.status).toBe(200);
    expect(me.body.roles).toEqual(['root']);
    const settings = await server.call({ method: 'GET', url: '/api/v1/setting' });
    expect(settings.status).toBe(200);
    expect(settings.body.theme).toBe('purple');
  });

  it('sends the root account through /sync like any record', async () => {
    const token = await server.rootToken();
    const me = await server.call({ method: 'GET', url: '/api/v1/auth/check-auth', token });
    const sync = await server.call({ method: 'GET', url: '/api/v1/sync?since=0', token });
    expect(sync.body.changes).toContainEqual(expect.objectContaining({ entity: 'user', op: 'upsert', id: me.body.id }));
  });

  it('serves the OpenAPI document', async () => {
    const docs = await server.call({ method: 'GET', url: '/api/docs/json' });
    expect(docs.status).toBe(200);
    expect(Object.keys(docs.body.paths)).toContain('/api/v1/campaign/{id}');
  });
});
