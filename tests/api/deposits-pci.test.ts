import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { manualClock } from '../../src/server/scheduler/clock.ts';
import { startServer, type TestServer } from './harness.ts';

/**
 * PCI DSS 3.3 (DESIGN.md §6): after every gateway scenario, neither the database (every text and JSON
 * column of every table, from information_schema) nor the server's log (captured at trace level)
 * holds a card number, a CVV or a 3-D Secure code. The CVVs and codes are matched as whole tokens:
 * three digits also occur inside UUIDs, hashes and times.
 */
const lines: string[] = [];
const capture = new Writable({
  write(chunk, _encoding, done) {
    lines.push(String(chunk));
    done();
  },
});
const clock = manualClock(new Date('2026-04-01T09:00:00Z'));

let server: TestServer;
let root: string;
let lead: Awaited<ReturnType<TestServer['user']>>;

beforeAll(async () => {
  server = await startServer({ clock, scheduler: false, logger: { level: 'trace', stream: capture } });
  root = await server.rootToken();
  lead = await server.user(root, { roles: ['lead'] });
}, 120_000);
afterAll(() => server?.close());

/** Every scenario's card, CVV and codes; each CVV and code is used by this file only. */
const SCENARIOS = [
  { name: 'success', number: '4242424242424242', cvv: '917', codes: [] as string[] },
  { name: 'mastercard', number: '5555555555554444', cvv: '846', codes: [] },
  { name: 'amex', number: '378282246310005', cvv: '5173', codes: [] },
  { name: '3-D Secure right code', number: '4000000000003220', cvv: '628', codes: ['123456'] },
  { name: '3-D Secure three wrong codes', number: '4000000000003220', cvv: '394', codes: ['830217', '502948', '771063'] },
  { name: 'declined', number: '4000000000000002', cvv: '275', codes: [] },
  { name: 'insufficient funds', number: '4000000000009995', cvv: '469', codes: [] },
  { name: 'slow bank', number: '4000000000003063', cvv: '582', codes: ['123456'] },
  { name: 'declined after authentication', number: '4000008400001629', cvv: '713', codes: ['123456'] },
  { name: 'Luhn failure', number: '4242424242424241', cvv: '356', codes: [] },
  { name: 'cancelled while awaiting', number: '4000000000003220', cvv: '249', codes: [], cancel: true },
  { name: 'wrong CVV length', number: '378282246310005', cvv: '631', codes: [] },
] as const;

const spaced = (digits: string) => digits.replace(/(\d{4})(?=\d)/g, '$1 ');

/** Needles: the numbers as digits and as typed with spaces; CVVs and codes as whole tokens. */
function needles(scenario: (typeof SCENARIOS)[number]) {
  return {
    plain: [scenario.number, spaced(scenario.number)],
    tokens: [scenario.cvv, ...scenario.codes],
  };
}

async function play(scenario: (typeof SCENARIOS)[number], index: number) {
  const payload = {
    amount: 10 + index,
    cardNumber: index % 2 ? spaced(scenario.number) : scenario.number,
    cardExpirationDate: '09/30',
    cardCVV: scenario.cvv,
    fullName: 'Pat Card',
    street: '3 Bank Road',
    zipCode: '10115',
    country: 'DE',
    phone: '+49 30 000000',
  };
  const created = await server.call({
    method: 'POST',
    url: '/api/v1/deposit/3d-secure',
    token: lead.token,
    payload,
    headers: { 'idempotency-key': `pci-${index}-create`, 'x-lang': index % 2 ? 'fr' : 'en' },
  });
  // A refused body must not echo the secrets either.
  expect(JSON.stringify(created.body)).not.toContain(scenario.number);
  expect(JSON.stringify(created.body)).not.toContain(`"${scenario.cvv}"`);
  if (created.status !== 201) return;
  for (const [n, secureCode] of scenario.codes.entries()) {
    const answer = await server.call({
      method: 'POST',
      url: `/api/v1/deposit/${created.body.id}/confirm-3d-secure`,
      token: lead.token,
      payload: { secureCode },
      headers: { 'idempotency-key': `pci-${index}-confirm-${n}` },
    });
    expect(JSON.stringify(answer.body)).not.toContain(secureCode);
  }
  if ('cancel' in scenario) await server.call({ method: 'PATCH', url: `/api/v1/deposit/${created.body.id}/cancel`, token: lead.token });
  clock.advance(5_000);
  await server.app.services.scheduler.runDue();
  // /sync and the lists carry the deposit as clients mirror it.
  const mirrored = await server.call({ method: 'GET', url: '/api/v1/sync?since=0&limit=1000', token: lead.token });
  const listed = await server.call({ method: 'GET', url: '/api/v1/deposit?limit=100', token: root });
  for (const body of [mirrored.body, listed.body]) expect(JSON.stringify(body)).not.toContain(scenario.number);
}

