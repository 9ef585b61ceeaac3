import type { EntityName, RecordOfEntity } from '../../shared/entities/index.ts';
import { http } from '../api/client.ts';
import type { EntityRecord, EntityStore, EntityStoreFactory } from './entity-store.ts';
import { createHttpEntityStore } from './http-entity-store.ts';

const httpFactory: EntityStoreFactory = (entity) => createHttpEntityStore(http, entity);
let factory: EntityStoreFactory = httpFactory;
const cache = new Map<EntityName, EntityStore>();

/** A record in an entity's store: its record type (src/shared/entities/) plus the store's own marks (`_pending`). */
export type StoreRecord<N extends EntityName> = RecordOfEntity<N> & EntityRecord;

/** The store screens use for an entity, typed by its record schema; one instance per entity. */
export function entityStore<N extends EntityName>(entity: N): EntityStore<StoreRecord<N>> {
  let store = cache.get(entity);
  if (!store) {
    store = factory(entity);
    cache.set(entity, store);
  }
  return store as unknown as EntityStore<StoreRecord<N>>;
}

/** The offline engine installs its Dexie-backed stores here at sign-in. */
export function setEntityStoreFactory(next: EntityStoreFactory): void {
  factory = next;
  cache.clear();
}

/** Back to the HTTP stores (logout wipes the offline ones). */
export function resetEntityStoreFactory(): void {
  setEntityStoreFactory(httpFactory);
}
