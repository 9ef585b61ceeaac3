import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fingerprint } from './database-state.ts';
import { startServer, type TestServer } from './harness.ts';
import { cardDeposit } from '../fixtures/card-deposit.ts';

/**
 * Card deposits through the sandbox gateway (DESIGN.md §6): every test card, the 3-D Secure step with
 * its three tries, cancel, and the ledger credit that goes with `completed`, in English and French.
 * Expected values are written here from the DESIGN table, never read from the code under test.
 */
type Person = Awaited<ReturnType<TestServer['user']>>;

let server: TestServer;
let root: string;
let regular: Person;
let lead: Person;
let otherLead: Person;

beforeAll(async () => {
  server = await startServer();
  root = await server.rootToken();
  regular = await server.user(root, { roles: ['regular'] });
  lead = await server.user(root, { roles: ['lead'], assignedTo: regular.id });
  otherLead = await server.user(root, { roles: ['lead'] });
}, 120_000);
afterAll(() => server?.close());

const card = cardDeposit;

const deposit = (token: string, payload: Record<string, unknown>, headers: Record<string, string> = {}) =>
  server.call({ method: 'POST', url: '/api/v1/deposit/3d-secure', token, payload, headers });
const confirm = (token: string, id: string, secureCode: string, headers: Record<string, string> = {}) =>
  server.call({ method: 'POST', url: `/api/v1/deposit/${id}/confirm-3d-secure`, token, payload: { secureCode }, headers });

/** The lead's available balance in cents, read from the ledger's accounts. */
async function available(leadId: string): Promise<number> {
  const rows = await server.sql<{ cents: string }>(
    `select coalesce(sum(balance * 100), 0)::bigint as cents from accounts where lead_id = '${leadId}' and kind = 'available'`,
  );
  return Number(rows[0].cents);
}

async function creditsOf(depositId: string): Promise<number> {
  const rows = await server.sql<{ n: string }>(
    `select count(*) as n from transfers where source_entity = 'deposit' and source_id = '${depositId}'`,
  );
  return Number(rows[0].n);
}

const SECRET_KEYS = ['cardNumber', 'cardCVV', 'secureCode'];
const noSecrets = (body: Record<string, unknown>) => {
  for (const key of SECRET_KEYS) expect(body).not.toHaveProperty(key);
};

