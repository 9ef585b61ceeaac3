import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_FILE_BYTES } from '../../src/shared/constants.ts';
import { EXE, GIF, HTML, PDF, PNG, bigPng } from '../fixtures/sample-files.ts';
import { databaseState } from './database-state.ts';
import { startServer, type TestServer } from './harness.ts';
import { multipart } from './multipart.ts';

/**
 * POST /uploads/upload and GET /uploads/{name}: the type comes from the bytes; public images come from
 * staff, everything a lead sends is private; each person uploads within a rate and a daily quota.
 */
type Person = Awaited<ReturnType<TestServer['user']>>;

let server: TestServer;
let root: string;
let staff: Person;
let otherStaff: Person;
let lead: Person;
let otherLead: Person;

beforeAll(async () => {
  // The limits themselves are tested below, on servers of their own: the default rate, and a small quota.
  server = await startServer({ uploadLimits: { perMinute: 1000, filesPerDay: 1000, bytesPerDay: 500 * 1024 * 1024 } });
  root = await server.rootToken();
  staff = await server.user(root, { roles: ['regular'] });
  otherStaff = await server.user(root, { roles: ['regular'] });
  lead = await server.user(root, { roles: ['lead'], assignedTo: staff.id });
  otherLead = await server.user(root, { roles: ['lead'], assignedTo: otherStaff.id });
});
afterAll(() => server?.close());

function upload(token: string | undefined, file: Parameters<typeof multipart>[0], purpose?: string) {
  const body = multipart(file);
  return server.call({ method: 'POST', url: `/api/v1/uploads/upload${purpose ? `?purpose=${purpose}` : ''}`, token, ...body });
}
const download = (url: string, token?: string) =>
  server.app.inject({ method: 'GET', url, headers: token ? { authorization: `Bearer ${token}` } : {} });
const storedFiles = async () => readdir(path.join(server.app.services.config.dataDir, 'uploads')).catch(() => [] as string[]);

describe('upload', () => {
  it('stores a file under the type its bytes say: a PNG named .pdf is a png', async () => {
    const { status, body } = await upload(lead.token, { content: PNG, filename: 'statement.pdf', contentType: 'application/pdf' });
    expect(status).toBe(201);
    expect(body).toMatchObject({ mime: 'image/png', size: PNG.length, originalName: 'statement.pdf' });
    expect(body.name).toMatch(/\.png$/);
    expect(body.url).toBe(`/api/v1/uploads/${body.name}`);
    const served = await download(body.url, lead.token);
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.headers['x-content-type-options']).toBe('nosniff');
    expect(served.rawPayload.equals(PNG)).toBe(true);
  });

  it('accepts a PDF and a GIF by their bytes', async () => {
    const pdf = await upload(lead.token, { content: PDF, filename: 'id-card', contentType: 'text/plain' });
    expect(pdf.status).toBe(201);
    expect(pdf.body.mime).toBe('application/pdf');
    const gif = await upload(lead.token, { content: GIF, filename: 'x.jpg' });
    expect(gif.body.mime).toBe('image/gif');
  });

  it('refuses an executable or an HTML page dressed as a PNG: 415 FILE_TYPE, nothing stored', async () => {
    const before = await databaseState(server);
    const files = await storedFiles();
    for (const content of [EXE, HTML]) {
      const { status, body } = await upload(lead.token, { content, filename: 'photo.png', contentType: 'image/png' });
      expect(status).toBe(415);
      expect(body).toMatchObject({ code: 'FILE_TYPE', message: expect.any(String) });
    }
    expect(await databaseState(server)).toEqual(before);
    expect(await storedFiles()).toEqual(files);
  });

  it('refuses a file over 5 MB: 413 FILE_TOO_LARGE naming the file, nothing stored', async () => {
    const before = await databaseState(server);
    const { status, body } = await upload(lead.token, {
      content: bigPng(MAX_FILE_BYTES + 1),
      filename: 'huge.png',
      contentType: 'image/png',
    });
    expect(status).toBe(413);
    expect(body.code).toBe('FILE_TOO_LARGE');
    expect(body.message).toContain('huge.png');
    expect(await databaseState(server)).toEqual(before);
  });

  it('accepts a file of exactly 5 MB', async () => {
    const { status } = await upload(lead.token, { content: bigPng(MAX_FILE_BYTES - 1), filename: 'limit.png' });
    expect(status).toBe(201);
  });

  it('refuses a call without a file (400 FILE_MISSING), an empty file, a non-multipart body (415) and strangers (401)', async () => {
    expect((await upload(lead.token, undefined)).body.code).toBe('FILE_MISSING');
    expect((await upload(lead.token, { content: Buffer.alloc(0), filename: 'empty.png' })).status).toBe(400);
    const json = await server.call({ method: 'POST', url: '/api/v1/uploads/upload', token: lead.token, payload: { file: 'x' } });
    expect(json.status).toBe(415);
    expect((await upload(undefined, { content: PNG, filename: 'a.png' })).status).toBe(401);
    const badPurpose = await upload(lead.token, { content: PNG, filename: 'a.png' }, 'secret');
    expect(badPurpose.status).toBe(400);
  });

  it('never serves a name outside the upload directory', async () => {
    for (const url of [
      '/api/v1/uploads/..%2F..%2Fetc%2Fpasswd',
      '/api/v1/uploads/..%2Fjwt-secret',
      '/api/v1/uploads/jwt-secret',
      `/api/v1/uploads/${crypto.randomUUID()}.png`,
    ]) {
      const served = await download(url, root);
      expect([400, 404], url).toContain(served.statusCode);
      expect(served.json()).toMatchObject({ code: expect.any(String), message: expect.any(String) });
    }
  });
});

