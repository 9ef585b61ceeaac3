import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { campaigns, users } from '../../src/server/db/schema.ts';
import { writeChanges } from '../../src/server/http/mutate.ts';
import { startServer, type TestServer } from './harness.ts';
import { createTestDatabase } from './test-database.ts';

/**
 * The change-log cursor without a global lock (docs/decisions/change-cursor.md): writers no longer
 * commit one at a time, and `/sync` still never hands out a cursor that a change committing later
 * falls behind. Transaction A below is held open right after its tail (the change-log statement,
 * where the old design held its advisory lock until COMMIT) with the product's own `writeChanges`.
 */
type Change = { entity: string; op: 'upsert' | 'delete'; id: string; record?: Record<string, any> };

let server: TestServer;
let root: string;

beforeAll(async () => {
  server = await startServer();
  root = await server.rootToken();
});
afterAll(() => server?.close());

const sync = async (since: number, limit = 1000, after?: number) => {
  const resume = after === undefined ? '' : `&after=${after}`;
  const { status, body } = await server.call({ method: 'GET', url: `/api/v1/sync?since=${since}&limit=${limit}${resume}`, token: root });
  expect(status).toBe(200);
  return body as { changes: Change[]; cursor: number; after?: number; hasMore: boolean };
};

/** Follows the cursor to the end, as the client's engine does. */
async function pullAll(since: number): Promise<{ changes: Change[]; cursor: number }> {
  const changes: Change[] = [];
  let cursor = since;
  let after: number | undefined;
  for (;;) {
    const page = await sync(cursor, 1000, after);
    changes.push(...page.changes);
    cursor = page.cursor;
    after = page.after;
    if (!page.hasMore) return { changes, cursor };
  }
}

/**
 * Opens a transaction that writes `write` and its change-log rows (the product's tail statement), then
 * stays open until `commit()` is called. `seq` is the cursor its rows got.
 */
async function heldOpen(write: (tx: any) => Promise<{ entity: string; recordId: string }[]>) {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  let written!: (seq: number) => void;
  const seq = new Promise<number>((resolve) => (written = resolve));
  const done = server.app.services.db.transaction(async (tx) => {
    const records = await write(tx);
    written(
      await writeChanges(
        tx,
        records.map((r) => ({ ...r, op: 'upsert' as const, audience: null })),
      ),
    );
    await released;
  });
  done.catch(() => undefined);
  return {
    seq: await seq,
    commit: async () => {
      release();
      await done;
    },
  };
}

const insertCampaign = async (tx: any, name: string) => {
  const id = randomUUID();
  await tx.insert(campaigns).values({ id, name });
  return id;
};

const campaignSeq = async (id: string) =>
  Number((await server.sql<{ seq: string }>(`select seq from change_log where record_id = '${id}'`))[0].seq);

