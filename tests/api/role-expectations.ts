import type { EntityName } from '../../src/shared/entities/index.ts';

/**
 * What SPEC.md §6 and DESIGN.md §5 say each role may do with each kind of record, written here by
 * hand as literal tables: never read from the server's `resource.access` declarations or its policy
 * module, so that a wrong declaration fails the role matrix instead of redefining what it expects.
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

/** Root-only = root; admin = root or admin; staff = root, admin or regular; all = anyone signed in (SPEC.md §6). */
const ADMIN: readonly MatrixRole[] = ['root', 'admin'];
const STAFF: readonly MatrixRole[] = ['root', 'admin', 'regular'];
const ALL: readonly MatrixRole[] = ['root', 'admin', 'regular', 'lead'];
/** A route switched off for everyone: it answers 404. */
const NOBODY: readonly MatrixRole[] = [];

/**
 * Whose records a role reaches (DESIGN.md §5): the catalogue (projects, markets, categories, products)
 * is read by everyone; campaigns by staff; a lead's records by admins, its assigned staff and itself;
 * personal records (notifications) by their owner only; the users table by admins, by regular staff
 * for themselves and their leads, by a lead for itself.
 */
export type ScopeKind = 'catalog' | 'staff' | 'owned' | 'personal' | 'user';

type EntityAccess = {
  scope: ScopeKind;
  create: readonly MatrixRole[];
  read: readonly MatrixRole[];
  update: readonly MatrixRole[];
  delete: readonly MatrixRole[];
};

/**
 * Who may create, read, update and delete each entity. Money (DESIGN.md §6): the standard deposit create
 * is staff entering a bank transfer (a lead deposits by card through /deposit/3d-secure), staff may add
 * its bank reference, admins remove one that never completed; a lead asks for a withdrawal (staff for
 * their lead), only admins change it, and nobody deletes one (the ledger keeps its transfers). Orders: staff only
 * until the trading work exists (a lead would choose its own price and leverage, issue 15).
 */
export const ACCESS: Record<EntityName, EntityAccess> = {
  user: { scope: 'user', create: STAFF, read: ALL, update: ALL, delete: ADMIN },
  notification: { scope: 'personal', create: ADMIN, read: ALL, update: ALL, delete: ALL },
  campaign: { scope: 'staff', create: ADMIN, read: STAFF, update: ADMIN, delete: ADMIN },
  comment: { scope: 'owned', create: STAFF, read: STAFF, update: STAFF, delete: ADMIN },
  deposit: { scope: 'owned', create: STAFF, read: ALL, update: STAFF, delete: ADMIN },
  investment: { scope: 'owned', create: STAFF, read: ALL, update: ADMIN, delete: NOBODY },
  // An order opens by POST /order (its own route, ORDER_ROUTES below) and moves by its actions: no standard create, patch or delete.
  order: { scope: 'owned', create: NOBODY, read: ALL, update: NOBODY, delete: NOBODY },
  'product-market': { scope: 'catalog', create: ADMIN, read: ALL, update: ADMIN, delete: ADMIN },
  project: { scope: 'catalog', create: ADMIN, read: ALL, update: ADMIN, delete: ADMIN },
  withdrawal: { scope: 'owned', create: ALL, read: ALL, update: ADMIN, delete: NOBODY },
  dividend: { scope: 'owned', create: STAFF, read: ALL, update: ADMIN, delete: NOBODY },
  product: { scope: 'catalog', create: ADMIN, read: ALL, update: ADMIN, delete: ADMIN },
  'product-category': { scope: 'catalog', create: ADMIN, read: ALL, update: ADMIN, delete: ADMIN },
  // Offers move by their actions alone (release, accept, decline, withdraw); holdings are bought and sold, never written by the standard set.
  offer: { scope: 'owned', create: STAFF, read: ALL, update: NOBODY, delete: NOBODY },
  holding: { scope: 'owned', create: NOBODY, read: ALL, update: NOBODY, delete: NOBODY },
};

export type Expectation = {
  status: number;
  /** For list and search: whether the record is in the answer. */
  listed?: boolean;
};

export type MatrixCase = { entity: EntityName; role: MatrixRole; ownership: Ownership; route: Route; expected: Expectation };

