import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { LANGUAGES, type Language } from '../../shared/constants.ts';
import en from '../../../locales/en.json';
import { ui } from '../state/ui.ts';
import { LOCALE_OF } from './languages.ts';
import { tidyPunctuation } from './tidy-punctuation.ts';

/** English ships in the main bundle as the fallback; French and German load on demand. */
const loaders: Record<Exclude<Language, 'en'>, () => Promise<{ default: unknown }>> = {
  fr: () => import('../../../locales/fr.json'),
  de: () => import('../../../locales/de.json'),
};

const isLanguage = (value: unknown): value is Language => typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);

async function ensureBundle(language: Language): Promise<void> {
  if (language === 'en' || i18next.hasResourceBundle(language, 'translation')) return;
  const bundle = await loaders[language]();
  i18next.addResourceBundle(language, 'translation', bundle.default, true, true);
}

export async function initI18n(): Promise<typeof i18next> {
  const language = isLanguage(ui.language) ? ui.language : 'en';
  await i18next
    .use(initReactI18next)
    .use(tidyPunctuation)
    .init({
      resources: { en: { translation: en } },
      lng: 'en',
      fallbackLng: 'en',
      supportedLngs: [...LANGUAGES],
      interpolation: { escapeValue: false },
      returnNull: false,
      // Every message, so user text never doubles punctuation (issue 14).
      postProcess: ['tidyPunctuation'],
    });
  await setLanguage(language).catch(() => setLanguage('en'));
  return i18next;
}

/** Switches the UI language; the choice is kept in localStorage through the ui store. */
export async function setLanguage(language: Language): Promise<void> {
  await ensureBundle(language);
  // The locale first: changeLanguage re-renders, and Intl formatting must already follow.
  ui.language = language;
  ui.localLanguage = LOCALE_OF[language];
  document.documentElement.lang = language;
  await i18next.changeLanguage(language);
}

export { i18next };
