import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PDF, PNG } from '../fixtures/sample-files.ts';
import { startServer, type TestServer } from './harness.ts';
import { multipart } from './multipart.ts';

/**
 * The catalogue's field-metadata layer (issue 27, DESIGN.md §12): a rename keeps every value, a used
 * option is archived (valid on its products, refused on new ones), a type change is a dry run then one
 * conversion, nothing that loses a value passes; products validated by the category's schema in en and
 * fr; markets; the file route; stats against hand-computed figures; the data migration of old rows.
 */
let server: TestServer;
let admin: string;
let regular: string;
let lead: string;

beforeAll(async () => {
  server = await startServer();
  const root = await server.rootToken();
  admin = (await server.user(root, { roles: ['admin'] })).token;
  const staff = await server.user(root, { roles: ['regular'] });
  regular = staff.token;
  lead = (await server.user(root, { roles: ['lead'], assignedTo: staff.id })).token;
});
afterAll(() => server?.close());

const call = (method: 'POST' | 'PATCH' | 'GET' | 'DELETE', url: string, token: string, payload?: unknown, lang = 'en') =>
  server.call({
    method,
    url,
    token,
    ...(payload === undefined ? {} : { payload: payload as object }),
    headers: { 'x-lang': lang, ...(method === 'GET' ? {} : { 'idempotency-key': randomUUID() }) },
  });

const labels = (en: string, fr: string, de: string) => ({ en, fr, de });
const COLOUR = {
  key: 'colour',
  type: 'string',
  required: true,
  labels: labels('Colour', 'Couleur', 'Farbe'),
  options: [
    { key: 'd', labels: labels('D', 'D', 'D') },
    { key: 'e', labels: labels('E', 'E', 'E') },
  ],
  position: 0,
};
const CARAT = { key: 'carat', type: 'string', labels: labels('Carat', 'Carats', 'Karat'), position: 1 };

async function category(fields: unknown[], name = `Diamond ${randomUUID().slice(0, 6)}`) {
  const created = await call('POST', '/api/v1/product-category', admin, { name, fields });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  return created.body as { id: string; version: number; fields: any[] };
}
async function product(categoryId: string, values: Record<string, unknown>, price = 1000, description = 'A stone') {
  const created = await call('POST', '/api/v1/product', admin, { categoryId, values, price, description });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  return created.body as { id: string; version: number; values: Record<string, unknown> };
}
const patchCategory = (id: string, body: unknown) => call('PATCH', `/api/v1/product-category/${id}`, admin, body);

