import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { v7 as uuidv7 } from 'uuid';
import { notifications, users } from '../../src/server/db/schema.ts';
import { manualClock } from '../../src/server/scheduler/clock.ts';
import { defineJob, type JobDefinition } from '../../src/server/scheduler/define-job.ts';
import { createScheduler } from '../../src/server/scheduler/scheduler.ts';
import { startServer, type TestServer } from './harness.ts';

const DAY = 24 * 60 * 60 * 1000;

/**
 * A job of the mechanism's own over a real table: every day at 08:00 UTC from `from`, one notification
 * to the root user whose data names the day. Its due items come from the clock alone, so days missed while
 * no scheduler ran are due at the next start.
 */
function dailyDigest(name: string, from: string, options: { crashOnce?: string; slowMs?: number } = {}): JobDefinition {
  let crashed = false;
  return defineJob({
    name,
    intervalMs: DAY,
    async findDue(_db, now) {
      const due = [];
      for (let day = new Date(`${from}T08:00:00Z`); day <= now; day = new Date(day.getTime() + DAY)) {
        due.push({ key: day.toISOString().slice(0, 10), dueAt: day });
      }
      return due;
    },
    async run(work, key) {
      const [{ id: userId }] = await work.tx.select({ id: users.id }).from(users).where(eq(users.email, 'root@test.local'));
      const id = uuidv7();
      await work.tx.insert(notifications).values({ id, userId, type: name, title: 'app.notifications.digest', data: { day: key } });
      work.changed({ entity: 'notification', recordId: id, op: 'upsert', audience: [userId] });
      if (options.slowMs) await work.tx.execute(sql`select pg_sleep(${options.slowMs / 1000})`);
      // The process "dies" after claiming the item and writing its effect, before the commit.
      if (options.crashOnce === key && !crashed) {
        crashed = true;
        throw new Error('crash between claiming and booking');
      }
    },
  });
}

describe('the scheduler', () => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startServer();
  });
  afterAll(() => server?.close());

  const daysBooked = async (job: string) =>
    (
      await server.sql<{ day: string; n: number }>(
        `select data->>'day' as day, count(*)::int as n from notifications where type = '${job}' group by 1 order by 1`,
      )
    ).map((r) => `${r.day}×${r.n}`);

  it('a job due daily during a week of downtime runs once per due item on start', async () => {
    const clock = manualClock(new Date('2026-01-05T09:00:00Z'));
    const job = dailyDigest('digest-downtime', '2026-01-05');
    const first = createScheduler({ db: server.app.services.db, clock, jobs: [job] });
    await first.start();
    await first.stop();
    expect(await daysBooked(job.name)).toEqual(['2026-01-05×1']);

    // A week with no node running; then a node starts.
    clock.advance(7 * DAY);
    const restarted = createScheduler({ db: server.app.services.db, clock, jobs: [job] });
    await restarted.start();
    await restarted.stop();
    expect(await daysBooked(job.name)).toEqual([
      '2026-01-05×1',
      '2026-01-06×1',
      '2026-01-07×1',
      '2026-01-08×1',
      '2026-01-09×1',
      '2026-01-10×1',
      '2026-01-11×1',
      '2026-01-12×1',
    ]);
    // Nothing is due twice, however often a pass runs.
    expect(await restarted.runDue()).toEqual({ [job.name]: { booked: [], failed: [] } });
    expect(await daysBooked(job.name)).toHaveLength(8);
    const runs = await server.sql(`select count(*)::int as n from job_runs where job = '${job.name}' and done_at is not null`);
    expect(runs[0].n).toBe(8);
    // Each booking reaches devices: its change-log row was written in the booking's transaction.
    const logged = await server.sql(
      `select count(*)::int as n from change_log c join notifications n on n.id = c.record_id where n.type = '${job.name}'`,
    );
    expect(logged[0].n).toBe(8);
  });

  it('two scheduler instances on one database book each item once', async () => {
    const clock = manualClock(new Date('2026-03-20T12:00:00Z'));
    const job = dailyDigest('digest-two-nodes', '2026-03-01', { slowMs: 20 });
    const nodeA = createScheduler({ db: server.app.services.db, clock, jobs: [job] });
    const nodeB = createScheduler({ db: server.app.services.db, clock, jobs: [job] });
    const [a, b] = await Promise.all([nodeA.runDue(), nodeB.runDue()]);
    const booked = [...a[job.name].booked, ...b[job.name].booked].sort();
    // 1 March to 20 March: twenty days, each booked by exactly one of the two nodes.
    expect(booked).toHaveLength(20);
    expect(new Set(booked).size).toBe(20);
    expect(booked[0]).toBe('2026-03-01');
    expect(booked[19]).toBe('2026-03-20');
    const days = await daysBooked(job.name);
    expect(days).toHaveLength(20);
    expect(days.every((d) => d.endsWith('×1'))).toBe(true);
  });

  it('a crash after claiming rolls the booking back and the item runs again, once', async () => {
    const clock = manualClock(new Date('2026-05-03T10:00:00Z'));
    const job = dailyDigest('digest-crash', '2026-05-01', { crashOnce: '2026-05-02' });
    const node = createScheduler({ db: server.app.services.db, clock, jobs: [job] });
    const first = await node.runDue();
    expect(first[job.name]).toEqual({ booked: ['2026-05-01', '2026-05-03'], failed: ['2026-05-02'] });
    // The crashed item's effect is gone with its transaction; it is still pending, its attempt counted.
    expect(await daysBooked(job.name)).toEqual(['2026-05-01×1', '2026-05-03×1']);
    const [pending] = await server.sql(
      `select done_at, attempts, last_error from job_runs where job = '${job.name}' and key = '2026-05-02'`,
    );
    expect(pending).toMatchObject({ done_at: null, attempts: 1, last_error: 'crash between claiming and booking' });

    const second = await node.runDue();
    expect(second[job.name]).toEqual({ booked: ['2026-05-02'], failed: [] });
    expect(await daysBooked(job.name)).toEqual(['2026-05-01×1', '2026-05-02×1', '2026-05-03×1']);
  });

  it('buildApp starts its scheduler on ready when asked, with the injected clock', async () => {
    const clock = manualClock(new Date('2026-07-02T09:00:00Z'));
    const own = await startServer({ clock, scheduler: { jobs: [dailyDigest('digest-app', '2026-07-01')] } });
    try {
      const rows = await own.sql<{ day: string }>(`select data->>'day' as day from notifications where type = 'digest-app' order by 1`);
      expect(rows.map((r) => r.day)).toEqual(['2026-07-01', '2026-07-02']);
      expect(own.app.services.clock.now().toISOString()).toBe('2026-07-02T09:00:00.000Z');
    } finally {
      await own.close();
    }
  });
});
