import type { EntityName } from '../../shared/entities/index.ts';
import { http } from '../api/client.ts';
import type { EntityRecord, EntityStore, EntityStoreFactory } from './entity-store.ts';
import { createHttpEntityStore } from './http-entity-store.ts';

const httpFactory: EntityStoreFactory = (entity) => createHttpEntityStore(http, entity);
let factory: EntityStoreFactory = httpFactory;
const cache = new Map<EntityName, EntityStore>();

/** The store screens use for an entity; one instance per entity. */
export function entityStore<T extends EntityRecord = EntityRecord>(entity: EntityName): EntityStore<T> {
  let store = cache.get(entity);
  if (!store) {
    store = factory(entity);
    cache.set(entity, store);
  }
  return store as EntityStore<T>;
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
