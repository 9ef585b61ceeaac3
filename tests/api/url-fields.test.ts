import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENTITY_FIXTURES, makeCatalog, uniqueTag, type Prerequisites } from '../fixtures/entity-payloads.ts';
import { databaseState } from './database-state.ts';
import { startServer, type TestServer } from './harness.ts';

/**
 * URL fields (a market's icon, a product's image and file, a project's image, the company's media links)
 * take an https: address or one of the app's own uploads; `javascript:`, `data:`, `ftp:` and plain
 * http: (outside development) are refused on the field, translated, and change nothing.
 */
let server: TestServer;
let root: string;
let catalog: { categoryId: string; productId: string };

beforeAll(async () => {
  server = await startServer();
  root = await server.rootToken();
  catalog = await makeCatalog(server, root);
});
afterAll(() => server?.close());

const REFUSED = [
  'javascript:alert(document.cookie)',
  'JavaScript:alert(1)',
  ' javascript:alert(1)',
  'data:image/svg+xml,<svg onload="alert(1)"/>',
  'data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==',
  'ftp://files.example.test/icon.png',
  'http://cdn.example.test/icon.png',
  '//evil.example.test/icon.png',
  'vbscript:msgbox(1)',
  '/api/v1/uploads/../../jwt-secret',
  'https://',
];
const ACCEPTED = ['https://cdn.example.test/icon.png', '/api/v1/uploads/0193a9e2-7c4b-7d2e-9f00-1a2b3c4d5e6f.png'];

const EN = 'Enter an address starting with https:// or a file uploaded here';
const FR = 'Saisissez une adresse commençant par https:// ou un fichier envoyé ici';

/** Each URL field: a create payload with the value in it, and where the message lands. */
const FIELDS: { name: string; url: string; field: string; payload: (value: string) => Record<string, unknown> }[] = [
  {
    name: 'market icon',
    url: '/api/v1/product-market',
    field: 'iconUrl',
    payload: (value) => ({ ...ENTITY_FIXTURES['product-market'].create({} as Prerequisites, uniqueTag()), iconUrl: value }),
  },
  {
    name: 'product image',
    url: '/api/v1/product',
    field: 'image',
    payload: (value) => ({ ...ENTITY_FIXTURES.product.create(catalog as Prerequisites, uniqueTag()), image: value }),
  },
  {
    name: 'product file',
    url: '/api/v1/product',
    field: 'file',
    payload: (value) => ({ ...ENTITY_FIXTURES.product.create(catalog as Prerequisites, uniqueTag()), file: value }),
  },
  {
    name: 'project image',
    url: '/api/v1/project',
    field: 'image',
    payload: (value) => ({ ...ENTITY_FIXTURES.project.create({} as Prerequisites, uniqueTag()), image: value }),
  },
];

describe('URL fields refuse anything but https: and the app’s own uploads', () => {
  for (const { name, url, field, payload } of FIELDS) {
    it(`${name}: refused on create and on change, with the field's message; accepted when safe`, async () => {
      const before = await databaseState(server);
      for (const value of REFUSED) {
        const answer = await server.call({ method: 'POST', url, token: root, payload: payload(value) });
        expect(answer.status, value).toBe(400);
        expect(answer.body.code, value).toBe('VALIDATION');
        expect(answer.body.details, value).toEqual({ [field]: EN });
      }
      const french = await server.call({ method: 'POST', url, token: root, payload: payload(REFUSED[0]), headers: { 'x-lang': 'fr' } });
      expect(french.body.details).toEqual({ [field]: FR });
      expect(await databaseState(server)).toEqual(before);

      for (const value of ACCEPTED) {
        const made = await server.call({ method: 'POST', url, token: root, payload: payload(value) });
        expect(made.status, `${value}: ${JSON.stringify(made.body)}`).toBe(201);
        expect(made.body[field]).toBe(value);
        const changed = await server.call({
          method: 'PATCH',
          url: `${url}/${made.body.id}`,
          token: root,
          payload: { [field]: 'javascript:alert(1)' },
          headers: { 'if-match': String(made.body.version) },
        });
        expect(changed.status).toBe(400);
        expect(changed.body.details).toEqual({ [field]: EN });
      }
    });
  }

  it('the company’s media links: refused per link, nothing changes; https: and uploads kept', async () => {
    const before = await databaseState(server);
    for (const value of REFUSED) {
      const answer = await server.call({ method: 'PATCH', url: '/api/v1/setting', token: root, payload: { media: { linkedin: value } } });
      expect(answer.status, value).toBe(400);
      expect(answer.body.code).toBe('VALIDATION');
      expect(answer.body.details, value).toEqual({ 'media.linkedin': EN });
    }
    expect(await databaseState(server)).toEqual(before);
    const media = { linkedin: ACCEPTED[0], brochure: ACCEPTED[1] };
    const saved = await server.call({ method: 'PATCH', url: '/api/v1/setting', token: root, payload: { media } });
    expect(saved.status).toBe(200);
    expect(saved.body.media).toEqual(media);
  });
});
