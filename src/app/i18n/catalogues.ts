import en from '../../../locales/en.json';
import type { Catalogues } from './i18n.ts';

/** The whole catalogues of the signed-in app: English in its bundle as the fallback, French and German on demand. */
export const CATALOGUES: Catalogues = {
  en: async () => en,
  fr: () => import('../../../locales/fr.json').then((module) => module.default),
  de: () => import('../../../locales/de.json').then((module) => module.default),
};
