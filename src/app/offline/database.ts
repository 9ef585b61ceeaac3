import Dexie, { type ObservabilitySet, type Table } from 'dexie';
import { MIRRORED_ENTITY_NAMES, type MirroredEntityName } from '../../shared/entities/index.ts';
import { LOCAL_SCHEMA_VERSION, tableName, tableSpec } from './local-schema.ts';
import type { OutboxEntry } from './outbox-types.ts';

export type LocalRecord = { id: string; version?: number; [field: string]: unknown };
export type MetaRow = { key: string; value: unknown };

/** Where Dexie finds IndexedDB: the browser's, or fake-indexeddb in Node tests. */
export type IndexedDbDeps = { indexedDB: IDBFactory; IDBKeyRange: typeof IDBKeyRange };

/**
 * One database per signed-in user (DESIGN.md §7): a table per mirrored entity (the standard set's and
 * the ledger's read-only ones), the outbox, and meta (sync cursor, when the last pull ended). Only the
 * newest schema is declared: Dexie upgrades an older installed one in place, keeping every row (the
 * outbox's included).
 */
export class OfflineDatabase extends Dexie {
  outbox!: Table<OutboxEntry, number>;
  meta!: Table<MetaRow, string>;

  constructor(userId: string, deps?: IndexedDbDeps) {
    super(databaseName(userId), deps ? { indexedDB: deps.indexedDB, IDBKeyRange: deps.IDBKeyRange } : undefined);
    const stores: Record<string, string> = {
      // seq orders replay; recordIds (multi-entry) finds what a record still waits on.
      outbox: '++seq, state, entity, *recordIds',
      meta: 'key',
    };
    for (const entity of MIRRORED_ENTITY_NAMES) stores[tableName(entity)] = tableSpec(entity);
    // A mirror made before version 4 had no ledger tables, and its cursor is past the ledger rows
    // the server sent it (and it dropped): pulled from 0 once, which only upserts what it has.
    this.version(LOCAL_SCHEMA_VERSION)
      .stores(stores)
      .upgrade((tx) => tx.table('meta').put({ key: 'cursor', value: 0 }));
  }

  records(entity: MirroredEntityName): Table<LocalRecord, string> {
    return this.table(tableName(entity));
  }
}

/** The meta key of when the last pull caught up with the server (epoch ms). */
export const PULLED_AT = 'pulledAt';

export const databaseName = (userId: string) => `brokerdesk-${userId}`;

/** Wipes a user's local data (logout): records, outbox, cursor. */
export const deleteUserDatabase = (userId: string, deps?: IndexedDbDeps) =>
  Dexie.delete(databaseName(userId)).catch(() => (deps ? new OfflineDatabase(userId, deps).delete() : undefined));

/**
 * Calls `onChange` after every committed write to one table of this database, made in this tab or
 * another (Dexie tells every tab); returns the unsubscribe.
 */
export function watchStore(db: Dexie, table: Table, onChange: () => void): () => void {
  const prefix = `idb://${db.name}/${table.name}/`;
  const listener = (parts: ObservabilitySet) => {
    if (Object.keys(parts).some((part) => part.startsWith(prefix))) onChange();
  };
  Dexie.on('storagemutated', listener);
  return () => Dexie.on.storagemutated.unsubscribe(listener);
}
