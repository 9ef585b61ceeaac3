import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { SANDBOX_SECURE_CODE, TEST_CARDS, type TestCardBehaviour } from '../../src/shared/money/test-cards.ts';
import { manualClock } from '../../src/server/scheduler/clock.ts';
import { startServer, type TestServer } from './harness.ts';
import { adjust, ledgerInvariants, verifiedLead, type Person } from './money-fixtures.ts';

/**
 * The ledger under random interleavings (fast-check, real server): card deposits with every test card,
 * 3-D Secure confirmations right and wrong, cancels, staff deposits, withdrawals, approvals,
 * completions, failures and adjustments across several leads; each step sends its operations at
 * once, some twice with the same Idempotency-Key, and earlier requests are replayed. A model written
 * here follows every answer; at the end the funds endpoints must agree with it and the ledger's
 * invariants must hold in the database.
 */
const LEADS = 3;
/** Above this a withdrawal needs two approvals (set in the settings for this test). */
const THRESHOLD_CENTS = 4_000;

/** staffA: the leads' regular staff member; staffB and admin: admins; outsider: a regular who sees none of them. */
type Who = 'staffA' | 'staffB' | 'admin' | 'outsider';
type Op =
  | { t: 'card'; lead: number; card: number; cents: number; code: 'right' | 'wrong' | 'wrong3' | 'none'; cancel: boolean }
  | { t: 'staffDeposit'; lead: number; cents: number; end: 'complete' | 'fail' | 'cancel' | 'leave' }
  | { t: 'withdraw'; lead: number; cents: number; byStaff: boolean; twin: boolean }
  | { t: 'approve' | 'complete' | 'fail'; pick: number; by: Who }
  | { t: 'adjust'; lead: number; cents: number; credit: boolean; twin: boolean }
  | { t: 'replay'; pick: number };

const lead = fc.integer({ min: 0, max: LEADS - 1 });
const cents = fc.integer({ min: 1, max: 9_000 });
const who = fc.constantFrom<Who>('staffA', 'staffB', 'admin', 'outsider');
const opArb: fc.Arbitrary<Op> = fc.oneof(
  fc.record({
    t: fc.constant('card' as const),
    lead,
    card: fc.integer({ min: 0, max: TEST_CARDS.length - 1 }),
    cents,
    code: fc.constantFrom('right', 'wrong', 'wrong3', 'none') as fc.Arbitrary<'right' | 'wrong' | 'wrong3' | 'none'>,
    cancel: fc.boolean(),
  }),
  fc.record({
    t: fc.constant('staffDeposit' as const),
    lead,
    cents,
    end: fc.constantFrom('complete', 'fail', 'cancel', 'leave') as fc.Arbitrary<'complete'>,
  }),
  fc.record({ t: fc.constant('withdraw' as const), lead, cents, byStaff: fc.boolean(), twin: fc.boolean() }),
  fc.record({ t: fc.constantFrom('approve' as const, 'complete' as const, 'fail' as const), pick: fc.nat(), by: who }),
  fc.record({ t: fc.constant('adjust' as const), lead, cents, credit: fc.boolean(), twin: fc.boolean() }),
  fc.record({ t: fc.constant('replay' as const), pick: fc.nat() }),
);

type Sent = { method: 'POST' | 'PATCH'; url: string; token: string; payload?: unknown; key: string; status: number; body: any };
type Withdrawal = {
  id: string;
  lead: number;
  cents: number;
  createdBy: string;
  approvedBy: string[];
  status: 'pending' | 'completed' | 'failed';
  /** When the server made it (its answer's dateCreation): the approval threshold counts the 24 hours up to it. */
  at: number;
};
type Model = {
  available: number[];
  hold: number[];
  withdrawals: Withdrawal[];
  slowDeposits: { id: string; lead: number; cents: number }[];
};

