import { offlineError, isOnline } from '../api/online-only.ts';
import type { EntityRecord } from './entity-store.ts';
import { entityStore } from './stores.ts';
import { runOp } from '../state/ops.ts';
import { impersonate, resetPassword } from '../session/session.ts';

export { mayActOn, type PersonAction } from './person-rules.ts';

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
  await runOp('user.lock', () => entityStore('user').update(row.id, { status: locked ? 'locked' : 'active' }, row.version), {
    toast: (e) => failed(e.message),
  });
}
