import i18next from 'i18next';
import { beforeAll, describe, expect, test } from 'vitest';
import { z } from 'zod';
import en from '../../../locales/en.json';
import fr from '../../../locales/fr.json';
import { ENTITIES } from '../../../src/shared/entities/index.ts';
import { userEntity } from '../../../src/shared/entities/user.ts';
import { settingUpdateSchema } from '../../../src/shared/setting.ts';
import { withdrawalCreateSchema } from '../../../src/shared/entities/withdrawal.ts';
import { ui } from '../../../src/app/state/ui.ts';
import { amountsAsText, withAmounts } from '../../../src/app/forms/amount-input.tsx';
import { describeSchema } from '../../../src/app/forms/describe-schema.ts';
import { FORM_ERROR, translateIssues } from '../../../src/app/forms/issues.ts';
import { changedFields, getPath, setPath } from '../../../src/app/forms/paths.ts';
import { passwordChangeSchema, passwordsMismatch } from '../../../src/app/features/settings/password-rules.ts';

const t = i18next.createInstance();
beforeAll(async () => {
  await t.init({
    lng: 'en',
    fallbackLng: 'en',
    resources: { en: { translation: en }, fr: { translation: fr } },
    interpolation: { escapeValue: false },
  });
});
const translate = (issues: z.core.$ZodIssue[]) =>
  translateIssues(
    issues,
    (k, p) => t.t(k, p),
    (k) => t.exists(k),
  );

describe('the form kit reads the shared zod schemas', () => {
  test('campaign: one required text field', () => {
    expect(describeSchema(ENTITIES.campaign.create)).toEqual([{ name: 'name', kind: 'text', required: true }]);
    // The update schema is partial: nothing is required.
    expect(describeSchema(ENTITIES.campaign.update)).toEqual([{ name: 'name', kind: 'text', required: false }]);
  });

  test('user: email, password, enums and arrays get the right controls', () => {
    const fields = Object.fromEntries(describeSchema(ENTITIES.user.create).map((f) => [f.name, f]));
    expect(fields.email).toMatchObject({ kind: 'email', required: true });
    expect(fields.password).toMatchObject({ kind: 'password' });
    expect(fields.roles).toMatchObject({ kind: 'multiselect', options: ['root', 'admin', 'regular', 'lead'] });
    expect(fields.status).toMatchObject({ kind: 'select', required: false });
    expect(fields.labels).toMatchObject({ kind: 'multiselect', options: ['forex', 'binary_options', 'diamond'] });
    expect(fields.qualifications).toMatchObject({ kind: 'tags' });
  });

  test('project: a nested description group (en, fr, de) with dotted names like the server details', () => {
    const description = describeSchema(ENTITIES.project.create).find((f) => f.name === 'description');
    expect(description?.kind).toBe('group');
    expect(description?.children?.map((c) => c.name)).toEqual(['description.en', 'description.fr', 'description.de']);
    expect(description?.children?.[0]?.kind).toBe('textarea');
  });

  test('settings: booleans, long text, tags; records it cannot draw are left to the screen', () => {
    const fields = Object.fromEntries(describeSchema(settingUpdateSchema).map((f) => [f.name, f.kind]));
    expect(fields).toMatchObject({
      companyName: 'text',
      companyDescription: 'textarea',
      email: 'email',
      receiveEmails: 'boolean',
      labels: 'tags',
      theme: 'select',
      // The money bounds are amounts, typed as text and read strictly (CHECKLIST 5); a count stays a number.
      withdrawalApprovalThreshold: 'money',
      cardDepositMax: 'money',
      cardDepositDailyMax: 'money',
      amountConfirmationLevel: 'money',
    });
    expect(fields.media).toBeUndefined();
  });

  test("a money field reads its text strictly in the reader's language, then the schema checks the euros", () => {
    const fields = describeSchema(settingUpdateSchema).filter((f) => f.name === 'cardDepositMax' || f.name === 'companyName');
    const schema = withAmounts(settingUpdateSchema, fields);
    ui.localLanguage = 'de-DE';
    try {
      expect(amountsAsText({ cardDepositMax: 1234.5, companyName: 'A' }, fields)).toEqual({ cardDepositMax: '1234,50', companyName: 'A' });
      expect(schema.safeParse({ cardDepositMax: '1.234,50' })).toMatchObject({ success: true, data: { cardDepositMax: 1234.5 } });
      // A German reader's "10.005" is no amount (a third decimal is never read as thousands).
      const refused = schema.safeParse({ cardDepositMax: '10,005' });
      expect(refused.success).toBe(false);
      // The schema's own bound, on the euros read: a card limit is at most €100,000.
      const above = schema.safeParse({ cardDepositMax: '100.000,01' }) as {
        success: false;
        error: { issues: { path: string[]; message: string }[] };
      };
      expect(above.error.issues).toEqual([expect.objectContaining({ path: ['cardDepositMax'], message: 'validation.cardLimitMax' })]);
      // Left empty in a partial form, it is no change at all.
      expect(schema.safeParse({ companyName: 'B', cardDepositMax: '' })).toMatchObject({ success: true, data: { companyName: 'B' } });
    } finally {
      ui.localLanguage = 'en-US';
    }
  });
});