describe('fields of a category', () => {
  it('refuses duplicate field keys and duplicate option keys, each on its own message', async () => {
    const twice = await call('POST', '/api/v1/product-category', admin, { name: 'Twice', fields: [COLOUR, { ...CARAT, key: 'colour' }] });
    expect(twice.status).toBe(400);
    expect(twice.body.details.fields).toBe('Field keys must be unique');
    const options = await call('POST', '/api/v1/product-category', admin, {
      name: 'Options',
      fields: [{ ...COLOUR, options: [COLOUR.options[0], { key: 'd', labels: labels('D2', 'D2', 'D2') }] }],
    });
    expect(options.status).toBe(400);
    expect(options.body.details['fields.0.options']).toBe('Option keys must be unique');
    const noKey = await call('POST', '/api/v1/product-category', admin, { name: 'No key', fields: [{ ...CARAT, key: '' }] }, 'fr');
    expect(noKey.body.details['fields.0.key']).toBe('La clé du champ est obligatoire');
    const noName = await call('POST', '/api/v1/product-category', admin, { name: '', fields: [] });
    expect(noName.body.details.name).toBe('This field is required');
  });

  it('renames a field (its labels) and never touches a value', async () => {
    const c = await category([COLOUR, CARAT]);
    const p = await product(c.id, { colour: 'd', carat: '1.5' });
    const renamed = await patchCategory(c.id, { fields: [{ ...COLOUR, labels: labels('Color', 'Teinte', 'Farbton') }, CARAT] });
    expect(renamed.status, JSON.stringify(renamed.body)).toBe(200);
    expect(renamed.body.fields[0].labels).toEqual({ en: 'Color', fr: 'Teinte', de: 'Farbton' });
    const read = await call('GET', `/api/v1/product/${p.id}`, admin);
    expect(read.body.values).toEqual({ colour: 'd', carat: '1.5' });
    expect(read.body.version).toBe(p.version);
    // The required message names the field by its new label, in the reader's language.
    const missing = await call('POST', '/api/v1/product', admin, { categoryId: c.id, values: {}, price: 5 }, 'fr');
    expect(missing.body.details['values.colour']).toBe('Teinte est obligatoire');
  });

  it('archives a deleted option products hold: still valid on them, refused on a new product', async () => {
    const c = await category([COLOUR, CARAT]);
    const p = await product(c.id, { colour: 'e' });
    const removed = await patchCategory(c.id, { fields: [{ ...COLOUR, options: [COLOUR.options[0]] }, CARAT] });
    expect(removed.status, JSON.stringify(removed.body)).toBe(200);
    expect(removed.body.fields[0].options).toEqual([
      { key: 'd', labels: labels('D', 'D', 'D') },
      { key: 'e', labels: labels('E', 'E', 'E'), archived: true },
    ]);
    const kept = await call('PATCH', `/api/v1/product/${p.id}`, admin, { description: 'Still E', values: { colour: 'e', carat: '2' } });
    expect(kept.status, JSON.stringify(kept.body)).toBe(200);
    expect(kept.body.values).toEqual({ colour: 'e', carat: '2' });
    const fresh = await call('POST', '/api/v1/product', admin, { categoryId: c.id, values: { colour: 'e' }, price: 10 });
    expect(fresh.status).toBe(400);
    expect(fresh.body.details['values.colour']).toBe('Please choose one of the offered options');
    // An option nobody holds simply goes.
    const unused = await category([COLOUR]);
    const gone = await patchCategory(unused.id, { fields: [{ ...COLOUR, options: [COLOUR.options[0]] }] });
    expect(gone.body.fields[0].options).toEqual([{ key: 'd', labels: labels('D', 'D', 'D') }]);
  });

  it('refuses what would lose values: a used field deleted, a required field products lack, a type changed by PATCH', async () => {
    const c = await category([COLOUR, CARAT]);
    await product(c.id, { colour: 'd', carat: '1' });
    await product(c.id, { colour: 'e' });
    const deleted = await patchCategory(c.id, { fields: [COLOUR] });
    expect(deleted.status).toBe(422);
    expect(deleted.body.code).toBe('CATALOGUE_DATA_LOSS');
    expect(deleted.body.details['fields.carat']).toBe('1 product holds a value for Carat: its values would be lost');
    const deletedFr = await call('PATCH', `/api/v1/product-category/${c.id}`, admin, { fields: [COLOUR] }, 'fr');
    expect(deletedFr.body.details['fields.carat']).toBe('1 produit a une valeur pour Carats : elle serait perdue');
    const required = await patchCategory(c.id, { fields: [COLOUR, { ...CARAT, required: true }] });
    expect(required.body.details['fields.1.required']).toBe(
      '1 product has no value for this field yet: give it one before making the field required',
    );
    const typed = await patchCategory(c.id, { fields: [COLOUR, { ...CARAT, type: 'number' }] });
    expect(typed.body.details['fields.1.type']).toBe(
      '1 product holds a value of this field: change its type with the conversion (dry run first)',
    );
    const after = await call('GET', `/api/v1/product-category/${c.id}`, admin);
    expect(after.body.version).toBe(c.version);
  });

  it('changes a type: the dry run lists the failing products, refusal while any fails, then one conversion of every product', async () => {
    const c = await category([COLOUR, CARAT]);
    const a = await product(c.id, { colour: 'd', carat: '1.25' }, 100, 'Stone A');
    const b = await product(c.id, { colour: 'd', carat: 'about two' }, 100, 'Stone B');
    const none = await product(c.id, { colour: 'e' }, 100, 'Stone C');
    const url = `/api/v1/product-category/${c.id}/field/carat/type`;
    const dry = await call('POST', url, admin, { type: 'number', dryRun: true });
    expect(dry.status, JSON.stringify(dry.body)).toBe(200);
    expect(dry.body).toMatchObject({ dryRun: true, converted: 1, failing: [{ id: b.id, description: 'Stone B', value: 'about two' }] });
    const refused = await call('POST', url, admin, { type: 'number', dryRun: false });
    expect(refused.status).toBe(422);
    expect(refused.body.details.type).toBe('1 product holds a value that cannot become the new type: correct it first');
    expect((await call('GET', `/api/v1/product/${a.id}`, admin)).body.values.carat).toBe('1.25');
    await call('PATCH', `/api/v1/product/${b.id}`, admin, { values: { colour: 'd', carat: '2' } });
    const applied = await call('POST', url, admin, { type: 'number', dryRun: false });
    expect(applied.status, JSON.stringify(applied.body)).toBe(200);
    expect(applied.body.converted).toBe(2);
    expect(applied.body.category.fields[1].type).toBe('number');
    expect((await call('GET', `/api/v1/product/${a.id}`, admin)).body.values).toEqual({ colour: 'd', carat: 1.25 });
    expect((await call('GET', `/api/v1/product/${b.id}`, admin)).body.values).toEqual({ colour: 'd', carat: 2 });
    expect((await call('GET', `/api/v1/product/${none.id}`, admin)).body.values).toEqual({ colour: 'e' });
    // Now a number: text is refused on a write.
    const text = await call('POST', '/api/v1/product', admin, { categoryId: c.id, values: { colour: 'd', carat: 'big' }, price: 1 });
    expect(text.body.details['values.carat']).toBe('Please enter a number');
    // A select field stays text.
    const select = await call('POST', `/api/v1/product-category/${c.id}/field/colour/type`, admin, { type: 'boolean', dryRun: true });
    expect(select.status).toBe(422);
    // Staff who are not admins change no type.
    expect((await call('POST', url, regular, { type: 'string', dryRun: true })).status).toBe(403);
  });
});

