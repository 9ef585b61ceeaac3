import { LANGUAGES, type Language } from '../../shared/constants.ts';

/** The locale each UI language formats with and sends as x-lang. */
export const LOCALE_OF: Record<Language, string> = { en: 'en-US', fr: 'fr-FR', de: 'de-DE' };

/** Native names: a person who cannot read the current language still finds their own. */
export const LANGUAGE_NAMES: Record<Language, string> = { en: 'English', fr: 'Français', de: 'Deutsch' };

export const isLanguage = (value: unknown): value is Language =>
  typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
