import { getTableName } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENTITIES, ENTITY_NAMES, type EntityName } from '../../src/shared/entities/index.ts';
import type { ResourceDefinition } from '../../src/server/resources/define-resource.ts';
import { RESOURCES } from '../../src/server/resources/registry.ts';
import {
  ENTITY_FIXTURES,
  heldProduct,
  makeCatalog,
  makePrerequisites,
  uniqueTag,
  type Prerequisites,
} from '../fixtures/entity-payloads.ts';
import { startServer, type TestServer } from './harness.ts';
import {
  ACCESS,
  ACTS_ON,
  FOUR_EYES,
  FOUR_EYES_CREDITS,
  FOUR_EYES_OFF,
  MATRIX_ROLES,
  STAFF_AND_LEAD_CREATE,
  PERSON_ACTIONS,
  ownershipsOf,
  roleMatrix,
  type MatrixCase,
  type MatrixRole,
  type Ownership,
  type PersonAction,
} from './role-expectations.ts';
import { inFilter, listUrl } from './urls.ts';

/**
 * The role matrix: every standard route × every role × own / assigned-to-me / someone else's record,
 * against the expectations of role-expectations.ts (403 for a role refused, 404 for a record out of
 * scope). Each denied write is also checked to have changed nothing, each allowed one to have landed.
 */
const MATRIX = roleMatrix(ENTITY_NAMES);

let server: TestServer;
const tokens = {} as Record<MatrixRole, string>;
const ids = {} as Record<MatrixRole, string>;
/** A lead assigned to admin, one assigned to regular, and one assigned to a second regular ("other"). */
const leadOf = {} as Record<'admin' | 'regular', string>;
let otherStaffId: string;
let otherLeadId: string;
const prerequisites = new Map<string, Prerequisites>();

beforeAll(async () => {
  server = await startServer();
  tokens.root = await server.rootToken();
  ids.root = (await server.call({ method: 'GET', url: '/api/v1/auth/check-auth', token: tokens.root })).body.id;
  for (const role of ['admin', 'regular'] as const) {
    const person = await server.user(tokens.root, { roles: [role] });
    tokens[role] = person.token;
    ids[role] = person.id;
  }
  otherStaffId = (await server.user(tokens.root, { roles: ['regular'] })).id;
  const lead = await server.user(tokens.root, { roles: ['lead'], assignedTo: otherStaffId });
  tokens.lead = lead.token;
  ids.lead = lead.id;
  leadOf.admin = await newLead(ids.admin);
  leadOf.regular = await newLead(ids.regular);
  otherLeadId = await newLead(otherStaffId);
  const catalog = await makeCatalog(server, tokens.root);
  for (const owner of [...Object.values(ids), leadOf.admin, leadOf.regular, otherLeadId]) {
    prerequisites.set(owner, await makePrerequisites(server, tokens.root, catalog, owner));
  }
});
afterAll(() => server?.close());

/** A lead without a password (nobody signs in as it), made by root. */
async function newLead(assignedTo: string): Promise<string> {
  const { status, body } = await server.call({
    method: 'POST',
    url: '/api/v1/user',
    token: tokens.root,
    payload: ENTITY_FIXTURES.user.create({ assigneeId: assignedTo } as Prerequisites, uniqueTag()),
  });
  if (status !== 201) throw new Error(`lead: ${status} ${JSON.stringify(body)}`);
  return body.id;
}

/** Whose record a case is about: the actor, a lead of theirs, or a lead of someone else. */
function ownerOf(role: MatrixRole, ownership: Ownership): string {
  if (ownership === 'own' || ownership === 'any') return ids[role];
  if (ownership === 'assigned') return leadOf[role as 'admin' | 'regular'];
  return otherLeadId;
}

/** The staff member a new lead is assigned to, for the user entity's cases. */
const assigneeOf = (role: MatrixRole, ownership: Ownership) => (ownership === 'assigned' ? ids[role] : otherStaffId);

/** A valid create payload for the case, with a client id; a lead sends only what a lead may set. */
function payloadFor(resource: ResourceDefinition, role: MatrixRole, ownership: Ownership, asRole: MatrixRole = role) {
  const entity = resource.entity.name as EntityName;
  const pre = prerequisites.get(ownerOf(role, ownership))!;
  const payload: Record<string, unknown> = ENTITY_FIXTURES[entity].create(
    ACCESS[entity].scope === 'user' ? { ...pre, assigneeId: assigneeOf(role, ownership) } : pre,
    uniqueTag(),
  );
  if (asRole === 'lead' && resource.leadFixed) {
    for (const [field, value] of Object.entries(resource.leadFixed)) if (field in payload) payload[field] = value;
  }
  return { ...payload, id: crypto.randomUUID() };
}

