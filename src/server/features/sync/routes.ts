import type { FastifyInstance } from 'fastify';
import { and, getTableColumns, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { isAdmin } from '../../../shared/roles.ts';
import type { Actor } from '../../context.ts';
import { newestSeq, safeSeq } from '../../db/change-cursor.ts';
import type { Executor } from '../../db/client.ts';
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

type LogRow = { seq: number; entity: string; recordId: string; id: number };

/** A page of the change log: its rows, the cursor they bring the reader to, and where a cut transaction goes on. */
type Pulled = { rows: LogRow[]; cursor: number; after?: number; hasMore: boolean; head: number };

/** How long a read waits for transactions still open below changes already committed (read your writes). */
const SETTLE_MS = 250;

/**
 * The change-log rows after `since` that `visible` lets through, up to the safe cursor
 * (db/change-cursor.ts): never a row at or above the oldest transaction still open, so a cursor handed
 * out is never passed by a change that commits later. A page ends between transactions (all rows of one
 * share a seq, and the cursor is a seq): one that would be cut short is left for the next page. One
 * transaction longer than a page (an import, a batch of 10,000) comes in pages of its own: their cursor
 * stays `since` and `after` names the last row given (by its row id, fixed once committed), until its
 * last page moves the cursor past it; a pull that stops halfway starts that transaction again, and its
 * upserts are idempotent. When changes already committed wait above the safe point (a transaction
 * opened before them is still running), the read is tried again for up to SETTLE_MS, so a client that
 * pulls right after its own write gets it; after that it answers what is safe, and a later pull gets the rest.
 */
async function readChanges(db: Executor, since: number, limit: number, visible: SQL | undefined, after?: number): Promise<Pulled> {
  if (after !== undefined) {
    const rest = await restOfTransaction(db, since, limit, visible, after);
    if (rest) return rest;
  }
  const started = performance.now();
  let target: number | undefined;
  for (;;) {
    const result = (await db.execute(sql`
      with cap as materialized (select ${safeSeq} as safe, ${newestSeq} as newest)
      select cap.safe, cap.newest, r.seq, r.entity, r.record_id, r.id from cap left join lateral (
        select ${changeLog.seq} as seq, ${changeLog.entity} as entity, ${changeLog.recordId} as record_id, ${changeLog.id} as id
        from ${changeLog}
        where ${changeLog.seq} > ${since} and ${changeLog.seq} < cap.safe${visible ? sql` and ${visible}` : sql``}
        order by ${changeLog.seq}, ${changeLog.id}
        limit ${limit + 1}
      ) r on true
      order by r.seq, r.id`)) as unknown as {
      rows: { safe: string; newest: string; seq: string | null; entity: string; record_id: string; id: string }[];
    };
    const [first] = result.rows;
    const safe = Number(first.safe);
    target ??= Number(first.newest);
    if (target >= safe && performance.now() - started < SETTLE_MS) {
      await new Promise((resolve) => setTimeout(resolve, 10));
      continue;
    }
    const rows: LogRow[] = result.rows
      .filter((r) => r.seq !== null)
      .map((r) => ({ seq: Number(r.seq), entity: r.entity, recordId: r.record_id, id: Number(r.id) }));
    // What this caller may still pull, as far as is safe now.
    const head = Math.min(Number(first.newest), safe - 1);
    const cursorOf = (page: LogRow[]) => (page.length ? page[page.length - 1].seq : since);
    if (rows.length <= limit) return { rows, cursor: cursorOf(rows), hasMore: false, head };
    const beyond = rows[limit].seq;
    const whole = rows.filter((r) => r.seq < beyond);
    if (whole.length) return { rows: whole, cursor: cursorOf(whole), hasMore: true, head };
    // One transaction fills the page: its first rows, the cursor kept before it, and where to go on.
    const part = rows.slice(0, limit);
    return { rows: part, cursor: since, after: part[part.length - 1].id, hasMore: true, head };
  }
}

/**
 * The next rows of the transaction a page cut (`after`, its last row given): up to `limit` more, the
 * cursor still before it while more remain, past it with the last. Undefined when `after` names no row
 * of a transaction after `since` (compacted away, or not one this cursor is inside): the read starts at `since`.
 */
async function restOfTransaction(
  db: Executor,
  since: number,
  limit: number,
  visible: SQL | undefined,
  after: number,
): Promise<Pulled | undefined> {
  const result = (await db.execute(sql`
    with cut as (select ${changeLog.seq} as seq from ${changeLog} where ${changeLog.id} = ${after} and ${changeLog.seq} > ${since} and ${changeLog.seq} < ${safeSeq})
    select cut.seq, ${newestSeq} as newest, r.entity, r.record_id, r.id from cut left join lateral (
      select ${changeLog.entity} as entity, ${changeLog.recordId} as record_id, ${changeLog.id} as id from ${changeLog}
      where ${changeLog.seq} = cut.seq and ${changeLog.id} > ${after}${visible ? sql` and ${visible}` : sql``}
      order by ${changeLog.id}
      limit ${limit + 1}
    ) r on true
    order by r.id`)) as unknown as { rows: { seq: string; newest: string; entity: string | null; record_id: string; id: string | null }[] };
  if (!result.rows.length) return undefined;
  const seq = Number(result.rows[0].seq);
  const head = Number(result.rows[0].newest);
  const rows: LogRow[] = result.rows
    .filter((r) => r.id !== null)
    .map((r) => ({ seq, entity: r.entity!, recordId: r.record_id, id: Number(r.id) }));
  if (rows.length > limit) {
    const part = rows.slice(0, limit);
    return { rows: part, cursor: since, after: part[part.length - 1].id, hasMore: true, head };
  }
  // Its last rows: the cursor passes it; what follows is the next page's.
  return { rows, cursor: seq, hasMore: true, head };
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
    const { since, limit, after } = parse(syncContract.querystring, request.query);
    const { db } = app.services;
    const { rows, cursor, after: goOn, hasMore, head } = await readChanges(db, since, limit, visibleChanges(actor), after);
    // Read after the rows: a compaction that removed some of them has committed its point by now.
    const compacted = since > 0 ? await compactionPoint(db) : 0;
    if (since < compacted) throw new AppError('SYNC_RESYNC', { compactedThrough: compacted });
    const page = rows;

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
    return {
      changes,
      cursor,
      ...(goOn !== undefined ? { after: goOn } : {}),
      hasMore,
      ...(hasMore ? { head: Math.max(head, cursor) } : {}),
    };
  });
}
