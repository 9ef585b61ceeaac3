import { randomUUID } from 'node:crypto';
import { inflateSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_FILE_BYTES } from '../../src/shared/constants.ts';
import { manualClock } from '../../src/server/scheduler/clock.ts';
import { GIF, PDF, PNG, bigPng } from '../fixtures/sample-files.ts';
import { startServer, type TestServer } from './harness.ts';
import { adjust, availableOf, type Person } from './money-fixtures.ts';
import { multipart } from './multipart.ts';

/**
 * Projects and the subscription (issue 25, DESIGN.md §10, SPEC.md §5): every project rule in en and fr,
 * the image route, subscribing within the coefficient's bounds with a drawn signature, funds, scope,
 * replay, the booked investment equal to the calculator's hand-computed numbers, the signed PDF.
 */
const START = new Date('2027-01-31T10:00:00.000Z');
let server: TestServer;
let admin: Person;
let regular: Person;
let otherRegular: Person;
let lead: Person;
let otherLead: Person;

const SIGNATURE = `data:image/png;base64,${PNG.toString('base64')}`;
const WEBP = Buffer.concat([Buffer.from('RIFF'), Buffer.from([0x1a, 0, 0, 0]), Buffer.from('WEBPVP8 '), Buffer.alloc(18, 0)]);

beforeAll(async () => {
  server = await startServer({ clock: manualClock(START), scheduler: false });
  const root = await server.rootToken();
  admin = await server.user(root, { roles: ['admin'], firstName: 'Ada', lastName: 'Admin' });
  regular = await server.user(root, { roles: ['regular'], firstName: 'Rémi', lastName: 'Regular' });
  otherRegular = await server.user(root, { roles: ['regular'], firstName: 'Olga', lastName: 'Other' });
  lead = await server.user(regular.token, { roles: ['lead'], assignedTo: regular.id, firstName: 'Léa', lastName: 'Martin' });
  otherLead = await server.user(otherRegular.token, { roles: ['lead'], assignedTo: otherRegular.id, firstName: 'Otto', lastName: 'Lead' });
});
afterAll(() => server?.close());

const write = (method: 'POST' | 'PATCH', url: string, token: string, payload: unknown, headers: Record<string, string> = {}) =>
  server.call({ method, url, token, payload: payload as object, headers: { 'idempotency-key': randomUUID(), ...headers } });

let imageUrl: string;
const project = (over: Record<string, unknown> = {}) => ({
  name: 'Solar farm',
  description: { en: 'Sun in Provence', fr: 'Du soleil en Provence', de: 'Sonne in der Provence' },
  rentability: 12,
  duration: 3,
  coefficient: 2.5,
  minimumAmount: 1000,
  dividendFrequency: 'monthly',
  image: imageUrl,
  ...over,
});

async function createProject(over: Record<string, unknown> = {}) {
  const created = await write('POST', '/api/v1/project', admin.token, project(over));
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  return created.body as { id: string; image: string };
}

const counts = async () =>
  (
    await server.sql<{ investments: number; uploads: number; transfers: number }>(
      `select (select count(*)::int from investments) investments, (select count(*)::int from uploads where purpose = 'signature') uploads, (select count(*)::int from transfers) transfers`,
    )
  )[0];

beforeAll(async () => {
  const body = multipart({ content: PNG, filename: 'solar.png', contentType: 'image/png' });
  const uploaded = await server.call({ method: 'POST', url: '/api/v1/uploads/upload?purpose=projectImage', token: admin.token, ...body });
  expect(uploaded.status, JSON.stringify(uploaded.body)).toBe(201);
  imageUrl = uploaded.body.url;
});