type Column = { table_name: string; column_name: string };

/** Rows of any text, JSON or array column of any table that hold one of the needles. */
async function databaseHits(plain: readonly string[], tokens: readonly string[]): Promise<string[]> {
  const columns = await server.sql<Column>(
    `select table_name, column_name from information_schema.columns
     where table_schema = 'public' and data_type in ('text', 'character varying', 'character', 'json', 'jsonb', 'ARRAY', 'bytea')
     order by table_name, column_name`,
  );
  expect(columns.length).toBeGreaterThan(20);
  expect(columns.some((c) => c.table_name === 'deposits' && c.column_name === 'card_last4')).toBe(true);
  const hits: string[] = [];
  for (const { table_name, column_name } of columns) {
    const value = `"${column_name}"::text`;
    const conditions = [
      ...plain.map((needle) => `strpos(${value}, '${needle}') > 0`),
      ...tokens.map((token) => `${value} ~ '(^|[^0-9A-Za-z.])${token}([^0-9A-Za-z.]|$)'`),
    ];
    const rows = await server.sql<{ n: number }>(`select count(*)::int as n from "${table_name}" where ${conditions.join(' or ')}`);
    if (Number(rows[0].n)) hits.push(`${table_name}.${column_name}`);
  }
  return hits;
}

function logHits(plain: readonly string[], tokens: readonly string[]): string[] {
  return lines.filter(
    (line) =>
      plain.some((needle) => line.includes(needle)) ||
      tokens.some((token) => new RegExp(`(^|[^0-9A-Za-z.])${token}([^0-9A-Za-z.]|$)`).test(line)),
  );
}

describe('card secrets never reach the database or the log', () => {
  SCENARIOS.forEach((scenario, index) => {
    it(scenario.name, async () => {
      await play(scenario, index);
      const { plain, tokens } = needles(scenario);
      expect(await databaseHits(plain, tokens)).toEqual([]);
      expect(logHits(plain, tokens)).toEqual([]);
    });
  });

  it('the log did record the requests (so the search above looked at something)', () => {
    expect(lines.length).toBeGreaterThan(SCENARIOS.length * 2);
    expect(lines.some((line) => line.includes('/api/v1/deposit/3d-secure'))).toBe(true);
  });

  it('the searches find a needle where there is one (they can fail)', async () => {
    await server.sql(`update deposits set full_name = 'leak 4242424242424242 cvv 917' where id = (select id from deposits limit 1)`);
    expect(await databaseHits(['4242424242424242'], ['917'])).toEqual(['deposits.full_name']);
    server.app.log.info('a line with 4242424242424242');
    expect(logHits(['4242424242424242'], [])).toHaveLength(1);
  });

  it('the logger redacts the secrets wherever a body is logged', () => {
    const before = lines.length;
    server.app.log.info({ body: { cardNumber: '5555555555554444', cardCVV: '846', secureCode: '123456' } }, 'body logged');
    server.app.log.info({ req: { body: { cardNumber: '5555555555554444' } }, cardCVV: '846' }, 'request logged');
    const written = lines.slice(before).join('\n');
    expect(written).toContain('body logged');
    expect(written).toContain('[Redacted]');
    expect(written).not.toContain('5555555555554444');
    expect(written).not.toMatch(/[^0-9]846[^0-9]/);
    expect(written).not.toContain('123456');
  });
});
