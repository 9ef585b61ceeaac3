import { describe, expect, it } from 'vitest';
import { convertValue, planConversion } from '../../../src/shared/catalogue/conversions.ts';
import {
  fieldListSchema,
  labelIn,
  orderedFields,
  slugKey,
  valuesSchema,
  type FieldDefinition,
} from '../../../src/shared/catalogue/fields.ts';
import { reconcileFields } from '../../../src/shared/catalogue/reconcile.ts';

const labels = (en: string, fr = en, de = en) => ({ en, fr, de });
const COLOUR: FieldDefinition = {
  key: 'colour',
  type: 'string',
  required: true,
  labels: labels('Colour', 'Couleur', 'Farbe'),
  options: [
    { key: 'd', labels: labels('D') },
    { key: 'e', labels: labels('E'), archived: true },
  ],
  position: 1,
};
const CARAT: FieldDefinition = { key: 'carat', type: 'number', labels: labels('Carat'), position: 0 };
const CAST: FieldDefinition = { key: 'cast_on', type: 'date', labels: labels('Cast on'), position: 2 };
const BOX: FieldDefinition = { key: 'box', type: 'boolean', labels: labels('Box'), position: 3 };
const FIELDS = [COLOUR, CARAT, CAST, BOX];

const issues = (result: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  Object.fromEntries((result.error?.issues ?? []).map((i) => [i.path.join('.'), i.message]));

describe('keys', () => {
  it('slugs names the way the data migration does', () => {
    expect(slugKey('boxAndPapers')).toBe('box_and_papers');
    expect(slugKey('Patek Philippe')).toBe('patek_philippe');
    expect(slugKey('Argor-Heraeus')).toBe('argor_heraeus');
    expect(slugKey('VVS1')).toBe('vvs1');
    expect(slugKey('Pureté')).toBe('purete');
    expect(slugKey('24 carats')).toBe('f_24_carats');
  });

  it('refuses a field list with a key twice, an option key twice, a bad key, options on a number', () => {
    expect(fieldListSchema.safeParse([CARAT, { ...CARAT, position: 5 }]).error?.issues[0].message).toBe('validation.fieldKeyUnique');
    const twice = {
      ...COLOUR,
      options: [
        { key: 'd', labels: labels('D') },
        { key: 'd', labels: labels('D again') },
      ],
    };
    expect(fieldListSchema.safeParse([twice]).error?.issues[0].message).toBe('validation.optionKeyUnique');
    expect(fieldListSchema.safeParse([{ ...CARAT, key: 'Carat' }]).error?.issues[0].message).toBe('validation.keyFormat');
    expect(fieldListSchema.safeParse([{ ...CARAT, options: [{ key: 'a', labels: labels('A') }] }]).error?.issues[0].message).toBe(
      'validation.optionsOnText',
    );
    expect(fieldListSchema.safeParse([{ ...CARAT, labels: { en: 'Carat', fr: '', de: 'Karat' } }]).error?.issues[0].message).toBe(
      'validation.fieldNameRequired',
    );
  });

  it('orders fields by position and reads a label in the reader’s language', () => {
    expect(orderedFields(FIELDS).map((f) => f.key)).toEqual(['carat', 'colour', 'cast_on', 'box']);
    expect(labelIn(COLOUR.labels, 'fr')).toBe('Couleur');
    expect(labelIn(COLOUR.labels, 'es')).toBe('Colour');
  });
});

describe('the values schema built from a category', () => {
  it('accepts values of each type, drops empty ones, trims text', () => {
    const result = valuesSchema(FIELDS).safeParse({ colour: ' d ', carat: 1.5, cast_on: '2024-02-29', box: false });
    expect(result.data).toEqual({ colour: 'd', carat: 1.5, cast_on: '2024-02-29', box: false });
    expect(valuesSchema(FIELDS).safeParse({ colour: 'd', carat: null, cast_on: '' }).data).toEqual({ colour: 'd' });
  });

  it('names each problem on its field', () => {
    const result = valuesSchema(FIELDS).safeParse({ carat: '1.5', cast_on: '2023-02-29', box: 'yes', extra: 1 });
    expect(issues(result)).toEqual({
      extra: 'validation.unknownField',
      colour: 'validation.fieldRequired',
      carat: 'validation.number',
      cast_on: 'validation.date',
      box: 'validation.boolean',
    });
  });

  it('takes an archived option only on a product that already holds it', () => {
    expect(issues(valuesSchema(FIELDS).safeParse({ colour: 'e' }))).toEqual({ colour: 'validation.optionUnknown' });
    expect(valuesSchema(FIELDS, { colour: 'e' }).safeParse({ colour: 'e' }).success).toBe(true);
    expect(issues(valuesSchema(FIELDS, { colour: 'd' }).safeParse({ colour: 'x' }))).toEqual({ colour: 'validation.optionUnknown' });
  });
});

describe('type conversions', () => {
  it('converts by one rule per pair of types, or says it cannot', () => {
    expect(convertValue('12.50', 'number')).toEqual({ ok: true, value: 12.5 });
    expect(convertValue('12,50', 'number')).toEqual({ ok: false });
    expect(convertValue(true, 'number')).toEqual({ ok: true, value: 1 });
    expect(convertValue(3, 'string')).toEqual({ ok: true, value: '3' });
    expect(convertValue('Oui', 'boolean')).toEqual({ ok: true, value: true });
    expect(convertValue('nein', 'boolean')).toEqual({ ok: true, value: false });
    expect(convertValue(2, 'boolean')).toEqual({ ok: false });
    expect(convertValue('2024-05-01T10:00:00Z', 'date')).toEqual({ ok: true, value: '2024-05-01' });
    expect(convertValue('1 May', 'date')).toEqual({ ok: false });
    expect(convertValue(20240501, 'date')).toEqual({ ok: false });
  });

  it('plans a change: products without a value need nothing, the others convert or fail', () => {
    const plan = planConversion(
      [
        { id: 'a', value: '1' },
        { id: 'b', value: 'two' },
        { id: 'c', value: undefined },
        { id: 'd', value: '' },
      ],
      'number',
    );
    expect(plan).toEqual({ converted: [{ id: 'a', from: '1', to: 1 }], failing: [{ id: 'b', value: 'two' }] });
  });
});

describe('a category’s new fields judged against its products', () => {
  const usage = { products: 3, values: { colour: 3, carat: 2 }, options: { colour: { d: 2, e: 1 } } };

  it('accepts a rename, a reorder and a new optional field, and archives a removed option in use', () => {
    const colour = { ...COLOUR, labels: labels('Color'), position: 0, options: [COLOUR.options![0]] };
    const { fields, problems } = reconcileFields(FIELDS, [colour, { ...CARAT, position: 1 }, CAST, BOX, { ...BOX, key: 'new' }], usage);
    expect(problems).toEqual({});
    expect(fields[0].options).toEqual([
      { key: 'd', labels: labels('D') },
      { key: 'e', labels: labels('E'), archived: true },
    ]);
  });

  it('lets an unused option go', () => {
    const { fields } = reconcileFields(FIELDS, [{ ...COLOUR, options: [COLOUR.options![1]] }], {
      ...usage,
      options: { colour: { e: 1 } },
      values: { colour: 1 },
    });
    expect(fields[0].options).toEqual([COLOUR.options![1]]);
  });

  it('refuses deleting a used field, a type change, a required field products lack', () => {
    const { problems } = reconcileFields(FIELDS, [COLOUR, { ...CAST, required: true }, { ...BOX, type: 'string' }], {
      ...usage,
      values: { ...usage.values, box: 1 },
    });
    expect(problems).toEqual({
      'fields.carat': { key: 'validation.fieldInUse', params: { count: 2, label: CARAT.labels } },
      'fields.1.required': { key: 'validation.requiredMissing', params: { count: 3 } },
      'fields.2.type': { key: 'validation.typeByConversion', params: { count: 1 } },
    });
  });
});
