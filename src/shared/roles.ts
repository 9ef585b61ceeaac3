/** The four roles of SPEC.md §6 and the checks built on them. */
export const ROLES = ['root', 'admin', 'regular', 'lead'] as const;
export type Role = (typeof ROLES)[number];

/** Who an action is open to; each level includes the ones above it; `nobody` switches it off. */
export type Audience = 'nobody' | 'root' | 'admin' | 'staff' | 'all';

export const isRoot = (roles: readonly string[]) => roles.includes('root');
export const isAdmin = (roles: readonly string[]) => isRoot(roles) || roles.includes('admin');
export const isStaff = (roles: readonly string[]) => isAdmin(roles) || roles.includes('regular');
export const isLeadOnly = (roles: readonly string[]) => roles.length === 1 && roles[0] === 'lead';

export function allows(audience: Audience, roles: readonly string[]): boolean {
  switch (audience) {
    case 'nobody':
      return false;
    case 'root':
      return isRoot(roles);
    case 'admin':
      return isAdmin(roles);
    case 'staff':
      return isStaff(roles);
    case 'all':
      return roles.length > 0;
  }
}

/** Rank used so that nobody acts on (impersonates, resets, locks) someone above them. */
export function rank(roles: readonly string[]): number {
  if (isRoot(roles)) return 3;
  if (isAdmin(roles)) return 2;
  if (isStaff(roles)) return 1;
  return 0;
}

/** Users a lead may be assigned to (SPEC.md §6). */
export const ASSIGNABLE_ROLES: readonly Role[] = ['regular', 'admin'];

/** The admin actions on another person (SPEC.md §6): the same rule answers for each. */
export const PERSON_ACTIONS = ['reset-password', 'impersonate', 'lock', 'change-roles', 'change-email', 'delete'] as const;
export type PersonAction = (typeof PERSON_ACTIONS)[number];
export type Person = { readonly id: string; readonly roles: readonly string[] };

/**
 * Who may reset, impersonate, lock, demote, re-address or delete whom (DESIGN.md §5): an admin, never
 * on itself, never on someone of its own role or above: an admin's account only by root. The server
 * decides with it; the client hides what it would refuse.
 */
export const mayActOn = (actor: Person | null | undefined, target: Person): boolean =>
  Boolean(actor && isAdmin(actor.roles) && actor.id !== target.id && rank(target.roles) < rank(actor.roles));