describe('project rules (SPEC.md §5)', () => {
  it('an admin creates one; everyone reads it, leads included', async () => {
    const created = await createProject();
    for (const person of [regular, lead]) {
      const read = await server.call({ method: 'GET', url: `/api/v1/project/${created.id}`, token: person.token });
      expect(read.status).toBe(200);
      expect(read.body.description).toEqual({ en: 'Sun in Provence', fr: 'Du soleil en Provence', de: 'Sonne in der Provence' });
    }
  });

  it('refuses each broken rule on its field, in English and in French, and creates nothing', async () => {
    const cases: [Record<string, unknown>, string, string, string][] = [
      [{ name: '' }, 'name', 'This field is required', 'Ce champ est obligatoire'],
      [{ description: { en: 'x', fr: '', de: 'y' } }, 'description.fr', 'This field is required', 'Ce champ est obligatoire'],
      [{ description: { en: 'x', de: 'y' } }, 'description.fr', 'This field is required', 'Ce champ est obligatoire'],
      [{ rentability: 300.01 }, 'rentability', 'The value must be at most 300', 'La valeur doit être au plus 300'],
      [{ rentability: -1 }, 'rentability', 'The value must be at least 0', 'La valeur doit être au moins 0'],
      [{ rentability: 12.345 }, 'rentability', 'At most 2 decimals', '2 décimales au maximum'],
      [{ duration: 0 }, 'duration', 'The value must be at least 1', 'La valeur doit être au moins 1'],
      [{ duration: 121 }, 'duration', 'The value must be at most 120', 'La valeur doit être au plus 120'],
      [{ coefficient: 0.99 }, 'coefficient', 'The value must be at least 1', 'La valeur doit être au moins 1'],
      [{ coefficient: 10.01 }, 'coefficient', 'The value must be at most 10', 'La valeur doit être au plus 10'],
      [{ coefficient: 1.555 }, 'coefficient', 'At most 2 decimals', '2 décimales au maximum'],
      [{ minimumAmount: 999.99 }, 'minimumAmount', 'The value must be at least 1000', 'La valeur doit être au moins 1000'],
      [{ minimumAmount: 1_000_000.01 }, 'minimumAmount', 'The value must be at most 1000000', 'La valeur doit être au plus 1000000'],
      [{ minimumAmount: 1000.001 }, 'minimumAmount', 'At most 2 decimals', '2 décimales au maximum'],
      [{ image: undefined }, 'image', 'This field is required', 'Ce champ est obligatoire'],
    ];
    const before = await server.sql(`select count(*)::int n from projects`);
    for (const [over, field, en, fr] of cases) {
      const english = await write('POST', '/api/v1/project', admin.token, project(over));
      expect(english.status, field).toBe(400);
      expect(english.body.code).toBe('VALIDATION');
      expect(english.body.details[field], field).toBe(en);
      const french = await write('POST', '/api/v1/project', admin.token, project(over), { 'x-lang': 'fr' });
      expect(french.body.details[field], field).toBe(fr);
    }
    expect(await server.sql(`select count(*)::int n from projects`)).toEqual(before);
  });

  it('only admins create, edit or delete', async () => {
    const created = await createProject();
    for (const person of [regular, lead]) {
      expect((await write('POST', '/api/v1/project', person.token, project())).status).toBe(403);
      expect((await write('PATCH', `/api/v1/project/${created.id}`, person.token, { name: 'Mine' })).status).toBe(403);
    }
  });
});

describe('POST /project/{id}/image', () => {
  const send = (id: string, token: string, content: Buffer, filename: string) =>
    server.call({ method: 'POST', url: `/api/v1/project/${id}/image`, token, ...multipart({ content, filename }) });

  it('an admin sets a JPG, PNG or GIF image; the project answers with its new image', async () => {
    const created = await createProject();
    const answer = await send(created.id, admin.token, GIF, 'logo.gif');
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect(answer.body.image).toMatch(/^\/api\/v1\/uploads\/[0-9a-f-]{36}\.gif$/);
    expect(answer.body.version).toBe(2);
    const served = await server.app.inject({ method: 'GET', url: answer.body.image });
    expect(served.statusCode).toBe(200);
  });

  it('refuses a WebP, a PDF, a file over 5 MB and anyone but an admin; the image stays', async () => {
    const created = await createProject();
    const webp = await send(created.id, admin.token, WEBP, 'photo.png');
    expect([webp.status, webp.body.code]).toEqual([415, 'FILE_TYPE']);
    const pdf = await send(created.id, admin.token, PDF, 'photo.jpg');
    expect([pdf.status, pdf.body.code]).toEqual([415, 'FILE_TYPE']);
    const big = await send(created.id, admin.token, bigPng(MAX_FILE_BYTES + 1), 'big.png');
    expect([big.status, big.body.code]).toEqual([413, 'FILE_TOO_LARGE']);
    expect((await send(created.id, regular.token, PNG, 'x.png')).status).toBe(403);
    expect((await send(created.id, lead.token, PNG, 'x.png')).status).toBe(403);
    expect((await send(randomUUID(), admin.token, PNG, 'x.png')).status).toBe(404);
    const [row] = await server.sql<{ image: string }>(`select image from projects where id = '${created.id}'`);
    expect(row.image).toBe(imageUrl);
  });
});

