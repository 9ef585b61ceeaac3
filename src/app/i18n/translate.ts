import { useSyncExternalStore } from 'react';
import type { Language } from '../../shared/constants.ts';
import { ui } from '../state/ui.ts';
import { LOCALE_OF } from './languages.ts';
import { FORMATS, tidy } from './inserted-values.ts';

export type Translate = (key: string, params?: Record<string, unknown>) => string;

/** What the code shared by the login screen and the app translates with; i18next stands behind it once the app runs (i18n.ts). */
export type Translator = {
  t: Translate;
  exists: (key: string) => boolean;
  setLanguage: (language: Language) => Promise<void>;
};

type Words = Record<string, unknown>;

const lookUp = (words: Words | undefined, key: string): unknown =>
  key.split('.').reduce<unknown>((node, part) => (node && typeof node === 'object' ? (node as Words)[part] : undefined), words);

/**
 * The login screen's translator: its own words (login-words.ts) in the chosen language, English
 * behind, `{{name}}` filled in and punctuation tidied as i18next does for the app. Evaluating and
 * initialising i18next was a third of the login's script time before it could show (issue 13).
 */
export function wordsTranslator(words: Partial<Record<Language, Words>>, language: Language): Translator {
  const find = (key: string) => {
    const value = lookUp(words[language], key) ?? lookUp(words.en, key);
    return typeof value === 'string' ? value : undefined;
  };
  return {
    t: (key, params = {}) =>
      tidy(
        (find(key) ?? key).replace(/\{\{\s*(\w+)\s*(?:,\s*(\w+)\s*)?\}\}/g, (_, name: string, format?: string) =>
          (format && FORMATS[format] ? FORMATS[format] : String)(params[name] ?? ''),
        ),
      ),
    exists: (key) => find(key) !== undefined,
    setLanguage: async (next) => {
      ui.language = next;
      ui.localLanguage = LOCALE_OF[next];
      document.documentElement.lang = next;
      setTranslator(wordsTranslator(words, next));
    },
  };
}

let current: Translator = { t: (key) => key, exists: () => false, setLanguage: async () => undefined };
const listeners = new Set<() => void>();

/** Replaces the translator (another language, or i18next taking over); every `useTranslator()` re-renders. */
export function setTranslator(next: Translator): void {
  current = next;
  for (const listener of listeners) listener();
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

/**
 * The current translator; a new object (and `t`) after each change, so hooks depending on `t` recompute.
 * The same on the server: the build renders the login screen to HTML (scripts/prerender-login.ts).
 */
export const useTranslator = (): Translator =>
  useSyncExternalStore(
    subscribe,
    () => current,
    () => current,
  );

/** Outside React (an error message built in a handler). */
export const translate: Translate = (key, params) => current.t(key, params);

/** The UI language, through whoever translates now. */
export const changeLanguage = (language: Language) => current.setLanguage(language);
