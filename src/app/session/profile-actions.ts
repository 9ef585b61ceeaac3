import { subscribe } from 'valtio';
import type { ThemeColor } from '../../shared/constants.ts';
import { http } from '../api/client.ts';
import { auth, setUser, type CurrentUser } from '../state/auth.ts';
import { runOp } from '../state/ops.ts';
import { ui, type Mode } from '../state/ui.ts';
import { offline } from '../offline/offline-state.ts';
import { syncColor } from './look.ts';
import { i18next } from '../i18n/i18n.ts';

/** PATCH /user/{id} with changed fields only (SPEC.md §7). */
export async function updateOwnUser(
  changes: Partial<CurrentUser> & { password?: string; currentPassword?: string },
  op = 'profile.save',
): Promise<CurrentUser> {
  const user = auth.user;
  if (!user) throw new Error('Not signed in');
  const updated = await runOp(op, () => http<CurrentUser>(`/v1/user/${user.id}`, { method: 'PATCH', body: changes }), {
    toast: (error) => i18next.t('app.profile.saveFailed', { error: error.message }),
  });
  setUser(updated);
  syncColor();
  return updated;
}

/**
 * The mode switches at once; signed in, it is also saved on the user so it follows them. Offline (by the
 * sync engine's status) it is kept as unsaved instead of failing with a toast, and saved once the
 * connection is back, or at the next start-up online (session.ts), where it wins over the user's old one.
 */
export async function saveOwnMode(mode: Mode): Promise<void> {
  ui.mode = mode;
  const user = auth.user;
  ui.modeUnsavedFor = user && user.mode !== mode ? user.id : null;
  if (!user || !ui.modeUnsavedFor) return;
  if (offline.status?.online === false) {
    saveWhenOnline();
    return;
  }
  await updateOwnUser({ mode }, 'profile.mode').then(
    () => void (ui.modeUnsavedFor = null),
    () => undefined,
  );
}

let waiting: (() => void) | undefined;
/** Saves an unsaved mode the first time the engine says it is online again (if the same user is signed in). */
function saveWhenOnline(): void {
  waiting ??= subscribe(offline, () => {
    if (!offline.status?.online) return;
    waiting?.();
    waiting = undefined;
    if (ui.modeUnsavedFor && ui.modeUnsavedFor === auth.user?.id) void saveOwnMode(ui.mode);
  });
}

/** A user's own colour; null goes back to the company's colour. */
export async function saveOwnTheme(theme: ThemeColor | null): Promise<void> {
  await updateOwnUser({ theme }, 'profile.theme');
}
