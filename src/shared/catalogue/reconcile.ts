import type { FieldDefinition } from './fields.ts';

/** How a category's products use its fields: how many products, how many hold a value per field, per option. */
export type FieldUsage = {
  products: number;
  values: Record<string, number>;
  options: Record<string, Record<string, number>>;
};

export type FieldProblem = { key: string; params: Record<string, unknown> };

/**
 * A category's new field list judged against the old one and what its products hold (DESIGN.md §12).
 * Labels (a rename), order, new optional fields and new options change no value: accepted. A deleted
 * option some product holds comes back archived (valid on those products, refused on new ones). Refused,
 * each on its field: deleting a field products hold values for, a type change outside the conversion
 * (its dry run first), making a field required while products have no value for it.
 */
export function reconcileFields(
  before: readonly FieldDefinition[],
  after: readonly FieldDefinition[],
  usage: FieldUsage,
): { fields: FieldDefinition[]; problems: Record<string, FieldProblem> } {
  const problems: Record<string, FieldProblem> = {};
  const next = new Map(after.map((f) => [f.key, f]));
  for (const old of before) {
    const count = usage.values[old.key] ?? 0;
    if (!next.has(old.key) && count > 0)
      problems[`fields.${old.key}`] = { key: 'validation.fieldInUse', params: { count, label: old.labels } };
  }
  const fields = after.map((field, index) => {
    const old = before.find((f) => f.key === field.key);
    const count = usage.values[field.key] ?? 0;
    const path = `fields.${index}`;
    if (old && old.type !== field.type && count > 0) problems[`${path}.type`] = { key: 'validation.typeByConversion', params: { count } };
    const missing = usage.products - count;
    if (field.required && !(old?.required ?? false) && missing > 0)
      problems[`${path}.required`] = { key: 'validation.requiredMissing', params: { count: missing } };
    if (!old?.options?.length) return field;
    const used = usage.options[field.key] ?? {};
    const kept = new Set((field.options ?? []).map((o) => o.key));
    const revived = old.options.filter((o) => !kept.has(o.key) && (used[o.key] ?? 0) > 0).map((o) => ({ ...o, archived: true }));
    return revived.length ? { ...field, options: [...(field.options ?? []), ...revived] } : field;
  });
  return { fields, problems };
}
