/** SPEC.md §5: bulk creation takes a JSON array ('Invalid JSON format', 'Input must be a JSON array'). */
export function parseJsonArray(text: string): { items: Record<string, unknown>[] } | { error: 'validation.json' | 'validation.jsonArray' } {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return { error: 'validation.json' };
  }
  if (!Array.isArray(parsed) || parsed.some((item) => typeof item !== 'object' || item === null || Array.isArray(item))) {
    return { error: 'validation.jsonArray' };
  }
  return { items: parsed as Record<string, unknown>[] };
}
