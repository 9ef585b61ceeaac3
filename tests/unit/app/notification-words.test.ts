// @vitest-environment happy-dom
import { beforeAll, describe, expect, test } from 'vitest';
import de from '../../../locales/de.json';
import en from '../../../locales/en.json';
import fr from '../../../locales/fr.json';
import { i18next, initI18n, setLanguage } from '../../../src/app/i18n/i18n.ts';

/**
 * Notifications are stored as a key and its data and read in the reader's language (issue 24): counts
 * with real plurals, amounts as money is shown everywhere else. Expected texts are written by hand.
 */
beforeAll(async () => {
  await initI18n({ catalogues: { en: async () => en, fr: async () => fr, de: async () => de } });
});

const say = (key: string, data: Record<string, unknown>) => i18next.t(key, data);

describe('notification words', () => {
  test('English: "1 lead was assigned", an amount formatted, the approvals counted', async () => {
    await setLanguage('en');
    expect(say('app.notifications.leadsAssigned', { count: 1 })).toBe('1 lead was assigned to you');
    expect(say('app.notifications.leadsAssigned', { count: 3 })).toBe('3 leads were assigned to you');
    expect(say('app.notifications.withdrawal.approved', { amount: 12000, count: 1 })).toBe(
      'Withdrawal of €12,000.00 approved, 1 of 2 approvals',
    );
    expect(say('app.notifications.adjustment.credit', { amount: 50.5, reason: 'Goodwill' })).toBe(
      'Your account was credited €50.50: Goodwill',
    );
  });

  test('French and German: their plurals and their way of writing money', async () => {
    await setLanguage('fr');
    expect(say('app.notifications.leadsAssigned', { count: 1 })).toBe('1 prospect vous a été attribué');
    expect(say('app.notifications.leadsAssigned', { count: 2 })).toBe('2 prospects vous ont été attribués');
    expect(say('app.notifications.withdrawal.requested', { amount: 12000 })).toBe('Retrait de 12\u202f000,00\u00a0€ demandé');
    await setLanguage('de');
    expect(say('app.notifications.leadsAssigned', { count: 1 })).toBe('Ihnen wurde 1 Lead zugewiesen');
    expect(say('app.notifications.withdrawal.completed', { amount: 1234.5 })).toBe('Auszahlung von 1.234,50\u00a0€ ausgeführt');
    await setLanguage('en');
  });
});
