import { http } from '../../api/client.ts';
import { listParams } from '../../data/http-entity-store.ts';
import type { EntityName } from '../../../shared/entities/index.ts';
import type { EntityRecord, EntityStore, ListResult } from '../../data/entity-store.ts';
import { runOnline } from '../../offline/run-online.ts';

/**
 * Manual adjustments (DESIGN.md §6) are read online: the entity is not in the client's registry nor
 * the offline mirror (GET /sync does not carry it: its resource is outside the synced registry, and
 * adding it there would put a record without a standard create into every standard-set suite and a
 * new Dexie version). So the list asks GET /adjustment, admins only, and says so offline.
 */
type ListBody = { adjustments?: EntityRecord[]; count: number; pageToCreate: number };

const refused = () => Promise.reject(new Error('Adjustments are entered with POST /funds/adjustment and moved by their actions'));

/** The list-only store the sparse list reads (the list kit's paging, filters and sorts, over the API). */
export const adjustmentStore: EntityStore = {
  entity: 'adjustment' as EntityName,
  async list(query, signal): Promise<ListResult<EntityRecord>> {
    const body = await http<ListBody>(query.q ? '/v1/adjustment/search' : '/v1/adjustment', { query: listParams(query), signal });
    return { rows: body.adjustments ?? [], count: body.count, pageToCreate: body.pageToCreate };
  },
  get: (id) => http<EntityRecord>(`/v1/adjustment/${id}`),
  create: refused,
  update: refused,
  remove: refused,
  createMany: refused,
  removeMany: refused,
};

/**
 * An online-only call about one lead's money, through runOnline on the lead (its queued changes go
 * first; refused offline with nothing sent). The answer is an adjustment, never a user: runOnline keeps
 * it out of the mirror because its id is not the lead's.
 */
const onLead = (leadId: string, path: string, body: object, key?: string) =>
  runOnline<EntityRecord>('user', leadId, { method: 'POST', path, body, ...(key ? { key } : {}) });

export type AdjustmentInput = { userId: string; direction: 'credit' | 'debit'; amount: number; reason: string };

/** POST /funds/adjustment under the form's Idempotency-Key: entered `pending`. */
export const enterAdjustment = (input: AdjustmentInput, key: string) => onLead(input.userId, '/v1/funds/adjustment', input, key);

/** POST /adjustment/:id/complete | fail (with the reason). */
export const runAdjustmentAction = (row: EntityRecord, action: string, reason?: string) =>
  onLead(String(row.userId), `/v1/adjustment/${row.id}/${action}`, action === 'fail' ? { reason } : {});
