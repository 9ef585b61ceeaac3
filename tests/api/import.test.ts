import { deflateRawSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as XLSX from 'xlsx';
import { leadRows, multipart, workbook } from '../fixtures/spreadsheets.ts';
import { startServer, type TestServer } from './harness.ts';

const HEADERS = ['firstName', 'lastName', 'email', 'phone', 'mobile', 'campaignName'];

describe('Excel lead import', () => {
  let server: TestServer;
  let root: string;
  let campaignId: string;

  const leadCount = async () => Number((await server.sql<{ n: string }>(`select count(*) as n from users where 'lead' = any(roles)`))[0].n);
  const upload = (name: string, bytes: Buffer, fields: Record<string, string> = {}, token = root, lang?: string) => {
    const body = multipart({ name, bytes }, fields);
    return server.call({
      method: 'POST',
      url: '/api/v1/user/import-excel',
      token,
      payload: body.payload,
      headers: { ...body.headers, ...(lang ? { 'x-lang': lang } : {}) },
    });
  };

  beforeAll(async () => {
    server = await startServer();
    root = await server.rootToken();
    campaignId = (await server.call({ method: 'POST', url: '/api/v1/campaign', token: root, payload: { name: 'Autumn Fair' } })).body.id;
  });
  afterAll(() => server.close());

  it('downloads the template with the six columns', async () => {
    const res = await server.app.inject({
      method: 'GET',
      url: '/api/v1/user/excel-template',
      headers: { authorization: `Bearer ${root}` },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toContain('lead_import_template.xlsx');
    const book = XLSX.read(res.rawPayload, { type: 'buffer' });
    const [headers] = XLSX.utils.sheet_to_json<string[]>(book.Sheets[book.SheetNames[0]], { header: 1 });
    expect(headers).toEqual(HEADERS);
  });

  it('imports valid rows, reports each bad one, matches campaigns by name, and changes nothing else', async () => {
    await server.call({
      method: 'POST',
      url: '/api/v1/user',
      token: root,
      payload: { firstName: 'Old', lastName: 'Lead', email: 'taken@import.test', roles: ['lead'] },
    });
    const before = await leadCount();
    const file = workbook([
      HEADERS,
      ['Ann', 'One', 'ann@import.test', '', '', 'autumn fair'],
      ['Bob', 'Two', 'not-an-email', '', '', ''],
      ['Cid', 'Three', 'ann@import.test', '', '', ''],
      ['Dee', 'Four', 'taken@import.test', '', '', ''],
      ['Eve', 'Five', 'eve@import.test', '', '', 'No Such Campaign'],
      ['Fay', 'Six', 'fay@import.test', '', '', ''],
    ]);
    const res = await upload('leads.xlsx', file, { campaignId }, root, 'fr');
    expect(res.status).toBe(200);
    expect(res.body.imported).toBe(2);
    expect(res.body.total).toBe(6);
    expect(res.body.message).toBe("Certains prospects n'ont pas pu être importés");
    expect(res.body.failed.map((f: { row: number }) => f.row)).toEqual([3, 4, 5, 6]);
    expect(res.body.failed[0].errors.email).toBe('Veuillez saisir un e-mail valide');
    expect(res.body.failed[2].errors.email).toBe('Cet e-mail est déjà utilisé');
    expect(await leadCount()).toBe(before + 2);
    const rows = await server.sql<{ email: string; campaign_id: string }>(
      `select email, campaign_id from users where email in ('ann@import.test', 'fay@import.test') order by email`,
    );
    expect(rows.map((r) => r.campaign_id)).toEqual([campaignId, campaignId]);
    const notes = await server.call({ method: 'GET', url: '/api/v1/notification?type=importFinished', token: root });
    expect(notes.body.notifications[0].data).toEqual({ imported: 2, rejected: 4 });
  });

  it('reads .xls files too', async () => {
    const res = await upload('leads.xls', workbook([HEADERS, ...leadRows(3, 'xls')], 'biff8'));
    expect(res.status).toBe(200);
    expect(res.body.imported).toBe(3);
  });

  it('refuses missing columns, empty files, wrong extensions and disguised files', async () => {
    const before = await leadCount();
    const missing = await upload(
      'leads.xlsx',
      workbook([
        ['firstName', 'lastName'],
        ['A', 'B'],
      ]),
    );
    expect(missing.status).toBe(422);
    expect(missing.body.code).toBe('IMPORT_MISSING_COLUMNS');
    expect(missing.body.message).toContain('email');
    const empty = await upload('leads.xlsx', workbook([]));
    expect(empty.status).toBe(422);
    const csv = await upload('leads.csv', Buffer.from('email\na@b.c\n'));
    expect(csv.status).toBe(415);
    expect(csv.body.code).toBe('FILE_TYPE');
    const disguised = await upload('leads.xlsx', Buffer.from('<html>not a spreadsheet</html>'));
    expect(disguised.status).toBe(415);
    const corrupt = await upload('leads.xlsx', Buffer.concat([Buffer.from([0x50, 0x4b, 0x03, 0x04]), Buffer.alloc(200, 7)]));
    expect(corrupt.status).toBe(422);
    expect(corrupt.body.code).toBe('IMPORT_INVALID_FILE');
    expect(await leadCount()).toBe(before);
  });

  it('refuses a 20 MB file with a clear error', async () => {
    const res = await upload('huge.xlsx', Buffer.concat([Buffer.from([0x50, 0x4b, 0x03, 0x04]), Buffer.alloc(20 * 1024 * 1024)]));
    expect(res.status).toBe(413);
    expect(res.body.code).toBe('FILE_TOO_LARGE');
    expect(res.body.message).toContain('huge.xlsx');
  });

  it('refuses a zip bomb without exhausting the server', async () => {
    // A small zip whose one entry inflates to 1 GB of zeros, declared honestly in the central directory.
    const content = deflateRawSync(Buffer.alloc(64 * 1024 * 1024), { level: 9 });
    const name = Buffer.from('xl/worksheets/sheet1.xml');
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(8, 8);
    local.writeUInt32LE(content.length, 18);
    local.writeUInt32LE(1024 ** 3, 22);
    local.writeUInt16LE(name.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(8, 10);
    central.writeUInt32LE(content.length, 20);
    central.writeUInt32LE(1024 ** 3, 24);
    central.writeUInt16LE(name.length, 28);
    const end = Buffer.alloc(22);
    end.writeUInt32LE(0x06054b50, 0);
    end.writeUInt16LE(1, 8);
    end.writeUInt16LE(1, 10);
    end.writeUInt32LE(46 + name.length, 12);
    end.writeUInt32LE(30 + name.length + content.length, 16);
    const bomb = Buffer.concat([local, name, content, central, name, end]);
    const res = await upload('bomb.xlsx', bomb);
    expect(res.status).toBe(422);
    expect(res.body.code).toBe('IMPORT_INVALID_FILE');
    expect((await server.call({ method: 'GET', url: '/api/v1/setting' })).status).toBe(200);
  });

  it('takes formula cells as values and ignores __proto__ headers', async () => {
    const sheet = XLSX.utils.aoa_to_sheet([
      ['__proto__', 'firstName', 'lastName', 'email', 'constructor'],
      ['{"polluted":true}', 'Formula', 'Cell', 'formula@import.test', 'x'],
    ]);
    sheet['B2'] = { t: 's', f: 'CONCAT("=cmd","|calc")', v: '=HYPERLINK("http://evil")' };
    const book = XLSX.utils.book_new();
    XLSX.utils.book_append_sheet(book, sheet, 'Leads');
    const res = await upload('formula.xlsx', XLSX.write(book, { type: 'buffer', bookType: 'xlsx' }) as Buffer);
    expect(res.status).toBe(200);
    expect(res.body.imported).toBe(1);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    const [row] = await server.sql<{ first_name: string }>(`select first_name from users where email = 'formula@import.test'`);
    expect(row.first_name).toBe('=HYPERLINK("http://evil")');
  });

  it('imports 100,000 rows in one go, and refuses a file with more', async () => {
    const before = await leadCount();
    const res = await upload('big.xlsx', workbook([HEADERS, ...leadRows(100_000, 'big')]));
    expect(res.status).toBe(200);
    expect(res.body.imported).toBe(100_000);
    expect(await leadCount()).toBe(before + 100_000);
    const tooMany = await upload('bigger.xlsx', workbook([HEADERS, ...leadRows(100_001, 'bigger')]));
    expect(tooMany.status).toBe(413);
    expect(tooMany.body.code).toBe('IMPORT_TOO_MANY_ROWS');
    expect(await leadCount()).toBe(before + 100_000);
  }, 240_000);

  it('is for staff only', async () => {
    const lead = await server.user(root, { roles: ['lead'] });
    const res = await upload('leads.xlsx', workbook([HEADERS, ...leadRows(1, 'x')]), {}, lead.token);
    expect(res.status).toBe(403);
  });
});
