// @vitest-environment happy-dom
import { describe, expect, test } from 'vitest';
import { changeLanguage, translate, wordsTranslator } from '../../../src/app/i18n/translate.ts';
import { asClause } from '../../../src/app/i18n/inserted-values.ts';
import { ui } from '../../../src/app/state/ui.ts';
import en from '../../../locales/en.json';
import fr from '../../../locales/fr.json';

// The login screen's translator (no i18next): its words from the real catalogues, picked by hand here.
const words = {
  en: { app: { login: { title: en.app.login.title } }, errors: { OFFLINE: en.errors.OFFLINE }, greet: 'Rejected: {{note}}.' },
  fr: { app: { login: { title: fr.app.login.title } } },
};

describe('translate.ts before the app loads', () => {
  test('the chosen language, English behind it, the key itself when neither has it', async () => {
    await wordsTranslator(words, 'fr').setLanguage('fr');
    expect(translate('app.login.title')).toBe(fr.app.login.title);
    expect(translate('errors.OFFLINE')).toBe(en.errors.OFFLINE);
    expect(translate('app.missing')).toBe('app.missing');
    expect(ui.language).toBe('fr');
    expect(ui.localLanguage).toBe('fr-FR');
    expect(document.documentElement.lang).toBe('fr');
  });

  test('values filled in and punctuation tidied as the app does; changing the language swaps the words', async () => {
    await wordsTranslator(words, 'en').setLanguage('en');
    expect(translate('greet', { note: 'Too blurry.' })).toBe('Rejected: Too blurry.');
    await changeLanguage('fr');
    expect(translate('app.login.title')).toBe(fr.app.login.title);
    expect(fr.app.login.title).not.toBe(en.app.login.title);
  });
});

describe('an error inserted after a comma ({{error, clause}})', () => {
  test('reads as the rest of the sentence in en and fr; German keeps its capitals', async () => {
    const { initI18n, setLanguage } = await import('../../../src/app/i18n/i18n.ts');
    const de = (await import('../../../locales/de.json')).default;
    await initI18n({ catalogues: { en: async () => en, fr: async () => fr, de: async () => de } });
    const deleteFailed = async (language: 'en' | 'fr' | 'de') => {
      await setLanguage(language);
      return translate('app.list.deleteFailed', { error: translate('errors.CONFLICT') });
    };
    expect(await deleteFailed('en')).toBe('Failed to delete, this conflicts with an existing record');
    expect(await deleteFailed('fr')).toBe('Échec de la suppression, cela entre en conflit avec un enregistrement existant');
    expect(await deleteFailed('de')).toBe('Löschen fehlgeschlagen, Das kollidiert mit einem vorhandenen Datensatz');
  });

  test('only a plain capitalised first word loses its capital', () => {
    expect(asClause('The server could not be reached')).toBe('the server could not be reached');
    expect(asClause('Échec.')).toBe('échec.');
    expect(asClause('IBAN is not valid')).toBe('IBAN is not valid');
    expect(asClause('PostgreSQL is down')).toBe('PostgreSQL is down');
    expect(asClause('I cannot')).toBe('I cannot');
    expect(asClause('3-D Secure failed')).toBe('3-D Secure failed');
    expect(asClause(undefined)).toBe('');
  });

  test('the login translator formats the same way', async () => {
    await wordsTranslator({ en: { failed: 'Failed to sign in, {{error, clause}}' } }, 'en').setLanguage('en');
    expect(translate('failed', { error: 'Wrong email or password.' })).toBe('Failed to sign in, wrong email or password.');
  });
});
