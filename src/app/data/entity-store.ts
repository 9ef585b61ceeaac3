import type { EntityName } from '../../shared/entities/index.ts';
import type { Filter, Sort } from '../../shared/list-params.ts';

/** Every record has these (DESIGN.md §4); the rest depends on the entity. */
export type EntityRecord = {
  id: string;
  version?: number;
  dateCreation?: string;
  dateLastUpdate?: string;
  [field: string]: unknown;
};

/**
 * True when a write's result has not reached the server yet: the offline store marks such records
 * `_pending` (offline, or the server did not answer in time); they are sent when the connection is back.
 */
export const isQueued = (result: EntityRecord | EntityRecord[] | undefined): boolean =>
  Array.isArray(result) ? result.some((r) => r._pending === true) : result?._pending === true;

export type ListQuery = {
  page: number;
  limit: number;
  q?: string;
  filters?: Filter[];
  sorts?: Sort[];
};

export type ListResult<T> = {
  rows: T[];
  count: number;
  pageToCreate: number;
  /**
   * When present, `count` is provisional (a lower bound: the rows up to this page, plus one when more
   * may follow) and this gives the exact count once known. The offline store answers a page before
   * it has counted a large table.
   */
  exactCount?: Promise<number>;
};

/**
 * The one read/write interface lists and forms use. The HTTP implementation calls the API;
 * the offline engine (Dexie + outbox) implements the same shape and is swapped in with
 * setEntityStoreFactory, so no screen changes when it lands.
 */
export type EntityStore<T extends EntityRecord = EntityRecord> = {
  readonly entity: EntityName;
  list(query: ListQuery, signal?: AbortSignal): Promise<ListResult<T>>;
  get(id: string): Promise<T>;
  create(input: Record<string, unknown>): Promise<T>;
  update(id: string, changes: Record<string, unknown>, version?: number): Promise<T>;
  remove(id: string, version?: number): Promise<void>;
  createMany(inputs: Record<string, unknown>[]): Promise<T[]>;
  removeMany(ids: string[]): Promise<void>;
  /**
   * Calls `onChange` whenever the records may have changed under the store (the offline mirror after
   * a pull, a replay or another tab's write), so lists read again; returns the unsubscribe. The HTTP
   * store has none.
   */
  watch?(onChange: () => void): () => void;
};

export type EntityStoreFactory = (entity: EntityName) => EntityStore;