/** The ownerships that exist for a role: root and leads have no leads assigned to them. */
export function ownershipsOf(entity: EntityName, role: MatrixRole): Ownership[] {
  const kind = ACCESS[entity].scope;
  if (kind === 'catalog' || kind === 'staff') return ['any'];
  const all: Ownership[] = role === 'admin' || role === 'regular' ? ['own', 'assigned', 'other'] : ['own', 'other'];
  // Only a (verified) lead has withdrawals: a staff member's own is refused by that rule, not by role.
  return LEAD_ONLY_OWNERS.has(entity) && role !== 'lead' ? all.filter((o) => o !== 'own') : all;
}

/**
 * Entities whose records only a lead may own (DESIGN.md §6, §10); tests/api/money-ledger.test.ts and
 * tests/api/investments.test.ts cover the refusal (a dividend's owner is its investment's).
 */
const LEAD_ONLY_OWNERS = new Set(['withdrawal', 'investment', 'dividend', 'offer', 'holding', 'order']);

/**
 * Records their own lead never sees: the matrix's offers are made by root and not released, and an
 * offer waits hidden from its lead until a second staff member releases it (DESIGN.md §12).
 */
const HIDDEN_FROM_OWN_LEAD = new Set(['offer']);

/**
 * Whether the actor sees a record: root and admin see everything but other people's personal
 * records; regular staff see their own and their leads'; a lead sees its own; the catalogue and
 * staff lists are whole for whoever may read them.
 */
function sees(entity: EntityName, role: MatrixRole, ownership: Ownership): boolean {
  switch (ACCESS[entity].scope) {
    case 'catalog':
    case 'staff':
      return true;
    case 'personal':
      return ownership === 'own';
    case 'owned':
    case 'user':
      if (role === 'lead' && HIDDEN_FROM_OWN_LEAD.has(entity)) return false;
      return role === 'root' || role === 'admin' || ownership !== 'other';
  }
}

/** Whether the actor may make a record for this owner: admins for anyone, others for whom they see. */
function mayAttach(entity: EntityName, role: MatrixRole, ownership: Ownership): boolean {
  if (role === 'root' || role === 'admin') return true;
  return sees(entity, role, ownership);
}

/** The expected answer, or undefined when the case does not exist (nobody creates themselves). */
export function expectationOf(entity: EntityName, role: MatrixRole, ownership: Ownership, route: Route): Expectation | undefined {
  const isUser = ACCESS[entity].scope === 'user';
  const creating = route === 'create' || route === 'batchCreate';
  if (isUser && creating && ownership === 'own') return undefined;
  // POST /order is the open action, not the standard create: a standard body is no ticket, for everyone (400, nothing written).
  if (entity === 'order' && route === 'create') return { status: 400 };
  // A route switched off (nobody may use it) is not registered at all.
  if (ACCESS[entity][ACTION_OF[route]].length === 0) return { status: 404 };
  if (!ACCESS[entity][ACTION_OF[route]].includes(role)) return { status: 403 };
  if (creating) return { status: mayAttach(entity, role, ownership) ? 201 : 403 };
  const visible = sees(entity, role, ownership);
  if (route === 'list' || route === 'search') return { status: 200, listed: visible };
  if (!visible) return { status: 404 };
  // SPEC.md §6 / DESIGN.md §5: nobody deletes their own account.
  if (isUser && ownership === 'own' && (route === 'delete' || route === 'batchDelete')) return { status: 403 };
  return { status: 200 };
}

/** The whole table: every standard route × role × ownership of every entity. */
export function roleMatrix(entities: readonly EntityName[]): MatrixCase[] {
  const cases: MatrixCase[] = [];
  for (const entity of entities) {
    for (const role of MATRIX_ROLES) {
      for (const ownership of ownershipsOf(entity, role)) {
        for (const route of ROUTES) {
          const expected = expectationOf(entity, role, ownership, route);
          if (expected) cases.push({ entity, role, ownership, route, expected });
        }
      }
    }
  }
  return cases;
}

/** The admin actions on another person (SPEC.md §6), each sent as the app sends it. */
export const PERSON_ACTIONS = ['reset-password', 'impersonate', 'lock', 'change-roles', 'change-email', 'delete'] as const;
export type PersonAction = (typeof PERSON_ACTIONS)[number];

/**
 * Who may act on whom (DESIGN.md §5, issue 15): rows are the actor's role, columns the target's
 * (always another person; a lead target of regular staff is one of its own leads). An admin acts on
 * regular staff and leads; an admin's account only root; nobody on root; regular staff and leads on
 * nobody. The same grid holds for every action: one rule, written out per action so that a route
 * that departs from it fails on its own line.
 */
