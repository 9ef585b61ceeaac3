import { http } from '../api/client.ts';
import { toApiError } from '../api/http.ts';
import {
  auth,
  clearAuth,
  restorePreviousToken,
  setToken,
  setUser,
  signedIn,
  switchToImpersonation,
  type CurrentUser,
} from '../state/auth.ts';
import { STORAGE_KEYS } from '../lib/storage.ts';
import { runOp } from '../state/ops.ts';
import { adoptUserMode, syncColor } from './look.ts';
import { saveOwnMode } from './profile-actions.ts';
import { ui } from '../state/ui.ts';
import { startRealtime, stopRealtime } from '../realtime/socket.ts';
import { requireOnline } from '../api/online-only.ts';
import { loadSettings } from './settings-actions.ts';
import { keepPublicSettings } from '../state/settings.ts';

/** The offline engine loads with the signed-in screens, never with the login screen (DESIGN.md §7). */
const offlineSession = () => import('../offline/app-offline.ts').then((module) => module.offlineSession);

/** The signed-in user's own mirror and outbox; `signIn` asks for persistent storage too. */
async function openMirror(user: CurrentUser | null, signIn = false): Promise<void> {
  if (!user) return;
  try {
    await (await offlineSession()).activate(user.id, { signIn });
  } catch {
    // The engine's code could not load (offline before it was ever cached): screens use the API.
  }
}

/** `token`: signed in by the cookie alone (the prerendered form posted before its script took over). */
type CheckAuth = { id: string; roles: string[]; impersonatorId: string | null; token?: string };

/** check-auth, then the user record, whose theme and mode are applied (SPEC.md §7). */
export async function checkAuth(): Promise<CurrentUser | null> {
  try {
    const who = await http<CheckAuth>('/v1/auth/check-auth');
    // Kept as after any sign-in: the offline engine and the socket send it (one session path).
    if (who.token && !auth.token) setToken(who.token);
    const user = await http<CurrentUser>(`/v1/user/${who.id}`);
    auth.impersonatorId = who.impersonatorId ?? null;
    setUser(user);
    // A mode this user chose offline and not saved yet wins over their old one, and is saved now.
    if (ui.modeUnsavedFor === user.id) void saveOwnMode(ui.mode);
    else adoptUserMode();
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
    () => {
      // Online-only (DESIGN.md §7): offline, refused at once with errors.OFFLINE.
      requireOnline();
      return http<{ token: string; user: CurrentUser }>('/v1/auth/login', { method: 'POST', body: { email, password } });
    },
    { toast: false },
  );
  signedIn(token, user);
  // Signed out, GET /setting answered only what the login page shows; signed in, this role's part.
  const [checked] = await Promise.all([checkAuth(), loadSettings().catch(() => null)]);
  await openMirror(checked, true);
  startRealtime();
  return checked;
}

/** Changes made here and not yet sent (the logout warning counts them, the impersonating admin's too). */
export async function unsentChanges(): Promise<number> {
  return (await offlineSession()).unsentCount([auth.impersonatorId]);
}

/** Changes not yet sent by the user the app runs as now (going back from an impersonation asks first). */
export async function unsentHere(): Promise<number> {
  return (await offlineSession()).currentUnsent();
}

export async function logout(): Promise<void> {
  const impersonator = auth.impersonatorId;
  // The server ends this session's socket with it: closed first, so that end is not taken for one from elsewhere.
  stopRealtime();
  try {
    await runOp('auth.logout', () => http('/v1/auth/logout', { query: { allDevices: 'true' } }), { toast: false });
  } finally {
    // Signed out locally even when the server cannot be reached; the local data goes too.
    stopRealtime();
    await (await offlineSession()).signOut([impersonator]).catch(() => undefined);
    clearAuth();
    keepPublicSettings();
  }
}

/**
 * The server refused the session (401) while changes wait: sign in again. The engine stays, paused;
 * the same user signing in resumes it, another user gets their own (DESIGN.md §7).
 */
export function signInAgain(): void {
  stopRealtime();
  clearAuth();
}

/**
 * Another tab signed out (its token left the shared storage): this tab follows at once, rather than
 * keep writing into a database the other tab has just wiped.
 */
export function followOtherTabs(onSignedOut: () => void): () => void {
  const listener = (event: StorageEvent) => {
    if (event.key !== STORAGE_KEYS.token || event.newValue !== null || !auth.token) return;
    stopRealtime();
    void offlineSession()
      .then((session) => session.deactivate())
      .catch(() => undefined);
    clearAuth();
    onSignedOut();
  };
  window.addEventListener('storage', listener);
  return () => window.removeEventListener('storage', listener);
}

/** Connect as another user: the admin's token is kept as the previous token (SPEC.md §4). */
export async function impersonate(userId: string): Promise<void> {
  const { token } = await runOp('auth.impersonate', () => {
    requireOnline();
    return http<{ token: string }>(`/v1/auth/generate-token/${userId}`, { method: 'POST' });
  });
  switchToImpersonation(token);
  await afterTokenChange();
}

/** 'Back to my account': the impersonation session ends on the server (best effort when offline), the admin's resumes. */
export async function stopImpersonating(): Promise<void> {
  if (!auth.previousToken) return;
  // The server ends the impersonation's socket with it: closed first (see logout).
  stopRealtime();
  await http('/v1/auth/logout').catch(() => undefined);
  if (!restorePreviousToken()) return;
  await afterTokenChange();
}

/** Impersonation switches user: the other user's engine stops (its data kept), this one's starts. */
async function afterTokenChange(): Promise<void> {
  stopRealtime();
  // The settings a role may read differ (GET /setting): the new user's part replaces the old one's.
  const [user] = await Promise.all([checkAuth(), loadSettings().catch(() => null)]);
  await openMirror(user);
  startRealtime();
}

export async function resetPassword(userId: string): Promise<string> {
  const { password } = await runOp('auth.resetPassword', () => {
    requireOnline();
    return http<{ password: string }>(`/v1/auth/reset-password/${userId}`, { method: 'POST' });
  });
  return password;
}

/** Start-up (SPEC.md §1): check authentication, then load settings, then render. */
export async function startSession(): Promise<void> {
  // Signed in (a token kept): the engine's code downloads while authentication is checked.
  if (auth.token) void offlineSession().catch(() => undefined);
  const [user] = await Promise.all([checkAuth(), loadSettings().catch(() => null)]);
  // Before the first render, so the first list already reads the local mirror (offline too).
  await openMirror(user);
  if (user) startRealtime();
}
