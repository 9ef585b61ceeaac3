import { and, asc, eq, isNull, lte, notInArray, sql } from 'drizzle-orm';
import type { Actor } from '../context.ts';
import type { Db } from '../db/client.ts';
import { jobRuns } from '../db/schema.ts';
import { workOn, writeChanges, type Change } from '../http/mutate.ts';
import { openLedger } from '../money/index.ts';
import type { Clock } from './clock.ts';
import { isBatchJob, type AnyJob, type BatchJobDefinition, type JobDefinition } from './define-job.ts';

/** The server acting on its own: no roles (so no role check passes for it), no audit actor. */
export const SCHEDULER_ACTOR: Actor = {
  id: '00000000-0000-0000-0000-000000000000',
  roles: [],
  email: 'scheduler',
  sessionId: '',
  impersonatorId: null,
};

/** What one pass did, per job: items booked, and items whose run failed (left to run again). */
export type PassReport = Record<string, { booked: string[]; failed: string[] }>;

export type Scheduler = {
  /** Starts the timers after one catch-up pass of every job (the promise settles when that pass is done). */
  start(): Promise<void>;
  /** Stops the timers and waits for a pass under way. */
  stop(): Promise<void>;
  /** Runs every due item of every job (or of one) now, by the clock; what tests and `start()` call. */
  runDue(jobName?: string): Promise<PassReport>;
};

export type SchedulerOptions = {
  db: Db;
  clock: Clock;
  jobs: readonly AnyJob[];
  /** Told the change-log cursor (and the booking's changes, for their audiences) after each booking, so clients pull the change at once. */
  onChanges?: (cursor: number, changes: readonly Change[]) => void;
  onError?: (job: string, key: string, error: unknown) => void;
  /** After each booking committed (a job's `announce`). */
  onBooked?: (job: AnyJob, key: string) => void;
};

const ENQUEUE_CHUNK = 1_000;

/**
 * The one scheduler (DESIGN.md §14). A pass of a job: its due items are recorded in `job_runs`
 * (insert, ignoring those already there); then each pending one is claimed with FOR UPDATE SKIP
 * LOCKED and booked in that same transaction, which marks it done. Hence: never booked twice (the
 * row is the key; a done row is never taken again), safe with several nodes on one database (a
 * locked item is skipped by the others), and a crash between claiming and booking rolls the
 * transaction back and frees the item for the next pass, here or on another node.
 */
