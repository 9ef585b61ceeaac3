import type { FastifyReply, FastifyRequest } from 'fastify';
import { sql, type SQL } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import { insertStatements } from '../db/bulk-insert.ts';
import { pipelinedTransaction, type Tx } from '../db/client.ts';
import { executeNamed } from '../db/prepared.ts';
import { auditLog } from '../db/schema.ts';
import type { Actor } from '../context.ts';
import { actorOrThrow } from './authenticate.ts';
import { openLedger } from '../money/index.ts';
import { committedStatement, keyCommitted } from './idempotency.ts';

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
  /**
   * Inserts a row nothing reads back before commit (an audit row, a notification). Under `mutate` it
   * is written by the transaction's last statement, with no round trip of its own.
   */
  insertRow: (table: PgTable, row: Record<string, unknown>) => Promise<void>;
  /**
   * Runs `fn` once the transaction has committed, never if it rolls back: telling what other nodes
   * hold (the sockets of sessions that ended). Only where the caller runs them (`mutate`); elsewhere it throws.
   */
  afterCommit: (fn: () => void) => void;
  /**
   * Under `mutate`: the work has sent every statement it makes and logged every change, and what is
   * left only builds the answer from statements already sent. Writes the last statement (change log,
   * audit rows, house settlement) and COMMIT now, so the database writes the change log while Node
   * reads the answers; the house rows are held only for that statement and COMMIT. False, and
   * nothing sent, when called a second time. After true, `changed`, `audit`, `insertRow` and a booking
   * throw.
   */
  commitNow?: () => Promise<boolean>;
};

/** Rows waiting for the transaction's last statement (see `Work.insertRow`). */
export type LaterRows = { table: PgTable; row: Record<string, unknown> }[];

export type Answer<T> = { status?: number; body: T };

const CHUNK = 5_000;

/**
 * Writes the change-log rows of one transaction; returns the highest cursor written. One statement per
 * chunk: each row's `seq` is the writing transaction's id (the column default, db/change-cursor.ts),
 * so no lock orders the writers; `/sync` reads only up to the oldest transaction still open. Each
 * row's audience gains the assigned staff of its `leadsOf` leads in SQL, and the last chunk also runs
 * `alongside`'s CTEs (the ledger's house settlement, which locks its own rows …).
 */
export async function writeChanges(tx: Tx, changes: Change[], alongside?: () => SQL[]): Promise<number> {
  return (await sendChanges(tx, changes, alongside)).cursor;
}

/**
 * `writeChanges`, answering as soon as its statements are SENT: `cursor` settles when they have run.
 * On the pipelined pool (db/client.ts) a COMMIT written right after it travels with it, so the
 * house rows are held for one round trip, not for two and the event loop's turn in between.
 */
export async function sendChanges(tx: Tx, changes: Change[], alongside?: () => SQL[]): Promise<{ cursor: Promise<number> }> {
  const cursors: Promise<number>[] = [];
  const chunks = Math.max(1, Math.ceil(changes.length / CHUNK));
  for (let chunk = 0; chunk < chunks; chunk++) {
    const rows = changes.slice(chunk * CHUNK, (chunk + 1) * CHUNK).map((c, ord) => ({
      ord,
      entity: c.entity,
      record_id: c.recordId,
      op: c.op,
      audience: c.audience,
      leads: c.leadsOf?.length ? c.leadsOf : null,
    }));
    const last = chunk === chunks - 1;
    // With `alongside`, one statement even for no changes: the house settlement still runs.
    const more = last && alongside ? alongside() : [];
    if (!rows.length && !more.length) break;
    // The audience keeps its order (the record's own audience, then assigned staff), without repeats;
    // one without leads is taken as given (a batch of 10,000 users: no subquery per row).
    // Named: the tail of one kind of write has one text, parsed and planned once per connection.
    const running = executeNamed<{ cursor: string | null }>(
      tx,
      sql`
      with written as (
        insert into change_log (entity, record_id, op, audience)
        select c.entity, c.record_id, c.op,
          case when c.audience is null then null when c.leads is null then c.audience else array(
            select a from unnest(c.audience || array(select u.assigned_to from users u where u.id = any(c.leads) and u.assigned_to is not null))
              with ordinality as t(a, n)
            group by a order by min(n)) end
        from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) as c(ord int, entity text, record_id uuid, op text, audience uuid[], leads uuid[])
        order by c.ord
        returning seq
      )${more.length ? sql`, ${sql.join(more, sql`, `)}` : sql``}
      select max(seq)::text as cursor from written`,
    );
    // bigint comes back as text from node-postgres. The chunks are sent one behind the other
    // without waiting (the pipelined pool): every row of one transaction has the same seq anyway.
    cursors.push(running.then((rows) => Number(rows[0]?.cursor ?? 0)));
  }
  const cursor = Promise.all(cursors).then((each) => Math.max(0, ...each));
  return { cursor };
}

