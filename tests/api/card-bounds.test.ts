import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/server/config.ts';
import { cardDeposit } from '../fixtures/card-deposit.ts';
import { fingerprint } from './database-state.ts';
import { startServer, type TestServer } from './harness.ts';

/**
 * Card payments are bounded (DESIGN.md §6, CHECKLIST.md 14, issue 23), each test written from the
 * attack: a deposit above the per-deposit or the daily limit, the €999,990,000,000 deposit that drove
 * card clearing to the column's limit, card testing (200 declined numbers in a second), an expired
 * card, and a card number in the query string or a header. Expected values are written here by hand.
 */
type Person = Awaited<ReturnType<TestServer['user']>>;

const lines: string[] = [];
const capture = new Writable({
  write(chunk, _encoding, done) {
    lines.push(String(chunk));
    done();
  },
});

/** The defaults (src/server/config.ts), written out: the harness raises them for the other suites. */
const CARD_ATTEMPTS = { lead: { max: 20, windowSeconds: 3600 }, address: { max: 20, windowSeconds: 3600 } };

let server: TestServer;
let root: string;
let staff: Person;

beforeAll(async () => {
  server = await startServer({ cardAttempts: CARD_ATTEMPTS, logger: { level: 'info', stream: capture } });
  root = await server.rootToken();
  staff = await server.user(root, { roles: ['regular'] });
}, 120_000);
afterAll(() => server?.close());

const newLead = () => server.user(root, { roles: ['lead'], assignedTo: staff.id });

/** A card deposit as `token`, from `address` (each rate test has its own, so the others never share its counter). */
const deposit = (token: string, payload: Record<string, unknown>, headers: Record<string, string> = {}, address = '127.0.0.1') =>
  server.call({ method: 'POST', url: '/api/v1/deposit/3d-secure', token, payload, headers, remoteAddress: address });

const SUCCEEDS = '4242 4242 4242 4242';
const DECLINED = '4000 0000 0000 0002';
const THREE_DS = '4000 0000 0000 3220';

/** The lead's available balance in cents, read from the ledger's accounts. */
async function available(leadId: string): Promise<number> {
  const rows = await server.sql<{ cents: string }>(
    `select coalesce(sum(balance * 100), 0)::bigint as cents from accounts where lead_id = '${leadId}' and kind = 'available'`,
  );
  return Number(rows[0].cents);
}

it('the attempt limits the server runs with are the defaults', async () => {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'bd-config-'));
  try {
    expect(loadConfig({ dataDir, jwtSecret: 'x' }).cardAttempts).toEqual(CARD_ATTEMPTS);
  } finally {
    await rm(dataDir, { recursive: true, force: true });
  }
});

