import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { LANGUAGES, type Language } from '../../shared/constants.ts';
import { ui } from '../state/ui.ts';
import { LOCALE_OF } from './languages.ts';
import { tidyPunctuation } from './tidy-punctuation.ts';

export type Catalogue = Record<string, unknown>;
export type Catalogues = Partial<Record<Language, () => Promise<Catalogue>>>;

/**
 * Where each language's whole catalogue comes from. The login screen starts with only its own words
 * (src/app/i18n/login-words.ts); the signed-in app registers the whole catalogues (catalogues.ts).
 */
const sources: Catalogues = {};
const loaded = new Set<Language>();

const isLanguage = (value: unknown): value is Language => typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);

async function ensureCatalogue(language: Language): Promise<void> {
  const load = sources[language];
  if (!load || loaded.has(language)) return;
  i18next.addResourceBundle(language, 'translation', await load(), true, true);
  loaded.add(language);
}

/**
 * Starts i18next with some words (`words`) and/or registers whole catalogues (`catalogues`); called
 * again by the signed-in app after the login screen, it adds the whole catalogues to the running instance.
 */
export async function initI18n({ words = {}, catalogues = {} }: { words?: Partial<Record<Language, Catalogue>>; catalogues?: Catalogues }) {
  Object.assign(sources, catalogues);
  if (!i18next.isInitialized) {
    await i18next
      .use(initReactI18next)
      .use(tidyPunctuation)
      .init({
        resources: Object.fromEntries(Object.entries(words).map(([language, translation]) => [language, { translation }])),
        lng: 'en',
        fallbackLng: 'en',
        supportedLngs: [...LANGUAGES],
        interpolation: { escapeValue: false },
        returnNull: false,
        // Every message, so user text never doubles punctuation (issue 14).
        postProcess: ['tidyPunctuation'],
      });
  } else {
    for (const [language, translation] of Object.entries(words))
      i18next.addResourceBundle(language, 'translation', translation, true, false);
  }
  // English is every language's fallback.
  await ensureCatalogue('en');
  const language = isLanguage(ui.language) ? ui.language : 'en';
  await setLanguage(language).catch(() => setLanguage('en'));
  return i18next;
}

/** Switches the UI language; the choice is kept in localStorage through the ui store. */
export async function setLanguage(language: Language): Promise<void> {
  await ensureCatalogue(language);
  // The locale first: changeLanguage re-renders, and Intl formatting must already follow.
  ui.language = language;
  ui.localLanguage = LOCALE_OF[language];
  document.documentElement.lang = language;
  await i18next.changeLanguage(language);
}

export { i18next };