type Targets = { read: string; remove: string; batchRemove: string };

/**
 * The records each (role, ownership) acts on, made by root in one batch: one to read and change,
 * one to delete, one to batch-delete. A user's own account is the actor itself.
 */
async function makeTargets(resource: ResourceDefinition): Promise<Map<string, Targets>> {
  const entity = resource.entity.name as EntityName;
  if (entity === 'holding') return boughtTargets();
  const isUser = ACCESS[entity].scope === 'user';
  const items: Record<string, unknown>[] = [];
  const targets = new Map<string, Targets>();
  for (const role of MATRIX_ROLES) {
    for (const ownership of ownershipsOf(entity, role)) {
      if (isUser && ownership === 'own') {
        targets.set(`${role}/${ownership}`, { read: ids[role], remove: ids[role], batchRemove: ids[role] });
        continue;
      }
      const three = [payloadFor(resource, role, ownership), payloadFor(resource, role, ownership), payloadFor(resource, role, ownership)];
      items.push(...three);
      targets.set(`${role}/${ownership}`, { read: three[0].id, remove: three[1].id, batchRemove: three[2].id });
    }
  }
  // An entity without a standard create (orders: opened at the server's price by their own route) is seeded past the API.
  if (ACCESS[entity].create.length === 0) {
    await server.app.services.db.insert(resource.table).values(items as never);
    return targets;
  }
  const { status, body } = await server.call({ method: 'POST', url: `/api/v1/${entity}/batch`, token: tokens.root, payload: items });
  if (status !== 201) throw new Error(`targets of ${entity}: ${status} ${JSON.stringify(body).slice(0, 500)}`);
  return targets;
}

/** Holdings are bought, never created by the standard set: three products bought for each case's lead. */
async function boughtTargets(): Promise<Map<string, Targets>> {
  const targets = new Map<string, Targets>();
  for (const role of MATRIX_ROLES) {
    for (const ownership of ownershipsOf('holding', role)) {
      const pre = prerequisites.get(ownerOf(role, ownership))!;
      const [read, remove, batchRemove] = await Promise.all(
        [0, 1, 2].map(() => heldProduct(server, tokens.root, pre.categoryId, pre.ownerId)),
      );
      const holdingOf = async (productId: string) =>
        (await server.sql<{ id: string }>(`select id from holdings where product_id = '${productId}'`))[0].id;
      targets.set(`${role}/${ownership}`, {
        read: await holdingOf(read),
        remove: await holdingOf(remove),
        batchRemove: await holdingOf(batchRemove),
      });
    }
  }
  return targets;
}

/** The row as stored, read past the API: its version, or null when absent. */
async function storedVersion(resource: ResourceDefinition, id: string): Promise<number | null> {
  const rows = await server.sql<{ version: number }>(`select version from "${getTableName(resource.table)}" where id = '${id}'`);
  return rows.length ? Number(rows[0].version) : null;
}

/** The patch with a name made the target's own: some names are unique (campaigns', case-insensitively). */
const ownValues = (patch: Record<string, unknown>, id: string) =>
  Object.fromEntries(
    Object.entries(patch).map(([field, value]) => [
      field,
      field === 'name' && typeof value === 'string' ? `${value} ${id.slice(0, 8)}` : value,
    ]),
  );