describe('cards that answer at once', () => {
  const table = [
    { number: '4242 4242 4242 4242', cvv: '123', status: 'completed', brand: 'visa', last4: '4242', reason: null, credited: true },
    { number: '5555 5555 5555 4444', cvv: '123', status: 'completed', brand: 'mastercard', last4: '4444', reason: null, credited: true },
    { number: '3782 822463 10005', cvv: '1234', status: 'completed', brand: 'amex', last4: '0005', reason: null, credited: true },
    { number: '4000 0000 0000 0002', cvv: '123', status: 'failed', brand: 'visa', last4: '0002', reason: 'card_declined', credited: false },
    {
      number: '4000 0000 0000 9995',
      cvv: '123',
      status: 'failed',
      brand: 'visa',
      last4: '9995',
      reason: 'insufficient_funds',
      credited: false,
    },
    {
      number: '4000 0000 0000 3220',
      cvv: '123',
      status: 'awaiting_3d_secure',
      brand: 'visa',
      last4: '3220',
      reason: null,
      credited: false,
    },
  ];
  for (const row of table) {
    it(`${row.number} → ${row.status}${row.reason ? ` (${row.reason})` : ''}`, async () => {
      const before = await available(lead.id);
      const answer = await deposit(lead.token, card(row.number, { cardCVV: row.cvv }));
      expect(answer.status, JSON.stringify(answer.body)).toBe(201);
      expect(answer.body).toMatchObject({
        status: row.status,
        method: 'card',
        cardBrand: row.brand,
        cardLast4: row.last4,
        cardExpirationDate: '12/30',
        failureReason: row.reason,
        userId: lead.id,
        amount: 125.5,
      });
      noSecrets(answer.body);
      expect(answer.body.gatewayReference).toMatch(/^sbx_/);
      expect(await available(lead.id)).toBe(before + (row.credited ? 12_550 : 0));
      expect(await creditsOf(answer.body.id)).toBe(row.credited ? 1 : 0);
    });
  }

  it('a number failing the Luhn check is a 400 on cardNumber and creates nothing (en and fr)', async () => {
    const before = await fingerprint(server);
    const en = await deposit(lead.token, card('4242 4242 4242 4241'));
    expect(en.status).toBe(400);
    expect(en.body.code).toBe('VALIDATION');
    expect(en.body.details.cardNumber).toBe('Please enter a valid card number');
    const fr = await deposit(lead.token, card('4242 4242 4242 4241'), { 'x-lang': 'fr' });
    expect(fr.status).toBe(400);
    expect(fr.body.details.cardNumber).not.toBe('Please enter a valid card number');
    expect(JSON.stringify([en.body, fr.body])).not.toContain('4241');
    expect(await fingerprint(server)).toBe(before);
  });

  it('Amex needs a 4-digit CVV, the others 3 (400 on cardCVV, nothing created)', async () => {
    const before = await fingerprint(server);
    const amex = await deposit(lead.token, card('378282246310005', { cardCVV: '123' }));
    expect(amex.status).toBe(400);
    expect(amex.body.details.cardCVV).toBe('The CVV of an American Express card has 4 digits');
    const visa = await deposit(lead.token, card('4242424242424242', { cardCVV: '1234' }), { 'x-lang': 'fr' });
    expect(visa.status).toBe(400);
    expect(visa.body.details.cardCVV).toBe('Le CVV de cette carte comporte 3 chiffres');
    expect(await fingerprint(server)).toBe(before);
  });

  it('every missing billing field is named, in the caller language', async () => {
    const answer = await deposit(lead.token, { amount: 10, cardNumber: '4242424242424242' }, { 'x-lang': 'fr' });
    expect(answer.status).toBe(400);
    expect(Object.keys(answer.body.details).sort()).toEqual(
      ['cardCVV', 'cardExpirationDate', 'fullName', 'phone', 'street', 'zipCode', 'country'].sort(),
    );
  });

  it('an amount of 0, a negative one or three decimals is refused', async () => {
    for (const amount of [0, -5, 10.001]) {
      const answer = await deposit(lead.token, card('4242424242424242', { amount }));
      expect(answer.status).toBe(400);
      expect(answer.body.details).toHaveProperty('amount');
    }
  });

  it('a lead deposits for itself only; staff for a lead in their scope only', async () => {
    const forOther = await deposit(lead.token, card('4242424242424242', { userId: otherLead.id }));
    expect(forOther.status).toBe(403);
    const staffNoLead = await deposit(regular.token, card('4242424242424242'));
    expect(staffNoLead.status).toBe(400);
    expect(staffNoLead.body.details).toHaveProperty('userId');
    const staffOutOfScope = await deposit(regular.token, card('4242424242424242', { userId: otherLead.id }));
    expect(staffOutOfScope.status).toBe(403);
    const staffNotALead = await deposit(root, card('4242424242424242', { userId: regular.id }));
    expect(staffNotALead.status).toBe(403);
    const before = await available(lead.id);
    const staffOk = await deposit(regular.token, card('4242424242424242', { userId: lead.id }));
    expect(staffOk.status).toBe(201);
    expect(staffOk.body.userId).toBe(lead.id);
    expect(await available(lead.id)).toBe(before + 12_550);
  });

  it('an Idempotency-Key replay answers the same deposit and credits once', async () => {
    const key = `dep-${Date.now()}-replay`;
    const payload = card('4242424242424242');
    const first = await server.call({
      method: 'POST',
      url: '/api/v1/deposit/3d-secure',
      token: lead.token,
      payload,
      headers: { 'idempotency-key': key },
    });
    const before = await available(lead.id);
    const again = await server.call({
      method: 'POST',
      url: '/api/v1/deposit/3d-secure',
      token: lead.token,
      payload,
      headers: { 'idempotency-key': key },
    });
    expect(again.status).toBe(201);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.body.id).toBe(first.body.id);
    expect(await available(lead.id)).toBe(before);
    expect(await creditsOf(first.body.id)).toBe(1);
  });

  it('GET /deposit/gateway says the sandbox serves card deposits (the screen lists its test cards)', async () => {
    const answer = await server.call({ method: 'GET', url: '/api/v1/deposit/gateway', token: lead.token });
    expect(answer.body).toEqual({ name: 'sandbox', sandbox: true });
    expect((await server.call({ method: 'GET', url: '/api/v1/deposit/gateway' })).status).toBe(401);
  });

  it('needs a signed-in user', async () => {
    const answer = await server.call({ method: 'POST', url: '/api/v1/deposit/3d-secure', payload: card('4242424242424242') });
    expect(answer.status).toBe(401);
  });
});

