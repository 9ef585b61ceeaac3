import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type TestServer } from './harness.ts';

/**
 * The daily housekeeping job (src/server/http/housekeeping-job.ts): stored idempotent answers past the
 * retention (30 days by default) and idle rate counters go; recent answers, known devices and
 * counters that still block stay. Runs once a day, whichever node asks.
 */
let server: TestServer;

beforeAll(async () => {
  server = await startServer();
});
afterAll(() => server?.close());

describe('housekeeping', () => {
  it('removes old idempotent answers and idle rate counters, keeps the rest, once a day', async () => {
    const user = randomUUID();
    const answer = (key: string, age: string) =>
      server.sql(
        `insert into idempotency_keys (user_id, key, request_hash, status_code, body, created_at)
         values ('${user}', '${key}', 'h', 201, '{}', now() - interval '${age}')`,
      );
    await answer('old', '31 days');
    await answer('recent', '29 days');
    const counter = (key: string, age: string, extra = '') =>
      server.sql(
        `insert into rate_counters (key, hits, window_start, blocked_until, succeeded_at)
         values ('${key}', 3, now() - interval '${age}', ${extra || 'null, null'})`,
      );
    await counter('hk:idle', '2 days');
    await counter('hk:fresh', '1 hour');
    await counter('hk:known-device', '90 days', `null, now() - interval '90 days'`);
    await counter('hk:still-blocked', '2 days', `now() + interval '1 hour', null`);
    await counter('hk:block-ended', '2 days', `now() - interval '1 hour', null`);

    const report = await server.app.services.scheduler.runDue('housekeeping');
    expect(report.housekeeping).toEqual({ booked: [new Date().toISOString().slice(0, 10)], failed: [] });

    const answers = await server.sql<{ key: string }>(`select key from idempotency_keys where user_id = '${user}' order by key`);
    expect(answers.map((a) => a.key)).toEqual(['recent']);
    const counters = await server.sql<{ key: string }>(`select key from rate_counters where key like 'hk:%' order by key`);
    expect(counters.map((c) => c.key)).toEqual(['hk:fresh', 'hk:known-device', 'hk:still-blocked']);

    // The day is booked: a second pass (another node, a restart) does nothing.
    await answer('old-again', '40 days');
    expect((await server.app.services.scheduler.runDue('housekeeping')).housekeeping.booked).toEqual([]);
    expect(await server.sql(`select 1 from idempotency_keys where user_id = '${user}' and key = 'old-again'`)).toHaveLength(1);
  });
});