/** Runs one case; answers a description of what went wrong, or undefined. */
async function runCase(resource: ResourceDefinition, c: MatrixCase, targets: Targets): Promise<string | undefined> {
  const entity = c.entity;
  const token = tokens[c.role];
  const plural = ENTITIES[entity].plural;
  const base = `/api/v1/${entity}`;
  const problems: string[] = [];
  let answer: { status: number; body: any };
  let before: number | null = null;
  let after: number | null = null;

  switch (c.route) {
    case 'create':
    case 'batchCreate': {
      const payload = payloadFor(resource, c.role, c.ownership);
      answer =
        c.route === 'create'
          ? await server.call({ method: 'POST', url: base, token, payload })
          : await server.call({ method: 'POST', url: `${base}/batch`, token, payload: [payload] });
      const landed = (await storedVersion(resource, payload.id)) !== null;
      if (landed !== (c.expected.status === 201)) problems.push(landed ? 'a denied create wrote a row' : 'an allowed create wrote nothing');
      break;
    }
    case 'list':
    case 'search': {
      answer = await server.call({
        method: 'GET',
        url: listUrl(entity, { filters: inFilter('id', [targets.read]) }, c.route === 'search'),
        token,
      });
      if (answer.status === 200) {
        const listed = (answer.body[plural] as { id: string }[]).some((r) => r.id === targets.read);
        if (listed !== c.expected.listed) problems.push(listed ? 'lists a record out of scope' : 'misses a record in scope');
        if (answer.body.count !== (listed ? 1 : 0)) problems.push(`count ${answer.body.count}`);
      }
      break;
    }
    case 'get':
      answer = await server.call({ method: 'GET', url: `${base}/${targets.read}`, token });
      if (answer.status === 200 && answer.body.id !== targets.read) problems.push('answered another record');
      break;
    case 'patch':
      before = await storedVersion(resource, targets.read);
      answer = await server.call({
        method: 'PATCH',
        url: `${base}/${targets.read}`,
        token,
        payload: ownValues(ENTITY_FIXTURES[entity].patch, targets.read),
      });
      after = await storedVersion(resource, targets.read);
      if ((after !== before) !== (c.expected.status === 200)) problems.push(`version ${before} → ${after}`);
      break;
    case 'delete':
    case 'batchDelete': {
      const id = c.route === 'delete' ? targets.remove : targets.batchRemove;
      answer =
        c.route === 'delete'
          ? await server.call({ method: 'DELETE', url: `${base}/${id}`, token })
          : await server.call({ method: 'DELETE', url: `${base}/batch`, token, payload: { ids: [id] } });
      const gone = (await storedVersion(resource, id)) === null;
      if (gone !== (c.expected.status === 200)) problems.push(gone ? 'a denied delete removed the row' : 'an allowed delete left the row');
      break;
    }
  }
  if (answer!.status !== c.expected.status) problems.unshift(`status ${answer!.status}, expected ${c.expected.status}`);
  if (answer!.status >= 400 && (typeof answer!.body?.message !== 'string' || typeof answer!.body?.code !== 'string'))
    problems.push('error without { message, code }');
  if (!problems.length) return undefined;
  return `${c.role} × ${c.ownership} × ${c.route}: ${problems.join('; ')} — ${JSON.stringify(answer!.body).slice(0, 160)}`;
}

describe('role matrix', () => {
  it('covers every standard route of every entity for every role', () => {
    for (const entity of ENTITY_NAMES) {
      for (const role of MATRIX_ROLES) {
        const routes = new Set(MATRIX.filter((c) => c.entity === entity && c.role === role).map((c) => c.route));
        expect(routes.size, `${entity} ${role}`).toBe(8);
      }
    }
    expect(MATRIX.length).toBeGreaterThan(700);
  });

  it.each(ENTITY_NAMES)('%s: every route × role × ownership answers as DESIGN.md §5 says', async (entity) => {
    const resource = RESOURCES.find((r) => r.entity.name === entity)!;
    const targets = await makeTargets(resource);
    const mismatches: string[] = [];
    for (const c of MATRIX.filter((m) => m.entity === entity)) {
      const problem = await runCase(resource, c, targets.get(`${c.role}/${c.ownership}`)!);
      if (problem) mismatches.push(problem);
    }
    expect(mismatches).toEqual([]);
  });
});

/** A fresh person of `role` for one case, made by root (no password: nobody signs in as it). */
async function newPerson(role: MatrixRole, assignedTo?: string): Promise<string> {
  const payload = { ...ENTITY_FIXTURES.user.create({ assigneeId: assignedTo } as Prerequisites, uniqueTag()), roles: [role] };
  if (role !== 'lead') delete (payload as Record<string, unknown>).assignedTo;
  const { status, body } = await server.call({ method: 'POST', url: '/api/v1/user', token: tokens.root, payload });
  if (status !== 201) throw new Error(`${role}: ${status} ${JSON.stringify(body)}`);
  return body.id;
}

const ROLE_CHANGE: Record<MatrixRole, string[]> = { root: ['admin'], admin: ['regular'], regular: ['lead'], lead: ['regular'] };

type UserRow = { password_hash: string | null; status: string; roles: string[]; email: string };
const userRow = async (id: string) =>
  (await server.sql<UserRow>(`select password_hash, status, roles, email from users where id = '${id}'`))[0] as UserRow | undefined;

/** Sends one admin action as the app does; answers its status and whether it took effect in the database. */
async function act(action: PersonAction, actor: MatrixRole, target: string): Promise<{ status: number; done: boolean }> {
  const token = tokens[actor];
  const before = await userRow(target);
  const impersonations = () => server.sql(`select id from sessions where user_id = '${target}'`);
  const sessionsBefore = (await impersonations()).length;
  let status: number;
  switch (action) {
    case 'reset-password':
      status = (await server.call({ method: 'POST', url: `/api/v1/auth/reset-password/${target}`, token })).status;
      break;
    case 'impersonate':
      status = (await server.call({ method: 'POST', url: `/api/v1/auth/generate-token/${target}`, token })).status;
      break;
    case 'lock':
      status = (await server.call({ method: 'PATCH', url: `/api/v1/user/${target}`, token, payload: { status: 'locked' } })).status;
      break;
    case 'change-roles':
      status = (
        await server.call({
          method: 'PATCH',
          url: `/api/v1/user/${target}`,
          token,
          payload: { roles: ROLE_CHANGE[before!.roles[0] as MatrixRole] },
        })
      ).status;
      break;
    case 'change-email':
      status = (
        await server.call({ method: 'PATCH', url: `/api/v1/user/${target}`, token, payload: { email: `${uniqueTag()}@moved.test` } })
      ).status;
      break;
    case 'delete':
      status = (await server.call({ method: 'DELETE', url: `/api/v1/user/${target}`, token })).status;
      break;
  }
  const after = await userRow(target);
  const done =
    action === 'delete'
      ? after === undefined
      : action === 'impersonate'
        ? (await impersonations()).length > sessionsBefore
        : JSON.stringify(after) !== JSON.stringify(before);
  return { status, done };
}

