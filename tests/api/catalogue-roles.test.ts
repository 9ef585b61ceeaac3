import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PNG } from '../fixtures/sample-files.ts';
import { startServer, type TestServer } from './harness.ts';
import { multipart } from './multipart.ts';
import { CATALOGUE_ROUTES, MATRIX_ROLES, type MatrixRole } from './role-expectations.ts';

/** The role matrix of the catalogue routes (tests/api/role-expectations.ts CATALOGUE_ROUTES, literal). */
let server: TestServer;
const tokens = {} as Record<MatrixRole, string>;
let categoryId: string;
let productId: string;

beforeAll(async () => {
  server = await startServer();
  tokens.root = await server.rootToken();
  tokens.admin = (await server.user(tokens.root, { roles: ['admin'] })).token;
  const regular = await server.user(tokens.root, { roles: ['regular'] });
  tokens.regular = regular.token;
  tokens.lead = (await server.user(tokens.root, { roles: ['lead'], assignedTo: regular.id })).token;
  const field = { key: 'carat', type: 'string', labels: { en: 'Carat', fr: 'Carats', de: 'Karat' }, position: 0 };
  const headers = () => ({ 'idempotency-key': randomUUID() });
  categoryId = (
    await server.call({
      method: 'POST',
      url: '/api/v1/product-category',
      token: tokens.root,
      payload: { name: 'Stones', fields: [field] },
      headers: headers(),
    })
  ).body.id;
  productId = (
    await server.call({
      method: 'POST',
      url: '/api/v1/product',
      token: tokens.root,
      payload: { categoryId, values: { carat: '1' }, price: 10 },
      headers: headers(),
    })
  ).body.id;
});
afterAll(() => server?.close());

describe.each(MATRIX_ROLES)('catalogue routes as %s', (role) => {
  it('a field type change (dry run)', async () => {
    const answer = await server.call({
      method: 'POST',
      url: `/api/v1/product-category/${categoryId}/field/carat/type`,
      token: tokens[role],
      payload: { type: 'number', dryRun: true },
      headers: { 'idempotency-key': randomUUID() },
    });
    expect(answer.status).toBe(CATALOGUE_ROUTES.fieldType[role]);
  });

  it("a product's image", async () => {
    const body = multipart({ content: PNG, filename: 'p.png', contentType: 'image/png' }, { key: 'image' });
    const answer = await server.call({
      method: 'POST',
      url: `/api/v1/product/${productId}/file`,
      token: tokens[role],
      payload: body.payload,
      headers: body.headers,
    });
    expect(answer.status).toBe(CATALOGUE_ROUTES.productFile[role]);
  });

  it('the statistics', async () => {
    expect((await server.call({ method: 'GET', url: '/api/v1/product/stats', token: tokens[role] })).status).toBe(
      CATALOGUE_ROUTES.productStats[role],
    );
    expect((await server.call({ method: 'GET', url: '/api/v1/product-category/stats', token: tokens[role] })).status).toBe(
      CATALOGUE_ROUTES.categoryStats[role],
    );
    expect((await server.call({ method: 'GET', url: '/api/v1/product/export?format=csv', token: tokens[role] })).status).toBe(
      CATALOGUE_ROUTES.productExport[role],
    );
  });
});
