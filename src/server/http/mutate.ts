import type { FastifyReply, FastifyRequest } from 'fastify';
import { sql } from 'drizzle-orm';
import { insertMany } from '../db/bulk-insert.ts';
import type { Tx } from '../db/client.ts';
import { auditLog, changeLog, users } from '../db/schema.ts';
import type { Actor } from '../context.ts';
import { actorOrThrow } from './authenticate.ts';
import { openLedger } from '../money/ledger.ts';
import { storeAnswer } from './idempotency.ts';

/** A change to one record, logged for `/sync` in the transaction that makes it. */
export type Change = {
  entity: string;
  recordId: string;
  op: 'upsert' | 'delete';
  /** Users who may see the record (scoped entities); null when visibility is by role alone. */
  audience: string[] | null;
  /** Leads whose assigned staff also see the record; resolved in one query at commit. */
  leadsOf?: string[];
};

export type Work = {
  tx: Tx;
  actor: Actor;
  /** Logs one change or many (an array: batches can hold 100,000, too many for spread arguments). */
  changed: (changes: Change | Change[]) => void;
  audit: (action: string, entity: string | null, entityId: string | null, data?: unknown) => Promise<void>;
};

export type Answer<T> = { status?: number; body: T };

/** Changes are numbered in commit order: the sequence is taken under a lock held to commit. */
export const CHANGE_LOCK = 7_305_001;
const CHUNK = 5_000;

/** Writes the change-log rows of one transaction; returns the highest cursor written. */
export async function writeChanges(tx: Tx, changes: Change[]): Promise<number> {
  const leads = [...new Set(changes.flatMap((c) => c.leadsOf ?? []))];
  const assignee = new Map<string, string | null>();
  for (let i = 0; i < leads.length; i += CHUNK) {
    // One array parameter, not one per id: drizzle's builder is slow on thousands of parameters.
    const rows = await tx
      .select({ id: users.id, assignedTo: users.assignedTo })
      .from(users)
      .where(sql`${users.id} = any(${sql.param(leads.slice(i, i + CHUNK))}::uuid[])`);
    for (const row of rows) assignee.set(row.id, row.assignedTo);
  }
  await tx.execute(sql`select pg_advisory_xact_lock(${CHANGE_LOCK})`);
  let cursor = 0;
  for (let i = 0; i < changes.length; i += CHUNK) {
    const rows = changes.slice(i, i + CHUNK).map((c) => {
      // Only leads' records widen their audience; the others' is already unique (no Set per change).
      const audience =
        c.audience && c.leadsOf?.length
          ? [...new Set([...c.audience, ...c.leadsOf.map((id) => assignee.get(id)).filter((id): id is string => !!id)])]
          : c.audience;
      return { entity: c.entity, recordId: c.recordId, op: c.op, audience };
    });
    const inserted = await insertMany(tx, changeLog, rows, sql`seq`);
    // bigserial comes back as text from node-postgres.
    for (const { seq } of inserted) cursor = Math.max(cursor, Number(seq));
  }
  return cursor;
}

/**
 * The Work of one open transaction: changes are collected into `changes` (written by the caller before
 * commit), audit rows carry the real actor; `null` for the server itself (the scheduler).
 */
export function workOn(tx: Tx, actor: Actor, changes: Change[], auditActor: Actor | null = actor): Work {
  return {
    tx,
    actor,
    changed: (c) => {
      if (!Array.isArray(c)) changes.push(c);
      else for (const change of c) changes.push(change);
    },
    audit: async (action, entity, entityId, data) => {
      await tx.insert(auditLog).values({
        actorId: auditActor ? (auditActor.impersonatorId ?? auditActor.id) : null,
        onBehalfOf: auditActor?.impersonatorId ? auditActor.id : null,
        action,
        entity,
        entityId,
        data: data === undefined ? null : (data as object),
      });
    },
  };
}

/**
 * Runs a write in one transaction: the work, its change-log rows, its audit rows and the remembered
 * answer of its Idempotency-Key all commit together or not at all. Clients are told of new changes
 * after the commit.
 */
export async function mutate<T>(request: FastifyRequest, reply: FastifyReply, work: (w: Work) => Promise<Answer<T>>): Promise<T> {
  const { db, realtime } = request.server.services;
  const actor = actorOrThrow(request);
  const changes: Change[] = [];
  let cursor = 0;
  let answer: { status: number; body: T };
  try {
    answer = await db.transaction(async (tx) => {
      const ledger = openLedger(tx);
      const result = await work(workOn(tx, actor, changes));
      const status = result.status ?? 200;
      await storeAnswer(tx, request, status, result.body);
      // Last before commit, in this order: the change-log lock and the house accounts every write or
      // booking shares are held for the fewest statements.
      if (changes.length) cursor = await writeChanges(tx, changes);
      await ledger.settle();
      return { status, body: result.body };
    });
  } catch (error) {
    // The answer stored in the rolled-back transaction is gone: the error's answer is stored instead.
    if (request.idempotency) request.idempotency.stored = false;
    throw error;
  }
  if (cursor) realtime.changed(cursor);
  reply.status(answer.status);
  return answer.body;
}
