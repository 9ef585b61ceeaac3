import { StrictMode } from 'react';
import { flushSync } from 'react-dom';
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

/** Why the plain form's sign-in was refused (`?error=` from the server's redirect), translated; taken off the address. */
function refusal(t: (key: string) => string, exists: (key: string) => boolean): string | undefined {
  const params = new URLSearchParams(window.location.search);
  const code = params.get('error');
  if (!code) return undefined;
  params.delete('error');
  const rest = params.toString();
  window.history.replaceState(window.history.state, '', `${window.location.pathname}${rest ? `?${rest}` : ''}${window.location.hash}`);
  return exists(`errors.${code}`) ? t(`errors.${code}`) : t('errors.INTERNAL');
}

type Typed = { values: Partial<Credentials>; focus?: { name: string; start: number | null; end: number | null } };

/**
 * What the person typed into the prerendered form (index.html) and where the caret is, read in the same
 * task as the render that replaces it (flushSync), so no keystroke falls between.
 */
function typedInto(element: HTMLElement): Typed {
  const values: Partial<Credentials> = {};
  for (const input of element.querySelectorAll<HTMLInputElement>('form input[name]'))
    if (input.name === 'email' || input.name === 'password') values[input.name] = input.value;
  const active = document.activeElement;
  const focus =
    active instanceof HTMLInputElement && element.contains(active) && active.name
      ? { name: active.name, start: active.selectionStart, end: active.selectionEnd }
      : undefined;
  return { values, focus };
}

/** The caret back where it was, in the field of the same name React rendered. */
function restoreFocus(element: HTMLElement, focus: Typed['focus']): void {
  if (!focus) return;
  const input = element.querySelector<HTMLInputElement>(`form input[name="${focus.name}"]`);
  input?.focus();
  if (input && focus.start !== null && input.type !== 'email') input.setSelectionRange(focus.start, focus.end);
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
  const words = wordsTranslator(LOGIN_WORDS, language);
  await words.setLanguage(language);
  const [signedIn] = await Promise.all([cookieSession(), loadPublicSettings()]);
  const element = document.getElementById('root')!;
  if (signedIn) {
    element.removeAttribute('data-prerendered');
    return handoff.startApp();
  }
  const error = refusal(words.t, words.exists);
  const target = afterSignIn(askedFor());
  performance.mark('bd:ready');
  // The prerendered form is replaced by the same screen in one synchronous commit: what was typed and
  // the caret carry over, and no frame shows anything in between (docs/decisions/login-prerender.md).
  const typed = typedInto(element);
  flushSync(() =>
    root.render(
      <StrictMode>
        <LoginScreen signIn={(credentials) => handoff.signIn(credentials, target)} initial={typed.values} initialError={error} />
        <UpdatePrompt />
      </StrictMode>,
    ),
  );
  restoreFocus(element, typed.focus);
  // Taken over: what tests and the bench wait for before using the screen's script.
  element.removeAttribute('data-prerendered');
}
