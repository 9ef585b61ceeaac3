import type { $Fetch } from 'ofetch';
import { ENTITIES, type EntityName } from '../../shared/entities/index.ts';
import type { EntityRecord, EntityStore, ListQuery, ListResult } from './entity-store.ts';

type ListBody = Record<string, unknown> & { count: number; pageToCreate: number };

/** Query string of list and search calls: filters and sorts travel as JSON (SPEC.md §7). */
export function listParams(query: ListQuery): Record<string, string | number> {
  const params: Record<string, string | number> = { page: query.page, limit: query.limit };
  if (query.q) params.q = query.q;
  if (query.filters?.length) params.filters = JSON.stringify(query.filters);
  if (query.sorts?.length) params.sorts = JSON.stringify(query.sorts);
  return params;
}

/** The entity store over the HTTP API: the standard set of DESIGN.md §4. */
export function createHttpEntityStore<T extends EntityRecord = EntityRecord>(http: $Fetch, entity: EntityName): EntityStore<T> {
  const { plural } = ENTITIES[entity];
  const base = `/v1/${entity}`;
  const ifMatch = (version?: number) => (version === undefined ? undefined : { 'if-match': String(version) });
  const pickRows = (body: unknown): T[] =>
    Array.isArray(body) ? (body as T[]) : (((body as Record<string, unknown>)?.[plural] as T[] | undefined) ?? []);

  return {
    entity,
    async list(query, signal): Promise<ListResult<T>> {
      // A text query goes to /search, which takes the same paging, filters and sorts.
      const body = await http<ListBody>(query.q ? `${base}/search` : base, { query: listParams(query), signal });
      return { rows: pickRows(body), count: body.count, pageToCreate: body.pageToCreate };
    },
    get: (id) => http<T>(`${base}/${id}`),
    create: (input) => http<T>(base, { method: 'POST', body: input }),
    update: (id, changes, version) => http<T>(`${base}/${id}`, { method: 'PATCH', body: changes, headers: ifMatch(version) }),
    async remove(id, version) {
      await http(`${base}/${id}`, { method: 'DELETE', headers: ifMatch(version) });
    },
    async createMany(inputs) {
      return pickRows(await http(`${base}/batch`, { method: 'POST', body: inputs }));
    },
    async removeMany(ids) {
      await http(`${base}/batch`, { method: 'DELETE', body: { ids } });
    },
  };
}
