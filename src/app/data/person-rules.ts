import { mayDo, mayOn, type ExtraAction } from '../../shared/access.ts';
import { rank } from '../../shared/roles.ts';
import type { EntityRecord } from './entity-store.ts';

type Me = { readonly id: string; readonly roles: readonly string[] } | null | undefined;
const rolesOf = (row: EntityRecord) => (Array.isArray(row.roles) ? (row.roles as string[]) : []);

/** What one person may do to another: the shared access table's extra actions, plus delete. */
export type PersonAction = ExtraAction | 'delete';

/**
 * An action on another person (SPEC.md §6): allowed to one's role by the shared table, never on
 * oneself nor on someone above one's own role (DESIGN.md §5). The server checks the same.
 */
export function mayActOn(me: Me, row: EntityRecord, action: PersonAction): boolean {
  if (!me || row.id === me.id || rank(rolesOf(row)) > rank(me.roles)) return false;
  return action === 'delete' ? mayOn(me.roles, 'user', 'delete') : mayDo(me.roles, action);
}
