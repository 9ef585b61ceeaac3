import { and, isNull, lt, or } from 'drizzle-orm';
import { idempotencyKeys, rateCounters } from '../db/schema.ts';
import { defineJob } from '../scheduler/define-job.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Once a day, what the HTTP layer keeps only for a while (a job of the one scheduler, DESIGN.md §14):
 * - stored answers of `Idempotency-Key` requests older than the change-log retention (DESIGN.md §4
 *   asks for at least 24 h; a device away longer than the retention refills its mirror anyway);
 * - rate counters nobody has touched for a day that block nothing and remember no known device
 *   (a counter with `succeeded_at` is a known device: it stays).
 * `job_runs` is not cleaned: its rows are what keeps a booking from happening twice.
 */
export function housekeepingJob(retentionDays: number) {
  return defineJob({
    name: 'housekeeping',
    intervalMs: 60 * 60 * 1000,
    // One item per day, by the clock: the day's pass runs once across every node.
    findDue: async (_db, now) => [now.toISOString().slice(0, 10)],
    async run(work, _key, now) {
      const answersBefore = new Date(now.getTime() - Math.max(1, retentionDays) * DAY_MS);
      await work.tx.delete(idempotencyKeys).where(lt(idempotencyKeys.createdAt, answersBefore));
      const idleBefore = new Date(now.getTime() - DAY_MS);
      await work.tx
        .delete(rateCounters)
        .where(
          and(
            isNull(rateCounters.succeededAt),
            lt(rateCounters.windowStart, idleBefore),
            or(isNull(rateCounters.blockedUntil), lt(rateCounters.blockedUntil, now)),
          ),
        );
    },
  });
}
