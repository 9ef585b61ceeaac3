import { http } from '../../api/client.ts';
import { toApiError } from '../../api/http.ts';
import {
  auth,
  clearAuth,
  restorePreviousToken,
  setUser,
  signedIn,
  switchToImpersonation,
  type CurrentUser,
} from '../../state/auth.ts';
import { runOp } from '../../state/ops.ts';
import { adoptUserMode, syncColor } from './look.ts';
import { startRealtime, stopRealtime } from '../../realtime/socket.ts';
import { loadSettings } from './settings-actions.ts';

type CheckAuth = { id: string; roles: string[]; impersonatorId: string | null };

/** check-auth, then the user record, whose theme and mode are applied (SPEC.md §7). */
export async function checkAuth(): Promise<CurrentUser | null> {
  try {
    const who = await http<CheckAuth>('/v1/auth/check-auth');
    const user = await http<CurrentUser>(`/v1/user/${who.id}`);
    auth.impersonatorId = who.impersonatorId ?? null;
    setUser(user);
    adoptUserMode();
    syncColor();
    return user;
  } catch (cause) {
    const error = toApiError(cause);
    // Offline: keep the user we had, so the installed app still opens.
    if (error.network && auth.user) return auth.user;
    if (error.status === 401 || error.status === 403) clearAuth();
    return null;
  }
}

export async function login(email: string, password: string): Promise<CurrentUser | null> {
  const { token, user } = await runOp(
    'auth.login',
    () => http<{ token: string; user: CurrentUser }>('/v1/auth/login', { method: 'POST', body: { email, password } }),
    { toast: false },
  );
  signedIn(token, user);
  const checked = await checkAuth();
  startRealtime();
  return checked;
}

export async function logout(): Promise<void> {
  try {
    await runOp('auth.logout', () => http('/v1/auth/logout', { query: { allDevices: 'true' } }), { toast: false });
  } finally {
    // Signed out locally even when the server cannot be reached.
    stopRealtime();
    clearAuth();
  }
}

/** Connect as another user: the admin's token is kept as the previous token (SPEC.md §4). */
export async function impersonate(userId: string): Promise<void> {
  const { token } = await runOp('auth.impersonate', () =>
    http<{ token: string }>(`/v1/auth/generate-token/${userId}`, { method: 'POST' }),
  );
  switchToImpersonation(token);
  await afterTokenChange();
}

export async function stopImpersonating(): Promise<void> {
  if (!restorePreviousToken()) return;
  await afterTokenChange();
}

async function afterTokenChange(): Promise<void> {
  stopRealtime();
  await checkAuth();
  startRealtime();
}

export async function resetPassword(userId: string): Promise<string> {
  const { password } = await runOp('auth.resetPassword', () =>
    http<{ password: string }>(`/v1/auth/reset-password/${userId}`, { method: 'POST' }),
  );
  return password;
}

/** Start-up (SPEC.md §1): check authentication, then load settings, then render. */
export async function startSession(): Promise<void> {
  const [user] = await Promise.all([checkAuth(), loadSettings().catch(() => null)]);
  if (user) startRealtime();
}