const Y = true;
const N = false;
//                                    target:  root admin regular lead
const ONE_RULE: Record<MatrixRole, Record<MatrixRole, boolean>> = {
  root: /*                        */ { root: N, admin: Y, regular: Y, lead: Y },
  admin: /*                       */ { root: N, admin: N, regular: Y, lead: Y },
  regular: /*                     */ { root: N, admin: N, regular: N, lead: N },
  lead: /*                        */ { root: N, admin: N, regular: N, lead: N },
};

export const ACTS_ON: Record<PersonAction, Record<MatrixRole, Record<MatrixRole, boolean>>> = {
  'reset-password': ONE_RULE,
  impersonate: ONE_RULE,
  lock: ONE_RULE,
  'change-roles': ONE_RULE,
  'change-email': ONE_RULE,
  delete: ONE_RULE,
};

/**
 * Four eyes (DESIGN.md §6, CHECKLIST 13): who may complete a credit entered by whom, with the rule on.
 * Rows: the role of the person who entered it; columns: the one completing it (the same role is the
 * same person). A deposit here belongs to regular's own lead; an adjustment is admin's (entered and
 * completed by admins only). 422 is SECOND_PERSON_REQUIRED, whatever the role, root included.
 */
/**
 * The wealth routes beside the standard set (DESIGN.md §10), by the reader's role and whose investment
 * it is ('assigned': a regular's own lead's; 'own': the lead's; 'other': a lead nobody here holds). A
 * schedule is read as its investment is (404 outside the scope); statistics answer everyone signed in,
 * counting only what they see: `stats` is the number of investments each counts of one each.
 */
export const WEALTH_READS: { schedule: Record<MatrixRole, Partial<Record<Ownership, number>>>; stats: Record<MatrixRole, number> } = {
  schedule: {
    root: { assigned: 200, other: 200 },
    admin: { assigned: 200, other: 200 },
    regular: { assigned: 200, other: 404 },
    lead: { own: 200, other: 404 },
  },
  stats: { root: 2, admin: 2, regular: 1, lead: 1 },
};

/**
 * A dividend entered by hand (DESIGN.md §10, four eyes): rows the role of who entered it (on a regular's
 * own lead), columns who completes it (the same role is the same person). 422 is SECOND_PERSON_REQUIRED.
 */
//                                                 completed by:  root admin regular lead
export const DIVIDEND_FOUR_EYES: Record<Exclude<MatrixRole, 'lead'>, Record<MatrixRole, number>> = {
  root: /*                                    */ { root: 422, admin: 200, regular: 200, lead: 403 },
  admin: /*                                   */ { root: 200, admin: 422, regular: 200, lead: 403 },
  regular: /*                                 */ { root: 200, admin: 200, regular: 422, lead: 403 },
};

/**
 * An offer made by the row's role, released by the column's (POST /offer/:id/release, DESIGN.md §12):
 * never by its maker, root included (422); a lead releases nothing (403).
 */
//                                                    released by:  root admin regular lead
export const OFFER_RELEASE: Record<Exclude<MatrixRole, 'lead'>, Record<MatrixRole, number>> = {
  root: /*                                    */ { root: 422, admin: 200, regular: 200, lead: 403 },
  admin: /*                                   */ { root: 200, admin: 422, regular: 200, lead: 403 },
  regular: /*                                 */ { root: 200, admin: 200, regular: 422, lead: 403 },
};

/** Who buys a product for a lead (POST /product/purchase): staff for a lead in scope (a regular's own lead here); a lead never. */
export const PURCHASE: Record<MatrixRole, number> = { root: 201, admin: 201, regular: 201, lead: 403 };

export const FOUR_EYES_CREDITS = ['deposit', 'adjustment'] as const;
export type FourEyesCredit = (typeof FOUR_EYES_CREDITS)[number];
//                                                     completed by:  root admin regular lead
export const FOUR_EYES: Record<FourEyesCredit, Partial<Record<MatrixRole, Record<MatrixRole, number>>>> = {
  deposit: {
    root: /*                                        */ { root: 422, admin: 200, regular: 200, lead: 403 },
    admin: /*                                       */ { root: 200, admin: 422, regular: 200, lead: 403 },
    regular: /*                                     */ { root: 200, admin: 200, regular: 422, lead: 403 },
  },
  adjustment: {
    root: /*                                        */ { root: 422, admin: 200, regular: 403, lead: 403 },
    admin: /*                                       */ { root: 200, admin: 422, regular: 403, lead: 403 },
  },
};

