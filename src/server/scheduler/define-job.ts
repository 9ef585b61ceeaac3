import type { Services } from '../context.ts';
import type { Executor } from '../db/client.ts';
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
