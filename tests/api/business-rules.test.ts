import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createRecord,
  ENTITY_FIXTURES,
  makeCatalog,
  makePrerequisites,
  uniqueTag,
  type Prerequisites,
} from '../fixtures/entity-payloads.ts';
import { fingerprint } from './database-state.ts';
import { startServer, type TestServer } from './harness.ts';

/**
 * The rules of SPEC.md §5–§6 and DESIGN.md §5 the standard set enforces beyond who-sees-what:
 * campaigns with leads, assignable staff, no escalation, what a lead may set, unique emails,
 * messages in the caller's language. Each refusal also leaves the database as it was.
 */
type Person = Awaited<ReturnType<TestServer['user']>>;

let server: TestServer;
let root: string;
let rootId: string;
let admin: Person;
let regular: Person;
let lead: Person;
let pre: Prerequisites;

beforeAll(async () => {
  server = await startServer();
  root = await server.rootToken();
  rootId = (await server.call({ method: 'GET', url: '/api/v1/auth/check-auth', token: root })).body.id;
  admin = await server.user(root, { roles: ['admin'] });
  regular = await server.user(root, { roles: ['regular'] });
  lead = await server.user(root, { roles: ['lead'], assignedTo: regular.id });
  pre = await makePrerequisites(server, root, await makeCatalog(server, root), lead.id);
});
afterAll(() => server?.close());

/** Sends a request that must be refused with `status`/`code`, and checks nothing changed. */
async function refused(status: number, code: string, request: Parameters<TestServer['call']>[0]) {
  const before = await fingerprint(server);
  const answer = await server.call(request);
  expect(answer.status, JSON.stringify(answer.body)).toBe(status);
  expect(answer.body.code).toBe(code);
  expect(await fingerprint(server)).toBe(before);
  return answer;
}

const newLeadPayload = (fields: Record<string, unknown> = {}) => ({
  ...ENTITY_FIXTURES.user.create({} as Prerequisites, uniqueTag()),
  ...fields,
});

describe('campaigns', () => {
  it('a campaign linked to a lead cannot be deleted: alone 409 CAMPAIGN_HAS_LEADS, in a batch DELETE_BLOCKED naming it; once empty it can', async () => {
    const campaign = await createRecord(server, root, 'campaign', pre);
    const spare = await createRecord(server, root, 'campaign', pre);
    const member = await server.call({
      method: 'POST',
      url: '/api/v1/user',
      token: root,
      payload: newLeadPayload({ campaignId: campaign.id }),
    });
    expect(member.status).toBe(201);
    await refused(409, 'CAMPAIGN_HAS_LEADS', { method: 'DELETE', url: `/api/v1/campaign/${campaign.id}`, token: root });
    const batch = await refused(409, 'DELETE_BLOCKED', {
      method: 'DELETE',
      url: '/api/v1/campaign/batch',
      token: root,
      payload: { ids: [spare.id, campaign.id] },
    });
    // The one blocked, named with its reason; the spare one is not blocked (and was not deleted either).
    expect(batch.body.details).toEqual({ [campaign.id]: `${campaign.name}: 1 lead is in this campaign` });
    await server.call({ method: 'PATCH', url: `/api/v1/user/${member.body.id}`, token: root, payload: { campaignId: null } });
    expect((await server.call({ method: 'DELETE', url: `/api/v1/campaign/${campaign.id}`, token: root })).status).toBe(200);
  });
});

