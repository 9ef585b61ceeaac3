import { max, sql } from 'drizzle-orm';
import { safeSeq } from '../../db/change-cursor.ts';
import type { Executor } from '../../db/client.ts';
import { changeLog, changeLogCompactions } from '../../db/schema.ts';
import { defineJob } from '../../scheduler/define-job.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

/** The highest change-log seq compacted so far (0: never): a `/sync` cursor below it must resync. */
export async function compactionPoint(db: Executor): Promise<number> {
  const [row] = await db.select({ seq: max(changeLogCompactions.throughSeq) }).from(changeLogCompactions);
  return Number(row?.seq ?? 0);
}

/**
 * Change-log compaction (docs/decisions/change-log-compaction.md), a job of the one scheduler. Its due
 * item is the newest seq older than the retention, when it is past the last compaction point: one
 * booking per point, on one node, in the transaction that records it. Up to that seq it removes every
 * row a later row of the same record supersedes, and every row that logs a deletion; the latest row
 * of each live record stays, so `/sync` from 0 still lists every record (the snapshot a client that
 * fell behind refills from).
 */
export function changeLogCompactionJob(retentionDays: number) {
  return defineJob({
    name: 'change-log-compaction',
    intervalMs: 60 * 60 * 1000,
    async findDue(db, now) {
      const cutoff = new Date(now.getTime() - retentionDays * DAY_MS);
      const [row] = await db
        .select({ seq: max(changeLog.seq) })
        .from(changeLog)
        // Only rows no reader can still be waiting below (db/change-cursor.ts): nothing commits under it.
        .where(sql`${changeLog.at} < ${cutoff.toISOString()}::timestamptz and ${changeLog.seq} < ${safeSeq}`);
      const through = Number(row?.seq ?? 0);
      if (!through || through <= (await compactionPoint(db))) return [];
      return [String(through)];
    },
    async run(work, key, now) {
      const through = Number(key);
      // A later point booked first (two passes racing across nodes) already covers this one.
      if (through <= (await compactionPoint(work.tx))) return;
      // By id: the rows of one transaction share a seq, and only the newest row of a record stays.
      const result = await work.tx.execute(sql`
        delete from ${changeLog} where ${changeLog.id} in (
          select id from (
            select id, op, row_number() over (partition by entity, record_id order by seq desc, id desc) as newest
            from ${changeLog} where seq <= ${through}
          ) ranked
          where op = 'delete' or newest > 1
          union all
          select older.id from ${changeLog} older
          where older.seq <= ${through}
            and exists (select 1 from ${changeLog} later
                        where later.entity = older.entity and later.record_id = older.record_id and later.seq > ${through})
        )`);
      await work.tx
        .insert(changeLogCompactions)
        .values({ throughSeq: through, at: now, removed: (result as unknown as { rowCount?: number | null }).rowCount ?? 0 });
    },
  });
}
