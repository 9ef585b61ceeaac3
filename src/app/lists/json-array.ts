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

/** The server's per-item errors (`details.items.<index>.<field>`), one line per row, rows counted from 1. */
export function rowErrors(details: Record<string, string> | undefined): { row: number; field: string; message: string }[] {
  const out: { row: number; field: string; message: string }[] = [];
  for (const [path, message] of Object.entries(details ?? {})) {
    const match = /^items\.(\d+)\.(.+)$/.exec(path);
    if (match) out.push({ row: Number(match[1]) + 1, field: match[2]!, message });
  }
  return out.sort((a, b) => a.row - b.row);
}
