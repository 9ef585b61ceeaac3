import type { Services } from '../context.ts';
import type { Executor, Tx } from '../db/client.ts';
import type { Work } from '../http/mutate.ts';

/** One due item: its key (unique within the job, e.g. a deposit id or `investmentId:period`) and when it fell due. */
export type DueItem = { key: string; dueAt: Date };

export type JobDefinition = {
  /** Unique among jobs; part of every booking's key. */
  name: string;
  /** How often a node looks for due items while running. */
  intervalMs: number;
  /**
   * Every item due at `now`, those missed while no node ran included (catch-up): derive them from the
   * domain tables, by the clock given, never from "since the last run". Items booked already are skipped.
   * A plain string is due `now`.
   */
  findDue(db: Executor, now: Date): Promise<readonly (string | DueItem)[]>;
  /**
   * Books one item, in the transaction that marks it done (ledger transfers, `transition()`, change log
   * and audit through `work`; its actor is the server itself). Throwing rolls all of it back and leaves
   * the item to run again.
   */
  run(work: Work, key: string, now: Date): Promise<void>;
  /** After a booking committed: tell whoever waits for it (a `depositUpdated` event in the owner's deposit room). */
  announce?(services: Services, key: string): Promise<void> | void;
};

/** Declares a job of the one scheduler (DESIGN.md §14); list it in scheduler/jobs.ts. */
export const defineJob = (definition: JobDefinition): JobDefinition => definition;

/**
 * A job whose items are rows of a domain table that carries its own "next due" column and unique
 * booking key (investments: `next_due_at`, dividends unique on (investment, period)): no `job_runs`
 * row per item. A pass claims up to `batchSize` due items at a time with FOR UPDATE SKIP LOCKED and
 * books them in that same transaction, which also moves each item's watermark on; a crash rolls all of
 * it back and leaves the items due. A batch that throws is retried one item at a time, so one bad item
 * is left for the next pass without holding up the others.
 */
export type BatchJobDefinition = {
  name: string;
  intervalMs: number;
  /** Items per transaction. */
  batchSize: number;
  /** Locks and answers the keys of up to `limit` items due at `now` (none of `skip`), oldest first, skipping rows other nodes hold. */
  claim(tx: Tx, now: Date, limit: number, skip: readonly string[]): Promise<string[]>;
  /** Books the claimed items and moves their watermark past `now` (or clears it), through `work` (its actor is the server itself). */
  book(work: Work, keys: readonly string[], now: Date): Promise<void>;
  announce?(services: Services, key: string): Promise<void> | void;
};

/** Declares a batch job of the one scheduler (docs/decisions/scheduler.md); list it in scheduler/jobs.ts. */
export const defineBatchJob = (definition: BatchJobDefinition): BatchJobDefinition => definition;

export type AnyJob = JobDefinition | BatchJobDefinition;
export const isBatchJob = (job: AnyJob): job is BatchJobDefinition => 'claim' in job;
