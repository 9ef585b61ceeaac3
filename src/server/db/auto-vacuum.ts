import { sql } from 'drizzle-orm';
import type { Db } from './client.ts';

export type AutoVacuum = { stop: () => Promise<void> };

/**
 * PGlite runs PostgreSQL in single-user mode, where the autovacuum launcher never starts: planner
 * statistics are never gathered and dead rows never reclaimed. Measured at 100,000 leads, the lead list
 * sorted by last name read the whole table (≈220 ms a page) until an ANALYZE let it walk the
 * index (≈28 ms). This does autovacuum's two jobs with its default thresholds, from a timer, on the
 * tables that need it; a table never analyzed but holding rows (an old data dir) counts as stale.
 * PostgreSQL servers have their own autovacuum and do not use this.
 */
export function startAutoVacuum(db: Db, { intervalMs = 30_000, firstMs = 2_000 } = {}): AutoVacuum {
  let running: Promise<void> | undefined;
  let stopped = false;

  async function pass() {
    const { rows } = (await db.execute(sql`
      select c.relname as name,
        coalesce(s.n_dead_tup, 0) > 50 + 0.2 * greatest(c.reltuples, 0) as vacuum
      from pg_class c
      left join pg_stat_user_tables s on s.relid = c.oid
      join pg_namespace n on n.oid = c.relnamespace
      where n.nspname = 'public' and c.relkind = 'r'
        and (coalesce(s.n_mod_since_analyze, 0) > 50 + 0.1 * greatest(c.reltuples, 0)
          or coalesce(s.n_dead_tup, 0) > 50 + 0.2 * greatest(c.reltuples, 0)
          or (c.reltuples < 0 and pg_relation_size(c.oid) > 0))
    `)) as unknown as { rows: { name: string; vacuum: boolean }[] };
    for (const { name, vacuum } of rows) {
      if (stopped) return;
      await db.execute(sql.raw(`${vacuum ? 'vacuum (analyze)' : 'analyze'} "${name.replace(/"/g, '""')}"`));
    }
  }

  const run = () => {
    running ??= pass()
      .catch(() => {
        // A failed pass (closing database, lock) is retried on the next tick; it never takes the server down.
      })
      .finally(() => {
        running = undefined;
      });
  };
  const first = setTimeout(run, firstMs);
  const timer = setInterval(run, intervalMs);
  first.unref();
  timer.unref();

  return {
    async stop() {
      stopped = true;
      clearTimeout(first);
      clearInterval(timer);
      await running;
    },
  };
}