export function createScheduler(options: SchedulerOptions): Scheduler {
  const { db, clock, jobs } = options;
  const timers: NodeJS.Timeout[] = [];
  const running = new Map<string, Promise<PassReport[string]>>();
  let stopped = false;

  async function enqueue(job: JobDefinition, now: Date) {
    const due = await job.findDue(db, now);
    const rows = due.map((item) =>
      typeof item === 'string' ? { job: job.name, key: item, dueAt: now } : { job: job.name, key: item.key, dueAt: item.dueAt },
    );
    for (let i = 0; i < rows.length; i += ENQUEUE_CHUNK) {
      await db
        .insert(jobRuns)
        .values(rows.slice(i, i + ENQUEUE_CHUNK))
        .onConflictDoNothing();
    }
  }

  /** Claims and books one pending item; undefined when none is left for this node. */
  async function bookNext(job: JobDefinition, now: Date, skip: string[]): Promise<{ key: string; error?: unknown } | undefined> {
    let claimed: string | undefined;
    const changes: Change[] = [];
    let cursor = 0;
    try {
      await db.transaction(async (tx) => {
        const [item] = await tx
          .select({ key: jobRuns.key })
          .from(jobRuns)
          .where(
            and(
              eq(jobRuns.job, job.name),
              isNull(jobRuns.doneAt),
              lte(jobRuns.dueAt, now),
              skip.length ? notInArray(jobRuns.key, skip) : undefined,
            ),
          )
          .orderBy(asc(jobRuns.dueAt), asc(jobRuns.key))
          .limit(1)
          .for('update', { skipLocked: true });
        if (!item) return;
        claimed = item.key;
        const ledger = openLedger(tx);
        await job.run(workOn(tx, SCHEDULER_ACTOR, changes, null), item.key, now);
        await tx
          .update(jobRuns)
          .set({ doneAt: now, attempts: sql`${jobRuns.attempts} + 1`, lastError: null })
          .where(and(eq(jobRuns.job, job.name), eq(jobRuns.key, item.key)));
        if (changes.length) cursor = await writeChanges(tx, changes);
        await ledger.settle();
      });
    } catch (error) {
      if (claimed === undefined) throw error;
      // The booking rolled back; the item stays pending. Count the attempt outside that transaction.
      await db
        .update(jobRuns)
        .set({ attempts: sql`${jobRuns.attempts} + 1`, lastError: String((error as Error)?.message ?? error).slice(0, 2000) })
        .where(and(eq(jobRuns.job, job.name), eq(jobRuns.key, claimed)));
      return { key: claimed, error };
    }
    if (cursor) options.onChanges?.(cursor, changes);
    if (claimed !== undefined) options.onBooked?.(job, claimed);
    return claimed === undefined ? undefined : { key: claimed };
  }

  /** Claims and books one batch; undefined when nothing is left for this node. */
  async function bookBatch(
    job: BatchJobDefinition,
    now: Date,
    limit: number,
    skip: string[],
  ): Promise<{ keys: string[]; error?: unknown } | undefined> {
    let claimed: string[] = [];
    const changes: Change[] = [];
    let cursor = 0;
    try {
      await db.transaction(async (tx) => {
        claimed = await job.claim(tx, now, limit, skip);
        if (!claimed.length) return;
        const ledger = openLedger(tx);
        await job.book(workOn(tx, SCHEDULER_ACTOR, changes, null), claimed, now);
        if (changes.length) cursor = await writeChanges(tx, changes);
        await ledger.settle();
      });
    } catch (error) {
      if (!claimed.length) throw error;
      return { keys: claimed, error };
    }
    if (!claimed.length) return undefined;
    if (cursor) options.onChanges?.(cursor, changes);
    for (const key of claimed) options.onBooked?.(job, key);
    return { keys: claimed };
  }

  async function batchPass(job: BatchJobDefinition): Promise<PassReport[string]> {
    const now = clock.now();
    const report = { booked: [] as string[], failed: [] as string[] };
    // After a batch fails, one item at a time until the pass ends: the failing one is then known and skipped.
    let limit = job.batchSize;
    for (;;) {
      const result = await bookBatch(job, now, limit, report.failed);
      if (!result) return report;
      if (result.error === undefined) report.booked.push(...result.keys);
      else if (result.keys.length > 1) limit = 1;
      else {
        report.failed.push(...result.keys);
        options.onError?.(job.name, result.keys[0], result.error);
      }
    }
  }

  async function pass(job: AnyJob): Promise<PassReport[string]> {
    if (isBatchJob(job)) return batchPass(job);
    const now = clock.now();
    await enqueue(job, now);
    const report = { booked: [] as string[], failed: [] as string[] };
    for (;;) {
      const result = await bookNext(job, now, report.failed);
      if (!result) return report;
      if (result.error === undefined) report.booked.push(result.key);
      else {
        report.failed.push(result.key);
        options.onError?.(job.name, result.key, result.error);
      }
    }
  }

  /** One pass of a job at a time on this node; a second caller shares the pass under way and then runs its own. */
  async function passOnce(job: AnyJob): Promise<PassReport[string]> {
    const previous = running.get(job.name);
    if (previous) await previous.catch(() => undefined);
    const current = pass(job);
    running.set(job.name, current);
    try {
      return await current;
    } finally {
      if (running.get(job.name) === current) running.delete(job.name);
    }
  }

  async function runDue(jobName?: string): Promise<PassReport> {
    const selected = jobName ? jobs.filter((job) => job.name === jobName) : jobs;
    if (jobName && !selected.length) throw new Error(`no job ${jobName}`);
    const report: PassReport = {};
    for (const job of selected) report[job.name] = await passOnce(job);
    return report;
  }

  return {
    async start() {
      stopped = false;
      // Catch up first: whatever fell due while no node ran.
      await runDue().catch((error) => options.onError?.('*', '*', error));
      if (stopped) return;
      for (const job of jobs) {
        const timer = setInterval(() => {
          if (!running.has(job.name)) passOnce(job).catch((error) => options.onError?.(job.name, '*', error));
        }, job.intervalMs);
        timer.unref();
        timers.push(timer);
      }
    },
    async stop() {
      stopped = true;
      for (const timer of timers.splice(0)) clearInterval(timer);
      await Promise.allSettled(running.values());
    },
    runDue,
  };
}