describe('POST /project/{id}/subscribe', () => {
  let projectId: string;
  const subscribe = (token: string, body: Record<string, unknown>, headers: Record<string, string> = {}) =>
    write(
      'POST',
      `/api/v1/project/${projectId}/subscribe`,
      token,
      { adjust: 'amount', amount: 2000, duration: 3, signature: SIGNATURE, ...body },
      headers,
    );

  beforeAll(async () => {
    projectId = (await createProject({ name: 'Wind park' })).id;
  });

  it('refuses an amount or a duration outside the coefficient bounds, on its field, in en and fr', async () => {
    // Bounds: 1,000 € to 1,000 × 2.5 = 2,500 €; 1 to 3 × 2.5 = 7 months.
    const low = await subscribe(lead.token, { amount: 999.99 });
    expect([low.status, low.body.details]).toEqual([400, { amount: 'The value must be at least 1000' }]);
    const high = await subscribe(lead.token, { amount: 2500.01 }, { 'x-lang': 'fr' });
    expect([high.status, high.body.details]).toEqual([400, { amount: 'La valeur doit être au plus 2500' }]);
    const long = await subscribe(lead.token, { adjust: 'duration', amount: 1000, duration: 8 });
    expect([long.status, long.body.details]).toEqual([400, { duration: 'The value must be at most 7' }]);
    const fixed = await subscribe(lead.token, { adjust: 'duration', amount: 1500, duration: 5 });
    expect([fixed.status, fixed.body.details]).toEqual([400, { amount: 'This stays at the project’s value (1000)' }]);
    const noAdjust = await subscribe(lead.token, { adjust: undefined });
    expect(noAdjust.body.details).toEqual({ adjust: 'Please choose what to adjust: the amount or the duration' });
  });

  it('needs a signature: missing, too big or not a PNG is refused on the field', async () => {
    const missing = await subscribe(lead.token, { signature: undefined });
    expect([missing.status, missing.body.details]).toEqual([400, { signature: 'Please sign in the box' }]);
    const french = await subscribe(lead.token, { signature: '' }, { 'x-lang': 'fr' });
    expect(french.body.details).toEqual({ signature: 'Veuillez signer dans le cadre' });
    const big = await subscribe(lead.token, { signature: `data:image/png;base64,${bigPng(200 * 1024 + 1).toString('base64')}` });
    expect([big.status, big.body.details]).toEqual([400, { signature: 'The signature is too large (at most 200 KB)' }]);
    const gif = await subscribe(lead.token, { signature: `data:image/png;base64,${GIF.toString('base64')}` });
    expect([gif.status, gif.body.details]).toEqual([400, { signature: 'The signature must be a PNG image' }]);
    const jpegUrl = await subscribe(lead.token, { signature: `data:image/jpeg;base64,${PNG.toString('base64')}` });
    expect(jpegUrl.body.details).toEqual({ signature: 'The signature must be a PNG image' });
  });

  it('without enough funds: 422 Insufficient funds for this investment (en, fr), nothing booked or kept', async () => {
    const before = await counts();
    const refused = await subscribe(lead.token, {});
    expect([refused.status, refused.body.code, refused.body.message]).toEqual([
      422,
      'INSUFFICIENT_FUNDS',
      'Insufficient funds for this investment',
    ]);
    const french = await subscribe(lead.token, {}, { 'x-lang': 'fr' });
    expect(french.body.message).toBe('Fonds insuffisants pour cet investissement');
    expect(await counts()).toEqual(before);
  });

  it('books exactly what the calculator shows (hand-computed), once for a replayed key', async () => {
    const funded = await adjust(server, admin.token, lead.id, 5000);
    expect(funded.status).toBe(201);
    const key = randomUUID();
    const first = await subscribe(lead.token, {}, { 'idempotency-key': key });
    expect(first.status, JSON.stringify(first.body)).toBe(201);
    const again = await subscribe(lead.token, {}, { 'idempotency-key': key });
    expect([again.status, again.body.id]).toEqual([201, first.body.id]);
    // 2,000 € at 12 % monthly for the project's 3 months from 31 Jan 2027 10:00: expiry 30 Apr 10:00,
    // dividends of 20.00 € on 28 Feb, 31 Mar and 30 Apr (T = 200,000 · 0.12 · 3/12 = 6,000 cents).
    expect(first.body).toMatchObject({
      userId: lead.id,
      projectId,
      name: 'Wind park',
      initialAmount: 2000,
      rentability: 12,
      dividendFrequency: 'monthly',
      startDate: '2027-01-31T10:00:00.000Z',
      expirationDate: '2027-04-30T10:00:00.000Z',
      nextPeriod: 1,
      nextDueAt: '2027-02-28T10:00:00.000Z',
      status: 'active',
      createdBy: lead.id,
    });
    expect(first.body.signatureUploadId).toEqual(expect.any(String));
    expect(await availableOf(server, admin.token, lead.id)).toBe(3000);
    expect(await server.sql(`select count(*)::int n from investments where user_id = '${lead.id}'`)).toEqual([{ n: 1 }]);
    const [signature] = await server.sql<{ owner_id: string; private: boolean; mime: string }>(
      `select owner_id, private, mime from uploads where id = '${first.body.signatureUploadId}'`,
    );
    expect(signature).toEqual({ owner_id: lead.id, private: true, mime: 'image/png' });
  });

  it('adjusting the duration books the minimum for the chosen months', async () => {
    const answer = await subscribe(lead.token, { adjust: 'duration', amount: 1000, duration: 7 });
    expect(answer.status, JSON.stringify(answer.body)).toBe(201);
    expect(answer.body).toMatchObject({
      initialAmount: 1000,
      expirationDate: '2027-08-31T10:00:00.000Z',
      nextDueAt: '2027-02-28T10:00:00.000Z',
    });
    expect(await availableOf(server, admin.token, lead.id)).toBe(2000);
  });

  it('staff subscribe for a lead in their scope; out of scope is 404; a lead only for itself', async () => {
    expect((await adjust(server, admin.token, otherLead.id, 2000)).status).toBe(201);
    const outOfScope = await subscribe(regular.token, { userId: otherLead.id, amount: 1000 });
    expect(outOfScope.status).toBe(404);
    const noLead = await subscribe(regular.token, { amount: 1000 });
    expect([noLead.status, noLead.body.details]).toEqual([400, { userId: 'Please choose a lead' }]);
    const forOther = await subscribe(lead.token, { userId: otherLead.id, amount: 1000 });
    expect(forOther.status).toBe(403);
    const forStaff = await subscribe(otherRegular.token, { userId: otherRegular.id, amount: 1000 });
    expect([forStaff.status, forStaff.body.details]).toEqual([400, { userId: 'This user is not a lead' }]);
    const made = await subscribe(otherRegular.token, { userId: otherLead.id, amount: 1000 });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    expect([made.body.userId, made.body.createdBy]).toEqual([otherLead.id, otherRegular.id]);
    expect(await availableOf(server, admin.token, otherLead.id)).toBe(1000);
  });

  it('an unknown project is 404', async () => {
    const answer = await write('POST', `/api/v1/project/${randomUUID()}/subscribe`, lead.token, {
      adjust: 'amount',
      amount: 1000,
      duration: 3,
      signature: SIGNATURE,
    });
    expect(answer.status).toBe(404);
  });
});

