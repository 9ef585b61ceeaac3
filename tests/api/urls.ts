/** The query of a list or search call (DESIGN.md §4): filters and sorts as JSON strings. */
export type ListParams = {
  page?: number | string;
  limit?: number | string;
  filters?: unknown;
  sorts?: unknown;
  q?: string;
  [plain: string]: unknown;
};

/** `/api/v1/<entity>` (or `/search`) with the params encoded as the client sends them. */
export function listUrl(entity: string, params: ListParams = {}, search = false): string {
  const query = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (value === undefined) continue;
    query.set(key, typeof value === 'string' ? value : key === 'filters' || key === 'sorts' ? JSON.stringify(value) : String(value));
  }
  const text = query.toString();
  return `/api/v1/${entity}${search ? '/search' : ''}${text ? `?${text}` : ''}`;
}

/** `filters` for `field` in `values`. */
export const inFilter = (field: string, values: unknown[]) => [{ field, values, operator: 'in' }];
