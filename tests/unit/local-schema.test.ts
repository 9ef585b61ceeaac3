import Dexie from 'dexie';
import { indexedDB, IDBKeyRange } from 'fake-indexeddb';
import { getTableColumns } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { ENTITIES, ENTITY_NAMES } from '../../src/shared/entities/index.ts';
import { resourceByEntity } from '../../src/server/resources/registry.ts';
import { databaseName, OfflineDatabase } from '../../src/app/offline/database.ts';
import { countLocal, readPage } from '../../src/app/offline/local-query.ts';
import { LOCAL_SCHEMA_VERSION, NULLABLE_SORTS, tableName, tableSpec } from '../../src/app/offline/local-schema.ts';

/** The users table as version 1 shipped it (with `_kind`, `roles` and `dateLastUpdate` indexes). */
const VERSION_1_USERS =
  'id, dateLastUpdate, *roles, campaignId, assignedTo, *labels, *qualifications, _kind, [_kind+dateCreation], [_kind+firstName], [_kind+lastName], [_kind+email], [_kind+status], [_kind+lastLogin], [_kind+verificationStatus]';

describe('local schema upgrades', () => {
  it('a database made by version 1 opens under the current version with its records and outbox intact, to be pulled again', async () => {
    const userId = `upgrade-${Date.now()}`;
    const old = new Dexie(databaseName(userId), { indexedDB, IDBKeyRange });
    const stores: Record<string, string> = { outbox: '++seq, state, entity, *recordIds', meta: 'key' };
    for (const entity of ENTITY_NAMES) stores[tableName(entity)] = entity === 'user' ? VERSION_1_USERS : tableSpec(entity);
    old.version(1).stores(stores);
    const lead = {
      id: 'lead-1',
      version: 1,
      firstName: 'Ada',
      lastName: 'Lovelace',
      roles: ['lead'],
      labels: ['forex'],
      _kind: 'lead',
      dateCreation: '2026-01-01T00:00:00.000Z',
    };
    await old.table('users').add(lead);
    const entry = {
      entity: 'user',
      kind: 'update',
      recordIds: ['lead-1'],
      payload: { firstName: 'Ada' },
      idempotencyKey: 'k-1',
      state: 'queued',
      attempts: 0,
      notBefore: 0,
      before: [lead],
      createdAt: 1,
    };
    await old.table('outbox').add(entry);
    await old.table('meta').put({ key: 'cursor', value: 42 });
    old.close();

    const db = new OfflineDatabase(userId, { indexedDB, IDBKeyRange });
    await db.open();
    expect(db.verno).toBe(LOCAL_SCHEMA_VERSION);
    expect(db.records('user').schema.indexes.map((i) => i.name)).not.toContain('_kind');
    expect(db.records('user').schema.indexes.map((i) => i.name)).toContain('lastName');
    expect(await db.outbox.toArray()).toEqual([{ ...entry, seq: 1 }]);
    // Version 4 added the ledger's read-only tables: the mirror pulls from 0 once to fill them.
    expect((await db.meta.get('cursor'))?.value).toBe(0);
    expect(await db.records('ledger-entry').count()).toBe(0);
    expect(db.records('ledger-entry').schema.indexes.map((i) => i.name)).toContain('[leadId+seq]');
    const leads = {
      page: 1,
      limit: 10,
      filters: [
        { field: 'roles', values: ['lead'] },
        { field: 'labels', values: ['forex'] },
      ],
    };
    expect((await readPage(db.records('user'), 'user', leads)).rows).toEqual([lead]);
    expect(await countLocal(db.records('user'), 'user', leads)).toBe(1);
    await db.delete();
  });
});

describe('local schema and the server columns', () => {
  // A nullable sort field left out of NULLABLE_SORTS would lose its null records from sorted lists.
  it('declares every sort field whose column may be null, and booleans are never indexed', () => {
    for (const entity of ENTITY_NAMES) {
      const columns = getTableColumns(resourceByEntity(entity)!.table) as Record<string, { notNull: boolean; columnType: string }>;
      const nullable = ENTITIES[entity].sortable.filter((field) => columns[field] && !columns[field].notNull);
      expect([...(NULLABLE_SORTS[entity] ?? [])].sort(), entity).toEqual(nullable.sort());
      const indexes = tableSpec(entity).split(', ');
      for (const field of Object.keys(columns).filter((f) => columns[f].columnType === 'PgBoolean'))
        expect(indexes, `${entity}.${field}`).not.toContain(field);
    }
  });
});
