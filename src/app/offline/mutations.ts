import type { EntityName } from '../../shared/entities/index.ts';
import type { LocalRecord, OfflineDatabase } from './database.ts';
import { derive } from './local-schema.ts';
import type { MutationKind, OutboxEntry } from './outbox-types.ts';

export type NewId = () => string;

const now = () => new Date().toISOString();

/**
 * Each mutation writes its optimistic change and its outbox entry in ONE Dexie transaction
 * (DESIGN.md §7): durable before it is visible, and never one without the other.
 */
export function createMutations(db: OfflineDatabase, newId: NewId, clock: () => number) {
  const entry = (
    entity: EntityName,
    kind: MutationKind,
    recordIds: string[],
    payload: unknown,
    before: LocalRecord[],
    baseVersion?: number,
  ): OutboxEntry => ({
    entity,
    kind,
    recordIds,
    payload,
    baseVersion,
    before,
    idempotencyKey: newId(),
    state: 'queued',
    attempts: 0,
    notBefore: 0,
    createdAt: clock(),
  });

  /**
   * The version to send as If-Match: the one the change was made on, unless an earlier entry of the
   * record is still unsent; then it is filled in when that one lands (the server will have moved on).
   */
  async function baseVersionOf(id: string, version: number | undefined) {
    const waiting = await db.outbox.where('recordIds').equals(id).count();
    return waiting ? undefined : version;
  }

  return {
    async create(entity: EntityName, input: Record<string, unknown>): Promise<LocalRecord> {
      const id = typeof input.id === 'string' ? input.id : newId();
      const { id: _ignored, ...fields } = input;
      const record: LocalRecord = { ...fields, id, dateCreation: now(), dateLastUpdate: now() };
      await db.transaction('rw', db.records(entity), db.outbox, async () => {
        await db.records(entity).add(derive(entity, record) as LocalRecord);
        await db.outbox.add(entry(entity, 'create', [id], { ...fields, id }, []));
      });
      return record;
    },

    async update(entity: EntityName, id: string, changes: Record<string, unknown>, version?: number): Promise<LocalRecord> {
      return db.transaction('rw', db.records(entity), db.outbox, async () => {
        const existing = await db.records(entity).get(id);
        if (!existing) throw new Error('NOT_FOUND');
        const updated = derive(entity, { ...existing, ...changes, dateLastUpdate: now() }) as LocalRecord;
        await db.records(entity).put(updated);
        const base = await baseVersionOf(id, version ?? existing.version);
        await db.outbox.add(entry(entity, 'update', [id], changes, [existing], base));
        return updated;
      });
    },

    async remove(entity: EntityName, id: string, version?: number): Promise<void> {
      await db.transaction('rw', db.records(entity), db.outbox, async () => {
        const existing = await db.records(entity).get(id);
        if (!existing) return;
        const base = await baseVersionOf(id, version ?? existing.version);
        await db.records(entity).delete(id);
        await db.outbox.add(entry(entity, 'delete', [id], null, [existing], base));
      });
    },

    async createMany(entity: EntityName, inputs: Record<string, unknown>[]): Promise<LocalRecord[]> {
      const items = inputs.map((input) => ({ ...input, id: typeof input.id === 'string' ? input.id : newId() }));
      const records = items.map((item) => ({ ...item, dateCreation: now(), dateLastUpdate: now() }) as LocalRecord);
      await db.transaction('rw', db.records(entity), db.outbox, async () => {
        await db.records(entity).bulkAdd(records.map((r) => derive(entity, r) as LocalRecord));
        await db.outbox.add(
          entry(
            entity,
            'createMany',
            items.map((i) => i.id),
            items,
            [],
          ),
        );
      });
      return records;
    },

    async removeMany(entity: EntityName, ids: string[]): Promise<void> {
      await db.transaction('rw', db.records(entity), db.outbox, async () => {
        const existing = (await db.records(entity).bulkGet(ids)).filter((r): r is LocalRecord => !!r);
        await db.records(entity).bulkDelete(ids);
        await db.outbox.add(entry(entity, 'deleteMany', ids, { ids }, existing));
      });
    },
  };
}
export type Mutations = ReturnType<typeof createMutations>;
