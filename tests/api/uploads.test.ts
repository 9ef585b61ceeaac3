import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_FILE_BYTES } from '../../src/shared/constants.ts';
import { EXE, GIF, HTML, PDF, PNG, bigPng } from '../fixtures/sample-files.ts';
import { databaseState } from './database-state.ts';
import { startServer, type TestServer } from './harness.ts';
import { multipart } from './multipart.ts';

/** POST /uploads/upload and GET /uploads/{name}: the type comes from the bytes; private files stay private. */
type Person = Awaited<ReturnType<TestServer['user']>>;

let server: TestServer;
let root: string;
let staff: Person;
let otherStaff: Person;
let lead: Person;
let otherLead: Person;

beforeAll(async () => {
  server = await startServer();
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
    const served = await download(body.url);
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

  it('ordinary uploads stay public', async () => {
    const { body } = await upload(lead.token, { content: PNG, filename: 'avatar.png' });
    expect((await download(body.url)).statusCode).toBe(200);
  });
});