describe('GET /investment/{id}/subscription.pdf', () => {
  it('the same bytes on every download, with the lead’s name; the lead and its staff only', async () => {
    const projectId = (await createProject({ name: 'Harbour' })).id;
    expect((await adjust(server, admin.token, lead.id, 1000)).status).toBe(201);
    const made = await write('POST', `/api/v1/project/${projectId}/subscribe`, lead.token, {
      adjust: 'amount',
      amount: 1000,
      duration: 3,
      signature: SIGNATURE,
    });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    const url = `/api/v1/investment/${made.body.id}/subscription.pdf`;
    const download = (token: string) => server.app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${token}` } });
    const first = await download(lead.token);
    const second = await download(lead.token);
    expect(first.statusCode).toBe(200);
    expect(first.headers['content-type']).toBe('application/pdf');
    expect(first.rawPayload.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(first.rawPayload.equals(second.rawPayload)).toBe(true);
    // Page contents are deflated; the standard fonts write text as hex strings ("Léa Martin" in WinAnsi).
    const raw = first.rawPayload.toString('latin1');
    const text = [...raw.matchAll(/stream\r?\n([\s\S]*?)endstream/g)]
      .map((match) => {
        try {
          return inflateSync(Buffer.from(match[1], 'latin1')).toString('latin1');
        } catch {
          return '';
        }
      })
      .join('\n');
    expect(text).toContain(Buffer.from('Léa Martin', 'latin1').toString('hex').toUpperCase());
    expect((await download(regular.token)).statusCode).toBe(200);
    expect((await download(otherRegular.token)).statusCode).toBe(404);
    expect((await download(otherLead.token)).statusCode).toBe(404);
  });
});
