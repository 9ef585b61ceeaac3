import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { pipelinedTransaction } from '../../src/server/db/client.ts';
import { openLedger, transferMany, type TransferRequest } from '../../src/server/money/ledger.ts';
import { startServer, type TestServer } from './harness.ts';
import { adjust, availableOf, ledgerInvariants, verifiedLead, type Person } from './money-fixtures.ts';

/**
 * Opposite-direction transfers on one lead at the same moment (DESIGN.md §6): a withdrawal request
 * moves available → hold while a failure gives hold → available back. Each booking locks the lead's
 * accounts in id order before it moves anything (ledger.ts, the booking's `for update`; several
 * transfers in one call: `lockAccounts`); without those locks two bookings take the same rows in
 * opposite orders and PostgreSQL kills one as a deadlock (a 500 through the routes). The first test
 * fails without the booking's lock, the second without `lockAccounts`' one.
 */
let server: TestServer;
let root: string;
let admin: Person;
let staff: Person;

beforeAll(async () => {
  server = await startServer();
  root = await server.rootToken();
  admin = await server.user(root, { roles: ['admin'] });
  staff = await server.user(root, { roles: ['regular'] });
  const threshold = await server.call({
    method: 'PATCH',
    url: '/api/v1/setting',
    token: admin.token,
    payload: { withdrawalApprovalThreshold: 10_000 },
  });
  expect(threshold.status).toBe(200);
});
afterAll(() => server?.close());

const post = (url: string, token: string, payload?: unknown) =>
  server.call({ method: 'POST', url, token, payload: payload as never, headers: { 'idempotency-key': randomUUID() } });

/** Rounds of the race; each sends PAIRS requests and PAIRS failures of the lead's held withdrawals at once. */
const ROUNDS = 12;
const PAIRS = 6;

it('withdrawal requests racing withdrawal failures on one lead: every answer is 201/200, balances to the cent', async () => {
  const lead = await verifiedLead(server, root, { assignedTo: staff.id });
  expect((await adjust(server, admin.token, lead.id, 100)).status).toBe(201);
  // PAIRS withdrawals of 1 € held: 94 € available, 6 € held.
  let held: string[] = [];
  for (let i = 0; i < PAIRS; i++) {
    const answer = await post('/api/v1/withdrawal', lead.token, { amount: 1 });
    expect(answer.status, JSON.stringify(answer.body)).toBe(201);
    held.push(answer.body.id);
  }
  for (let round = 0; round < ROUNDS; round++) {
    const answers = await Promise.all([
      ...held.map((id) => post(`/api/v1/withdrawal/${id}/fail`, staff.token, { reason: 'IBAN closed' })),
      ...held.map(() => post('/api/v1/withdrawal', lead.token, { amount: 1 })),
    ]);
    const unexpected = answers.filter((a, i) => a.status !== (i < held.length ? 200 : 201));
    expect(unexpected.map((a) => `${a.status} ${JSON.stringify(a.body)}`)).toEqual([]);
    held = answers.slice(held.length).map((a) => a.body.id as string);
  }
  // Every failure gave its euro back and every request held one: still 6 € held, 94 € available.
  expect(await availableOf(server, lead.token, lead.id)).toBe(94);
  const [hold] = await server.sql<{ balance: string }>(
    `select balance::text from accounts where lead_id = '${lead.id}' and kind = 'withdrawal_hold'`,
  );
  expect(hold.balance).toBe('6.00');
  expect(await ledgerInvariants(server)).toMatchObject({ total: 0, mismatched: 0, negative: 0, twice: 0, broken: 0 });
});

/** Books `requests` in one transaction of their own, as `mutate()` does (the ledger opened and settled before commit). */
const book = (requests: TransferRequest[]) =>
  pipelinedTransaction(server.app.services.db, async (tx) => {
    const ledger = openLedger(tx);
    await transferMany({ tx, changed: () => {}, actor: null }, requests);
    await ledger.settle();
  });

it('several transfers in one call over one lead, in opposite orders at once: all booked, none deadlocked', async () => {
  // Several transfers per call lock every lead account they touch first, in id order, so two calls
  // whose transfers take the accounts in opposite orders never wait on each other in a cycle.
  const lead = await verifiedLead(server, root);
  expect((await adjust(server, admin.token, lead.id, 100)).status).toBe(201);
  const account = (kind: 'available' | 'withdrawal_hold' | 'vault' | 'invested') => ({ lead: lead.id, kind }) as const;
  const move = (from: ReturnType<typeof account>, to: ReturnType<typeof account>, cents = 100): TransferRequest => ({
    from,
    to,
    amountCents: cents,
    cause: { sourceEntity: 'race', sourceId: randomUUID(), kind: 'race' },
  });
  // 10 € into each other account first (which also opens them): 70 € left available.
  await book([
    move(account('available'), account('withdrawal_hold'), 1_000),
    move(account('available'), account('vault'), 1_000),
    move(account('available'), account('invested'), 1_000),
  ]);
  for (let round = 0; round < ROUNDS; round++) {
    // Half the calls move 1 € available → hold and vault → invested, the other half the way back.
    const outcomes = await Promise.allSettled(
      Array.from({ length: PAIRS }, (_, i) =>
        book(
          i % 2
            ? [move(account('available'), account('withdrawal_hold')), move(account('vault'), account('invested'))]
            : [move(account('invested'), account('vault')), move(account('withdrawal_hold'), account('available'))],
        ),
      ),
    );
    expect(outcomes.flatMap((o) => (o.status === 'rejected' ? [String(o.reason?.cause?.message ?? o.reason)] : []))).toEqual([]);
  }
  // As many calls each way: back where the rounds began.
  const balances = await server.sql<{ kind: string; balance: string }>(
    `select kind, balance::text from accounts where lead_id = '${lead.id}' order by kind`,
  );
  expect(balances).toEqual([
    { kind: 'available', balance: '70.00' },
    { kind: 'invested', balance: '10.00' },
    { kind: 'vault', balance: '10.00' },
    { kind: 'withdrawal_hold', balance: '10.00' },
  ]);
  expect(await ledgerInvariants(server)).toMatchObject({ total: 0, mismatched: 0, negative: 0, twice: 0, broken: 0 });
});