describe('assignment', () => {
  it('leads are assigned only to regular or admin users', async () => {
    const other = await server.call({ method: 'POST', url: '/api/v1/user', token: root, payload: newLeadPayload() });
    for (const assignee of [lead.id, rootId]) {
      const answer = await refused(400, 'VALIDATION', {
        method: 'PATCH',
        url: `/api/v1/user/${other.body.id}`,
        token: root,
        payload: { assignedTo: assignee },
      });
      expect(answer.body.details.assignedTo).toEqual(expect.any(String));
      await refused(400, 'VALIDATION', {
        method: 'POST',
        url: '/api/v1/user',
        token: root,
        payload: newLeadPayload({ assignedTo: assignee }),
      });
    }
    for (const assignee of [admin.id, regular.id]) {
      expect(
        (await server.call({ method: 'PATCH', url: `/api/v1/user/${other.body.id}`, token: root, payload: { assignedTo: assignee } }))
          .status,
      ).toBe(200);
    }
  });

  it('regular staff create leads for themselves only', async () => {
    const mine = await server.call({ method: 'POST', url: '/api/v1/user', token: regular.token, payload: newLeadPayload() });
    expect(mine.status).toBe(201);
    expect(mine.body.assignedTo).toBe(regular.id);
    await refused(403, 'FORBIDDEN', {
      method: 'POST',
      url: '/api/v1/user',
      token: regular.token,
      payload: newLeadPayload({ assignedTo: admin.id }),
    });
    await refused(403, 'FORBIDDEN', {
      method: 'PATCH',
      url: `/api/v1/user/${mine.body.id}`,
      token: regular.token,
      payload: { assignedTo: admin.id },
    });
  });
});

describe('no one reaches above their own role', () => {
  it('regular staff cannot create staff; admins cannot create root', async () => {
    await refused(403, 'FORBIDDEN', {
      method: 'POST',
      url: '/api/v1/user',
      token: regular.token,
      payload: newLeadPayload({ roles: ['admin'] }),
    });
    await refused(403, 'FORBIDDEN', {
      method: 'POST',
      url: '/api/v1/user',
      token: regular.token,
      payload: newLeadPayload({ roles: ['regular'] }),
    });
    await refused(403, 'FORBIDDEN', {
      method: 'POST',
      url: '/api/v1/user',
      token: admin.token,
      payload: newLeadPayload({ roles: ['root'] }),
    });
  });

  it('nobody raises their own roles or locks themselves; staff cannot change a lead’s roles', async () => {
    await refused(403, 'FORBIDDEN', { method: 'PATCH', url: `/api/v1/user/${lead.id}`, token: lead.token, payload: { roles: ['admin'] } });
    await refused(403, 'FORBIDDEN', {
      method: 'PATCH',
      url: `/api/v1/user/${regular.id}`,
      token: regular.token,
      payload: { roles: ['admin'] },
    });
    await refused(403, 'FORBIDDEN', { method: 'PATCH', url: `/api/v1/user/${admin.id}`, token: admin.token, payload: { roles: ['root'] } });
    await refused(403, 'FORBIDDEN', {
      method: 'PATCH',
      url: `/api/v1/user/${admin.id}`,
      token: admin.token,
      payload: { status: 'locked' },
    });
    await refused(403, 'FORBIDDEN', {
      method: 'PATCH',
      url: `/api/v1/user/${lead.id}`,
      token: regular.token,
      payload: { roles: ['regular'] },
    });
    await refused(403, 'FORBIDDEN', {
      method: 'PATCH',
      url: `/api/v1/user/${lead.id}`,
      token: lead.token,
      payload: { assignedTo: admin.id },
    });
  });

  it('admins cannot change, lock or delete root', async () => {
    await refused(403, 'FORBIDDEN', {
      method: 'PATCH',
      url: `/api/v1/user/${rootId}`,
      token: admin.token,
      payload: { firstName: 'Hacked' },
    });
    await refused(403, 'FORBIDDEN', { method: 'PATCH', url: `/api/v1/user/${rootId}`, token: admin.token, payload: { status: 'locked' } });
    await refused(403, 'FORBIDDEN', { method: 'DELETE', url: `/api/v1/user/${rootId}`, token: admin.token });
    await refused(403, 'FORBIDDEN', { method: 'DELETE', url: '/api/v1/user/batch', token: admin.token, payload: { ids: [rootId] } });
  });
});

