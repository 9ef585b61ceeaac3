import { isAdmin, rank } from '../../shared/roles.ts';
import type { EntityRecord } from './entity-store.ts';

type Me = { readonly id: string; readonly roles: readonly string[] } | null | undefined;
const rolesOf = (row: EntityRecord) => (Array.isArray(row.roles) ? (row.roles as string[]) : []);

/**
 * Admin actions on another person (SPEC.md §6): never on oneself nor on someone above one's
 * own role (DESIGN.md §5). The server checks the same; the screens hide what it would refuse.
 */
export const mayActOn = (me: Me, row: EntityRecord) =>
  Boolean(me && isAdmin(me.roles) && row.id !== me.id && rank(rolesOf(row)) <= rank(me.roles));
