import { StrictMode } from 'react';
import type { Root } from 'react-dom/client';
import { fetchNow } from '../../api/early-requests.ts';
import { initI18n } from '../../i18n/i18n.ts';
import { LOGIN_WORDS } from '../../i18n/login-words.ts';
import { UpdatePrompt } from '../../pwa/update-prompt.tsx';
import { setSettings, type SettingRecord } from '../../state/settings.ts';
import { afterSignIn } from './after-sign-in.ts';
import type { Credentials } from './login-schema.ts';
import { LoginScreen } from './login-screen.tsx';

/** GET /setting is public: the company's name, logo and colour; the stored ones when it cannot load (offline). */
async function loadPublicSettings(): Promise<void> {
  try {
    const response = await fetchNow('/api/v1/setting');
    if (response.ok) setSettings((await response.json()) as SettingRecord);
  } catch {
    // Offline or timed out: the settings kept from the last visit stay.
  }
}

/** The page asked for: `?redirect=` on /login, else the address itself, which becomes /login?redirect= as the router does. */
function askedFor(): string | null {
  const { pathname, search, hash } = window.location;
  if (pathname === '/login') return new URLSearchParams(search).get('redirect');
  const href = `${pathname}${search}${hash}`;
  window.history.replaceState(window.history.state, '', href === '/' ? '/login' : `/login?redirect=${encodeURIComponent(href)}`);
  return href;
}

/**
 * Start-up with no token kept (SPEC.md §1: settings, then the first render): the login screen alone,
 * without the router, the http client or the whole catalogue. `signIn` loads the app and hands over.
 */
export async function startLoginPage(root: Root, signIn: (credentials: Credentials, target: string) => Promise<void>): Promise<void> {
  const target = afterSignIn(askedFor());
  await Promise.all([loadPublicSettings(), initI18n({ words: LOGIN_WORDS })]);
  performance.mark('bd:ready');
  root.render(
    <StrictMode>
      <LoginScreen signIn={(credentials) => signIn(credentials, target)} />
      <UpdatePrompt />
    </StrictMode>,
  );
}
