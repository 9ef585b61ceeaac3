import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as XLSX from 'xlsx';
import { IMPORT_LIMITS, parseSpreadsheet } from '../../src/server/features/import/parse-spreadsheet.ts';
import { multipart, workbook } from '../fixtures/spreadsheets.ts';
import { startServer, type TestServer } from './harness.ts';

/** Issue 14, import hygiene: note lines, column mapping, duplicates, empty files, text kept as text, the worker's row limit. */
describe('lead import hygiene', () => {
  let server: TestServer;
  let root: string;

  const upload = (bytes: Buffer, fields: Record<string, string> = {}, token = root, lang = 'en') => {
    const body = multipart({ name: 'leads.xlsx', bytes }, fields);
    return server.call({
      method: 'POST',
      url: '/api/v1/user/import-excel',
      token,
      payload: body.payload,
      headers: { ...body.headers, 'x-lang': lang },
    });
  };
  const lead = async (email: string) =>
    (
      await server.sql<{
        id: string;
        first_name: string;
        last_name: string;
        phone: string | null;
        version: number;
        campaign_id: string | null;
      }>(`select id, first_name, last_name, phone, version, campaign_id from users where email = '${email}'`)
    )[0];

  beforeAll(async () => {
    server = await startServer();
    root = await server.rootToken();
  });
  afterAll(() => server.close());

  it("skips the template's example line: the template filled in imports only what was added", async () => {
    const res = await server.app.inject({
      method: 'GET',
      url: '/api/v1/user/excel-template',
      headers: { authorization: `Bearer ${root}`, 'x-lang': 'fr' },
    });
    const book = XLSX.read(res.rawPayload, { type: 'buffer' });
    const sheet = book.Sheets[book.SheetNames[0]];
    expect(sheet.A2.v).toBe('# Exemple, non importé: Ada');
    // Every cell of the template is a text cell, the + of a phone included: never a formula.
    expect(sheet.D2).toMatchObject({ t: 's', v: '+44 20 7946 0000' });
    XLSX.utils.sheet_add_aoa(sheet, [['Bea', 'Filled', 'bea@hygiene.test', '', '', '']], { origin: 'A3' });
    const filled = XLSX.write(book, { type: 'buffer', bookType: 'xlsx' }) as Buffer;
    const imported = await upload(filled);
    expect(imported.status).toBe(200);
    expect(imported.body).toMatchObject({ imported: 1, updated: 0, total: 1, failed: [] });
    expect(await lead('ada@example.com')).toBeUndefined();
    expect((await lead('bea@hygiene.test')).first_name).toBe('Bea');
  });

  it('refuses an empty file, a header alone and a header with only its note line, saying so', async () => {
    for (const rows of [
      [],
      [['email']],
      [
        ['email', 'firstName'],
        ['# example', 'Ada'],
      ],
    ]) {
      const res = await upload(workbook(rows), {}, root, 'de');
      expect(res.status).toBe(422);
      expect(res.body.code).toBe('IMPORT_EMPTY');
      expect(res.body.message).toBe('Die Datei enthält keine Leads zum Importieren');
    }
  });

  it('reads a French sheet by its headers, and a sheet of any headers through the mapping chosen by hand', async () => {
    const french = await upload(
      workbook([
        ['Prénom', 'Nom', 'Courriel', 'Téléphone'],
        ['Zoé', 'Blanc', 'zoe@hygiene.test', '+33 6 12 34 56 78'],
      ]),
    );
    expect(french.body).toMatchObject({ imported: 1, failed: [] });
    expect(await lead('zoe@hygiene.test')).toMatchObject({ first_name: 'Zoé', last_name: 'Blanc', phone: '+33 6 12 34 56 78' });

    const odd = workbook([
      ['Adresse mél', 'Qui', 'Famille', 'Remarque'],
      ['yan@hygiene.test', 'Yan', 'Vert', 'rappeler'],
    ]);
    // Without a mapping nothing names an email column.
    const refused = await upload(odd);
    expect(refused.status).toBe(422);
    expect(refused.body.code).toBe('IMPORT_MISSING_COLUMNS');
    const mapped = await upload(odd, { mapping: JSON.stringify(['email', 'firstName', 'lastName', '']) });
    expect(mapped.body).toMatchObject({ imported: 1, failed: [] });
    expect(await lead('yan@hygiene.test')).toMatchObject({ first_name: 'Yan', last_name: 'Vert' });
    // A mapping naming one field twice, or an unknown field, is bad input and changes nothing.
    for (const mapping of [['email', 'email', 'lastName', ''], ['email', 'password', '', ''], 'not json']) {
      const bad = await upload(odd, { mapping: typeof mapping === 'string' ? mapping : JSON.stringify(mapping) });
      expect(bad.status).toBe(400);
      expect(bad.body.code).toBe('VALIDATION');
    }
  });

  it('reports each bad row with the field and a translated reason; a missing email says it is missing', async () => {
    const res = await upload(
      workbook([
        ['firstName', 'email', 'phone'],
        ['Ann', '', ''],
        ['Bob', 'bob@hygiene.test', 'call me'],
        ['Cid', 'cid@hygiene.test', '+49 30 1234567'],
      ]),
      {},
      root,
      'fr',
    );
    expect(res.body.imported).toBe(1);
    expect(res.body.failed).toEqual([
      { row: 2, email: '', errors: { email: "L'e-mail est manquant" } },
      { row: 3, email: 'bob@hygiene.test', errors: { phone: expect.any(String) } },
    ]);
    expect(res.body.failed[1].errors.phone).not.toMatch(/^validation\./);
  });

  it('keeps cells starting with = + - @ as text, and phones starting with + as phones', async () => {
    const sheet = XLSX.utils.aoa_to_sheet([
      ['firstName', 'lastName', 'email', 'phone', 'mobile'],
      ['=1+2', '@SUM(A1)', 'f1@hygiene.test', '+33 1 23 45 67 89', '-'],
      ['+Bob', '-Minus', 'f2@hygiene.test', '', ''],
    ]);
    // A real formula cell: only its value is read, never the formula.
    sheet.A3 = { t: 's', f: 'CONCAT("+","Bob")', v: '+Bob' };
    const book = XLSX.utils.book_new();
    XLSX.utils.book_append_sheet(book, sheet, 'Leads');
    const res = await upload(XLSX.write(book, { type: 'buffer', bookType: 'xlsx' }) as Buffer);
    // '-' is no phone: that row is refused for its mobile, the other imported with its texts as typed.
    expect(res.body.imported).toBe(1);
    expect(Object.keys(res.body.failed[0].errors)).toEqual(['mobile']);
    const [row] = await server.sql<{ first_name: string; last_name: string }>(
      `select first_name, last_name from users where email = 'f2@hygiene.test'`,
    );
    expect(row).toEqual({ first_name: '+Bob', last_name: '-Minus' });
    const fixed = await upload(
      workbook([
        ['firstName', 'lastName', 'email', 'phone'],
        ['=1+2', '@SUM(A1)', 'f1@hygiene.test', '+33 1 23 45 67 89'],
      ]),
    );
    expect(fixed.body.imported).toBe(1);
    const api = await server.call({ method: 'GET', url: `/api/v1/user/${(await lead('f1@hygiene.test')).id}`, token: root });
    expect(api.body).toMatchObject({ firstName: '=1+2', lastName: '@SUM(A1)', phone: '+33 1 23 45 67 89' });
  });

  describe('duplicates', () => {
    let regular: { id: string; token: string };
    let mine: string;
    let theirs: string;

    beforeAll(async () => {
      regular = await server.user(root, { roles: ['regular'], firstName: 'Reg', lastName: 'Ular' });
      mine = (await server.user(root, { email: 'mine@hygiene.test', firstName: 'Old', lastName: 'Mine', assignedTo: regular.id })).id;
      theirs = (await server.user(root, { email: 'theirs@hygiene.test', firstName: 'Old', lastName: 'Theirs' })).id;
      const colleague = await server.user(root, { email: 'staff@hygiene.test', roles: ['regular'] });
      await server.user(root, { email: 'colleagues@hygiene.test', firstName: 'Old', lastName: 'Colleagues', assignedTo: colleague.id });
    });

    const rows = () =>
      workbook([
        ['firstName', 'lastName', 'email', 'phone'],
        ['New', 'Mine', 'MINE@hygiene.test', '+44 1234 5678'],
        ['New', 'Theirs', 'theirs@hygiene.test', ''],
        ['New', 'Staff', 'staff@hygiene.test', ''],
        ['Fresh', 'One', 'fresh@hygiene.test', ''],
        ['Again', 'One', 'Fresh@Hygiene.test', ''],
      ]);

    const check = (token: string, emails: string[]) =>
      server.call({ method: 'POST', url: '/api/v1/user/import-check', token, payload: { emails } });

    it('are found before import, case-insensitively, with what the caller may update', async () => {
      const answer = await check(regular.token, ['MINE@hygiene.test', 'nobody@hygiene.test']);
      expect(answer.status).toBe(200);
      expect(answer.body).toEqual({ existing: [{ email: 'mine@hygiene.test', updatable: true, name: 'Old Mine' }] });
    });

    it('tell regular staff nothing about emails outside their scope: a staff email or another’s lead reads as a new one', async () => {
      const outside = ['staff@hygiene.test', 'colleagues@hygiene.test', 'theirs@hygiene.test'];
      for (const email of outside) {
        expect(await check(regular.token, [email])).toMatchObject({ status: 200, body: { existing: [] } });
        expect((await check(regular.token, [email, 'mine@hygiene.test'])).body).toEqual(
          (await check(regular.token, ['nobody@hygiene.test', 'mine@hygiene.test'])).body,
        );
      }
      // An admin sees every user, and may update any lead.
      const admin = await check(root, [...outside, 'nobody@hygiene.test']);
      const byEmail = Object.fromEntries(admin.body.existing.map((e: { email: string }) => [e.email, e]));
      expect(byEmail).toEqual({
        'staff@hygiene.test': { email: 'staff@hygiene.test', updatable: false },
        'colleagues@hygiene.test': { email: 'colleagues@hygiene.test', updatable: true, name: 'Old Colleagues' },
        'theirs@hygiene.test': { email: 'theirs@hygiene.test', updatable: true, name: 'Old Theirs' },
      });
    });

    it('skip leaves existing leads as they are and reports them', async () => {
      const res = await upload(rows(), { duplicates: 'skip' }, regular.token);
      expect(res.body).toMatchObject({ imported: 1, updated: 0, total: 5 });
      expect(res.body.failed.map((f: { row: number; errors: Record<string, string> }) => [f.row, f.errors.email])).toEqual([
        [2, 'This email is already in use'],
        [3, 'This email is already in use'],
        [4, 'This email is already in use'],
        [6, 'This email appears more than once in the file'],
      ]);
      expect(await lead('mine@hygiene.test')).toMatchObject({ first_name: 'Old', version: 1 });
    });

    it('update changes only the leads the caller may change, through the update path (version, change log, audit)', async () => {
      const res = await upload(rows(), { duplicates: 'update' }, regular.token);
      // fresh@ was imported by the skip run above, for this regular user: theirs to update now.
      expect(res.body).toMatchObject({ imported: 0, updated: 2, total: 5 });
      // Another's lead is taken, like a staff email: the refusal says no more than that.
      expect(res.body.failed.map((f: { row: number; errors: Record<string, string> }) => [f.row, f.errors.email])).toEqual([
        [3, 'This email is already in use'],
        [4, 'This email is already in use'],
        [6, 'This email appears more than once in the file'],
      ]);
      expect(await lead('mine@hygiene.test')).toMatchObject({ first_name: 'New', last_name: 'Mine', phone: '+44 1234 5678', version: 2 });
      expect(await lead('theirs@hygiene.test')).toMatchObject({ first_name: 'Old', version: 1 });
      const [change] = await server.sql<{ n: number }>(`select count(*)::int as n from change_log where record_id = '${mine}'`);
      expect(change.n).toBe(2);
      expect((await server.sql<{ n: number }>(`select count(*)::int as n from change_log where record_id = '${theirs}'`))[0].n).toBe(1);
      const [audit] = await server.sql<{ data: { updated: number; updatedIds: string[] } }>(
        `select data from audit_log where action = 'user.import' order by id desc limit 1`,
      );
      expect(audit.data.updated).toBe(2);
      expect(audit.data.updatedIds).toContain(mine);
    });

    it('an admin may update any lead, never a staff account', async () => {
      const res = await upload(rows(), { duplicates: 'update' }, root);
      expect(res.body).toMatchObject({ imported: 0, updated: 3 });
      expect(await lead('theirs@hygiene.test')).toMatchObject({ first_name: 'New', last_name: 'Theirs' });
      expect((await lead('staff@hygiene.test')).first_name).toBe('Test');
    });
  });

  it('the worker itself refuses a sheet longer than the maximum', async () => {
    const rows = [['email'], ...Array.from({ length: 30 }, (_, i) => [`w${i}@hygiene.test`])];
    await expect(parseSpreadsheet(workbook(rows), { ...IMPORT_LIMITS, maxRows: 10 })).rejects.toMatchObject({
      code: 'IMPORT_TOO_MANY_ROWS',
    });
    // Header, the maximum of data rows and a note line fit.
    const fits = [['email'], ['# note'], ...rows.slice(1, 11)];
    expect(await parseSpreadsheet(workbook(fits), { ...IMPORT_LIMITS, maxRows: 10 })).toHaveLength(12);
  });
});