describe('private documents (?purpose=document)', () => {
  let documentUrl: string;
  beforeAll(async () => {
    const { status, body } = await upload(lead.token, { content: PDF, filename: 'passport.pdf' }, 'document');
    expect(status).toBe(201);
    documentUrl = body.url;
  });

  it('are served to their owner, to the owner’s staff and to admins, never cached publicly', async () => {
    for (const token of [lead.token, staff.token, root]) {
      const served = await download(documentUrl, token);
      expect(served.statusCode).toBe(200);
      expect(served.headers['content-type']).toBe('application/pdf');
      expect(served.headers['cache-control']).toContain('no-store');
      expect(served.rawPayload.equals(PDF)).toBe(true);
    }
  });

  it('answer 404 to other leads and to staff who may not see the owner, and 401 to strangers', async () => {
    for (const token of [otherLead.token, otherStaff.token]) {
      const served = await download(documentUrl, token);
      expect(served.statusCode).toBe(404);
      expect(served.json().code).toBe('NOT_FOUND');
    }
    expect((await download(documentUrl)).statusCode).toBe(401);
  });

  it('follow the owner’s staff when the lead is reassigned', async () => {
    await server.call({ method: 'PATCH', url: `/api/v1/user/${lead.id}`, token: root, payload: { assignedTo: otherStaff.id } });
    expect((await download(documentUrl, otherStaff.token)).statusCode).toBe(200);
    expect((await download(documentUrl, staff.token)).statusCode).toBe(404);
  });

  it('whatever else a lead uploads is private too: its owner and the owner’s staff only', async () => {
    const { status, body } = await upload(lead.token, { content: PNG, filename: 'signature.png' });
    expect(status).toBe(201);
    for (const token of [lead.token, otherStaff.token, root]) expect((await download(body.url, token)).statusCode).toBe(200);
    expect((await download(body.url, staff.token)).statusCode).toBe(404);
    expect((await download(body.url, otherLead.token)).statusCode).toBe(404);
    expect((await download(body.url)).statusCode).toBe(401);
    const [row] = await server.sql<{ private: boolean; uploaded_by: string }>(
      `select private, uploaded_by from uploads where name = '${body.name}'`,
    );
    expect(row).toEqual({ private: true, uploaded_by: lead.id });
  });
});

describe('public images come from staff only', () => {
  it('a lead asking for a logo or a product image is refused (403 UPLOAD_STAFF_ONLY, translated), nothing stored', async () => {
    const before = await databaseState(server);
    const files = await storedFiles();
    for (const purpose of ['logo', 'image']) {
      const { status, body } = await upload(lead.token, { content: PNG, filename: 'banner.png', contentType: 'image/png' }, purpose);
      expect(status, purpose).toBe(403);
      expect(body).toEqual({
        code: 'UPLOAD_STAFF_ONLY',
        message: 'Only staff may upload public images (the logo, product, project and market images)',
      });
    }
    const french = await server.call({
      method: 'POST',
      url: '/api/v1/uploads/upload?purpose=image',
      token: lead.token,
      ...multipart({ content: PNG, filename: 'banner.png' }),
      headers: { ...multipart({ content: PNG, filename: 'banner.png' }).headers, 'x-lang': 'fr' },
    });
    expect(french.body.message).toBe(
      'Seul le personnel peut envoyer des images publiques (le logo, les images de produit, de projet et de marché)',
    );
    expect(await databaseState(server)).toEqual(before);
    expect(await storedFiles()).toEqual(files);
  });

  it('staff upload a public image: served to anyone, cached, with who sent it', async () => {
    const { status, body } = await upload(staff.token, { content: PNG, filename: 'market.png' }, 'image');
    expect(status).toBe(201);
    const served = await download(body.url);
    expect(served.statusCode).toBe(200);
    expect(served.headers['cache-control']).toContain('public');
    const [row] = await server.sql<{ private: boolean; uploaded_by: string; owner_id: string }>(
      `select private, uploaded_by, owner_id from uploads where name = '${body.name}'`,
    );
    expect(row).toEqual({ private: false, uploaded_by: staff.id, owner_id: staff.id });
  });

  it('a staff member uploading a lead’s document is recorded as its sender, the lead as its owner', async () => {
    const { status, body } = await server.call({
      method: 'POST',
      url: `/api/v1/user/${otherLead.id}/documents`,
      token: otherStaff.token,
      ...multipart({ content: PNG, filename: 'passport.png' }),
    });
    expect(status).toBe(201);
    const [row] = await server.sql<{ private: boolean; uploaded_by: string; owner_id: string }>(
      `select private, uploaded_by, owner_id from uploads where name = '${body.document.name}'`,
    );
    expect(row).toEqual({ private: true, uploaded_by: otherStaff.id, owner_id: otherLead.id });
  });
});

