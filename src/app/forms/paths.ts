/** Reads and writes nested form values by dotted path (`description.en`). */
export function getPath(values: Record<string, unknown>, path: string): unknown {
  return path
    .split('.')
    .reduce<unknown>((node, key) => (node && typeof node === 'object' ? (node as Record<string, unknown>)[key] : undefined), values);
}

export function setPath<T extends Record<string, unknown>>(values: T, path: string, value: unknown): T {
  const [head, ...rest] = path.split('.');
  if (!head) return values;
  if (rest.length === 0) return { ...values, [head]: value };
  const child = (values[head] && typeof values[head] === 'object' ? values[head] : {}) as Record<string, unknown>;
  return { ...values, [head]: setPath(child, rest.join('.'), value) };
}

/** The top-level fields whose value differs: PATCH sends changed fields only (SPEC.md §7). */
export function changedFields(next: Record<string, unknown>, before: Record<string, unknown>): Record<string, unknown> {
  const changes: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(next)) {
    if (JSON.stringify(value ?? null) !== JSON.stringify(before[key] ?? null)) changes[key] = value;
  }
  return changes;
}