describe('limits per deposit and per lead in 24 hours (settings: €10,000 and €25,000 by default)', () => {
  it('above €10,000 is a 422 naming the limit on the amount, in the reader’s language; nothing is created', async () => {
    const lead = await newLead();
    const before = await fingerprint(server);
    const en = await deposit(lead.token, cardDeposit(SUCCEEDS, { amount: 10_000.01 }));
    expect(en.status).toBe(422);
    expect(en.body).toEqual({
      code: 'CARD_DEPOSIT_MAX',
      message: 'A card deposit can be at most €10,000.00',
      details: { amount: 'A card deposit can be at most €10,000.00' },
    });
    const fr = await deposit(lead.token, cardDeposit(SUCCEEDS, { amount: 10_000.01 }), { 'x-lang': 'fr-FR' });
    expect(fr.body.details.amount).toBe('Un dépôt par carte ne peut pas dépasser 10\u202f000,00\u00a0€');
    const de = await deposit(lead.token, cardDeposit(SUCCEEDS, { amount: 10_000.01 }), { 'x-lang': 'de' });
    expect(de.body.message).toBe('Eine Einzahlung per Karte darf höchstens 10.000,00\u00a0€ betragen');
    expect(await fingerprint(server)).toBe(before);
    expect(await available(lead.id)).toBe(0);
    const exact = await deposit(lead.token, cardDeposit(SUCCEEDS, { amount: 10_000 }));
    expect(exact.status, JSON.stringify(exact.body)).toBe(201);
    expect(await available(lead.id)).toBe(1_000_000);
  });

  it('past €25,000 in 24 hours is a 422 naming the limit and what is left; declined and cancelled deposits use none of it', async () => {
    const lead = await newLead();
    expect((await deposit(lead.token, cardDeposit(DECLINED, { amount: 10_000 }))).body.status).toBe('failed');
    const waiting = await deposit(lead.token, cardDeposit(THREE_DS, { amount: 10_000 }));
    expect(waiting.body.status).toBe('awaiting_3d_secure');
    // Staff paying for the lead count against the same lead.
    expect((await deposit(staff.token, cardDeposit(SUCCEEDS, { amount: 10_000, userId: lead.id }))).body.status).toBe('completed');
    const before = await fingerprint(server);
    const over = await deposit(lead.token, cardDeposit(SUCCEEDS, { amount: 5_000.01 }));
    expect(over.status).toBe(422);
    expect(over.body).toEqual({
      code: 'CARD_DAILY_MAX',
      message: 'Card deposits are limited to €25,000.00 in 24 hours: at most €5,000.00 more for now',
      details: { amount: 'Card deposits are limited to €25,000.00 in 24 hours: at most €5,000.00 more for now' },
    });
    const fr = await deposit(lead.token, cardDeposit(SUCCEEDS, { amount: 5_000.01 }), { 'x-lang': 'fr' });
    expect(fr.body.details.amount).toBe(
      'Les dépôts par carte sont limités à 25\u202f000,00\u00a0€ sur 24 heures : au plus 5\u202f000,00\u00a0€ de plus pour l’instant',
    );
    expect(await fingerprint(server)).toBe(before);
    // The one awaiting its code still counts; cancelled, it does not.
    const cancelled = await server.call({ method: 'PATCH', url: `/api/v1/deposit/${waiting.body.id}/cancel`, token: lead.token });
    expect(cancelled.body.status).toBe('cancelled');
    expect((await deposit(lead.token, cardDeposit(SUCCEEDS, { amount: 10_000 }))).body.status).toBe('completed');
    expect((await deposit(lead.token, cardDeposit(SUCCEEDS, { amount: 5_000 }))).body.status).toBe('completed');
    expect((await deposit(lead.token, cardDeposit(SUCCEEDS, { amount: 0.01 }))).body.code).toBe('CARD_DAILY_MAX');
    expect(await available(lead.id)).toBe(2_500_000);
  });

  it('five deposits of €10,000 sent at once: they take turns, two go through and three are over the limit', async () => {
    const lead = await newLead();
    const answers = await Promise.all(
      Array.from({ length: 5 }, (_, i) => deposit(lead.token, cardDeposit(SUCCEEDS, { amount: 10_000 }), {}, `10.1.0.${i}`)),
    );
    expect(answers.map((a) => a.status).sort()).toEqual([201, 201, 422, 422, 422]);
    expect(answers.filter((a) => a.status === 422).map((a) => a.body.code)).toEqual(['CARD_DAILY_MAX', 'CARD_DAILY_MAX', 'CARD_DAILY_MAX']);
    const [row] = await server.sql<{ cents: string }>(
      `select coalesce(sum(amount * 100), 0)::bigint as cents from deposits where user_id = '${lead.id}' and status = 'completed'`,
    );
    expect(Number(row.cents)).toBe(2_000_000);
    expect(await available(lead.id)).toBe(2_000_000);
  });

  it('an admin sets the limits within €100,000 each; above, or 0, is a 400 on the field; the new limit applies at once', async () => {
    const admin = await server.user(root, { roles: ['admin'] });
    const patch = (payload: Record<string, unknown>, lang = 'en') =>
      server.call({ method: 'PATCH', url: '/api/v1/setting', token: admin.token, payload, headers: { 'x-lang': lang } });
    const above = await patch({ cardDepositMax: 100_000.01, cardDepositDailyMax: 999_999_999_999.99 });
    expect(above.status).toBe(400);
    expect(above.body.details).toEqual({
      cardDepositMax: 'A card limit can be at most €100,000',
      cardDepositDailyMax: 'A card limit can be at most €100,000',
    });
    expect((await patch({ cardDepositMax: 100_000.01 }, 'fr')).body.details.cardDepositMax).toBe(
      'Une limite de carte ne peut pas dépasser 100\u202f000\u00a0€',
    );
    expect((await patch({ cardDepositDailyMax: 0 })).body.details.cardDepositDailyMax).toBe('The value must be greater than 0');
    const regular = await server.call({ method: 'PATCH', url: '/api/v1/setting', token: staff.token, payload: { cardDepositMax: 50 } });
    expect(regular.status).toBe(403);

    expect((await patch({ cardDepositMax: 20 })).status).toBe(200);
    try {
      const lead = await newLead();
      const over = await deposit(lead.token, cardDeposit(SUCCEEDS, { amount: 20.01 }));
      expect(over.body.message).toBe('A card deposit can be at most €20.00');
      expect((await deposit(lead.token, cardDeposit(SUCCEEDS, { amount: 20 }))).status).toBe(201);
    } finally {
      expect((await patch({ cardDepositMax: 10_000 })).status).toBe(200);
    }
  });
});