/** The scheduler's clock: moved by hand so the slow bank answers and the 3-D Secure expiry run when the test says. */
const clock = manualClock(new Date());
let server: TestServer;
let root: string;
let people: Record<Who, Person>;

beforeAll(async () => {
  server = await startServer({ clock });
  root = await server.rootToken();
  people = {
    staffA: await server.user(root, { roles: ['regular'] }),
    staffB: await server.user(root, { roles: ['admin'] }),
    admin: await server.user(root, { roles: ['admin'] }),
    outsider: await server.user(root, { roles: ['regular'] }),
  };
  const threshold = await server.call({
    method: 'PATCH',
    url: '/api/v1/setting',
    token: people.admin.token,
    payload: { withdrawalApprovalThreshold: THRESHOLD_CENTS / 100 },
  });
  expect(threshold.status).toBe(200);
});
afterAll(() => server?.close());

const euros = (c: number) => c / 100;

async function send(request: Omit<Sent, 'status' | 'body' | 'key'> & { key?: string }): Promise<Sent> {
  const key = request.key ?? randomUUID();
  const answer = await server.call({
    method: request.method,
    url: request.url,
    token: request.token,
    payload: request.payload as never,
    headers: { 'idempotency-key': key },
  });
  return { ...request, key, status: answer.status, body: answer.body };
}

const card = (index: number, cents: number) => {
  const c = TEST_CARDS[index];
  return {
    amount: euros(cents),
    cardNumber: c.number,
    cardExpirationDate: '12/30',
    cardCVV: '1234'.slice(0, c.cvvLength),
    fullName: 'Ada Lovelace',
    street: '1 Analytical Way',
    zipCode: '75001',
    country: 'FR',
    phone: '+33 1 23 45 67 89',
  };
};

/** The deposit status the sandbox answers at creation, by card (DESIGN.md §6). */
const AT_CREATION: Record<TestCardBehaviour, number | string> = {
  succeeds: 'completed',
  three_ds: 'awaiting_3d_secure',
  declined: 'failed',
  insufficient_funds: 'failed',
  three_ds_slow_bank: 'awaiting_3d_secure',
  three_ds_then_declined: 'awaiting_3d_secure',
  luhn_failure: 400,
};