describe('products', () => {
  it('validates values and price in en and fr', async () => {
    const c = await category([COLOUR, { ...CARAT, type: 'number' }]);
    const en = await call('POST', '/api/v1/product', admin, { categoryId: c.id, values: { carat: 'x', other: 1 }, price: 0 });
    expect(en.status).toBe(400);
    expect(en.body.details.price).toBe('The value must be greater than 0');
    // The price passes the entity's schema first; the values are then checked by the category's.
    const values = await call('POST', '/api/v1/product', admin, { categoryId: c.id, values: { carat: 'x', other: 1 }, price: 5 });
    expect(values.body.details).toEqual({
      'values.colour': 'Colour is required',
      'values.carat': 'Please enter a number',
      'values.other': 'This field cannot be used here',
    });
    const fr = await call('POST', '/api/v1/product', admin, { categoryId: c.id, values: {}, price: 10.123 }, 'fr');
    expect(fr.body.details.price).toBe('2 décimales au maximum');
    const fr2 = await call('POST', '/api/v1/product', admin, { categoryId: c.id, values: {}, price: 10 }, 'fr');
    expect(fr2.body.details['values.colour']).toBe('Couleur est obligatoire');
    expect((await call('POST', '/api/v1/product', lead, { categoryId: c.id, values: { colour: 'd' }, price: 10 })).status).toBe(403);
  });

  it('filters on a dynamic value and on a price range', async () => {
    const c = await category([COLOUR, { ...CARAT, type: 'number' }]);
    await product(c.id, { colour: 'd', carat: 1 }, 100);
    await product(c.id, { colour: 'e', carat: 2 }, 250.5);
    await product(c.id, { colour: 'd', carat: 3 }, 999.99);
    const list = (filters: unknown[]) =>
      call(
        'GET',
        `/api/v1/product?filters=${encodeURIComponent(JSON.stringify([{ field: 'categoryId', values: [c.id] }, ...filters]))}`,
        regular,
      );
    const d = await list([{ field: 'values.colour', operator: 'eq', values: ['d'] }]);
    expect(d.body.count).toBe(2);
    const range = await list([{ field: 'price', operator: 'between', values: [200, 999.99] }]);
    expect(range.body.products.map((p: { price: number }) => p.price).sort()).toEqual([250.5, 999.99]);
    const both = await list([
      { field: 'values.colour', values: ['d', 'e'] },
      { field: 'values.carat', operator: 'gte', values: [2] },
    ]);
    expect(both.body.count).toBe(2);
    const unknown = await list([{ field: 'values.Nope', values: ['x'] }]);
    expect(unknown.status).toBe(400);
  });

  it('keeps an image and a file sent with their key', async () => {
    const c = await category([COLOUR]);
    const p = await product(c.id, { colour: 'd' });
    const image = multipart({ content: PNG, filename: 'stone.png', contentType: 'image/png' }, { key: 'image' });
    const sent = await server.call({
      method: 'POST',
      url: `/api/v1/product/${p.id}/file`,
      token: admin,
      payload: image.payload,
      headers: image.headers,
    });
    expect(sent.status, JSON.stringify(sent.body)).toBe(200);
    expect(sent.body.image).toMatch(/^\/api\/v1\/uploads\/.+\.png$/);
    const file = multipart({ content: PDF, filename: 'certificate.pdf', contentType: 'application/pdf' }, { key: 'file' });
    const pdf = await server.call({
      method: 'POST',
      url: `/api/v1/product/${p.id}/file`,
      token: admin,
      payload: file.payload,
      headers: file.headers,
    });
    expect(pdf.status, JSON.stringify(pdf.body)).toBe(200);
    expect(pdf.body.file).toMatch(/\.pdf$/);
    expect(pdf.body.image).toBe(sent.body.image);
    const pdfAsImage = multipart({ content: PDF, filename: 'x.pdf' }, { key: 'image' });
    const wrong = await server.call({
      method: 'POST',
      url: `/api/v1/product/${p.id}/file`,
      token: admin,
      payload: pdfAsImage.payload,
      headers: pdfAsImage.headers,
    });
    expect(wrong.status).toBe(415);
    const byLead = await server.call({
      method: 'POST',
      url: `/api/v1/product/${p.id}/file`,
      token: lead,
      payload: image.payload,
      headers: image.headers,
    });
    expect(byLead.status).toBe(403);
    // Anyone signed in reads the product's file (public, like its image).
    const read = await server.call({ method: 'GET', url: pdf.body.file, token: lead });
    expect(read.status).toBe(200);
  });
});

