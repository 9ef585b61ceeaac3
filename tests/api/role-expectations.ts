import type { EntityName } from '../../src/shared/entities/index.ts';
import type { ResourceDefinition } from '../../src/server/resources/define-resource.ts';

/**
 * What DESIGN.md §5 says each role may do with each kind of record, restated here on its own (not
 * through the server's policy module) so the role matrix compares the server against the contract.
 * Who may act at all comes from each resource's `access` declaration; whose records they reach
 * comes from its scope kind.
 */
export const MATRIX_ROLES = ['root', 'admin', 'regular', 'lead'] as const;
export type MatrixRole = (typeof MATRIX_ROLES)[number];

/** Whose record it is, seen from the actor; `any` for entities without owners (catalogue, campaigns). */
export type Ownership = 'own' | 'assigned' | 'other' | 'any';

export const ROUTES = ['create', 'batchCreate', 'list', 'search', 'get', 'patch', 'delete', 'batchDelete'] as const;
export type Route = (typeof ROUTES)[number];

const ACTION_OF: Record<Route, 'create' | 'read' | 'update' | 'delete'> = {
  create: 'create',
  batchCreate: 'create',
  list: 'read',
  search: 'read',
  get: 'read',
  patch: 'update',
  delete: 'delete',
  batchDelete: 'delete',
};

/** Root-only = root; admin = root or admin; staff = root, admin or regular; all = anyone signed in. */
const AUDIENCE: Record<string, readonly MatrixRole[]> = {
  root: ['root'],
  admin: ['root', 'admin'],
  staff: ['root', 'admin', 'regular'],
  all: ['root', 'admin', 'regular', 'lead'],
};

export type Expectation = {
  status: number;
  /** For list and search: whether the record is in the answer. */
  listed?: boolean;
};

export type MatrixCase = { entity: EntityName; role: MatrixRole; ownership: Ownership; route: Route; expected: Expectation };

/** The ownerships that exist for a role: root and leads have no leads assigned to them. */
export function ownershipsOf(resource: ResourceDefinition, role: MatrixRole): Ownership[] {
  const kind = resource.access.scope.kind;
  if (kind === 'catalog' || kind === 'staff') return ['any'];
  const all: Ownership[] = role === 'admin' || role === 'regular' ? ['own', 'assigned', 'other'] : ['own', 'other'];
  // Only a (verified) lead has withdrawals: a staff member's own is refused by that rule, not by role.
  return LEAD_ONLY_OWNERS.has(resource.entity.name) && role !== 'lead' ? all.filter((o) => o !== 'own') : all;
}

/** Entities whose records only a lead may own (DESIGN.md §6); tests/api/money-ledger.test.ts covers the refusal. */
const LEAD_ONLY_OWNERS = new Set(['withdrawal']);

/**
 * Whether the actor sees a record: root and admin see everything but other people's personal
 * records; regular staff see their own and their leads'; a lead sees its own; the catalogue and
 * staff lists are whole for whoever may read them.
 */
function sees(resource: ResourceDefinition, role: MatrixRole, ownership: Ownership): boolean {
  switch (resource.access.scope.kind) {
    case 'catalog':
    case 'staff':
      return true;
    case 'personal':
      return ownership === 'own';
    case 'owned':
    case 'user':
      return role === 'root' || role === 'admin' || ownership !== 'other';
  }
}

/** Whether the actor may make a record for this owner: admins for anyone, others for whom they see. */
function mayAttach(resource: ResourceDefinition, role: MatrixRole, ownership: Ownership): boolean {
  if (role === 'root' || role === 'admin') return true;
  return sees(resource, role, ownership);
}

/** The expected answer, or undefined when the case does not exist (nobody creates themselves). */
export function expectationOf(resource: ResourceDefinition, role: MatrixRole, ownership: Ownership, route: Route): Expectation | undefined {
  const isUser = resource.access.scope.kind === 'user';
  const creating = route === 'create' || route === 'batchCreate';
  if (isUser && creating && ownership === 'own') return undefined;
  // A route switched off (audience 'nobody') is not registered at all.
  if (resource.access[ACTION_OF[route]] === 'nobody') return { status: 404 };
  if (!AUDIENCE[resource.access[ACTION_OF[route]]].includes(role)) return { status: 403 };
  if (creating) return { status: mayAttach(resource, role, ownership) ? 201 : 403 };
  const visible = sees(resource, role, ownership);
  if (route === 'list' || route === 'search') return { status: 200, listed: visible };
  if (!visible) return { status: 404 };
  // SPEC.md §6 / DESIGN.md §5: nobody deletes their own account.
  if (isUser && ownership === 'own' && (route === 'delete' || route === 'batchDelete')) return { status: 403 };
  return { status: 200 };
}

/** The whole table: every standard route × role × ownership of every entity. */
export function roleMatrix(resources: readonly ResourceDefinition[]): MatrixCase[] {
  const cases: MatrixCase[] = [];
  for (const resource of resources) {
    const entity = resource.entity.name as EntityName;
    for (const role of MATRIX_ROLES) {
      for (const ownership of ownershipsOf(resource, role)) {
        for (const route of ROUTES) {
          const expected = expectationOf(resource, role, ownership, route);
          if (expected) cases.push({ entity, role, ownership, route, expected });
        }
      }
    }
  }
  return cases;
}
