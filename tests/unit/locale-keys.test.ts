import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, test } from 'vitest';
import de from '../../locales/de.json';
import en from '../../locales/en.json';
import fr from '../../locales/fr.json';
import i18next from 'i18next';
import { tidy, tidyPunctuation } from '../../src/app/i18n/inserted-values.ts';

/**
 * Every message key the code names exists in every language (a missing one shows as a raw key such
 * as `app.people.assign`), plural keys have their forms, and no message doubles its punctuation.
 */
const ROOT = path.resolve(import.meta.dirname, '../../src');
const LOCALES = { en, fr, de } as Record<string, Record<string, unknown>>;

function files(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) return name === 'migrations' ? [] : files(full);
    return /\.(ts|tsx)$/.test(name) && !name.endsWith('.gen.ts') ? [full] : [];
  });
}

const lookup = (tree: unknown, key: string): unknown =>
  key
    .split('.')
    .reduce<unknown>((node, part) => (node && typeof node === 'object' ? (node as Record<string, unknown>)[part] : undefined), tree);

/** A key resolves as itself or as its plural forms. */
const resolves = (tree: unknown, key: string) =>
  typeof lookup(tree, key) === 'string' || ['one', 'other'].every((form) => typeof lookup(tree, `${key}_${form}`) === 'string');

const SOURCES = files(ROOT).map((file) => ({ file: path.relative(ROOT, file), text: readFileSync(file, 'utf8') }));
/** Quoted literals that look like message keys (`app.x.y`, `errors.X`, `validation.x`). */
const LITERAL = /['"`]((?:app\.[A-Za-z0-9_]+|errors|validation)\.[A-Za-z0-9_]+(?:\.[A-Za-z0-9_-]+)*)['"`]/g;
/** Template keys: their fixed head must be a group of messages. */
const TEMPLATE = /`((?:app|errors|validation)\.[A-Za-z0-9_.-]*?)\.\$\{/g;
/** A key given parameters in place (`t('key', { count })`, `notify(…, 'key', { count: n })`): group 2 is the object. */
const WITH_PARAMS = /['"`]((?:app|errors|validation)\.[A-Za-z0-9_.-]+)['"`]\s*,\s*\{([^{}]*)\}/g;
/** An error made with its message's parameters (`new AppError('CODE', details, { count })`): `errors.CODE`. */
const ERROR_PARAMS = /new \w*Error\(\s*'([A-Z_]+)'\s*,([^;]*?)\)\s*;?/g;
const HAS_COUNT = /\bcount\b\s*(?:[:,}]|$)/;

describe('locale keys', () => {
  const used = new Map<string, string>();
  const heads = new Map<string, string>();
  for (const { file, text } of SOURCES) {
    for (const match of text.matchAll(LITERAL)) used.set(match[1]!, file);
    for (const match of text.matchAll(TEMPLATE)) if (match[1]!.includes('.')) heads.set(match[1]!, file);
  }

  test('the code names many keys (the scan works)', () => {
    expect(used.size).toBeGreaterThan(200);
  });

  test.each(Object.keys(LOCALES))('every key used exists in %s', (language) => {
    const missing = [...used].filter(([key]) => !resolves(LOCALES[language], key)).map(([key, file]) => `${key} (${file})`);
    expect(missing.join('\n')).toBe('');
  });

  test.each(Object.keys(LOCALES))('every template key group exists in %s', (language) => {
    const missing = [...heads].filter(([head]) => typeof lookup(LOCALES[language], head) !== 'object').map(([k, f]) => `${k} (${f})`);
    expect(missing.join('\n')).toBe('');
  });

  test('every key used with a count has its plural forms in every language', () => {
    const counted = new Map<string, string>();
    for (const { file, text } of SOURCES) {
      for (const match of text.matchAll(WITH_PARAMS)) if (HAS_COUNT.test(match[2]!)) counted.set(match[1]!, file);
      for (const match of text.matchAll(ERROR_PARAMS)) if (HAS_COUNT.test(match[2]!)) counted.set(`errors.${match[1]!}`, file);
    }
    // The scan finds the ones this test was written for (issue 24): a notification, an error, a wizard's line.
    expect([...counted.keys()]).toEqual(
      expect.arrayContaining(['app.notifications.leadsAssigned', 'errors.SECURE_CODE_INVALID', 'app.money.wizard.minutesLeft']),
    );
    const missing = Object.entries(LOCALES).flatMap(([language, tree]) =>
      [...counted]
        .filter(([key]) => !['one', 'other'].every((form) => typeof lookup(tree, `${key}_${form}`) === 'string'))
        .map(([key, file]) => `${language}: ${key} (${file})`),
    );
    expect(missing.join('\n')).toBe('');
  });

  // Keys the code names through a template (`app.syncIssues.kind.${kind}` with a count) escape the scan
  // above: a message that says {{count}} is itself a plural form, in every language.
  test.each(Object.keys(LOCALES))('every message saying {{count}} is a plural form in %s', (language) => {
    const unpluralised = (node: unknown, key = ''): string[] =>
      node && typeof node === 'object'
        ? Object.entries(node).flatMap(([k, v]) => unpluralised(v, key ? `${key}.${k}` : k))
        : typeof node === 'string' && node.includes('{{count}}') && !/_(zero|one|two|few|many|other)$/.test(key)
          ? [key]
          : [];
    expect(unpluralised(LOCALES[language]).join('\n')).toBe('');
  });

  test('plural keys have their forms in every language', () => {
    const plurals = (node: unknown, prefix = ''): string[] =>
      node && typeof node === 'object'
        ? Object.entries(node).flatMap(([k, v]) => plurals(v, `${prefix}${k}.`))
        : prefix.endsWith('_one.')
          ? [prefix.slice(0, -'_one.'.length)]
          : [];
    const missing = Object.entries(LOCALES).flatMap(([language, tree]) =>
      plurals(en)
        .filter((key) => !['one', 'other'].every((form) => typeof lookup(tree, `${key}_${form}`) === 'string'))
        .map((key) => `${language}: ${key}`),
    );
    expect(missing.join('\n')).toBe('');
  });

  test('no message doubles its punctuation around an inserted sentence', async () => {
    const i18n = i18next.createInstance();
    await i18n.use(tidyPunctuation).init({
      resources: Object.fromEntries(Object.entries(LOCALES).map(([lng, translation]) => [lng, { translation }])),
      lng: 'en',
      interpolation: { escapeValue: false },
      postProcess: ['tidyPunctuation'],
    });
    for (const lng of Object.keys(LOCALES)) {
      const text = i18n.t('app.documents.explain.rejected', { lng, note: 'The scan is too blurry.' });
      expect(text).toContain('blurry.');
      expect(text).not.toMatch(/[.!?]\./);
    }
    expect(tidy('Loading... Done!.')).toBe('Loading... Done!');
  });
});