describe('the products export', () => {
  it('writes what the filters show: category and options in words, the price a number, the header naming the filters; staff only', async () => {
    const c = await category([COLOUR, { ...CARAT, type: 'number' }], 'Export stones');
    await product(c.id, { colour: 'd', carat: 1.5 }, 1234.5, '=HYPERLINK("x")');
    await product(c.id, { colour: 'e' }, 99, 'Other');
    const filters = [
      { field: 'categoryId', values: [c.id] },
      { field: 'values.colour', values: ['d'] },
      { field: 'price', operator: 'gte', values: [100] },
    ];
    const url = `/api/v1/product/export?format=csv&filters=${encodeURIComponent(JSON.stringify(filters))}`;
    const answer = await server.call({ method: 'GET', url, token: regular, headers: { 'x-lang': 'fr', 'x-timezone': 'UTC' } });
    expect(answer.status, String(answer.body)).toBe(200);
    const lines = String(answer.body).split('\r\n');
    expect(lines.slice(0, 3)).toEqual([
      'Export de,Produits',
      'Filtres,Catégorie: Export stones; Couleur: D; Prix ≥ 100',
      'Enregistrements,1',
    ]);
    expect(lines[5]).toBe('Ajouté le,Description,Catégorie,Marché,Prix (€),Détails,Détenu par un prospect');
    const cells = lines[6].split(',');
    expect(cells[0]).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}$/);
    expect(cells.slice(1)).toEqual([`"'=HYPERLINK(""x"")"`, 'Export stones', '', '1234.50', 'Couleur: D; Carats: 1.5', 'Non']);
    expect((await server.call({ method: 'GET', url, token: lead })).status).toBe(403);
  });
});

describe('markets', () => {
  it('requires name, description and an https or uploaded icon, with plain list params', async () => {
    const empty = await call('POST', '/api/v1/product-market', admin, { name: '', description: '', iconUrl: '' }, 'fr');
    expect(empty.status).toBe(400);
    expect(Object.keys(empty.body.details).sort()).toEqual(['description', 'iconUrl', 'name']);
    const http = await call('POST', '/api/v1/product-market', admin, { name: 'Gold', description: 'Bars', iconUrl: 'http://x.test/i.png' });
    expect(http.status).toBe(400);
    const ok = await call('POST', '/api/v1/product-market', admin, { name: 'Gold', description: 'Bars', iconUrl: 'https://x.test/i.png' });
    expect(ok.status).toBe(201);
    const list = await call('GET', '/api/v1/product-market?name=Gold', regular);
    expect(list.status, JSON.stringify(list.body)).toBe(200);
  });
});

