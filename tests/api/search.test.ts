import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SEARCH_CASES, SEARCH_PEOPLE } from '../fixtures/search-cases.ts';
import { startServer, type TestServer } from './harness.ts';

/** Search as people are searched, on the server (the same table as the local mirror's test). */
describe('search: full names, accents, case and phone numbers', () => {
  let server: TestServer;
  let root: string;
  const keyOf = new Map<string, string>();

  beforeAll(async () => {
    server = await startServer();
    root = await server.rootToken();
    for (const { key, ...person } of SEARCH_PEOPLE) keyOf.set((await server.user(root, { roles: ['lead'], ...person })).id, key);
  });
  afterAll(() => server.close());

  it.each(SEARCH_CASES)('%s', async (q, expected) => {
    const { status, body } = await server.call({
      method: 'GET',
      url: `/api/v1/user/search?q=${encodeURIComponent(q)}&limit=100`,
      token: root,
    });
    expect(status).toBe(200);
    const found = (body.users as { id: string }[]).map((u) => keyOf.get(u.id)).filter(Boolean);
    expect(found.sort()).toEqual([...expected].sort());
    expect(body.total ?? body.count ?? found.length).toBe(expected.length);
  });
});