describe('who may act on whom', () => {
  it.each(PERSON_ACTIONS)('%s: every actor role × target role answers as the literal table says', async (action) => {
    const mismatches: string[] = [];
    for (const actor of MATRIX_ROLES) {
      for (const targetRole of MATRIX_ROLES) {
        // A lead target of regular staff is one of its own leads: the strongest case for refusing.
        const target = await newPerson(targetRole, targetRole === 'lead' ? (actor === 'regular' ? ids.regular : otherStaffId) : undefined);
        const allowed = ACTS_ON[action][actor][targetRole];
        const { status, done } = await act(action, actor, target);
        const ok = allowed ? status === 200 && done : (status === 403 || status === 404) && !done;
        if (!ok)
          mismatches.push(
            `${actor} → ${targetRole}: ${status}, ${done ? 'took effect' : 'no effect'}; expected ${allowed ? 'allowed' : 'refused'}`,
          );
      }
    }
    expect(mismatches).toEqual([]);
  });
});

describe('four eyes on credits staff create', () => {
  /** Enters a credit for regular's own lead as `enterer`; its id. */
  async function enter(credit: (typeof FOUR_EYES_CREDITS)[number], enterer: MatrixRole): Promise<string> {
    const url = credit === 'deposit' ? '/api/v1/deposit' : '/api/v1/funds/adjustment';
    const payload =
      credit === 'deposit'
        ? { userId: leadOf.regular, amount: 10 }
        : { userId: leadOf.regular, amount: 10, direction: 'credit', reason: 'role matrix' };
    const answer = await server.call({ method: 'POST', url, token: tokens[enterer], payload });
    expect(answer.status, JSON.stringify(answer.body)).toBe(201);
    return answer.body.id;
  }

  async function walk(table: typeof FOUR_EYES): Promise<string[]> {
    const mismatches: string[] = [];
    for (const credit of FOUR_EYES_CREDITS) {
      for (const [enterer, row] of Object.entries(table[credit]) as [MatrixRole, Record<MatrixRole, number>][]) {
        for (const completer of MATRIX_ROLES) {
          const id = await enter(credit, enterer);
          const answer = await server.call({ method: 'POST', url: `/api/v1/${credit}/${id}/complete`, token: tokens[completer] });
          const [state] = await server.sql<{ status: string }>(`select status from ${credit}s where id = '${id}'`);
          const expected = row[completer];
          if (answer.status !== expected || state.status !== (expected === 200 ? 'completed' : 'pending'))
            mismatches.push(
              `${credit} entered by ${enterer}, completed by ${completer}: ${answer.status} (${state.status}); expected ${expected}`,
            );
        }
      }
    }
    return mismatches;
  }

  it('the one who entered a credit never completes it, whatever the role; anyone else with the right does', async () => {
    expect(await walk(FOUR_EYES)).toEqual([]);
  });

  it('switched off by root, whoever may complete a credit may complete their own', async () => {
    const off = await server.call({ method: 'PATCH', url: '/api/v1/setting', token: tokens.root, payload: { fourEyes: false } });
    expect(off.status).toBe(200);
    try {
      expect(await walk(FOUR_EYES_OFF)).toEqual([]);
    } finally {
      await server.call({ method: 'PATCH', url: '/api/v1/setting', token: tokens.root, payload: { fourEyes: true } });
    }
  });

  it('nobody creates a user who is staff and a lead at once', async () => {
    const answers = {} as Record<MatrixRole, number>;
    for (const role of MATRIX_ROLES) {
      const payload = { firstName: 'Both', lastName: 'Roles', email: `both-${role}-${uniqueTag()}@test.local`, password: 'secret123' };
      answers[role] = (
        await server.call({ method: 'POST', url: '/api/v1/user', token: tokens[role], payload: { ...payload, roles: ['regular', 'lead'] } })
      ).status;
    }
    expect(answers).toEqual(STAFF_AND_LEAD_CREATE);
  });
});
