import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { manualClock } from '../../src/server/scheduler/clock.ts';
import { startServer, type TestServer } from './harness.ts';

/**
 * The dashboard's 'New (30 days)' and the lead trend count the same days of the caller's time zone
 * (x-timezone). Leads are dated around midnight and across Berlin's and New York's daylight-saving
 * changes; every expected figure below was worked out by hand from the instants in LEADS.
 */
const NOW = new Date('2026-03-30T12:00:00Z'); // 30 March in all three zones; Berlin on CEST since 29 March, New York on EDT since 8 March.

const LEADS = {
  H: '2026-02-28T22:30:00Z', // Berlin 28 Feb 23:30 · New York 28 Feb 17:30 · UTC 28 Feb
  G: '2026-02-28T23:30:00Z', // Berlin 1 Mar 00:30 · New York 28 Feb 18:30 · UTC 28 Feb
  A: '2026-03-01T22:30:00Z', // Berlin 1 Mar 23:30 · New York 1 Mar 17:30 · UTC 1 Mar
  B: '2026-03-01T23:30:00Z', // Berlin 2 Mar 00:30 · New York 1 Mar 18:30 · UTC 1 Mar
  C: '2026-03-02T04:30:00Z', // Berlin 2 Mar 05:30 · New York 1 Mar 23:30 · UTC 2 Mar
  D: '2026-03-02T05:30:00Z', // Berlin 2 Mar 06:30 · New York 2 Mar 00:30 · UTC 2 Mar
  E: '2026-03-29T21:59:00Z', // Berlin 29 Mar 23:59 (CEST) · New York 29 Mar 17:59 · UTC 29 Mar
  F: '2026-03-29T22:00:00Z', // Berlin 30 Mar 00:00 (CEST) · New York 29 Mar 18:00 · UTC 29 Mar
};

/** Days with new leads in the default range (1–30 March) and 'New (30 days)', per zone. */
const DAILY = {
  'Europe/Berlin': { days: { '2026-03-01': 2, '2026-03-02': 3, '2026-03-29': 1, '2026-03-30': 1 }, recent: 7 },
  'America/New_York': { days: { '2026-03-01': 3, '2026-03-02': 1, '2026-03-29': 2 }, recent: 6 },
  UTC: { days: { '2026-03-01': 2, '2026-03-02': 2, '2026-03-29': 2 }, recent: 6 },
} as const;

describe("lead figures in the caller's days", () => {
  let server: TestServer;
  let root: string;
  const call = (url: string, zone: string) => server.call({ method: 'GET', url, token: root, headers: { 'x-timezone': zone } });
  const nonZero = (points: { date: string; count: number }[]) =>
    Object.fromEntries(points.filter((p) => p.count).map((p) => [p.date, p.count]));

  beforeAll(async () => {
    server = await startServer({ clock: manualClock(NOW) });
    root = await server.rootToken();
    for (const [name, at] of Object.entries(LEADS)) {
      const made = await server.user(root, { roles: ['lead'], firstName: name });
      await server.sql(`update users set date_creation = '${at}' where id = '${made.id}'`);
    }
  });
  afterAll(() => server.close());

  it.each(Object.entries(DAILY))("%s: the trend's default days and 'New (30 days)' count the same leads", async (zone, expected) => {
    const trend = await call('/api/v1/user/lead-trend', zone);
    expect(trend.status).toBe(200);
    expect(trend.body).toMatchObject({ bucket: 'day', from: '2026-03-01', to: '2026-03-30', timeZone: zone });
    expect(trend.body.trendData).toHaveLength(30);
    expect(nonZero(trend.body.trendData)).toEqual(expected.days);
    expect(trend.body.total).toBe(expected.recent);
    const stats = await call('/api/v1/user/lead-stats', zone);
    expect(stats.body.stats).toMatchObject({ new: expected.recent, newSince: '2026-03-01', total: 8 });
  });

  it('loads a range back to 2020 by month, and a year by week (from Monday)', async () => {
    const months = await call('/api/v1/user/lead-trend?from=2020-01-01&to=2026-03-30', 'Europe/Berlin');
    expect(months.status).toBe(200);
    expect(months.body.bucket).toBe('month');
    expect(months.body.trendData).toHaveLength(75); // Jan 2020 … Mar 2026
    expect(months.body.trendData[0]).toEqual({ date: '2020-01-01', count: 0 });
    expect(nonZero(months.body.trendData)).toEqual({ '2026-02-01': 1, '2026-03-01': 7 });
    expect(months.body.total).toBe(8);
    const newYork = await call('/api/v1/user/lead-trend?from=2020-01-01&to=2026-03-30', 'America/New_York');
    expect(nonZero(newYork.body.trendData)).toEqual({ '2026-02-01': 2, '2026-03-01': 6 });

    const weeks = await call('/api/v1/user/lead-trend?from=2025-06-01&to=2026-03-30', 'Europe/Berlin');
    expect(weeks.body.bucket).toBe('week');
    expect(weeks.body.trendData).toHaveLength(45); // Monday 26 May 2025 … Monday 30 March 2026
    expect(weeks.body.trendData[0].date).toBe('2025-05-26');
    expect(nonZero(weeks.body.trendData)).toEqual({ '2026-02-23': 3, '2026-03-02': 3, '2026-03-23': 1, '2026-03-30': 1 });
  });

  it('refuses an end before the start, and a day that does not exist', async () => {
    expect((await call('/api/v1/user/lead-trend?from=2026-03-02&to=2026-03-01', 'UTC')).status).toBe(400);
    expect((await call('/api/v1/user/lead-trend?from=2026-02-30', 'UTC')).status).toBe(400);
  });
});
