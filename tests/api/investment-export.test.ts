import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adjust } from './money-fixtures.ts';
import { startServer, type TestServer } from './harness.ts';

/**
 * The investments list exports what its filters show (CHECKLIST item 9) through the money lists' one
 * sheet mechanism: a header (what, filters, count, who), words not codes, dates on the reader's clock,
 * numbers as numbers, formula-like text neutralised. Expected cells are written by hand.
 */
let server: TestServer;
let root: string;
let regular: Awaited<ReturnType<TestServer['user']>>;
let other: Awaited<ReturnType<TestServer['user']>>;
let lead: Awaited<ReturnType<TestServer['user']>>;

beforeAll(async () => {
  server = await startServer();
  root = await server.rootToken();
  regular = await server.user(root, { roles: ['regular'], firstName: 'Rémi', lastName: 'Regular' });
  other = await server.user(root, { roles: ['regular'], firstName: 'Olga', lastName: 'Other' });
  lead = await server.user(root, { roles: ['lead'], assignedTo: regular.id, firstName: 'Léa', lastName: 'Martin' });
  expect((await adjust(server, root, lead.id, 20_000)).status).toBe(201);
  for (const body of [
    {
      name: 'Solar bond',
      initialAmount: 12_000.5,
      rentability: 7.25,
      dividendFrequency: 'yearly',
      expirationDate: '2031-06-30T08:00:00.000Z',
    },
    {
      name: '=HYPERLINK("x")',
      initialAmount: 1_500,
      rentability: 4,
      dividendFrequency: 'monthly',
      expirationDate: '2030-01-15T23:30:00.000Z',
    },
  ]) {
    const made = await server.call({
      method: 'POST',
      url: '/api/v1/investment',
      token: regular.token,
      payload: { ...body, userId: lead.id },
      headers: { 'idempotency-key': randomUUID() },
    });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
  }
}, 120_000);
afterAll(() => server?.close());

const exportOf = (token: string, query: Record<string, unknown> = {}, format = 'csv', lang = 'en', zone = 'UTC') => {
  const params = new URLSearchParams({ format, ...Object.fromEntries(Object.entries(query).map(([k, v]) => [k, JSON.stringify(v)])) });
  return server.call({ method: 'GET', url: `/api/v1/investment/export?${params}`, token, headers: { 'x-timezone': zone, 'x-lang': lang } });
};
const lines = (body: unknown) => String(body).split('\r\n');
/** The row's cells after its creation date and start date (both "now"). */
const DATE = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}$/;

describe('GET /investment/export', () => {
  it("csv filtered by frequency: a header, the lead by name, words for codes, the expiry on the reader's clock", async () => {
    const answer = await exportOf(
      regular.token,
      { filters: [{ field: 'dividendFrequency', values: ['yearly'] }] },
      'csv',
      'en',
      'Europe/Paris',
    );
    expect(answer.status, String(answer.body)).toBe(200);
    expect(answer.headers['content-type']).toMatch(/text\/csv/);
    const sheet = lines(answer.body);
    expect(sheet.slice(0, 3)).toEqual(['Export of,Investments', 'Filters,Dividend frequency: Yearly', 'Records,1']);
    expect(sheet[3]).toMatch(/^Exported,\d{4}-\d{2}-\d{2} \d{2}:\d{2} \(Europe\/Paris\) · Rémi Regular$/);
    expect(sheet[5]).toBe('Date,Lead,Email,Investment,Amount (€),Rate (% a year),Dividend frequency,Status,Start,Expiry,Entered by');
    const cells = sheet[6].split(',');
    expect(cells[0]).toMatch(DATE);
    expect(cells[8]).toMatch(DATE);
    expect([...cells.slice(1, 8), ...cells.slice(9)]).toEqual([
      'Léa Martin',
      lead.email,
      'Solar bond',
      '12000.50',
      '7.25',
      'Yearly',
      'Active',
      // 08:00 UTC on 30 June is 10:00 in Paris (summer time).
      '2031-06-30 10:00',
      'Rémi Regular',
    ]);
  });

  it('xlsx in French: amounts and rates are number cells, a formula-like name stays text, dates in UTC here', async () => {
    const file = await server.app.inject({
      method: 'GET',
      url: '/api/v1/investment/export?format=xlsx&sorts=' + encodeURIComponent(JSON.stringify([{ field: 'initialAmount', order: 'asc' }])),
      headers: { authorization: `Bearer ${regular.token}`, 'x-lang': 'fr', 'x-timezone': 'UTC' },
    });
    expect(file.statusCode, file.body).toBe(200);
    const XLSX = await import('xlsx');
    const sheet = XLSX.read(file.rawPayload, { type: 'buffer', cellFormula: true }).Sheets.Investissements;
    expect(sheet.A1.v).toBe('Export de');
    expect(sheet.B1.v).toBe('Investissements');
    expect(sheet.B3.v).toBe('2');
    expect(sheet.D6.v).toBe('Investissement');
    expect(sheet.B7.v).toBe('Léa Martin');
    expect(sheet.D7.v).toBe('\'=HYPERLINK("x")');
    expect(sheet.D7.f).toBeUndefined();
    expect(sheet.E7).toMatchObject({ t: 'n', v: 1500 });
    expect(sheet.F7).toMatchObject({ t: 'n', v: 4 });
    expect(sheet.G7.v).toBe('Mensuelle');
    expect(sheet.J7.v).toBe('2030-01-15 23:30');
    expect(sheet.E8).toMatchObject({ t: 'n', v: 12000.5 });
    expect(sheet.F8).toMatchObject({ t: 'n', v: 7.25 });
    expect(sheet.K8.v).toBe('Rémi Regular');
  });

  it('scoped like the list: another regular staff member exports none; the lead its own', async () => {
    const none = lines((await exportOf(other.token)).body);
    expect(none[2]).toBe('Records,0');
    expect(none).toHaveLength(6);
    const own = lines((await exportOf(lead.token)).body);
    expect(own[2]).toBe('Records,2');
  });
});