describe('each person uploads within a rate', () => {
  let defaults: TestServer;
  let defaultsRoot: string;
  beforeAll(async () => {
    defaults = await startServer();
    defaultsRoot = await defaults.rootToken();
  });
  afterAll(() => defaults?.close());

  it('20 files of 4 MB in a row from one lead: 10 go through, then 429 with Retry-After, and nothing more is stored', async () => {
    const upload = (token: string, file: Parameters<typeof multipart>[0], purpose: string) =>
      defaults.call({ method: 'POST', url: `/api/v1/uploads/upload?purpose=${purpose}`, token, ...multipart(file) });
    const sender = await defaults.user(defaultsRoot, { roles: ['lead'] });
    const other = await defaults.user(defaultsRoot, { roles: ['lead'] });
    const file = { content: bigPng(4 * 1024 * 1024), filename: 'scan.png', contentType: 'image/png' };
    const statuses: number[] = [];
    let refused: Awaited<ReturnType<TestServer['call']>> | undefined;
    for (let i = 0; i < 20; i++) {
      const answer = await upload(sender.token, file, 'document');
      statuses.push(answer.status);
      if (answer.status === 429) refused ??= answer;
    }
    expect(statuses).toEqual([...Array(10).fill(201), ...Array(10).fill(429)]);
    expect(refused!.body).toMatchObject({ code: 'RATE_LIMITED', message: 'Too many attempts; please wait and try again' });
    const wait = Number(refused!.headers['retry-after']);
    expect(wait).toBeGreaterThanOrEqual(1);
    expect(wait).toBeLessThanOrEqual(60);
    const [stored] = await defaults.sql<{ n: number }>(`select count(*)::int as n from uploads where uploaded_by = '${sender.id}'`);
    expect(stored.n).toBe(10);
    // Another person is not held back by it.
    expect((await upload(other.token, { content: PNG, filename: 'next.png' }, 'file')).status).toBe(201);
  });
});

describe('each person uploads within a daily quota', () => {
  let small: TestServer;
  let smallRoot: string;
  beforeAll(async () => {
    small = await startServer({ uploadLimits: { perMinute: 100, filesPerDay: 3, bytesPerDay: 1024 * 1024 } });
    smallRoot = await small.rootToken();
  });
  afterAll(() => small?.close());
  const send = (token: string, content: Buffer, filename = 'scan.png', headers: Record<string, string> = {}) => {
    const body = multipart({ content, filename, contentType: 'image/png' });
    return small.call({
      method: 'POST',
      url: '/api/v1/uploads/upload',
      token,
      payload: body.payload,
      headers: { ...body.headers, ...headers },
    });
  };
  const count = async (id: string) =>
    (await small.sql<{ n: number }>(`select count(*)::int as n from uploads where uploaded_by = '${id}'`))[0].n;

  it('past its files of the day: 422 UPLOAD_QUOTA naming the limits, translated, nothing stored', async () => {
    const sender = await small.user(smallRoot, { roles: ['lead'] });
    for (let i = 0; i < 3; i++) expect((await send(sender.token, PNG)).status).toBe(201);
    const refused = await send(sender.token, PNG);
    expect(refused.status).toBe(422);
    expect(refused.body).toMatchObject({
      code: 'UPLOAD_QUOTA',
      message: 'Daily upload limit reached: at most 3 files and 1 MB in 24 hours; try again later',
    });
    const german = await send(sender.token, PNG, 'scan.png', { 'x-lang': 'de' });
    expect(german.body.message).toBe(
      'Tageslimit für Uploads erreicht: höchstens 3 Dateien und 1 MB in 24 Stunden; bitte später erneut versuchen',
    );
    expect(await count(sender.id)).toBe(3);
  });

  it('past its bytes of the day: refused; a refused or failed upload counts for nothing', async () => {
    const sender = await small.user(smallRoot, { roles: ['lead'] });
    // Files of the wrong type are refused (415) and leave the day's count as it was.
    for (let i = 0; i < 3; i++) expect((await send(sender.token, EXE, 'x.png')).status).toBe(415);
    expect((await send(sender.token, bigPng(600 * 1024))).status).toBe(201);
    const over = await send(sender.token, bigPng(600 * 1024));
    expect(over.status).toBe(422);
    expect(over.body.code).toBe('UPLOAD_QUOTA');
    // The refused 600 KB were not counted: a small file still fits, and it is the day's second file.
    expect((await send(sender.token, PNG)).status).toBe(201);
    expect(await count(sender.id)).toBe(2);
  });
});
