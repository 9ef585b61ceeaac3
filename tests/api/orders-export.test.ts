import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type TestServer } from './harness.ts';

/**
 * The order desk exports what its filters show (CHECKLIST item 9) through the lists' one sheet
 * mechanism: a header (what, filters, count, who), the lead by name and email, words for markets,
 * types, statuses and close reasons, prices and euros as numbers, dates on the reader's clock, in the
 * reader's scope. The orders are written as the trading actions leave them (fixed prices and times,
 * so every expected cell is written here by hand).
 */
let server: TestServer;
let regular: Awaited<ReturnType<TestServer['user']>>;
let other: Awaited<ReturnType<TestServer['user']>>;
let lea: Awaited<ReturnType<TestServer['user']>>;

type Row = {
  id: string;
  userId: string;
  created: string;
  market: string;
  symbol: string;
  type: string;
  quantity: string;
  leverage: number;
  openPrice: string;
  closePrice?: string;
  status: 'open' | 'closing' | 'closed';
  profit?: string;
  held: string;
  closedAt?: string;
  closedBy?: string;
  closeReason?: string;
  closeRequestedBy?: string;
};

const literal = (value: string | number | undefined) =>
  value === undefined ? 'null' : typeof value === 'number' ? String(value) : `'${value}'`;

async function insert(row: Row) {
  await server.sql(`insert into orders (id, user_id, date_creation, market, symbol, type, quantity, leverage, open_price, close_price, status,
      profit, held, created_by, closed_at, closed_by, close_reason, close_requested_by)
    values (${[
      row.id,
      row.userId,
      row.created,
      row.market,
      row.symbol,
      row.type,
      row.quantity,
      row.leverage,
      row.openPrice,
      row.closePrice,
      row.status,
      row.profit,
      row.held,
      row.userId,
      row.closedAt,
      row.closedBy,
      row.closeReason,
      row.closeRequestedBy,
    ]
      .map(literal)
      .join(', ')})`);
}

beforeAll(async () => {
  server = await startServer();
  const root = await server.rootToken();
  regular = await server.user(root, { roles: ['regular'], firstName: 'Rémi', lastName: 'Regular' });
  other = await server.user(root, { roles: ['regular'], firstName: 'Olga', lastName: 'Other' });
  lea = await server.user(root, { roles: ['lead'], assignedTo: regular.id, firstName: 'Léa', lastName: 'Martin' });
  const noe = await server.user(root, { roles: ['lead'], assignedTo: other.id, firstName: 'Noé', lastName: 'Petit' });
  // Léa: an open EURUSD buy, a USDJPY sell closed by Rémi with a chosen profit, a lost binary option, an open
  // GBPUSD sell whose close with a profit waits for a second person; Noé (Olga's lead): an open gold buy.
  await insert({
    id: '00000000-0000-4000-8000-000000000001',
    userId: lea.id,
    created: '2026-03-02T09:15:00Z',
    market: 'forex',
    symbol: 'EURUSD',
    type: 'buy',
    quantity: '1.5',
    leverage: 30,
    openPrice: '1.08512',
    status: 'open',
    held: '5425.60',
  });
  await insert({
    id: '00000000-0000-4000-8000-000000000002',
    userId: lea.id,
    created: '2026-03-03T08:00:00Z',
    market: 'forex',
    symbol: 'USDJPY',
    type: 'sell',
    quantity: '0.25',
    leverage: 20,
    openPrice: '151.204',
    closePrice: '150.904',
    status: 'closed',
    profit: '-30.05',
    held: '1250.00',
    closedAt: '2026-03-03T16:45:00Z',
    closedBy: regular.id,
    closeReason: 'staff',
  });
  await insert({
    id: '00000000-0000-4000-8000-000000000003',
    userId: lea.id,
    created: '2026-03-04T10:00:00Z',
    market: 'binary_options',
    symbol: 'EURUSD',
    type: 'buy',
    quantity: '50',
    leverage: 1,
    openPrice: '1.08',
    closePrice: '1.0799',
    status: 'closed',
    profit: '-50.00',
    held: '50.00',
    closedAt: '2026-03-04T10:01:00Z',
    closeReason: 'expiry',
  });
  await insert({
    id: '00000000-0000-4000-8000-000000000004',
    userId: lea.id,
    created: '2026-03-05T12:30:00Z',
    market: 'forex',
    symbol: 'GBPUSD',
    type: 'sell',
    quantity: '0.1',
    leverage: 10,
    openPrice: '1.27003',
    status: 'closing',
    held: '1270.03',
    closeRequestedBy: regular.id,
  });
  await insert({
    id: '00000000-0000-4000-8000-000000000005',
    userId: noe.id,
    created: '2026-03-06T07:00:00Z',
    market: 'forex',
    symbol: 'XAUUSD',
    type: 'buy',
    quantity: '0.02',
    leverage: 20,
    openPrice: '2350.25',
    status: 'open',
    held: '235.03',
  });
}, 120_000);
afterAll(() => server?.close());

