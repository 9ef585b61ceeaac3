import { mayDo, mayOn, type ExtraAction } from '../../shared/access.ts';
import { mayActOn as sharedRule } from '../../shared/roles.ts';
import type { EntityRecord } from './entity-store.ts';

type Me = { readonly id: string; readonly roles: readonly string[] } | null | undefined;
const rolesOf = (row: EntityRecord) => (Array.isArray(row.roles) ? (row.roles as string[]) : []);

/** What one person may do to another: the shared access table's extra actions, plus delete. */
export type PersonAction = ExtraAction | 'delete';

/**
 * An action on another person (SPEC.md §6): the shared rule of who acts on whom the server applies
 * (src/shared/roles.ts: never oneself, never someone at or above one's own role), and the action
 * allowed to one's role by the shared access table. The screens hide what the server would refuse.
 */
export function mayActOn(me: Me, row: EntityRecord, action: PersonAction): boolean {
  if (!me || !sharedRule(me, { id: row.id, roles: rolesOf(row) })) return false;
  return action === 'delete' ? mayOn(me.roles, 'user', 'delete') : mayDo(me.roles, action);
}