describe('what a lead may set', () => {
  it('a lead cannot set the status or transaction of its own money records, nor close its orders', async () => {
    const deposit = ENTITY_FIXTURES.deposit.create(pre, uniqueTag());
    await refused(403, 'FORBIDDEN', {
      method: 'POST',
      url: '/api/v1/deposit',
      token: lead.token,
      payload: { ...deposit, status: 'completed' },
    });
    await refused(403, 'FORBIDDEN', {
      method: 'POST',
      url: '/api/v1/deposit',
      token: lead.token,
      payload: { ...deposit, transactionId: 'TX-self' },
    });
    const withdrawal = ENTITY_FIXTURES.withdrawal.create(pre, uniqueTag());
    // A lifecycle starts in its first state for everyone; later states come only from actions (DESIGN.md §6).
    await refused(422, 'INVALID_TRANSITION', {
      method: 'POST',
      url: '/api/v1/withdrawal',
      token: lead.token,
      payload: { ...withdrawal, status: 'completed', transactionId: null },
    });
    // An order opens only by its ticket, at the server's price (DESIGN.md §11): no status or profit is taken, no batch.
    const order = ENTITY_FIXTURES.order.create(pre, uniqueTag());
    await refused(400, 'VALIDATION', {
      method: 'POST',
      url: '/api/v1/order',
      token: lead.token,
      payload: { ...order, status: 'closed', profit: 1000 },
    });
    await refused(404, 'NOT_FOUND', {
      method: 'POST',
      url: '/api/v1/order/batch',
      token: lead.token,
      payload: [order, { ...order, profit: 1000 }],
    });
  });

  it('a lead opens an order for itself only', async () => {
    const payload = { market: 'forex', symbol: 'EURUSD', type: 'buy', quantity: 0.1, leverage: 10, userId: regular.id };
    await refused(403, 'FORBIDDEN', { method: 'POST', url: '/api/v1/order', token: lead.token, payload });
  });
});

describe('emails', () => {
  it('are unique whatever the case: a field error on create, per-item errors in a batch, 409 EMAIL_TAKEN on change', async () => {
    const taken = await refused(400, 'VALIDATION', {
      method: 'POST',
      url: '/api/v1/user',
      token: root,
      payload: newLeadPayload({ email: lead.email.toUpperCase() }),
    });
    expect(taken.body.details.email).toBe('This email is already in use');
    const email = `${uniqueTag()}@dup.test`;
    const answer = await refused(400, 'VALIDATION', {
      method: 'POST',
      url: '/api/v1/user/batch',
      token: root,
      payload: [newLeadPayload({ email }), newLeadPayload(), newLeadPayload({ email }), newLeadPayload({ email: lead.email })],
    });
    expect(Object.keys(answer.body.details.items).sort()).toEqual(['2', '3']);
    const changed = await refused(409, 'EMAIL_TAKEN', {
      method: 'PATCH',
      url: `/api/v1/user/${lead.id}`,
      token: root,
      payload: { email: admin.email },
    });
    expect(changed.body.details.email).toBe('This email is already in use');
  });
});

describe('messages', () => {
  it('are in the caller’s language (x-lang), falling back to English', async () => {
    const bad = { method: 'POST' as const, url: '/api/v1/campaign', token: root, payload: { name: '' } };
    const en = await server.call(bad);
    const fr = await server.call({ ...bad, headers: { 'x-lang': 'fr-FR' } });
    const de = await server.call({ ...bad, headers: { 'x-lang': 'de' } });
    const unknown = await server.call({ ...bad, headers: { 'x-lang': 'xx-YY' } });
    expect(en.body.details.name).toBe('This field is required');
    expect(fr.body.details.name).not.toBe(en.body.details.name);
    expect(de.body.details.name).not.toBe(en.body.details.name);
    expect(fr.body.message).not.toBe(en.body.message);
    expect(unknown.body).toEqual(en.body);
    expect([en, fr, de].map((a) => a.body.code)).toEqual(['VALIDATION', 'VALIDATION', 'VALIDATION']);
  });
});
