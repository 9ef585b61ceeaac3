// @vitest-environment happy-dom
import { describe, expect, test } from 'vitest';
import { changeLanguage, translate, wordsTranslator } from '../../../src/app/i18n/translate.ts';
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