describe('the change-log cursor without a lock', () => {
  it('never hands out a cursor past a change still being written: A takes n, B takes n+1 and commits, a read between stays before n', async () => {
    const { cursor: before } = await pullAll(0);
    let idA = '';
    const a = await heldOpen(async (tx) => {
      idA = await insertCampaign(tx, 'Written by A, still open');
      return [{ entity: 'campaign', recordId: idA }];
    });
    const b = await server.call({ method: 'POST', url: '/api/v1/campaign', token: root, payload: { name: 'Written by B, committed' } });
    expect(b.status).toBe(201);
    const seqB = await campaignSeq(b.body.id);
    // The old failure mode's order: A numbered first, B numbered after it and committed first.
    expect(a.seq).toBeGreaterThan(before);
    expect(seqB).toBeGreaterThan(a.seq);

    // A read while A is open: B is held back, and the cursor does not pass A's number.
    const between = await sync(before);
    expect(between.changes.map((c) => c.id)).toEqual([]);
    expect(between.cursor).toBe(before);
    expect(between.hasMore).toBe(false);

    await a.commit();
    // The next read from that cursor returns A's change, then B's; nothing was skipped.
    const after = await pullAll(between.cursor);
    expect(after.changes.map((c) => [c.id, c.op, c.record?.name])).toEqual([
      [idA, 'upsert', 'Written by A, still open'],
      [b.body.id, 'upsert', 'Written by B, committed'],
    ]);
    expect(after.cursor).toBe(seqB);
  });

  it('a change that rolls back leaves no hole: the read after it goes on past its number', async () => {
    const { cursor: before } = await pullAll(0);
    const rolledBack = server.app.services.db.transaction(async (tx) => {
      await writeChanges(tx, [{ entity: 'campaign', recordId: await insertCampaign(tx, 'Never'), op: 'upsert', audience: null }]);
      tx.rollback();
    });
    await expect(rolledBack).rejects.toThrow();
    const c = await server.call({ method: 'POST', url: '/api/v1/campaign', token: root, payload: { name: 'After a rollback' } });
    const after = await pullAll(before);
    expect(after.changes.map((change) => change.record?.name)).toEqual(['After a rollback']);
    expect(after.cursor).toBe(await campaignSeq(c.body.id));
  });

  it('two writes on different leads commit concurrently: B commits while A, past its change-log statement, is still open', async () => {
    const leadA = await server.user(root, { roles: ['lead'], firstName: 'Ada' });
    const leadB = await server.user(root, { roles: ['lead'], firstName: 'Bea' });
    const { cursor: before } = await pullAll(0);
    const a = await heldOpen(async (tx) => {
      await tx.update(users).set({ firstName: 'Ada Held' }).where(eq(users.id, leadA.id));
      return [{ entity: 'user', recordId: leadA.id }];
    });
    // B: a write on another lead through the API, the whole request to its answer, while A is open.
    const timeout = new Promise<'waiting'>((resolve) => setTimeout(() => resolve('waiting'), 5_000));
    const b = server.call({ method: 'PATCH', url: `/api/v1/user/${leadB.id}`, token: root, payload: { firstName: 'Bea Done' } });
    const first = await Promise.race([b.then((answer) => answer.status), timeout]);
    expect(first).toBe(200);
    // A is still open (its session idle in its transaction) when B has committed.
    const [open] = await server.sql<{ n: number }>(
      `select count(*)::int as n from pg_stat_activity where state = 'idle in transaction' and datname = current_database()`,
    );
    expect(open.n).toBeGreaterThanOrEqual(1);
    expect((await server.sql<{ first_name: string }>(`select first_name from users where id = '${leadB.id}'`))[0].first_name).toBe(
      'Bea Done',
    );

    await a.commit();
    const after = await pullAll(before);
    const names = after.changes.filter((c) => c.entity === 'user').map((c) => c.record?.firstName);
    expect(names.sort()).toEqual(['Ada Held', 'Bea Done']);
  });

  it('a transaction open in another database of the same server holds nothing back', async () => {
    const other = await createTestDatabase();
    const client = new pg.Client({ connectionString: other.url });
    await client.connect();
    try {
      // Begun before our write, with a transaction id: the snapshot's xmin is at or below it.
      await client.query('begin');
      await client.query('select pg_current_xact_id()');
      const { cursor: before } = await pullAll(0);
      const created = await server.call({
        method: 'POST',
        url: '/api/v1/campaign',
        token: root,
        payload: { name: 'Beside another database' },
      });
      // The write is in the answer: without the other database's transaction left out, it would be held
      // back behind it (xmin) and the read would answer nothing after its wait.
      const page = await sync(before);
      expect(page.changes.map((c) => c.id)).toEqual([created.body.id]);
    } finally {
      await client.query('rollback');
      await client.end();
      await other.drop();
    }
  });

  it('a reader polling while 200 writes commit out of order, some held open after their change log, misses none and sees none twice', async () => {
    const { cursor: start } = await pullAll(0);
    const written: string[] = [];
    let writing = true;
    // Writers: API creates, and transactions that write their change log then stay open 0–40 ms (the
    // window in which a number taken earlier commits after numbers taken later).
    const writers = Array.from({ length: 10 }, async (_, w) => {
      for (let i = 0; i < 20; i++) {
        if ((w + i) % 2) {
          const answer = await server.call({ method: 'POST', url: '/api/v1/campaign', token: root, payload: { name: `Poll ${w}.${i}` } });
          expect(answer.status).toBe(201);
          written.push(answer.body.id);
        } else {
          await server.app.services.db.transaction(async (tx) => {
            const id = await insertCampaign(tx, `Poll ${w}.${i}`);
            await writeChanges(tx, [{ entity: 'campaign', recordId: id, op: 'upsert', audience: null }]);
            await new Promise((resolve) => setTimeout(resolve, ((w * 7 + i * 13) % 5) * 10));
            written.push(id);
          });
        }
      }
    });
    // The reader: small pages from its own cursor, all the while.
    const seen: string[] = [];
    const cursors: number[] = [];
    let cursor = start;
    const reader = (async () => {
      while (writing) {
        const page = await sync(cursor, 7);
        seen.push(...page.changes.filter((c) => c.entity === 'campaign').map((c) => c.id));
        expect(page.cursor).toBeGreaterThanOrEqual(cursor);
        cursor = page.cursor;
        cursors.push(cursor);
      }
    })();
    await Promise.all(writers);
    writing = false;
    await reader;
    const rest = await pullAll(cursor);
    seen.push(...rest.changes.filter((c) => c.entity === 'campaign').map((c) => c.id));
    expect(written).toHaveLength(200);
    // Each record is created once and never changed again: each is seen exactly once.
    expect([...seen].sort()).toEqual([...written].sort());
    expect(cursors.length).toBeGreaterThan(1);
  });

  it('a page ends between transactions; one longer than the limit comes in pages of its own, the cursor before it until its last', async () => {
    const { cursor: before } = await pullAll(0);
    const big = await heldOpen(async (tx) => {
      const ids = [];
      for (let i = 0; i < 7; i++) ids.push(await insertCampaign(tx, `Batch ${i}`));
      return ids.map((recordId) => ({ entity: 'campaign', recordId }));
    });
    await big.commit();
    const small = await heldOpen(async (tx) => [
      { entity: 'campaign', recordId: await insertCampaign(tx, 'Pair 0') },
      { entity: 'campaign', recordId: await insertCampaign(tx, 'Pair 1') },
    ]);
    await small.commit();
    // Limit 5: the 7 changes of one transaction come as 5, the cursor still before it, then the 2 with the cursor past it; then the pair.
    const first = await sync(before, 5);
    expect(first.changes.map((c) => c.record?.name)).toEqual(['Batch 0', 'Batch 1', 'Batch 2', 'Batch 3', 'Batch 4']);
    expect(first.cursor).toBe(before);
    expect(first.after).toEqual(expect.any(Number));
    expect(first.hasMore).toBe(true);
    const rest = await sync(first.cursor, 5, first.after);
    expect(rest.changes.map((c) => c.record?.name)).toEqual(['Batch 5', 'Batch 6']);
    expect(rest.cursor).toBe(big.seq);
    expect(rest.after).toBeUndefined();
    expect(rest.hasMore).toBe(true);
    const second = await sync(rest.cursor, 5);
    expect(second.changes.map((c) => c.record?.name)).toEqual(['Pair 0', 'Pair 1']);
    expect(second.cursor).toBe(small.seq);
    expect(second.hasMore).toBe(false);
    // A pull that stopped halfway starts the transaction again from its cursor: the same first 5.
    const again = await sync(before, 5);
    expect(again.changes.map((c) => c.record?.name)).toEqual(first.changes.map((c) => c.record?.name));
    // Limit 8: the first transaction fits, the second would be cut, so the page ends before it.
    const cut = await sync(before, 8);
    expect(cut.changes.map((c) => c.record?.name)).toHaveLength(7);
    expect(cut.cursor).toBe(big.seq);
    expect(cut.hasMore).toBe(true);
  });
});