/**
 * The Work of one open transaction: changes are collected into `changes` (written by the caller before
 * commit), audit rows carry the real actor; `null` for the server itself (the scheduler). With `later`,
 * inserted rows wait there for the caller's last statement (`laterCtes`); without, they go at once.
 */
export function workOn(
  tx: Tx,
  actor: Actor,
  changes: Change[],
  auditActor: Actor | null = actor,
  later?: LaterRows,
  committed?: (() => void)[],
): Work {
  const insertRow = async (table: PgTable, row: Record<string, unknown>) => {
    if (later) later.push({ table, row });
    else await tx.insert(table).values(row);
  };
  return {
    tx,
    actor,
    changed: (c) => {
      if (!Array.isArray(c)) changes.push(c);
      else for (const change of c) changes.push(change);
    },
    insertRow,
    afterCommit: (fn) => {
      if (!committed) throw new Error('afterCommit() where nobody runs it after the commit');
      committed.push(fn);
    },
    audit: async (action, entity, entityId, data) => {
      await insertRow(auditLog, {
        actorId: auditActor ? (auditActor.impersonatorId ?? auditActor.id) : null,
        onBehalfOf: auditActor?.impersonatorId ? auditActor.id : null,
        action,
        entity,
        entityId,
        data: data === undefined ? null : data,
      });
    },
  };
}

/** The inserts of `later` as CTEs of one statement. */
export const laterCtes = (later: LaterRows): SQL[] => {
  const byTable = new Map<PgTable, Record<string, unknown>[]>();
  for (const { table, row } of later) {
    const rows = byTable.get(table);
    if (rows) rows.push(row);
    else byTable.set(table, [row]);
  }
  return [...byTable]
    .flatMap(([table, rows]) => insertStatements(table, rows))
    .map((statement, i) => sql`${sql.raw(`later_${i}`)} as (${statement})`);
};

/**
 * Runs a write in one transaction: the work, its change-log rows, its audit rows and its
 * Idempotency-Key's COMMITTED mark all commit together or not at all (the answer is stored as it is
 * sent, by http/idempotency.ts). Clients are told of new changes after the commit.
 */
export async function mutate<T>(request: FastifyRequest, reply: FastifyReply, work: (w: Work) => Promise<Answer<T>>): Promise<T> {
  const { db, realtime } = request.server.services;
  const actor = actorOrThrow(request);
  const changes: Change[] = [];
  const committed: (() => void)[] = [];
  let lastStatement: Promise<number> | undefined;
  const answer = await pipelinedTransaction(db, async (tx, commit): Promise<{ status: number; body: T }> => {
    const ledger = openLedger(tx);
    const later: LaterRows = [];
    // Last before commit, in ONE statement: the change log, and the house accounts every booking
    // shares (locked there, in id order, and held to commit); the audit rows, notifications and the
    // Idempotency-Key's COMMITTED mark ride along (no round trip each). It is sent, not awaited: the
    // transaction's COMMIT follows it on the same pipelined connection at once.
    const sendLast = async (keyMark: SQL | null) => {
      const sent = await sendChanges(tx, changes, () => [
        ...laterCtes(later),
        ...(keyMark ? [sql`key_committed as (${keyMark})`] : []),
        ...ledger.settlement(),
      ]);
      // Read after the transaction: a failure here makes the COMMIT behind it a ROLLBACK.
      sent.cursor.catch(() => {});
      lastStatement = sent.cursor;
    };
    const w = workOn(tx, actor, changes, actor, later, committed);
    let closed = false;
    const result = await work({
      ...w,
      commitNow: async () => {
        if (closed) return false;
        closed = true;
        await sendLast(committedStatement(request));
        ledger.close();
        commit();
        return true;
      },
      changed: (c) => {
        if (closed) throw new Error('changed() after commitNow()');
        w.changed(c);
      },
      insertRow: (table, row) => (closed ? Promise.reject(new Error('insertRow() after commitNow()')) : w.insertRow(table, row)),
      audit: (...args) => (closed ? Promise.reject(new Error('audit() after commitNow()')) : w.audit(...args)),
    });
    const status = result.status ?? 200;
    if (!closed) await sendLast(committedStatement(request));
    return { status, body: result.body };
  });
  const cursor = await lastStatement!;
  // Its key says so from the commit on; the answer itself is stored as it is sent (http/idempotency.ts).
  if (request.idempotency) keyCommitted(request);
  if (cursor) realtime.changed(cursor, changes);
  for (const fn of committed) {
    // Committed already: a failure to tell the sockets must not turn the answer into an error.
    try {
      fn();
    } catch (error) {
      request.log.warn({ err: error }, 'after commit');
    }
  }
  reply.status(answer.status);
  return answer.body;
}