const exportOf = (token: string, query: Record<string, unknown> = {}, format = 'csv', lang = 'en', zone = 'UTC') => {
  const params = new URLSearchParams({ format, ...Object.fromEntries(Object.entries(query).map(([k, v]) => [k, JSON.stringify(v)])) });
  return server.call({ method: 'GET', url: `/api/v1/order/export?${params}`, token, headers: { 'x-timezone': zone, 'x-lang': lang } });
};
const lines = (body: unknown) => String(body).split('\r\n');

const HEADER =
  'Opened,Lead,Email,Symbol,Market,Type,Quantity,Leverage,Open price,Close price,Held (€),Status,Profit (€),Closed at,Closed by,Close reason';

describe('GET /order/export', () => {
  it("csv of the desk filtered on closed orders: a header, the lead by name, words for codes, times on the reader's clock", async () => {
    const answer = await exportOf(regular.token, { filters: [{ field: 'status', values: ['closed'] }] }, 'csv', 'en', 'Europe/Paris');
    expect(answer.status, String(answer.body)).toBe(200);
    expect(answer.headers['content-type']).toMatch(/text\/csv/);
    expect(answer.headers['content-disposition']).toBe('attachment; filename="orders.csv"');
    const sheet = lines(answer.body);
    expect(sheet.slice(0, 3)).toEqual(['Export of,Orders', 'Filters,Status: Closed', 'Records,2']);
    expect(sheet[3]).toMatch(/^Exported,\d{4}-\d{2}-\d{2} \d{2}:\d{2} \(Europe\/Paris\) · Rémi Regular$/);
    expect(sheet[5]).toBe(HEADER);
    // Newest first; Paris is UTC+1 in early March.
    expect(sheet.slice(6)).toEqual([
      `2026-03-04 11:00,Léa Martin,${lea.email},EURUSD,Binary options,Buy,50.00,1,1.08000,1.07990,50.00,Closed,-50.00,2026-03-04 11:01,,Settled at expiry`,
      `2026-03-03 09:00,Léa Martin,${lea.email},USDJPY,Forex,Sell,0.25,20,151.204,150.904,1250.00,Closed,-30.05,2026-03-03 17:45,Rémi Regular,Closed by staff with a chosen profit`,
    ]);
  });

  it('filters on symbol and market are named in words; a close waiting for a second person says so', async () => {
    const bySymbol = lines(
      (
        await exportOf(regular.token, {
          filters: [
            { field: 'symbol', values: ['GBPUSD'] },
            { field: 'market', values: ['forex'] },
          ],
        })
      ).body,
    );
    expect(bySymbol.slice(1, 3)).toEqual(['Filters,Symbol: GBPUSD; Market: Forex', 'Records,1']);
    expect(bySymbol[6]).toBe(
      `2026-03-05 12:30,Léa Martin,${lea.email},GBPUSD,Forex,Sell,0.10,10,1.27003,,1270.03,Waiting for a second person,,,,`,
    );
  });

  it('a lead picked by name and a day range: the header names the lead and writes the days on the reader clock', async () => {
    const answer = await exportOf(
      regular.token,
      {
        filters: [
          { field: 'userId', values: [lea.id] },
          { field: 'dateCreation', operator: 'gte', values: ['2026-03-03T00:00:00.000Z'] },
          { field: 'dateCreation', operator: 'lt', values: ['2026-03-05T00:00:00.000Z'] },
        ],
      },
      'csv',
      'en',
      'Europe/Paris',
    );
    const sheet = lines(answer.body);
    expect(sheet.slice(1, 3)).toEqual([
      `Filters,Lead: Léa Martin (${lea.email}); Created from 2026-03-03 01:00; Created before 2026-03-05 01:00`,
      'Records,2',
    ]);
    expect(sheet.slice(6).map((line) => line.split(',')[3])).toEqual(['EURUSD', 'USDJPY']);
  });

  it('xlsx in German: quantities, prices and euros are number cells, words in German', async () => {
    const file = await server.app.inject({
      method: 'GET',
      url: '/api/v1/order/export?format=xlsx&sorts=' + encodeURIComponent(JSON.stringify([{ field: 'symbol', order: 'desc' }])),
      headers: { authorization: `Bearer ${regular.token}`, 'x-lang': 'de', 'x-timezone': 'UTC' },
    });
    expect(file.statusCode, file.body).toBe(200);
    const XLSX = await import('xlsx');
    const book = XLSX.read(file.rawPayload, { type: 'buffer', cellNF: true });
    const sheet = book.Sheets[book.SheetNames[0]!]!;
    expect(sheet.A1.v).toBe('Export von');
    expect(sheet.B1.v).toBe('Orders');
    expect(sheet.B3.v).toBe('4');
    // USDJPY, GBPUSD, then the two EURUSD newest first: the binary option (4 March), the open buy (2 March).
    expect(sheet.D7.v).toBe('USDJPY');
    expect(sheet.E7.v).toBe('Devisen');
    expect(sheet.F7.v).toBe('Verkauf');
    expect(sheet.G7).toMatchObject({ t: 'n', v: 0.25 });
    expect(sheet.H7).toMatchObject({ t: 'n', v: 20, z: '0' });
    expect(sheet.I7).toMatchObject({ t: 'n', v: 151.204, z: '0.000' });
    expect(sheet.J7).toMatchObject({ t: 'n', v: 150.904, z: '0.000' });
    expect(sheet.M7).toMatchObject({ t: 'n', v: -30.05, z: '0.00' });
    expect(sheet.L7.v).toBe('Geschlossen');
    expect(sheet.N7.v).toBe('2026-03-03 16:45');
    expect(sheet.O7.v).toBe('Rémi Regular');
    expect(sheet.P7.v).toBe('Vom Team mit gewähltem Gewinn geschlossen');
    expect(sheet.D9.v).toBe('EURUSD');
    expect(sheet.E9.v).toBe('Binäroptionen');
    expect(sheet.J9).toMatchObject({ t: 'n', v: 1.0799, z: '0.00000' });
    expect(sheet.M9).toMatchObject({ t: 'n', v: -50 });
    expect(sheet.D10.v).toBe('EURUSD');
    expect(sheet.I10).toMatchObject({ t: 'n', v: 1.08512, z: '0.00000' });
    expect(sheet.K10).toMatchObject({ t: 'n', v: 5425.6 });
    expect(sheet.L10.v).toBe('Offen');
  });

  it('scoped like the desk: another staff member exports only its own lead’s order; a lead its own', async () => {
    const others = lines((await exportOf(other.token)).body);
    expect(others[2]).toBe('Records,1');
    expect(others[6]).toMatch(/^2026-03-06 07:00,Noé Petit,.*,XAUUSD,Forex,Buy,0.02,20,2350.25,,235.03,Open,,,,$/);
    const own = lines((await exportOf(lea.token)).body);
    expect(own[2]).toBe('Records,4');
  });
});
