import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../src/server/app.ts';
import { createTestDatabase } from '../api/test-database.ts';
import {
  DEMO_ADMIN_EMAIL,
  DEMO_LEAD_EMAIL,
  DEMO_PASSWORD,
  demoLogins,
  hasData,
  seedDemo,
  type SeedReport,
} from '../../src/server/demo/seed.ts';

/** The demo seeder on a database of the run's PostgreSQL: reproducible, complete for /sync, and money that adds up. */
const NOW = new Date('2026-06-01T00:00:00Z');
const LEADS = 250;

async function server() {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'bd-seed-'));
  const database = await createTestDatabase();
  const app = await buildApp({
    dataDir,
    databaseUrl: database.url,
    rootEmail: 'root@seed.test',
    rootPassword: 'rootpass1',
    jwtSecret: 'seed-test-secret-seed-test-secret',
    logger: false,
  });
  return { app, close: async () => (await app.close(), await database.drop(), await rm(dataDir, { recursive: true, force: true })) };
}

const rows = async <T = Record<string, unknown>>(app: FastifyInstance, query: string) =>
  ((await app.services.db.execute(query)) as unknown as { rows: T[] }).rows;

describe('demo seed', () => {
  let a: Awaited<ReturnType<typeof server>>;
  let b: Awaited<ReturnType<typeof server>>;
  let report: SeedReport;
  beforeAll(async () => {
    [a, b] = await Promise.all([server(), server()]);
    expect(await hasData(a.app.services.db)).toBe(false);
    report = await seedDemo(a.app.services.db, { files: a.app.services.files, leads: LEADS, seed: 7, now: NOW });
    await seedDemo(b.app.services.db, { files: b.app.services.files, leads: LEADS, seed: 7, now: NOW });
  }, 120_000);
  afterAll(async () => {
    await a?.close();
    await b?.close();
  });

  it('makes the same data from the same seed, ids included', async () => {
    const digest = `select md5(string_agg(t::text, '|' order by t::text)) as d from (select id, email, first_name, assigned_to, labels, date_creation from users where email not like 'root@%') t`;
    const money = `select md5(string_agg(t::text, '|' order by t::text)) as d from (select id, user_id, amount, status from deposits) t`;
    expect(await rows(a.app, digest)).toEqual(await rows(b.app, digest));
    expect(await rows(a.app, money)).toEqual(await rows(b.app, money));
    expect(report.counts.user).toBe(LEADS + 1 + 6);
    expect(await hasData(a.app.services.db)).toBe(true);
  });

  it('gives every seeded row its change-log row, with the audience the policy gives', async () => {
    const missing = await rows(
      a.app,
      `select 'comment' e, id from comments where id not in (select record_id from change_log where entity = 'comment')
       union all select 'deposit', id from deposits where id not in (select record_id from change_log where entity = 'deposit')
       union all select 'user', id from users where email not like 'root@%' and id not in (select record_id from change_log where entity = 'user')
       union all select 'product', id from products where id not in (select record_id from change_log where entity = 'product')`,
    );
    expect(missing).toEqual([]);
    const wrongAudience = await rows(
      a.app,
      `select d.id from deposits d join users u on u.id = d.user_id join change_log c on c.record_id = d.id and c.entity = 'deposit'
       where not (c.audience @> array[u.id]) or (u.assigned_to is not null and not (c.audience @> array[u.assigned_to]))
       union all select u.id from users u join change_log c on c.record_id = u.id and c.entity = 'user'
       where not (c.audience @> array[u.id]) or (u.assigned_to is not null and not (c.audience @> array[u.assigned_to]))
       union all select n.id from notifications n join change_log c on c.record_id = n.id and c.entity = 'notification'
       where c.audience <> array[n.user_id]`,
    );
    expect(wrongAudience).toEqual([]);
    expect(
      await rows(
        a.app,
        `select count(*)::int n from change_log where entity in ('campaign', 'project', 'product') and audience is not null`,
      ),
    ).toEqual([{ n: 0 }]);
  });

  it('books deposits and withdrawals through the ledger: each lead account equals what its records say, and the ledger check passes', async () => {
    // Available = completed deposits − withdrawals not failed − principal still invested + dividends paid;
    // held = pending withdrawals; invested = the principal of active investments (DESIGN.md §6, §10).
    const mismatches = await rows(
      a.app,
      `with expected as (
         select u.id,
           coalesce((select sum(amount) from deposits d where d.user_id = u.id and d.status = 'completed'), 0)
             - coalesce((select sum(amount) from withdrawals w where w.user_id = u.id and w.status <> 'failed'), 0)
             - coalesce((select sum(initial_amount) from investments i where i.user_id = u.id and i.status = 'active'), 0)
             + coalesce((select sum(amount) from dividends v where v.user_id = u.id and v.status = 'completed'), 0)
             - coalesce((select sum(purchase_price) from holdings h where h.user_id = u.id), 0)
             + coalesce((select sum(sale_amount) from holdings h where h.user_id = u.id and h.status = 'sold'), 0) as available,
           coalesce((select sum(purchase_price) from holdings h where h.user_id = u.id and h.status = 'held'), 0) as vault,
           coalesce((select sum(amount) from withdrawals w where w.user_id = u.id and w.status = 'pending'), 0) as held,
           coalesce((select sum(initial_amount) from investments i where i.user_id = u.id and i.status = 'active'), 0) as invested
         from users u where 'lead' = any(u.roles))
       select e.id from expected e
       where e.available <> coalesce((select balance from accounts where lead_id = e.id and kind = 'available'), 0)
          or e.held <> coalesce((select balance from accounts where lead_id = e.id and kind = 'withdrawal_hold'), 0)
          or e.invested <> coalesce((select balance from accounts where lead_id = e.id and kind = 'invested'), 0)
          or e.vault <> coalesce((select balance from accounts where lead_id = e.id and kind = 'vault'), 0)`,
    );
    expect(mismatches).toEqual([]);
    const [{ n }] = await rows<{ n: number }>(a.app, `select count(*)::int n from transfers where source_entity = 'deposit'`);
    const [{ m }] = await rows<{ m: number }>(a.app, `select count(*)::int m from deposits where status = 'completed'`);
    expect(n).toBe(m);
    expect(n).toBeGreaterThan(50);
    const [{ w }] = await rows<{ w: number }>(a.app, `select count(*)::int w from withdrawals`);
    expect(w).toBeGreaterThan(0);
    const [{ total }] = await rows<{ total: string }>(a.app, `select coalesce(sum(balance), 0)::text total from accounts`);
    expect(Number(total)).toBe(0);
  });

  it("fills vaults as the API does: each product held by one lead at most, purchases and sales booked once, offers in every state, the demo lead's among them", async () => {
    const [{ doubly }] = await rows<{ doubly: number }>(
      a.app,
      `select count(*)::int doubly from (select product_id from holdings where status = 'held' group by 1 having count(*) > 1) x`,
    );
    expect(doubly).toBe(0);
    const wrongHolder = await rows(
      a.app,
      `select p.id from products p left join holdings h on h.product_id = p.id and h.status = 'held'
        where p.held_by is distinct from h.user_id`,
    );
    expect(wrongHolder).toEqual([]);
    const [booked] = await rows<{ purchases: number; holdings: number; sales: number; sold: number }>(
      a.app,
      `select (select count(*)::int from transfers where source_entity = 'holding' and kind = 'purchase') purchases,
              (select count(*)::int from holdings) holdings,
              (select count(*)::int from transfers where source_entity = 'offer' and kind = 'sale') sales,
              (select count(*)::int from holdings where status = 'sold') sold`,
    );
    expect(booked.purchases).toBe(booked.holdings);
    expect(booked.sales).toBe(booked.sold);
    expect(booked.holdings).toBeGreaterThan(0);
    // An accepted offer is its holding's sale, at the offer's amount; a sold holding has no offer still open.
    const [{ off }] = await rows<{ off: number }>(
      a.app,
      `select count(*)::int off from offers o join holdings h on h.id = o.holding_id
        where (o.status = 'accepted' and (h.offer_id <> o.id or h.sale_amount <> o.amount))
           or (h.status = 'sold' and o.status in ('pending', 'awaiting_release'))`,
    );
    expect(off).toBe(0);
    const states = await rows<{ status: string }>(
      a.app,
      `select distinct o.status from offers o join users u on u.id = o.user_id where u.email = '${DEMO_LEAD_EMAIL}' order by 1`,
    );
    expect(states.map((r) => r.status)).toEqual(['accepted', 'awaiting_release', 'expired', 'pending', 'rejected']);
  });

  it('dates the ledger as the money moved, not as the seed ran: a deposit at its completion, a withdrawal at its request and decision', async () => {
    const [{ deposits }] = await rows<{ deposits: number }>(
      a.app,
      `select count(*)::int deposits from ledger_entries e join deposits d on d.id = e.source_id
       where e.kind = 'deposit' and e.date_creation <> d.date_last_update`,
    );
    expect(deposits).toBe(0);
    const [{ holds }] = await rows<{ holds: number }>(
      a.app,
      `select count(*)::int holds from ledger_entries e join withdrawals w on w.id = e.source_id
       where e.kind = 'withdrawal_hold' and e.date_creation <> w.date_creation`,
    );
    expect(holds).toBe(0);
    // Nothing of it dated at the seeding (the real clock, after the demo's now).
    const [{ later }] = await rows<{ later: number }>(
      a.app,
      `select count(*)::int later from ledger_entries where source_entity in ('deposit', 'withdrawal') and date_creation > '2026-06-01T00:00:00Z'`,
    );
    expect(later).toBe(0);
    const [{ transfers }] = await rows<{ transfers: number }>(
      a.app,
      `select count(*)::int transfers from transfers where source_entity in ('deposit', 'withdrawal') and at > '2026-06-01T00:00:00Z'`,
    );
    expect(transfers).toBe(0);
  });

  it("pays investments' past dividends by the scheduler's catch-up: every period due by then once, on its date; expired ones ended", async () => {
    const frequencies = await rows<{ f: string; status: string }>(
      a.app,
      `select distinct dividend_frequency f, status from investments order by 1, 2`,
    );
    expect(frequencies.map((r) => r.f).filter((f, i, all) => all.indexOf(f) === i)).toEqual(['end', 'monthly', 'yearly']);
    expect(frequencies.some((r) => r.status === 'ended')).toBe(true);
    // Paid periods are exactly 1 … next_period − 1, each dated on or before the seed's day; nothing due is left.
    const wrong = await rows(
      a.app,
      `select i.id from investments i left join dividends d on d.investment_id = i.id and d.period is not null
       group by i.id, i.next_period having count(d.id) <> i.next_period - 1 or coalesce(max(d.period), 0) <> i.next_period - 1
         or coalesce(max(d.due_date), '2000-01-01') > '${NOW.toISOString()}'
       union all select id from investments where next_due_at <= '${NOW.toISOString()}'
       union all select id from investments where status = 'ended' and next_due_at is not null`,
    );
    expect(wrong).toEqual([]);
    const [{ paid, booked }] = await rows<{ paid: number; booked: number }>(
      a.app,
      `select (select count(*)::int from dividends where amount > 0) paid, (select count(*)::int from transfers where kind = 'dividend') booked`,
    );
    expect(paid).toBeGreaterThan(5);
    expect(booked).toBe(paid);
  });

  it('signs in every demo account through the API, and /sync serves the lead its own records', async () => {
    for (const login of demoLogins()) {
      const response = await a.app.inject({
        method: 'POST',
        url: '/api/v1/auth/login',
        payload: { email: login.email, password: DEMO_PASSWORD },
      });
      expect(response.statusCode, login.email).toBe(200);
    }
    const lead = demoLogins().find((l) => l.roles[0] === 'lead')!;
    const { token } = (
      await a.app.inject({ method: 'POST', url: '/api/v1/auth/login', payload: { email: lead.email, password: DEMO_PASSWORD } })
    ).json();
    const sync = (
      await a.app.inject({ method: 'GET', url: '/api/v1/sync?since=0&limit=5000', headers: { authorization: `Bearer ${token}` } })
    ).json();
    const deposits = (
      await a.app.inject({ method: 'GET', url: '/api/v1/deposit?limit=100', headers: { authorization: `Bearer ${token}` } })
    ).json();
    const synced = sync.changes.filter((c: { entity: string }) => c.entity === 'deposit');
    expect(deposits.count).toBeGreaterThan(0);
    expect(synced.map((c: { id: string }) => c.id).sort()).toEqual(deposits.deposits.map((d: { id: string }) => d.id).sort());
  });

  it('gives each lead the documents its verification state says: none before, open ones when pending or verified, rejected ones when rejected', async () => {
    const mismatched = await rows(
      a.app,
      `select u.email, u.verification_status,
              count(d.id)::int as documents, count(d.id) filter (where d.rejected_at is null)::int as open
         from users u left join uploads d on d.owner_id = u.id and d.purpose = 'document'
        where 'lead' = any(u.roles)
        group by u.id
       having case u.verification_status
                when 'uninitialized' then count(d.id) > 0
                when 'rejected' then count(d.id) = 0 or count(d.id) filter (where d.rejected_at is null) > 0
                else count(d.id) filter (where d.rejected_at is null) = 0
              end`,
    );
    expect(mismatched).toEqual([]);
    const verified = await rows<{ n: number }>(
      a.app,
      `select count(*)::int n from users where verification_status = 'verified' and 'lead' = any(roles)`,
    );
    expect(verified[0].n).toBeGreaterThan(0);
    // The files are there, private, and served to staff through the documents route like uploaded ones.
    const [demo] = await rows<{ id: string }>(a.app, `select id from users where email = '${DEMO_LEAD_EMAIL}'`);
    const admin = await a.app.inject({
      method: 'POST',
      url: '/api/v1/auth/login',
      payload: { email: DEMO_ADMIN_EMAIL, password: DEMO_PASSWORD },
    });
    const token = admin.json().token;
    const docs = await a.app.inject({
      method: 'GET',
      url: `/api/v1/user/${demo.id}/documents`,
      headers: { authorization: `Bearer ${token}` },
    });
    expect(docs.json().documents.length).toBeGreaterThan(0);
    const file = await a.app.inject({ method: 'GET', url: docs.json().documents[0].url, headers: { authorization: `Bearer ${token}` } });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('image/png');
  });

  it('gives projects and markets images that are public uploads, never data: URLs (URL fields take https: or uploads)', async () => {
    const images = await rows<{ url: string }>(a.app, `select image as url from projects union all select icon_url from product_markets`);
    expect(images.length).toBe(9);
    for (const { url } of images) {
      expect(url).toMatch(/^\/api\/v1\/uploads\/[0-9a-f-]{36}\.png$/);
      const file = await a.app.inject({ method: 'GET', url });
      expect(file.statusCode).toBe(200);
      expect(file.headers['content-type']).toBe('image/png');
    }
  });
});