describe('field errors are translated from the i18n keys in the schemas', () => {
  test('required, email, and params ({{min}}, {{max}})', () => {
    const result = ENTITIES.project.create.safeParse({
      name: '',
      rentability: 301,
      duration: 0,
      description: { en: 'x', fr: '', de: 'y' },
    });
    expect(result.success).toBe(false);
    const errors = translate(result.error!.issues);
    expect(errors.name).toBe('This field is required');
    expect(errors.rentability).toBe('The value must be at most 300');
    expect(errors.duration).toBe('The value must be at least 1');
    expect(errors['description.fr']).toBe('This field is required');
  });

  test('in French too', async () => {
    await t.changeLanguage('fr');
    try {
      const result = ENTITIES.user.create.safeParse({ firstName: 'a', lastName: 'b', email: 'nope', password: 'abc', roles: [] });
      const errors = translate(result.error!.issues);
      expect(errors.email).toBe(fr.validation.email);
      expect(errors.password).toBe(fr.validation.passwordLength);
    } finally {
      await t.changeLanguage('en');
    }
  });

  test('an entered amount above its maximum names the limit as money, in English and French', async () => {
    const issues = () =>
      withdrawalCreateSchema.safeParse({ userId: '0190a4b2-0000-7000-8000-000000000001', amount: 1_000_000.01 }).error!.issues;
    expect(translate(issues())).toEqual({ amount: 'An amount entered can be at most €1,000,000.00' });
    await t.changeLanguage('fr');
    ui.localLanguage = 'fr-FR';
    try {
      expect(translate(issues())).toEqual({ amount: 'Un montant saisi ne peut pas dépasser 1\u202f000\u202f000,00\u00a0€' });
    } finally {
      ui.localLanguage = 'en-US';
      await t.changeLanguage('en');
    }
    expect(withdrawalCreateSchema.safeParse({ userId: '0190a4b2-0000-7000-8000-000000000001', amount: 1_000_000 }).success).toBe(true);
  });

  test("zod's own messages never reach a person: they fall back to validation.code.*", () => {
    const result = z.object({ n: z.number(), k: z.string() }).strict().safeParse({ n: 'x', k: 'y', extra: 1 });
    const errors = translate(result.error!.issues);
    expect(errors.n).toBe(en.validation.code.invalid_type);
    expect(errors[FORM_ERROR]).toBe('Unknown field: extra');
  });

  test("passwords: SPEC.md §5 rules and 'The two passwords do not match!'", () => {
    const weak = passwordChangeSchema.safeParse({ currentPassword: 'x', password: 'abcdef', confirmPassword: 'abcdef' });
    expect(translate(weak.error!.issues).password).toBe('The password must contain at least one number');
    expect(passwordChangeSchema.safeParse({ currentPassword: 'x', password: 'abc123', confirmPassword: 'abc123' }).success).toBe(true);
    const mismatch = passwordsMismatch({ password: 'abc123', confirmPassword: 'abc124' });
    expect(mismatch).toEqual({ confirmPassword: 'validation.passwordMismatch' });
    expect(t.t(mismatch!.confirmPassword)).toBe('The two passwords do not match!');
    expect(passwordsMismatch({ password: 'abc123', confirmPassword: 'abc123' })).toBeNull();
    const same = passwordsMismatch({ currentPassword: 'abc123', password: 'abc123', confirmPassword: 'abc123' });
    expect(t.t(same!.password!)).toBe('The new password must differ from the current one');
  });

  test('phone fields take phone numbers only', () => {
    const phone = (value: string) => userEntity.update.safeParse({ phone: value });
    for (const ok of ['+33 6 12 34 56 78', '06.12.34.56.78', '(555) 010-2030', '']) expect(phone(ok).success, ok).toBe(true);
    for (const bad of ['call me', '06 12 abc', '12', '+'])
      expect(translate(phone(bad).error!.issues).phone, bad).toBe('Enter a phone number: digits, spaces and a leading +');
    expect(describeSchema(userEntity.update as z.ZodType).find((f) => f.name === 'phone')?.kind).toBe('tel');
  });
});

describe('form values by path, and changed fields only', () => {
  test('setPath / getPath on nested values without mutating', () => {
    const before = { name: 'P', description: { en: 'a' } };
    const after = setPath(before, 'description.fr', 'b');
    expect(after).toEqual({ name: 'P', description: { en: 'a', fr: 'b' } });
    expect(before.description).toEqual({ en: 'a' });
    expect(getPath(after, 'description.fr')).toBe('b');
    expect(getPath(after, 'missing.deep')).toBeUndefined();
  });

  test('PATCH bodies carry only what changed', () => {
    expect(
      changedFields({ firstName: 'Ada', lastName: 'L', labels: ['forex'] }, { firstName: 'Ada', lastName: 'K', labels: ['forex'] }),
    ).toEqual({ lastName: 'L' });
    expect(changedFields({ a: null }, { a: undefined })).toEqual({});
  });
});