describe('stats', () => {
  it('productStats and productCategoryStats match hand-computed figures', async () => {
    const s = await startServer();
    try {
      const root = await s.rootToken();
      const post = (url: string, body: unknown) =>
        s.call({ method: 'POST', url, token: root, payload: body as object, headers: { 'idempotency-key': randomUUID() } });
      const market = (await post('/api/v1/product-market', { name: 'Gold', description: 'Bars', iconUrl: 'https://x.test/i.png' })).body;
      const a = (await post('/api/v1/product-category', { name: 'A', fields: [CARAT] })).body;
      const b = (await post('/api/v1/product-category', { name: 'B', status: 'inactive', fields: [COLOUR, CARAT] })).body;
      await post('/api/v1/product', { categoryId: a.id, marketId: market.id, values: {}, price: 0.1 });
      await post('/api/v1/product', { categoryId: a.id, marketId: market.id, values: {}, price: 0.2 });
      await post('/api/v1/product', { categoryId: b.id, values: { colour: 'd' }, price: 1000.05 });
      const stats = await s.call({ method: 'GET', url: '/api/v1/product/stats', token: root });
      expect(stats.status, JSON.stringify(stats.body)).toBe(200);
      expect(stats.body.productStats).toEqual({
        count: 3,
        held: 0,
        available: 3,
        totalValue: 1000.35,
        averagePrice: 333.45,
        minPrice: 0.1,
        maxPrice: 1000.05,
        byCategory: [
          { id: b.id, name: 'B', count: 1, value: 1000.05 },
          { id: a.id, name: 'A', count: 2, value: 0.3 },
        ],
        byMarket: [
          { id: null, name: null, count: 1, value: 1000.05 },
          { id: market.id, name: 'Gold', count: 2, value: 0.3 },
        ],
      });
      const categories = await s.call({ method: 'GET', url: '/api/v1/product-category/stats', token: root });
      expect(categories.body.productCategoryStats).toEqual({
        total: 2,
        active: 1,
        inactive: 1,
        fields: 3,
        categories: [
          { id: a.id, name: 'A', status: 'active', fields: 1, products: 2, value: 0.3 },
          { id: b.id, name: 'B', status: 'inactive', fields: 2, products: 1, value: 1000.05 },
        ],
      });
    } finally {
      await s.close();
    }
  });

  it('is for staff', async () => {
    expect((await call('GET', '/api/v1/product/stats', lead)).status).toBe(403);
    expect((await call('GET', '/api/v1/product-category/stats', lead)).status).toBe(403);
    expect((await call('GET', '/api/v1/product/stats', regular)).status).toBe(200);
  });
});

describe('the data migration (0009_catalogue_fields)', () => {
  it('keys old fieldName rows and their products by slug, labels in three languages; a second run changes nothing', async () => {
    const categoryId = randomUUID();
    const productId = randomUUID();
    const old = [
      { fieldName: 'boxAndPapers', type: 'boolean' },
      {
        fieldName: 'Brand',
        type: 'string',
        required: true,
        options: [
          { key: 'Patek Philippe', label: 'Patek Philippe' },
          { key: 'Omega', label: 'Omega' },
        ],
      },
    ];
    await server.sql(`insert into product_categories (id, name, fields) values ('${categoryId}', 'Old', '${JSON.stringify(old)}'::jsonb)`);
    await server.sql(
      `insert into products (id, category_id, values, price) values ('${productId}', '${categoryId}', '{"boxAndPapers": true, "Brand": "Patek Philippe"}'::jsonb, 10)`,
    );
    const migration = readFileSync(path.resolve('src/server/db/migrations/0009_catalogue_fields.sql'), 'utf8').split(
      '--> statement-breakpoint',
    );
    const run = () =>
      server.app.services.db.transaction(async (tx) => {
        for (const statement of migration) await tx.execute(statement);
      });
    await run();
    await run();
    const [category] = await server.sql<{ fields: unknown }>(`select fields from product_categories where id = '${categoryId}'`);
    expect(category.fields).toEqual([
      { key: 'box_and_papers', type: 'boolean', labels: labels('boxAndPapers', 'boxAndPapers', 'boxAndPapers'), position: 0 },
      {
        key: 'brand',
        type: 'string',
        required: true,
        labels: labels('Brand', 'Brand', 'Brand'),
        position: 1,
        options: [
          { key: 'patek_philippe', labels: labels('Patek Philippe', 'Patek Philippe', 'Patek Philippe') },
          { key: 'omega', labels: labels('Omega', 'Omega', 'Omega') },
        ],
      },
    ]);
    const [row] = await server.sql<{ values: unknown; version: number }>(`select values, version from products where id = '${productId}'`);
    expect(row).toEqual({ values: { box_and_papers: true, brand: 'patek_philippe' }, version: 2 });
    // The migrated product is valid under its category's schema: the form may save it as it is.
    const saved = await call('PATCH', `/api/v1/product/${productId}`, admin, { values: row.values });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
  });
});
