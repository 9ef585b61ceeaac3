import { renderToString } from 'react-dom/server';
import type { Language } from '../../../shared/constants.ts';
import { LOGIN_WORDS } from '../../i18n/login-words.ts';
import { setTranslator, wordsTranslator } from '../../i18n/translate.ts';
import { ui, type Mode } from '../../state/ui.ts';
import { LoginScreen } from './login-screen.tsx';

/**
 * The sign-in screen as static HTML, in one language and mode: run by the build (scripts/prerender-login.ts)
 * for index.html, never in the browser. The same component the page's script renders when it takes over,
 * so the two agree node for node (login-page.tsx).
 */
export function renderLogin(language: Language, mode: Mode): string {
  ui.language = language;
  ui.mode = mode;
  setTranslator(wordsTranslator(LOGIN_WORDS, language));
  return renderToString(<LoginScreen signIn={async () => undefined} />);
}
