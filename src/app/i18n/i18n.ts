import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { LANGUAGES, type Language } from '../../shared/constants.ts';
import { ui } from '../state/ui.ts';
import { isLanguage, LOCALE_OF } from './languages.ts';
import { FORMATS, tidyPunctuation } from './inserted-values.ts';
import { formatMoney } from './format.ts';
import { setTranslator } from './translate.ts';

export type Catalogue = Record<string, unknown>;
export type Catalogues = Partial<Record<Language, () => Promise<Catalogue>>>;

/**
 * Where each language's whole catalogue comes from (catalogues.ts). The login screen shown before the
 * app loads does not use i18next at all: translate.ts with its own words (login-words.ts).
 */
const sources: Catalogues = {};
const loaded = new Set<Language>();

async function ensureCatalogue(language: Language): Promise<void> {
  const load = sources[language];
  if (!load || loaded.has(language)) return;
  i18next.addResourceBundle(language, 'translation', await load(), true, true);
  loaded.add(language);
}

/** Starts i18next with the whole catalogues (`catalogues`), in the stored language, behind translate.ts too. */
export async function initI18n({ catalogues = {} }: { catalogues?: Catalogues }) {
  Object.assign(sources, catalogues);
  if (!i18next.isInitialized) {
    await i18next
      .use(initReactI18next)
      .use(tidyPunctuation)
      .init({
        resources: {},
        lng: 'en',
        fallbackLng: 'en',
        supportedLngs: [...LANGUAGES],
        interpolation: { escapeValue: false },
        returnNull: false,
        // Every message, so user text never doubles punctuation (issue 14).
        postProcess: ['tidyPunctuation'],
      });
    for (const [name, format] of Object.entries(FORMATS)) i18next.services.formatter?.add(name, (value) => format(value));
    // `{{amount, money}}`: euros in a stored message (a notification's data) read as the screens show money.
    i18next.services.formatter?.add('money', (value) => formatMoney(Number(value)));
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
  // The code shared with the login screen (translate.ts) now translates through i18next, in this language.
  setTranslator({ t: (key, params) => i18next.t(key, params), exists: (key) => i18next.exists(key), setLanguage });
}

export { i18next };
