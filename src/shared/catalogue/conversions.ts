import { isCalendarDay, type FieldType, type FieldValue } from './fields.ts';

/**
 * Changing a field's type converts every product's value by one rule (DESIGN.md §12): the dry run
 * lists the values that have no conversion, and the change is refused while any remains, so no value
 * is ever dropped or guessed. docs/decisions/catalogue-field-metadata.md.
 */
export type Conversion = { ok: true; value: FieldValue } | { ok: false };

const NUMBER = /^[+-]?\d+(\.\d+)?$/;
const TRUE_WORDS = ['true', 'yes', 'oui', 'ja', '1'];
const FALSE_WORDS = ['false', 'no', 'non', 'nein', '0'];

export function convertValue(value: FieldValue, to: FieldType): Conversion {
  const ok = (v: FieldValue): Conversion => ({ ok: true, value: v });
  const fail: Conversion = { ok: false };
  switch (to) {
    case 'string':
      return ok(typeof value === 'string' ? value : String(value));
    case 'number':
      if (typeof value === 'number') return ok(value);
      if (typeof value === 'boolean') return ok(value ? 1 : 0);
      if (NUMBER.test(value.trim()) && Math.abs(Number(value)) <= 1e12) return ok(Number(value.trim()));
      return fail;
    case 'boolean': {
      if (typeof value === 'boolean') return ok(value);
      const word = String(value).trim().toLowerCase();
      if (TRUE_WORDS.includes(word)) return ok(true);
      if (FALSE_WORDS.includes(word)) return ok(false);
      return fail;
    }
    case 'date':
      if (typeof value === 'string' && isCalendarDay(value.trim())) return ok(value.trim());
      // An ISO date-time keeps its calendar day (UTC, as stored).
      if (typeof value === 'string' && /^\d{4}-\d{2}-\d{2}T/.test(value) && isCalendarDay(value.slice(0, 10)))
        return ok(value.slice(0, 10));
      return fail;
  }
}

export type ConversionPlan<Id> = {
  /** Products whose value converts, with the new value. */
  converted: { id: Id; from: FieldValue; to: FieldValue }[];
  /** Products whose value has no conversion: the change is refused while any remains. */
  failing: { id: Id; value: FieldValue }[];
};

/** The plan for every product holding a value for the field (products without one need nothing). */
export function planConversion<Id>(products: readonly { id: Id; value: unknown }[], to: FieldType): ConversionPlan<Id> {
  const plan: ConversionPlan<Id> = { converted: [], failing: [] };
  for (const { id, value } of products) {
    if (value === undefined || value === null || value === '') continue;
    const from = value as FieldValue;
    const result = convertValue(from, to);
    if (result.ok) plan.converted.push({ id, from, to: result.value });
    else plan.failing.push({ id, value: from });
  }
  return plan;
}
