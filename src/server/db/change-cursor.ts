import { sql, type SQL } from 'drizzle-orm';
import type { Executor } from './client.ts';
import { changeLog, CHANGE_SEQ_BASE } from './schema.ts';

/**
 * The change-log cursor without a lock (docs/decisions/change-cursor.md). Every change-log row's `seq`
 * is the id of the transaction that wrote it (`pg_current_xact_id()`, plus CHANGE_SEQ_BASE so it is
 * above every seq numbered before; the column default in db/schema.ts), so all rows of one transaction
 * share one seq and become visible together. A transaction still open has an id at or above the oldest
 * transaction id in progress (`pg_snapshot_xmin`), and any transaction that starts later gets a higher
 * one: so every row below that point is final, nothing will ever commit below it, and a reader that
 * hands out only rows below it never moves a cursor past a change that commits later.
 *
 * The point is the snapshot's xmin with the transactions of other databases of the same server left
 * out (they cannot write this change log; tests run many databases on one server). Taken in the same
 * statement, and so the same snapshot, as the rows it caps.
 */
export const safeSeq: SQL = sql`(
  select (least(
    pg_snapshot_xmax(s.snap)::text::bigint,
    (select min(x::text::bigint) from pg_snapshot_xip(s.snap) as x
      where (x::text::bigint % 4294967296) not in (
        select backend_xid::text::bigint from pg_stat_activity
        where datname <> current_database() and backend_xid is not null))
  ) + ${sql.raw(String(CHANGE_SEQ_BASE))})::bigint
  from (select pg_current_snapshot() as snap) s)`;

/**
 * The cursor a reader may answer now, plus one: every change-log row below it is committed, every row
 * a transaction still open or yet to start writes is at or above it. For readers of the change log by
 * seq other than `/sync` (the compaction job).
 */
export async function readSafeSeq(db: Executor): Promise<number> {
  const result = (await db.execute(sql`select ${safeSeq} as safe`)) as unknown as { rows: { safe: string }[] };
  return Number(result.rows[0].safe);
}

/** The newest seq in the change log as this statement sees it (committed; 0 when empty). */
export const newestSeq: SQL = sql`(select coalesce(max(${changeLog.seq}), 0) from ${changeLog})`;
