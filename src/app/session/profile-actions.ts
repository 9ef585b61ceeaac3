import type { ThemeColor } from '../../shared/constants.ts';
import { http } from '../api/client.ts';
import { auth, setUser, type CurrentUser } from '../state/auth.ts';
import { runOp } from '../state/ops.ts';
import { ui, type Mode } from '../state/ui.ts';
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

/** The mode switches at once; signed in, it is also saved on the user so it follows them. */
export async function saveOwnMode(mode: Mode): Promise<void> {
  ui.mode = mode;
  if (auth.user && auth.user.mode !== mode) await updateOwnUser({ mode }, 'profile.mode').catch(() => undefined);
}

/** A user's own colour; null goes back to the company's colour. */
export async function saveOwnTheme(theme: ThemeColor | null): Promise<void> {
  await updateOwnUser({ theme }, 'profile.theme');
}
