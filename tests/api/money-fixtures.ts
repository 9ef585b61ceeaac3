import { randomUUID } from 'node:crypto';
import { PNG } from '../fixtures/sample-files.ts';
import { pendingWithDocument, type TestServer } from './harness.ts';
import { multipart } from './multipart.ts';

export type Person = Awaited<ReturnType<TestServer['user']>>;

/** A lead whose documents staff verified through the real routes: the only kind of lead that may withdraw. */
export async function verifiedLead(server: TestServer, staffToken: string, fields: Record<string, unknown> = {}): Promise<Person> {
  const lead = await server.user(staffToken, { roles: ['lead'], ...fields });
  await verify(server, staffToken, lead.id, lead.token);
  return lead;
}

/**
 * The lead's document, then staff verify it (DESIGN.md §6: a withdrawal needs a verified lead). Whoever
 * uploaded a lead's documents never verifies them: with its token the lead uploads its own through the
 * route, else the document is put in place as the lead's (pendingWithDocument).
 */
export async function verify(server: TestServer, staffToken: string, leadId: string, leadToken?: string) {
  if (leadToken) {
    const body = multipart({ content: PNG, filename: 'passport.png', contentType: 'image/png' });
    const uploaded = await server.call({ method: 'POST', url: `/api/v1/user/${leadId}/documents`, token: leadToken, ...body });
    if (uploaded.status !== 201) throw new Error(`upload: ${uploaded.status} ${JSON.stringify(uploaded.body)}`);
  } else {
    await pendingWithDocument(server, leadId);
  }
  const verified = await server.call({
    method: 'PATCH',
    url: `/api/v1/user/${leadId}/verification`,
    token: staffToken,
    payload: { status: 'verified' },
  });
  if (verified.status !== 200) throw new Error(`verify: ${verified.status} ${JSON.stringify(verified.body)}`);
}

/** A second admin per server, who completes what the test's admin entered (four eyes, DESIGN.md §6). */
const secondAdmins = new WeakMap<TestServer, Promise<Person>>();
export function secondAdmin(server: TestServer): Promise<Person> {
  let made = secondAdmins.get(server);
  if (!made) {
    made = server.rootToken().then((root) => server.user(root, { roles: ['admin'], firstName: 'Second', lastName: 'Pair' }));
    secondAdmins.set(server, made);
  }
  return made;
}

/**
 * Credits (or debits) a lead's available funds by an admin adjustment: `adminToken` enters it
 * (`POST /funds/adjustment`, pending) and a second admin completes it. The entry's status, and the
 * completed adjustment with the lead's available funds after it; the refusing call's answer if either refuses.
 */
export async function adjust(
  server: TestServer,
  adminToken: string,
  userId: string,
  amount: number,
  direction: 'credit' | 'debit' = 'credit',
  reason = 'test funding',
) {
  const entered = await server.call({
    method: 'POST',
    url: '/api/v1/funds/adjustment',
    token: adminToken,
    headers: { 'idempotency-key': randomUUID() },
    payload: { userId, amount, direction, reason },
  });
  if (entered.status !== 201) return entered;
  const second = await secondAdmin(server);
  const completed = await server.call({
    method: 'POST',
    url: `/api/v1/adjustment/${entered.body.id}/complete`,
    token: second.token,
    headers: { 'idempotency-key': randomUUID() },
  });
  if (completed.status !== 200) return completed;
  return {
    ...completed,
    status: entered.status,
    body: { ...completed.body, availableFunds: await availableOf(server, second.token, userId) },
  };
}

export const availableOf = async (server: TestServer, token: string, id: string) =>
  (await server.call({ method: 'GET', url: `/api/v1/funds/available/${id}`, token })).body.availableFunds as number;

export const capitalOf = async (server: TestServer, token: string, id: string) =>
  (await server.call({ method: 'GET', url: `/api/v1/funds/capital/${id}`, token })).body.capital as number;

/** The ledger invariants straight from SQL (not from the code under test): sums per account and in total. */
export async function ledgerInvariants(server: TestServer) {
  const [total] = await server.sql<{ total: string; accounts: number }>(
    `select coalesce(sum(balance), 0)::text total, count(*)::int accounts from accounts`,
  );
  const mismatched = await server.sql(
    `select a.id from accounts a left join (select account_id, sum(amount) s from ledger_entries group by 1) e on e.account_id = a.id where a.balance <> coalesce(e.s, 0)`,
  );
  const negative = await server.sql(`select id from ledger_entries where lead_id is not null and balance_after < 0`);
  const twice = await server.sql(`select source_entity, source_id, kind from transfers group by 1, 2, 3 having count(*) > 1`);
  // Every entry's balances, house accounts included: after = before + amount, before = the previous
  // entry's after on the same account (0 for the first), and the last after = the account's balance.
  const broken = await server.sql(
    `select e.id from (
       select id, account_id, amount, balance_before, balance_after,
         coalesce(lag(balance_after) over (partition by account_id order by seq), 0) as previous,
         row_number() over (partition by account_id order by seq desc) as from_last
       from ledger_entries) e join accounts a on a.id = e.account_id
     where e.balance_after <> e.balance_before + e.amount or e.balance_before <> e.previous
       or (e.from_last = 1 and e.balance_after <> a.balance)`,
  );
  return {
    total: Number(total.total),
    accounts: total.accounts,
    mismatched: mismatched.length,
    negative: negative.length,
    twice: twice.length,
    broken: broken.length,
  };
}