describe('no sum of bounded amounts reaches a column’s limit', () => {
  it('the €999,990,000,000 deposit is refused with details; another lead’s €5,000 then goes through', async () => {
    const attacker = await newLead();
    const before = await fingerprint(server);
    const huge = await deposit(attacker.token, cardDeposit(SUCCEEDS, { amount: 999_990_000_000 }));
    expect(huge.status).toBe(422);
    expect(huge.body.details).toEqual({ amount: 'A card deposit can be at most €10,000.00' });
    expect(await fingerprint(server)).toBe(before);
    const other = await newLead();
    const normal = await deposit(other.token, cardDeposit(SUCCEEDS, { amount: 5_000 }));
    expect(normal.status, JSON.stringify(normal.body)).toBe(201);
    expect(normal.body.status).toBe('completed');
    expect(await available(other.id)).toBe(500_000);
    const check = await server.call({ method: 'GET', url: '/api/v1/funds/check', token: root });
    expect(check.body).toMatchObject({ ok: true, total: 0 });
  });

  it('were a house account ever at the limit, the deposit is a 422 OUT_OF_RANGE with the error logged, never a bare 400, and books nothing', async () => {
    const lead = await newLead();
    const [house] = await server.sql<{ balance: string }>(`select balance from accounts where lead_id is null and kind = 'card_clearing'`);
    // Only by hand: no sequence of bounded deposits comes near it.
    await server.sql(`update accounts set balance = -999999999999.00 where lead_id is null and kind = 'card_clearing'`);
    const logged = lines.length;
    try {
      const answer = await deposit(lead.token, cardDeposit(SUCCEEDS, { amount: 5_000 }));
      expect(answer.status).toBe(422);
      expect(answer.body).toEqual({
        code: 'OUT_OF_RANGE',
        message: 'This amount would take a balance beyond what the books can hold: nothing was recorded',
      });
      expect(lines.slice(logged).join('\n')).toContain('numeric field overflow');
      const [row] = await server.sql<{ n: number }>(`select count(*)::int as n from deposits where user_id = '${lead.id}'`);
      expect(row.n).toBe(0);
      expect(await available(lead.id)).toBe(0);
    } finally {
      await server.sql(`update accounts set balance = ${house.balance} where lead_id is null and kind = 'card_clearing'`);
    }
  });

  it('a value the database refuses is a 400 with its details (a NUL character in a campaign name)', async () => {
    const answer = await server.call({ method: 'POST', url: '/api/v1/campaign', token: root, payload: { name: 'Spring\u0000sale' } });
    expect(answer.status).toBe(400);
    expect(answer.body).toEqual({ code: 'VALIDATION', message: 'Some fields are not valid', details: { _: 'This value is not valid' } });
  });

  it('every 400 says what was wrong: a body that is not JSON', async () => {
    const answer = await server.call({
      method: 'POST',
      url: '/api/v1/campaign',
      token: root,
      payload: '{"name": ',
      headers: { 'content-type': 'application/json' },
    });
    expect(answer.status).toBe(400);
    expect(answer.body).toEqual({ code: 'BAD_REQUEST', message: 'The request is not valid', details: { _: 'The request is not valid' } });
  });
});

