import { isAdmin, rank } from '../../../shared/roles.ts';
import { offlineError, isOnline } from '../../api/online-only.ts';
import type { EntityRecord } from '../../data/entity-store.ts';
import { entityStore } from '../../data/stores.ts';
import { runOp } from '../../state/ops.ts';
import { impersonate, resetPassword } from '../session/session.ts';

type Me = { readonly id: string; readonly roles: readonly string[] } | null | undefined;
const rolesOf = (row: EntityRecord) => (Array.isArray(row.roles) ? (row.roles as string[]) : []);

/**
 * Admin actions on another person (SPEC.md §6): never on oneself nor on someone above one's
 * own role (DESIGN.md §5). The server checks the same; the screens hide what it would refuse.
 */
export const mayActOn = (me: Me, row: EntityRecord) => Boolean(me && isAdmin(me.roles) && row.id !== me.id && rank(rolesOf(row)) <= rank(me.roles));

/** Fails the named operation with the translated OFFLINE message (and its toast) when offline. */
async function online(name: string): Promise<void> {
  if (!isOnline()) await runOp(name, () => Promise.reject(offlineError()));
}

/** Impersonation is online-only (DESIGN.md §7). */
export async function connectAs(id: string): Promise<void> {
  await online('auth.impersonate');
  await impersonate(id);
}

/** The new password, to be shown once; online-only. */
export async function resetPasswordOf(id: string): Promise<string> {
  await online('auth.resetPassword');
  return resetPassword(id);
}

/** Lock or unlock through the entity store: it queues offline like any other edit. */
export async function setLocked(row: EntityRecord, locked: boolean, failed: (message: string) => string): Promise<void> {
  await runOp('user.lock', () => entityStore('user').update(row.id, { status: locked ? 'locked' : 'active' }, row.version), { toast: (e) => failed(e.message) });
}
