import { randomUUID } from 'node:crypto';
import { CATEGORY_FIELDS, uniqueTag } from '../fixtures/entity-payloads.ts';
import type { TestServer } from './harness.ts';

/** A product category of the fixtures' shape (one required number field), made by an admin. */
export async function category(server: TestServer, adminToken: string): Promise<string> {
  const made = await server.call({
    method: 'POST',
    url: '/api/v1/product-category',
    token: adminToken,
    payload: { name: `Vault ${uniqueTag()}`, fields: CATEGORY_FIELDS },
  });
  if (made.status !== 201) throw new Error(`category: ${made.status} ${JSON.stringify(made.body)}`);
  return made.body.id;
}

/** A product at `price` euros in `categoryId`. */
export async function product(
  server: TestServer,
  adminToken: string,
  categoryId: string,
  price: number,
  description: string,
): Promise<string> {
  const made = await server.call({
    method: 'POST',
    url: '/api/v1/product',
    token: adminToken,
    payload: { categoryId, price, description, values: { weight: 3 } },
  });
  if (made.status !== 201) throw new Error(`product: ${made.status} ${JSON.stringify(made.body)}`);
  return made.body.id;
}

/** `POST /product/purchase` as `token`: the answer, whatever it is (without a key for a refusal that must leave no row at all). */
export const purchase = (server: TestServer, token: string, productId: string, userId: string, key = true) =>
  server.call({
    method: 'POST',
    url: '/api/v1/product/purchase',
    token,
    headers: key ? { 'idempotency-key': randomUUID() } : {},
    payload: { productId, userId },
  });

/** `POST /offer` as `token`: an offer on a held product, expiring `expirationDate`. */
export const makeOffer = (
  server: TestServer,
  token: string,
  productId: string,
  amount: number,
  expirationDate: Date,
  origin = 'Private collector',
) =>
  server.call({
    method: 'POST',
    url: '/api/v1/offer',
    token,
    headers: { 'idempotency-key': randomUUID() },
    payload: { productId, amount, expirationDate: expirationDate.toISOString(), origin },
  });

/** `POST /offer/:id/<action>` as `token` (a withdrawal's or decline's reason in `payload`). */
export const offerAction = (
  server: TestServer,
  token: string,
  id: string,
  action: 'release' | 'accept' | 'decline' | 'withdraw',
  payload?: { reason?: string },
) =>
  server.call({
    method: 'POST',
    url: `/api/v1/offer/${id}/${action}`,
    token,
    headers: { 'idempotency-key': randomUUID() },
    ...(payload ? { payload } : {}),
  });

/** A lead's account balances in euros, read from the database. */
export async function balances(server: TestServer, leadId: string): Promise<Record<string, string>> {
  const rows = await server.sql<{ kind: string; balance: string }>(`select kind, balance::text from accounts where lead_id = '${leadId}'`);
  return Object.fromEntries(rows.map((r) => [r.kind, r.balance]));
}
