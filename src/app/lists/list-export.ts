import { http } from '../api/client.ts';
import { requireOnline } from '../api/online-only.ts';
import type { Filter, Sort } from '../../shared/list-params.ts';

/** Saves a file the server made (an export) under `name`, as a download. */
function save(blob: Blob, name: string) {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/**
 * The records a list shows, exported by the server (GET /{entity}/export) with the list's own
 * filters, search and sort: the same rows, in the reader's language and time zone. Online only.
 */
export async function downloadList(
  entity: string,
  query: { filters?: Filter[]; sorts?: Sort[]; q?: string },
  format: 'csv' | 'xlsx',
): Promise<void> {
  requireOnline();
  const params: Record<string, string> = { format };
  if (query.filters?.length) params.filters = JSON.stringify(query.filters);
  if (query.sorts?.length) params.sorts = JSON.stringify(query.sorts);
  if (query.q) params.q = query.q;
  const blob = await http<Blob, 'blob'>(`/v1/${entity}/export`, { query: params, responseType: 'blob' });
  save(blob, `${entity}s-${new Date().toISOString().slice(0, 10)}.${format}`);
}