/** The same with four eyes switched off by root: whoever may complete it, may complete their own. */
export const FOUR_EYES_OFF: typeof FOUR_EYES = {
  deposit: {
    root: /*                                        */ { root: 200, admin: 200, regular: 200, lead: 403 },
    admin: /*                                       */ { root: 200, admin: 200, regular: 200, lead: 403 },
    regular: /*                                     */ { root: 200, admin: 200, regular: 200, lead: 403 },
  },
  adjustment: {
    root: /*                                        */ { root: 200, admin: 200, regular: 403, lead: 403 },
    admin: /*                                       */ { root: 200, admin: 200, regular: 403, lead: 403 },
  },
};

/** Creating a user with a staff role and lead together, by the creator's role: staff or a lead, never both. */
export const STAFF_AND_LEAD_CREATE: Record<MatrixRole, number> = { root: 422, admin: 422, regular: 422, lead: 403 };

/**
 * The project routes beside the standard set (DESIGN.md §10), by the caller's role and, for a
 * subscription or its PDF, whose it is ('assigned': a regular's own lead; 'own': the lead itself;
 * 'other': a lead nobody here holds). Only admins set a project's image; staff subscribe for a lead in
 * their scope (404 outside it), a lead for itself only (403 for another); the PDF is read as its investment is.
 */
export const PROJECT_ROUTES: {
  image: Record<MatrixRole, number>;
  subscribe: Record<MatrixRole, Partial<Record<Ownership, number>>>;
  pdf: Record<MatrixRole, Partial<Record<Ownership, number>>>;
} = {
  image: { root: 200, admin: 200, regular: 403, lead: 403 },
  subscribe: {
    root: { assigned: 201, other: 201 },
    admin: { assigned: 201, other: 201 },
    regular: { assigned: 201, other: 404 },
    lead: { own: 201, other: 403 },
  },
  pdf: {
    root: { assigned: 200, other: 200 },
    admin: { assigned: 200, other: 200 },
    regular: { assigned: 200, other: 404 },
    lead: { own: 200, other: 404 },
  },
};

/**
 * Trading's routes (DESIGN.md §11) by the caller's role, on an order of a lead: `own` is the caller's
 * own lead (a lead itself; a regular's assigned lead; for root and admin a lead of someone else's), `other`
 * a lead of another staff member. Open (POST /order, 201): a lead for itself only (403 for another), staff
 * in scope (404 outside). Close at the market (200) and close with a chosen loss (200): a lead its own
 * at the market only (422 CLOSE_BY_MARKET with a profit). Stats: everyone, in scope.
 */
export const ORDER_ROUTES: Record<'open' | 'close' | 'closeWithLoss', Record<MatrixRole, { own: number; other: number }>> = {
  open: {
    root: { own: 201, other: 201 },
    admin: { own: 201, other: 201 },
    regular: { own: 201, other: 404 },
    lead: { own: 201, other: 403 },
  },
  close: {
    root: { own: 200, other: 200 },
    admin: { own: 200, other: 200 },
    regular: { own: 200, other: 404 },
    lead: { own: 200, other: 404 },
  },
  closeWithLoss: {
    root: { own: 200, other: 200 },
    admin: { own: 200, other: 200 },
    regular: { own: 200, other: 404 },
    lead: { own: 422, other: 404 },
  },
};

/**
 * The catalogue routes beside the standard set (DESIGN.md §12, issue 27), by the caller's role: only
 * admins change a field's type (its dry run too: it is the start of a change) and set a product's image
 * or file; staff read the product and category statistics and export the products, a lead none of them.
 */
export const CATALOGUE_ROUTES: Record<
  'fieldType' | 'productFile' | 'productStats' | 'categoryStats' | 'productExport',
  Record<MatrixRole, number>
> = {
  fieldType: { root: 200, admin: 200, regular: 403, lead: 403 },
  productFile: { root: 200, admin: 200, regular: 403, lead: 403 },
  productStats: { root: 200, admin: 200, regular: 200, lead: 403 },
  categoryStats: { root: 200, admin: 200, regular: 200, lead: 403 },
  productExport: { root: 200, admin: 200, regular: 200, lead: 403 },
};