describe('card testing', () => {
  it('200 declined numbers for one lead, one after another: the 21st and every later one is a 429 with Retry-After', async () => {
    const lead = await newLead();
    const answers: { status: number; retryAfter?: string; message: string }[] = [];
    // A fresh address each time: this is the lead's counter, not an address's.
    for (let i = 0; i < 200; i++) {
      const answer = await deposit(lead.token, cardDeposit(DECLINED, { amount: 1 }), {}, `10.2.${Math.floor(i / 250)}.${i % 250}`);
      answers.push({ status: answer.status, retryAfter: answer.headers['retry-after'] as string, message: answer.body.message });
      if (answer.status === 429 && answers.filter((a) => a.status === 429).length === 5) break;
    }
    expect(answers.slice(0, 20).every((a) => a.status === 201)).toBe(true);
    expect(answers.slice(20).map((a) => a.status)).toEqual([429, 429, 429, 429, 429]);
    const retry = Number(answers[20].retryAfter);
    expect(retry).toBeGreaterThan(3000);
    expect(retry).toBeLessThanOrEqual(3600);
    expect(answers[20].message).toBe('Too many attempts; please wait and try again');
    const [row] = await server.sql<{ n: number }>(`select count(*)::int as n from deposits where user_id = '${lead.id}'`);
    expect(row.n).toBe(20);
    // A good card is refused too (cards that go through are tested that way as well), in French.
    const good = await deposit(lead.token, cardDeposit(SUCCEEDS, { amount: 1 }), { 'x-lang': 'fr' }, '10.2.9.9');
    expect(good.status).toBe(429);
    expect(good.body.message).toBe('Trop de tentatives ; veuillez patienter et réessayer');
    // Another lead is not slowed.
    const other = await newLead();
    expect((await deposit(other.token, cardDeposit(DECLINED, { amount: 1 }), {}, '10.2.9.9')).status).toBe(201);
  });

  it('30 declined numbers for one lead at once: they run one at a time, and the 10 past the limit are 429s', async () => {
    const lead = await newLead();
    const answers = await Promise.all(
      Array.from({ length: 30 }, (_, i) => deposit(lead.token, cardDeposit(DECLINED, { amount: 1 }), {}, `10.3.0.${i}`)),
    );
    const refused = answers.filter((a) => a.status === 429);
    expect(answers.filter((a) => a.status !== 201 && a.status !== 429)).toEqual([]);
    expect(refused.length).toBe(10);
    for (const answer of refused) expect(Number(answer.headers['retry-after'])).toBeGreaterThan(0);
    const [row] = await server.sql<{ n: number }>(`select count(*)::int as n from deposits where user_id = '${lead.id}'`);
    expect(row.n).toBe(answers.length - refused.length);
  });

  it('one address: its 21st declined attempt is a 429 whichever lead pays; payments that go through never count', async () => {
    const address = '10.4.0.1';
    const leads = [await newLead(), await newLead(), await newLead()];
    const statuses: number[] = [];
    for (let i = 0; i < 21; i++)
      statuses.push((await deposit(leads[i % 3].token, cardDeposit(DECLINED, { amount: 1 }), {}, address)).status);
    expect(statuses).toEqual([...Array<number>(20).fill(201), 429]);
    const fresh = await newLead();
    const blocked = await deposit(fresh.token, cardDeposit(SUCCEEDS, { amount: 1 }), {}, address);
    expect(blocked.status).toBe(429);
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(3000);
    expect(await available(fresh.id)).toBe(0);

    // An office paying for its leads from one address: 26 payments that go through, none refused.
    const office = '10.4.0.2';
    const payers = [await newLead(), await newLead()];
    const paid: number[] = [];
    for (let i = 0; i < 26; i++) paid.push((await deposit(payers[i % 2].token, cardDeposit(SUCCEEDS, { amount: 1 }), {}, office)).status);
    expect(paid).toEqual(Array<number>(26).fill(201));
  });
});

