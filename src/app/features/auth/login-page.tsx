import { StrictMode } from 'react';
import type { Root } from 'react-dom/client';
import { fetchNow } from '../../api/early-requests.ts';
import { LOGIN_WORDS } from '../../i18n/login-words.ts';
import { wordsTranslator } from '../../i18n/translate.ts';
import { isLanguage } from '../../i18n/languages.ts';
import { UpdatePrompt } from '../../pwa/update-prompt.tsx';
import { setSettings, type SettingRecord } from '../../state/settings.ts';
import { ui } from '../../state/ui.ts';
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

/** Start-up checks authentication (SPEC.md §1): with no token kept, only the httpOnly cookie can still sign this browser in. */
async function cookieSession(): Promise<boolean> {
  try {
    return (await fetchNow('/api/v1/auth/check-auth')).ok;
  } catch {
    return false;
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

export type LoginPageHandoff = {
  /** Signs in, then the app takes over the page at `target`. */
  signIn: (credentials: Credentials, target: string) => Promise<void>;
  /** A cookie session after all: the app starts as with a token. */
  startApp: () => Promise<void>;
};

/**
 * Start-up with no token kept (SPEC.md §1: authentication and settings, then the first render): the
 * login screen alone, without the router, the http client or the whole catalogue.
 */
export async function startLoginPage(root: Root, handoff: LoginPageHandoff): Promise<void> {
  // Its own words in the stored language, without i18next (the app's chunk brings it).
  const language = isLanguage(ui.language) ? ui.language : 'en';
  await wordsTranslator(LOGIN_WORDS, language).setLanguage(language);
  const [signedIn] = await Promise.all([cookieSession(), loadPublicSettings()]);
  if (signedIn) return handoff.startApp();
  const target = afterSignIn(askedFor());
  performance.mark('bd:ready');
  root.render(
    <StrictMode>
      <LoginScreen signIn={(credentials) => handoff.signIn(credentials, target)} />
      <UpdatePrompt />
    </StrictMode>,
  );
}
