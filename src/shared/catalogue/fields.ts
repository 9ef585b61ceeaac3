import { z } from 'zod';
import { FIELD_TYPES } from '../constants.ts';
import { bool, int, oneOf, requiredText } from '../fields.ts';

/**
 * The catalogue's field-metadata layer (DESIGN.md §12): a category's fields are data. Each field and
 * each select option has a key that never changes once made (products keep their values by it) and a
 * label in every language (what a rename changes). docs/decisions/catalogue-field-metadata.md.
 */
export const CATALOGUE_LANGUAGES = ['en', 'fr', 'de'] as const;
export type CatalogueLanguage = (typeof CATALOGUE_LANGUAGES)[number];
export type FieldType = (typeof FIELD_TYPES)[number];
export type Labels = Record<CatalogueLanguage, string>;

/** A key: a slug of lower-case letters, digits and underscores, starting with a letter. */
export const KEY_PATTERN = /^[a-z][a-z0-9_]{0,63}$/;

/** A slug of a name, as keys are made from labels and as the data migration keyed the old fieldNames (`boxAndPapers` → `box_and_papers`). */
export function slugKey(name: string): string {
  const slug = name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/([a-z0-9])([A-Z])/g, '$1_$2')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '_')
    .replace(/^_+|_+$/g, '')
    .slice(0, 60);
  return /^[a-z]/.test(slug) ? slug : `f_${slug}`.replace(/_+$/, '');
}

const key = (required: string) =>
  z
    .string({ error: required })
    .trim()
    .min(1, { error: required })
    .max(64, { error: 'validation.tooLong' })
    .regex(KEY_PATTERN, { error: 'validation.keyFormat' });

const labels = (required: string) =>
  z.strictObject({ en: requiredText(200, required), fr: requiredText(200, required), de: requiredText(200, required) });

export const optionSchema = z.strictObject({
  key: key('validation.optionKeyRequired'),
  labels: labels('validation.optionLabelRequired'),
  /** Deleted while products still used it: still valid on those products, refused on new ones. */
  archived: bool().optional(),
});
export type FieldOption = z.infer<typeof optionSchema>;

const unique = <T>(items: readonly T[], by: (item: T) => string) => new Set(items.map(by)).size === items.length;

export const fieldDefinitionSchema = z
  .strictObject({
    key: key('validation.fieldKeyRequired'),
    type: oneOf(FIELD_TYPES),
    required: bool().optional(),
    labels: labels('validation.fieldNameRequired'),
    options: z.array(optionSchema).max(200).optional(),
    position: int(0, 1000),
  })
  .refine((f) => unique(f.options ?? [], (o) => o.key), { error: 'validation.optionKeyUnique', path: ['options'] })
  .refine((f) => !f.options?.length || f.type === 'string', { error: 'validation.optionsOnText', path: ['options'] });
export type FieldDefinition = z.infer<typeof fieldDefinitionSchema>;

/** A category's fields: keys unique. */
export const fieldListSchema = z
  .array(fieldDefinitionSchema)
  .max(100)
  .refine((fields) => unique(fields, (f) => f.key), { error: 'validation.fieldKeyUnique' });

/** Fields in their order (position, then key: a stable order for equal positions). */
export const orderedFields = (fields: readonly FieldDefinition[]) =>
  [...fields].sort((a, b) => a.position - b.position || (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));

/** A label in the reader's language (en when that one is blank). */
export const labelIn = (labels: Labels, language: string): string =>
  labels[(CATALOGUE_LANGUAGES as readonly string[]).includes(language) ? (language as CatalogueLanguage) : 'en'] || labels.en;

/** A value a product may hold: dates are calendar days (YYYY-MM-DD). */
export type FieldValue = string | number | boolean;
export type ProductValues = Record<string, FieldValue | null>;

const DAY = /^\d{4}-\d{2}-\d{2}$/;
export const isCalendarDay = (value: string) => {
  if (!DAY.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
};

/** The most a number value may be (a JSON number PostgreSQL compares exactly). */
const MAX_NUMBER = 1e12;

function valueSchema(field: FieldDefinition, previous: unknown): z.ZodType {
  switch (field.type) {
    case 'number':
      return z
        .number({ error: 'validation.number' })
        .finite()
        .min(-MAX_NUMBER, { error: 'validation.tooSmall' })
        .max(MAX_NUMBER, { error: 'validation.tooLarge' });
    case 'boolean':
      return bool();
    case 'date':
      return z.string({ error: 'validation.date' }).refine(isCalendarDay, { error: 'validation.date' });
    case 'string': {
      const text = z.string({ error: 'validation.required' }).trim().max(2000, { error: 'validation.tooLong' });
      if (!field.options?.length) return text;
      // An archived option stays valid on a product that already holds it, never on a new choice.
      const allowed = field.options.filter((o) => !o.archived || o.key === previous).map((o) => o.key);
      return text.refine((value) => allowed.includes(value), { error: 'validation.optionUnknown' });
    }
  }
}

const isMissing = (value: unknown) => value === undefined || value === null || value === '';

/**
 * The schema of a product's values, built from its category's fields: the same for the form and the
 * server. `previous`: the values the product held (an archived option it holds stays valid). A
 * required field left empty is 'validation.fieldRequired' ('{field} is required'; the reader's label
 * is put in by whoever translates: the form's fieldLabel, the server's valuesProblems).
 */
export function valuesSchema(fields: readonly FieldDefinition[], previous: Record<string, unknown> = {}) {
  const checks = fields.map((field) => ({ field, inner: valueSchema(field, previous[field.key]) }));
  const known = new Set(fields.map((f) => f.key));
  return z
    .record(z.string(), z.unknown(), { error: 'validation.invalid' })
    .superRefine((values, ctx) => {
      for (const key of Object.keys(values))
        if (!known.has(key)) ctx.addIssue({ code: 'custom', message: 'validation.unknownField', path: [key] });
      for (const { field, inner } of checks) {
        const value = values[field.key];
        if (isMissing(value)) {
          if (field.required) ctx.addIssue({ code: 'custom', message: 'validation.fieldRequired', path: [field.key] });
          continue;
        }
        const result = inner.safeParse(value);
        if (!result.success) ctx.addIssue({ code: 'custom', message: result.error.issues[0].message, path: [field.key] });
      }
    })
    .transform((values) => {
      // Stored without the empty ones: a missing value is simply absent (filters and conversions see no key).
      const kept: ProductValues = {};
      for (const [k, v] of Object.entries(values)) if (!isMissing(v)) kept[k] = typeof v === 'string' ? v.trim() : (v as FieldValue);
      return kept;
    });
}

/** The keys of the fields a product's values are checked against, in order, for naming problems. */
export const fieldByKey = (fields: readonly FieldDefinition[]) => new Map(fields.map((f) => [f.key, f]));
