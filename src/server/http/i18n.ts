import { readFileSync } from 'node:fs';
import path from 'node:path';
import { LANGUAGES, type Language } from '../../shared/constants.ts';
import { ROOT_DIR } from '../config.ts';

type Messages = Record<string, unknown>;

const catalogs = Object.fromEntries(
  LANGUAGES.map((lang) => [lang, JSON.parse(readFileSync(path.join(ROOT_DIR, 'locales', `${lang}.json`), 'utf8')) as Messages]),
) as Record<Language, Messages>;

/** `x-lang: fr-FR` → fr; anything unknown → en (DESIGN.md §4). */
export function languageOf(header: string | string[] | undefined): Language {
  const value = (Array.isArray(header) ? header[0] : header) ?? '';
  const base = value.toLowerCase().split(/[-_]/)[0] as Language;
  return LANGUAGES.includes(base) ? base : 'en';
}

function lookup(messages: Messages, key: string): string | undefined {
  let node: unknown = messages;
  for (const part of key.split('.')) {
    if (!node || typeof node !== 'object' || !Object.hasOwn(node, part)) return undefined;
    node = (node as Messages)[part];
  }
  return typeof node === 'string' ? node : undefined;
}

export const hasMessage = (key: string) => lookup(catalogs.en, key) !== undefined || lookup(catalogs.en, `${key}_other`) !== undefined;

/** The message for `key` in `lang`; with a numeric `count`, its plural form (`key_one`, `key_other` …) as i18next picks it. */
function templateOf(lang: Language, key: string, count: unknown): string | undefined {
  if (typeof count === 'number') {
    const form = new Intl.PluralRules(lang).select(count);
    const plural = lookup(catalogs[lang], `${key}_${form}`) ?? lookup(catalogs[lang], `${key}_other`);
    if (plural) return plural;
  }
  return lookup(catalogs[lang], key);
}

/** Translates `key` with i18next-style `{{name}}` parameters (and plurals by `count`), falling back to English, then to the key. */
export function translate(lang: Language, key: string, params: Record<string, unknown> = {}): string {
  const template = templateOf(lang, key, params.count) ?? templateOf('en', key, params.count) ?? key;
  return template.replace(/\{\{\s*(\w+)\s*\}\}/g, (_, name: string) => String(params[name] ?? ''));
}
