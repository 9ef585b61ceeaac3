import type { FastifyInstance } from 'fastify';
import { and, asc, getTableColumns, gt, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { isAdmin } from '../../../shared/roles.ts';
import type { Actor } from '../../context.ts';
import { changeLog } from '../../db/schema.ts';
import { AppError } from '../../http/app-error.ts';
import { actorOrThrow } from '../../http/authenticate.ts';
import { parse } from '../../http/validate.ts';
import { can, scopeWhere } from '../../policy.ts';
import { publicRecord, type ResourceDefinition, type Row } from '../../resources/define-resource.ts';
import { RESOURCES, resourceByEntity } from '../../resources/registry.ts';
import { syncContract } from '../../../shared/contracts/platform.ts';
import { compactionPoint } from './compaction.ts';

export type SyncChange = { entity: string; op: 'upsert' | 'delete'; id: string; record?: Row };

/** Which change-log rows an actor may read: whole entities by role, scoped ones by audience. */
function visibleChanges(actor: Actor): SQL | undefined {
  const readable = RESOURCES.filter((r) => can(r.access, 'read', actor));
  const byAudience = (r: ResourceDefinition) =>
    r.access.scope.kind === 'personal' || ((r.access.scope.kind === 'owned' || r.access.scope.kind === 'user') && !isAdmin(actor.roles));
  const whole = readable.filter((r) => !byAudience(r)).map((r) => r.entity.name);
  const scoped = readable.filter(byAudience).map((r) => r.entity.name);
  return or(
    whole.length ? inArray(changeLog.entity, whole) : undefined,
    scoped.length ? and(inArray(changeLog.entity, scoped), sql`${changeLog.audience} && ARRAY[${actor.id}]::uuid[]`) : undefined,
  );
}

/**
 * GET /sync (DESIGN.md §4): the changes after `since`, only what the caller may see, each record
 * as it is now; a record gone or out of scope comes as a delete. A cursor below the change log's
 * compaction point is answered 410 SYNC_RESYNC: the deletions since it may be gone from the log, so
 * the client refills its mirror from 0 (docs/decisions/change-log-compaction.md).
 */
export function registerSyncRoutes(app: FastifyInstance) {
  app.get('/api/v1/sync', { schema: { tags: ['sync'], summary: 'Changes since a cursor', ...syncContract } }, async (request) => {
    const actor = actorOrThrow(request);
    const { since, limit } = parse(syncContract.querystring, request.query);
    const { db } = app.services;
    const rows = await db
      .select({ seq: changeLog.seq, entity: changeLog.entity, recordId: changeLog.recordId })
      .from(changeLog)
      .where(and(gt(changeLog.seq, since), visibleChanges(actor)))
      .orderBy(asc(changeLog.seq))
      .limit(limit + 1);
    // Read after the rows: a compaction that removed some of them has committed its point by now.
    const compacted = since > 0 ? await compactionPoint(db) : 0;
    if (since < compacted) throw new AppError('SYNC_RESYNC', { compactedThrough: compacted });
    const hasMore = rows.length > limit;
    const page = rows.slice(0, limit);
    const cursor = page.length ? page[page.length - 1].seq : since;

    // The latest change per record wins; records are read once per entity, in the caller's scope.
    const latest = new Map<string, { entity: string; id: string; seq: number }>();
    for (const row of page) latest.set(`${row.entity}:${row.recordId}`, { entity: row.entity, id: row.recordId, seq: row.seq });
    const byEntity = new Map<string, string[]>();
    for (const { entity, id } of latest.values()) {
      // Appended in place: copying the list per id made a 5,000-change page quadratic.
      const ids = byEntity.get(entity);
      if (ids) ids.push(id);
      else byEntity.set(entity, [id]);
    }

    const current = new Map<string, Row>();
    for (const [entity, ids] of byEntity) {
      const resource = resourceByEntity(entity);
      if (!resource) continue;
      const columns = getTableColumns(resource.table) as unknown as Record<string, PgColumn>;
      const records = (await db
        .select()
        .from(resource.table)
        // One array parameter rather than one per id: drizzle's builder is slow on thousands of parameters.
        .where(and(sql`${columns.id} = any(${sql.param(ids)}::uuid[])`, scopeWhere(resource.access.scope, columns, actor, db)))) as Row[];
      for (const record of records) current.set(`${entity}:${record.id}`, publicRecord(resource, record, actor));
    }

    const changes: SyncChange[] = [...latest.values()]
      .sort((a, b) => a.seq - b.seq)
      .map(({ entity, id }) => {
        const record = current.get(`${entity}:${id}`);
        return record ? { entity, op: 'upsert', id, record } : { entity, op: 'delete', id };
      });
    // How far the pull has to go (a progress, not a count: the log holds changes this caller cannot see).
    const head = hasMore ? ((await db.select({ head: sql<number>`max(${changeLog.seq})` }).from(changeLog))[0]?.head ?? cursor) : undefined;
    return { changes, cursor, hasMore, ...(head === undefined ? {} : { head: Number(head) }) };
  });
}