it('random interleavings keep the ledger balanced, never negative, each cause booked once, and agree with the model', async () => {
  await fc.assert(
    fc.asyncProperty(fc.array(fc.array(opArb, { minLength: 1, maxLength: 4 }), { minLength: 3, maxLength: 6 }), async (steps) => {
      const leads: Person[] = [];
      for (let i = 0; i < LEADS; i++) leads.push(await verifiedLead(server, people.staffA.token, { assignedTo: people.staffA.id }));
      const model: Model = { available: leads.map(() => 0), hold: leads.map(() => 0), withdrawals: [], slowDeposits: [] };
      const sent: Sent[] = [];
      // Every lead starts with a little money so withdrawals have something to hold.
      for (const [i, l] of leads.entries()) {
        expect((await adjust(server, people.admin.token, l.id, 50)).status).toBe(201);
        model.available[i] += 5_000;
      }

      // Every test card once, concurrently, before the random steps (the random ones may miss some).
      const everyCard: Op[] = TEST_CARDS.map((_, index) => ({
        t: 'card',
        lead: index % LEADS,
        card: index,
        cents: 100 + index,
        code: 'right',
        cancel: false,
      }));
      for (const step of [everyCard, ...steps]) {
        const alone = step.length === 1;
        const earlier = [...sent];
        await Promise.all(step.map((op) => run(op, alone, earlier)));
      }

      // Sixteen minutes later, by the scheduler: the slow bank has answered (each of its deposits
      // completed and credited once) and every deposit still awaiting a code has expired.
      clock.advance(16 * 60_000);
      await server.app.services.scheduler.runDue();
      for (const slow of model.slowDeposits) {
        const deposit = await server.call({ method: 'GET', url: `/api/v1/deposit/${slow.id}`, token: root });
        expect(deposit.body.status).toBe('completed');
        model.available[slow.lead] += slow.cents;
      }
      const [waiting] = await server.sql<{ n: number }>(`select count(*)::int as n from deposits where status = 'awaiting_3d_secure'`);
      expect(waiting.n).toBe(0);
      // A second pass books nothing again.
      await server.app.services.scheduler.runDue();

      for (const [i, l] of leads.entries()) {
        const available = await server.call({ method: 'GET', url: `/api/v1/funds/available/${l.id}`, token: l.token });
        const capital = await server.call({ method: 'GET', url: `/api/v1/funds/capital/${l.id}`, token: people.staffA.token });
        expect(available.body.availableFunds).toBe(euros(model.available[i]));
        expect(capital.body.capital).toBe(euros(model.available[i] + model.hold[i]));
      }
      // Each withdrawal booked its hold once, and its payment or refund once.
      for (const w of model.withdrawals) {
        const kinds = await server.sql<{ kind: string }>(
          `select kind from transfers where source_entity = 'withdrawal' and source_id = '${w.id}' order by kind`,
        );
        const expected = {
          pending: ['withdrawal_hold'],
          completed: ['withdrawal_hold', 'withdrawal_paid'],
          failed: ['withdrawal_hold', 'withdrawal_refund'],
        }[w.status];
        expect(kinds.map((k) => k.kind)).toEqual(expected);
      }
      const check = await server.call({ method: 'GET', url: '/api/v1/funds/check', token: people.admin.token });
      expect(check.body).toMatchObject({ ok: true, total: 0 });
      expect(await ledgerInvariants(server)).toMatchObject({ total: 0, mismatched: 0, negative: 0, twice: 0, broken: 0 });

      async function run(op: Op, alone: boolean, earlier: Sent[]) {
        switch (op.t) {
          case 'card': {
            const l = leads[op.lead];
            const behaviour = TEST_CARDS[op.card].behaviour;
            const created = await send({
              method: 'POST',
              url: '/api/v1/deposit/3d-secure',
              token: l.token,
              payload: card(op.card, op.cents),
            });
            const expected = AT_CREATION[behaviour];
            if (typeof expected === 'number') return expect(created.status).toBe(expected);
            expect(created.status, JSON.stringify(created.body)).toBe(201);
            expect(created.body.status).toBe(expected);
            sent.push(created);
            if (expected === 'completed') model.available[op.lead] += op.cents;
            if (expected !== 'awaiting_3d_secure') return;
            const id = created.body.id;
            const confirm = (code: string) =>
              send({ method: 'POST', url: `/api/v1/deposit/${id}/confirm-3d-secure`, token: l.token, payload: { secureCode: code } });
            if (op.code === 'right') {
              const answer = await confirm(SANDBOX_SECURE_CODE);
              expect(answer.status, JSON.stringify(answer.body)).toBe(200);
              if (behaviour === 'three_ds') {
                expect(answer.body.status).toBe('completed');
                model.available[op.lead] += op.cents;
              } else if (behaviour === 'three_ds_then_declined') {
                expect(answer.body.status).toBe('failed');
              } else {
                expect(answer.body.status).toBe('awaiting_3d_secure');
                model.slowDeposits.push({ id, lead: op.lead, cents: op.cents });
                // The bank has the code: a cancel is refused and changes nothing.
                if (op.cancel)
                  expect((await send({ method: 'PATCH', url: `/api/v1/deposit/${id}/cancel`, token: l.token })).status).toBe(422);
              }
              return;
            }
            const wrongs = op.code === 'wrong3' ? 3 : op.code === 'wrong' ? 1 : 0;
            for (let n = 1; n <= wrongs; n++) {
              const answer = await confirm('000000');
              if (n < 3) {
                expect(answer.status).toBe(422);
                expect(answer.body).toMatchObject({ code: 'SECURE_CODE_INVALID', details: { triesLeft: 3 - n } });
              } else {
                expect(answer.status).toBe(200);
                expect(answer.body.status).toBe('failed');
              }
            }
            if (op.cancel && wrongs < 3) {
              const cancelled = await send({ method: 'PATCH', url: `/api/v1/deposit/${id}/cancel`, token: l.token });
              expect(cancelled.status).toBe(200);
              expect(cancelled.body.status).toBe('cancelled');
            }
            return;
          }
          case 'staffDeposit': {
            const l = leads[op.lead];
            const created = await send({
              method: 'POST',
              url: '/api/v1/deposit',
              token: people.staffA.token,
              payload: { amount: euros(op.cents), userId: l.id },
            });
            expect(created.status, JSON.stringify(created.body)).toBe(201);
            expect(created.body.status).toBe('pending');
            if (op.end === 'leave') return;
            const id = created.body.id;
            // Four eyes: who entered it never completes it; staffB (an admin) does.
            if (op.end === 'complete') {
              const own = await send({ method: 'POST', url: `/api/v1/deposit/${id}/complete`, token: people.staffA.token });
              expect([own.status, own.body.code]).toEqual([422, 'SECOND_PERSON_REQUIRED']);
            }
            const answer =
              op.end === 'cancel'
                ? await send({ method: 'PATCH', url: `/api/v1/deposit/${id}/cancel`, token: people.staffA.token })
                : await send({
                    method: 'POST',
                    url: `/api/v1/deposit/${id}/${op.end}`,
                    token: op.end === 'complete' ? people.staffB.token : people.staffA.token,
                    payload: op.end === 'fail' ? { reason: 'The transfer never arrived' } : undefined,
                  });
            expect(answer.status, JSON.stringify(answer.body)).toBe(200);
            expect(answer.body.status).toBe({ complete: 'completed', fail: 'failed', cancel: 'cancelled' }[op.end]);
            sent.push(answer);
            if (op.end === 'complete') model.available[op.lead] += op.cents;
            return;
          }
          case 'withdraw': {
            const l = leads[op.lead];
            const token = op.byStaff ? people.staffA.token : l.token;
            const payload = op.byStaff ? { amount: euros(op.cents), userId: l.id } : { amount: euros(op.cents) };
            const key = randomUUID();
            const before = model.available[op.lead];
            const answers = await Promise.all(
              (op.twin ? [0, 1] : [0]).map(() => send({ method: 'POST', url: '/api/v1/withdrawal', token, payload, key })),
            );
            const created = answers.filter((a) => a.status === 201);
            // Twins: one does the work, the other answers the same or is told its twin is in progress.
            expect(new Set(created.map((a) => a.body.id)).size).toBeLessThanOrEqual(1);
            for (const a of answers) expect([201, 409, 422]).toContain(a.status);
            if (created.length) {
              if (alone) expect(op.cents).toBeLessThanOrEqual(before);
              model.available[op.lead] -= op.cents;
              model.hold[op.lead] += op.cents;
              model.withdrawals.push({
                id: created[0].body.id,
                lead: op.lead,
                cents: op.cents,
                createdBy: op.byStaff ? people.staffA.id : l.id,
                approvedBy: [],
                status: 'pending',
                at: Date.parse(created[0].body.dateCreation),
              });
              sent.push(created[0]);
            } else if (answers.every((a) => a.status === 422)) {
              expect(answers[0].body.code).toBe('INSUFFICIENT_FUNDS');
              if (alone) expect(op.cents).toBeGreaterThan(before);
            }
            return;
          }
          case 'approve':
          case 'complete':
          case 'fail': {
            if (!model.withdrawals.length) return;
            const w = model.withdrawals[op.pick % model.withdrawals.length];
            const actor = people[op.by];
            const predicted = op.by === 'outsider' ? [404, 'NOT_FOUND'] : predict(op.t, w, actor.id, model.withdrawals);
            const payload = op.t === 'complete' ? { transactionId: 'BANK-REF-1' } : op.t === 'fail' ? { reason: 'IBAN closed' } : undefined;
            const answer = await send({ method: 'POST', url: `/api/v1/withdrawal/${w.id}/${op.t}`, token: actor.token, payload });
            if (alone) expect([answer.status, answer.body.code]).toEqual(predicted);
            if (answer.status !== 200) return expect([404, 409, 422]).toContain(answer.status);
            sent.push(answer);
            if (op.t === 'approve') w.approvedBy.push(actor.id);
            if (op.t === 'complete') {
              w.status = 'completed';
              model.hold[w.lead] -= w.cents;
            }
            if (op.t === 'fail') {
              w.status = 'failed';
              model.hold[w.lead] -= w.cents;
              model.available[w.lead] += w.cents;
            }
            return;
          }
          case 'adjust': {
            const l = leads[op.lead];
            const key = randomUUID();
            const payload = { userId: l.id, amount: euros(op.cents), direction: op.credit ? 'credit' : 'debit', reason: 'property' };
            const before = model.available[op.lead];
            const answers = await Promise.all(
              (op.twin ? [0, 1] : [0]).map(() =>
                send({ method: 'POST', url: '/api/v1/funds/adjustment', token: people.admin.token, payload, key }),
              ),
            );
            // A twin gets the stored answer (the same adjustment id) or is told the first is in progress.
            const entered = answers.filter((a) => a.status === 201);
            expect(new Set(entered.map((a) => a.body.id)).size).toBeLessThanOrEqual(1);
            for (const a of answers) expect([201, 409, 422]).toContain(a.status);
            if (entered.length) {
              if (alone && !op.credit) expect(op.cents).toBeLessThanOrEqual(before);
              sent.push(entered[0]);
              // Pending until a second admin completes it (four eyes); a debit the funds no longer cover stays pending.
              const id = entered[0].body.id as string;
              const done = await send({ method: 'POST', url: `/api/v1/adjustment/${id}/complete`, token: people.staffB.token });
              if (alone) expect(done.status).toBe(200);
              if (done.status === 200) {
                model.available[op.lead] += op.credit ? op.cents : -op.cents;
                sent.push(done);
              } else expect([done.status, done.body.code]).toEqual([422, 'INSUFFICIENT_FUNDS']);
            } else {
              expect(op.credit).toBe(false);
              if (alone) expect(op.cents).toBeGreaterThan(before);
            }
            return;
          }
          case 'replay': {
            if (!earlier.length) return;
            const original = earlier[op.pick % earlier.length];
            const again = await send(original);
            // The stored answer comes back; nothing is done twice (the final balances prove it).
            expect(again.status).toBe(original.status);
            expect(again.body.id).toBe(original.body.id);
            return;
          }
        }
      }
    }),
    { numRuns: 3, endOnFailure: true },
  );
}, 600_000);

/**
 * What an action on a withdrawal answers, from the model alone (asserted when it runs by itself). The
 * threshold counts the lead's pending and completed withdrawals made in the 24 hours up to this one.
 */
function predict(action: 'approve' | 'complete' | 'fail', w: Withdrawal, actorId: string, all: Withdrawal[]): [number, string | undefined] {
  if (w.status !== 'pending') return [422, 'INVALID_TRANSITION'];
  if (action === 'approve') {
    if (w.createdBy === actorId) return [422, 'APPROVAL_NOT_ALLOWED'];
    if (w.approvedBy.includes(actorId)) return [409, 'ALREADY_APPROVED'];
    return [200, undefined];
  }
  const day = all.filter((o) => o.lead === w.lead && o.status !== 'failed' && o.at <= w.at && o.at > w.at - 86_400_000);
  const total = day.reduce((sum, o) => sum + o.cents, 0);
  if (action === 'complete' && total > THRESHOLD_CENTS && w.approvedBy.length < 2) return [422, 'APPROVALS_REQUIRED'];
  return [200, undefined];
}