describe('an expired card', () => {
  it('01/20 and last month are a 400 on cardExpirationDate (en, fr), nothing created; this month is accepted', async () => {
    const lead = await newLead();
    const now = new Date();
    const lastMonth = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 1, 15));
    const mmyy = (d: Date) => `${String(d.getUTCMonth() + 1).padStart(2, '0')}/${String(d.getUTCFullYear() % 100).padStart(2, '0')}`;
    const before = await fingerprint(server);
    const old = await deposit(lead.token, cardDeposit(SUCCEEDS, { cardExpirationDate: '01/20' }));
    expect(old.status).toBe(400);
    expect(old.body).toEqual({
      code: 'VALIDATION',
      message: 'Some fields are not valid',
      details: { cardExpirationDate: 'This card has expired' },
    });
    const recent = await deposit(lead.token, cardDeposit(SUCCEEDS, { cardExpirationDate: mmyy(lastMonth) }), { 'x-lang': 'fr' });
    expect(recent.status).toBe(400);
    expect(recent.body.details).toEqual({ cardExpirationDate: 'Cette carte a expiré' });
    expect(await fingerprint(server)).toBe(before);
    const current = await deposit(lead.token, cardDeposit(SUCCEEDS, { cardExpirationDate: mmyy(now) }));
    expect(current.status, JSON.stringify(current.body)).toBe(201);
  });
});

describe('a card number anywhere but the body', () => {
  it('in the query string: 400, nothing created, and the log never holds it', async () => {
    const lead = await newLead();
    const before = await fingerprint(server);
    const logged = lines.length;
    const answer = await server.call({
      method: 'POST',
      url: '/api/v1/deposit/3d-secure?cardNumber=4242424242424242&cvv=123',
      token: lead.token,
      payload: cardDeposit(SUCCEEDS),
    });
    expect(answer.status).toBe(400);
    expect(answer.body).toEqual({
      code: 'VALIDATION',
      message: 'Some fields are not valid',
      details: { query: 'A card number may be sent in the request body only, never in the address or a header' },
    });
    const spaced = await server.call({
      method: 'POST',
      url: '/api/v1/deposit/3d-secure?n=4242%204242%204242%204242',
      token: lead.token,
      payload: cardDeposit(SUCCEEDS),
      headers: { 'x-lang': 'de' },
    });
    expect(spaced.body.details).toEqual({
      query: 'Eine Kartennummer darf nur im Inhalt der Anfrage stehen, nie in der Adresse oder einem Header',
    });
    expect(await fingerprint(server)).toBe(before);
    // Any route's URL is logged without it, and without a CVV or code named in the query.
    await server.call({ method: 'GET', url: '/api/v1/deposit?cardNumber=5555555555554444&cardCVV=987', token: root });
    const written = lines.slice(logged).join('\n');
    expect(written).toContain('/api/v1/deposit/3d-secure?cardNumber=[REDACTED]&cvv=[REDACTED]');
    expect(written).toContain('/api/v1/deposit?cardNumber=[REDACTED]&cardCVV=[REDACTED]');
    // The CVV by its place: three digits alone also turn up in response times and ports.
    for (const secret of ['4242424242424242', '4242%204242', '5555555555554444', 'cvv=123', 'cardCVV=987'])
      expect(written).not.toContain(secret);
  });

  it('in a header: 400 naming the header, nothing created; an idempotency key holding a timestamp is no card number', async () => {
    const lead = await newLead();
    const before = await fingerprint(server);
    const answer = await deposit(lead.token, cardDeposit(SUCCEEDS), { 'x-card': '4242 4242 4242 4242' });
    expect(answer.status).toBe(400);
    expect(answer.body.details).toEqual({
      'x-card': 'A card number may be sent in the request body only, never in the address or a header',
    });
    const asKey = await deposit(lead.token, cardDeposit(SUCCEEDS), { 'idempotency-key': '5555555555554444' });
    expect(asKey.status).toBe(400);
    expect(Object.keys(asKey.body.details)).toEqual(['idempotency-key']);
    const code = await server.call({
      method: 'POST',
      url: `/api/v1/deposit/${crypto.randomUUID()}/confirm-3d-secure?card=4000000000003220`,
      token: lead.token,
      payload: { secureCode: '123456' },
    });
    expect(code.status).toBe(400);
    expect(await fingerprint(server)).toBe(before);
    const timestamp = await deposit(lead.token, cardDeposit(SUCCEEDS), { 'idempotency-key': 'dep-1234567812345670-replay' });
    expect(timestamp.status, JSON.stringify(timestamp.body)).toBe(201);
  });
});