describe('3-D Secure', () => {
  it('4000 0000 0000 3220: code 123456 completes it and credits the lead', async () => {
    const created = await deposit(lead.token, card('4000000000003220'));
    expect(created.body.status).toBe('awaiting_3d_secure');
    const before = await available(lead.id);
    const answer = await confirm(lead.token, created.body.id, '123456');
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect(answer.body).toMatchObject({ status: 'completed', failureReason: null, version: created.body.version + 1 });
    noSecrets(answer.body);
    expect(await available(lead.id)).toBe(before + 12_550);
    const again = await confirm(lead.token, created.body.id, '123456');
    expect(again.status).toBe(422);
    expect(again.body.code).toBe('INVALID_TRANSITION');
    expect(await available(lead.id)).toBe(before + 12_550);
  });

  it('a wrong code is 422 SECURE_CODE_INVALID with the tries left in words with plurals (en, fr, de); the third fails it', async () => {
    const created = await deposit(lead.token, card('4000000000003220'));
    const first = await confirm(lead.token, created.body.id, '111111');
    expect(first.status).toBe(422);
    expect(first.body).toMatchObject({
      code: 'SECURE_CODE_INVALID',
      details: { triesLeft: 2 },
      message: 'Wrong secure code: 2 tries left',
    });
    const second = await confirm(lead.token, created.body.id, '222222', { 'x-lang': 'fr' });
    expect(second.status).toBe(422);
    expect(second.body).toMatchObject({
      code: 'SECURE_CODE_INVALID',
      details: { triesLeft: 1 },
      message: 'Code de sécurité erroné : il reste 1 essai',
    });
    const before = await available(lead.id);
    const third = await confirm(lead.token, created.body.id, '333333');
    expect(third.status).toBe(200);
    expect(third.body).toMatchObject({ status: 'failed', failureReason: 'authentication_failed', secureCodeTries: 3 });
    const late = await confirm(lead.token, created.body.id, '123456');
    expect(late.status).toBe(422);
    expect(late.body.code).toBe('INVALID_TRANSITION');
    expect(await available(lead.id)).toBe(before);
  });

  it('a wrong code then the right one completes it', async () => {
    const created = await deposit(lead.token, card('4000000000003220'));
    const wrong = await confirm(lead.token, created.body.id, '654321', { 'x-lang': 'de' });
    expect(wrong.status).toBe(422);
    expect(wrong.body.message).toBe('Falscher Sicherheitscode: noch 2 Versuche');
    const answer = await confirm(lead.token, created.body.id, '123456');
    expect(answer.body).toMatchObject({ status: 'completed', secureCodeTries: 1 });
  });

  it('4000 0084 0000 1629: the right code, then the bank declines', async () => {
    const created = await deposit(lead.token, card('4000008400001629'));
    expect(created.body.status).toBe('awaiting_3d_secure');
    const before = await available(lead.id);
    const answer = await confirm(lead.token, created.body.id, '123456');
    expect(answer.body).toMatchObject({ status: 'failed', failureReason: 'bank_declined' });
    expect(await available(lead.id)).toBe(before);
  });

  it('4000 0000 0000 3063: the right code leaves it awaiting while the bank works (no cancel, no second confirm)', async () => {
    const created = await deposit(lead.token, card('4000000000003063'));
    const answer = await confirm(lead.token, created.body.id, '123456');
    expect(answer.status).toBe(200);
    expect(answer.body.status).toBe('awaiting_3d_secure');
    expect(answer.body.bankRetryAt).not.toBeNull();
    const cancel = await server.call({ method: 'PATCH', url: `/api/v1/deposit/${created.body.id}/cancel`, token: lead.token });
    expect(cancel.status).toBe(422);
    expect((await confirm(lead.token, created.body.id, '123456')).status).toBe(422);
  });

  it('a malformed code is a 400 that costs no try; another lead cannot confirm (404)', async () => {
    const created = await deposit(lead.token, card('4000000000003220'));
    const bad = await confirm(lead.token, created.body.id, 'abc');
    expect(bad.status).toBe(400);
    expect(bad.body.details).toHaveProperty('secureCode');
    expect((await confirm(otherLead.token, created.body.id, '123456')).status).toBe(404);
    const right = await confirm(lead.token, created.body.id, '123456');
    expect(right.body).toMatchObject({ status: 'completed', secureCodeTries: 0 });
  });

  it('a card that needs no code cannot be confirmed', async () => {
    const created = await deposit(lead.token, card('4242424242424242'));
    const answer = await confirm(lead.token, created.body.id, '123456');
    expect(answer.status).toBe(422);
    expect(answer.body.code).toBe('INVALID_TRANSITION');
  });
});

describe('cancel', () => {
  it('the owner cancels one awaiting 3-D Secure; then it can be neither confirmed nor cancelled again', async () => {
    const created = await deposit(lead.token, card('4000000000003220'));
    const cancelled = await server.call({ method: 'PATCH', url: `/api/v1/deposit/${created.body.id}/cancel`, token: lead.token });
    expect(cancelled.status).toBe(200);
    expect(cancelled.body.status).toBe('cancelled');
    const again = await server.call({
      method: 'PATCH',
      url: `/api/v1/deposit/${created.body.id}/cancel`,
      token: lead.token,
      headers: { 'x-lang': 'fr' },
    });
    expect(again.status).toBe(422);
    expect(again.body).toMatchObject({
      code: 'INVALID_TRANSITION',
      message: "Cette action n'est pas possible dans l'état actuel de l'enregistrement",
    });
    expect((await confirm(lead.token, created.body.id, '123456')).status).toBe(422);
  });

  it('a completed deposit cannot be cancelled; another lead gets 404', async () => {
    const created = await deposit(lead.token, card('4242424242424242'));
    expect((await server.call({ method: 'PATCH', url: `/api/v1/deposit/${created.body.id}/cancel`, token: otherLead.token })).status).toBe(
      404,
    );
    const answer = await server.call({ method: 'PATCH', url: `/api/v1/deposit/${created.body.id}/cancel`, token: lead.token });
    expect(answer.status).toBe(422);
    expect(answer.body.code).toBe('INVALID_TRANSITION');
  });
});
