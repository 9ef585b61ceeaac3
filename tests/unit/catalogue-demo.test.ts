import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { fieldListSchema, valuesSchema, type FieldDefinition } from '../../src/shared/catalogue/fields.ts';
import { buildApp } from '../../src/server/app.ts';
import { seedDemo } from '../../src/server/demo/seed.ts';
import { createTestDatabase } from '../api/test-database.ts';

/** The demo catalogue (issue 27): categories whose fields are valid definitions in three languages, every product valid under its category's schema, with its own image. */
let app: FastifyInstance;
let close: () => Promise<void>;

beforeAll(async () => {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'bd-catalogue-seed-'));
  const database = await createTestDatabase();
  app = await buildApp({
    dataDir,
    databaseUrl: database.url,
    rootEmail: 'root@seed.test',
    rootPassword: 'rootpass1',
    jwtSecret: 'seed-test-secret-seed-test-secret',
    logger: false,
  });
  close = async () => (await app.close(), await database.drop(), await rm(dataDir, { recursive: true, force: true }));
  await seedDemo(app.services.db, { files: app.services.files, leads: 20, seed: 3, now: new Date('2026-06-01T00:00:00Z') });
}, 120_000);
afterAll(() => close?.());

const rows = async <T>(query: string) => ((await app.services.db.execute(query)) as unknown as { rows: T[] }).rows;

describe('demo catalogue', () => {
  it('has categories with fields labelled in en, fr and de, and products valid under them, each with an image', async () => {
    const categories = await rows<{ id: string; fields: FieldDefinition[] }>('select id, fields from product_categories');
    expect(categories.length).toBe(5);
    for (const category of categories) {
      expect(fieldListSchema.safeParse(category.fields).success).toBe(true);
      for (const field of category.fields) expect(new Set(Object.values(field.labels)).size).toBeGreaterThan(0);
    }
    expect(categories.some((c) => c.fields.some((f) => f.labels.fr !== f.labels.en))).toBe(true);
    const products = await rows<{ category_id: string; values: Record<string, unknown>; image: string | null }>(
      'select category_id, values, image from products',
    );
    expect(products.length).toBe(40);
    const fieldsOf = new Map(categories.map((c) => [c.id, c.fields]));
    for (const product of products) {
      const parsed = valuesSchema(fieldsOf.get(product.category_id)!).safeParse(product.values);
      expect(parsed.success, JSON.stringify(product.values)).toBe(true);
      expect(product.image).toMatch(/^\/api\/v1\/uploads\/[0-9a-f-]{36}\.png$/);
    }
    const [{ count }] = await rows<{ count: number }>(`select count(*)::int as count from uploads where purpose = 'image' and not private`);
    expect(count).toBeGreaterThanOrEqual(44);
  });
});
