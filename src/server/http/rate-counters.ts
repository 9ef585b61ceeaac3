import { sql } from 'drizzle-orm';
import type { Executor } from '../db/client.ts';

/**
 * Counters in the database, so that every API node on one PostgreSQL counts the same
 * (docs/decisions/limits-in-the-database.md). Two kinds: failures with growing delays (sign-ins,
 * current-password guesses) and hits per fixed window (heavy routes, card attempts), besides a short
 * hold that lets one card payment of a lead run at a time.
 */

/** After `threshold` failures within `windowSeconds`, each further one blocks for twice as long. */
export type Backoff = { threshold: number; baseSeconds: number; maxSeconds: number; windowSeconds: number };

type Rows<T> = { rows: T[] };
const rowsOf = <T>(result: unknown) => (result as Rows<T>).rows;

/** Whole seconds until every key is free again; 0 when none is blocked. */
export async function blockedFor(db: Executor, keys: readonly string[]): Promise<number> {
  const [row] = rowsOf<{ wait: string | number | null }>(
    await db.execute(sql`select ceil(extract(epoch from max(blocked_until) - now())) as wait
      from rate_counters where key = any(${sql.param([...keys])}::text[]) and blocked_until > now()`),
  );
  return Math.max(0, Number(row?.wait ?? 0));
}

/** Counts a failure; answers the seconds it now blocks for (0 below the threshold). */
export async function recordFailure(db: Executor, key: string, backoff: Backoff): Promise<number> {
  const window = backoff.windowSeconds;
  const [row] = rowsOf<{ hits: number }>(
    await db.execute(sql`insert into rate_counters (key, hits, window_start) values (${key}, 1, now())
      on conflict (key) do update set
        hits = case when rate_counters.window_start < now() - make_interval(secs => ${window}) then 1 else rate_counters.hits + 1 end,
        window_start = case when rate_counters.window_start < now() - make_interval(secs => ${window}) then now() else rate_counters.window_start end
      returning hits`),
  );
  const hits = Number(row.hits);
  if (hits < backoff.threshold) return 0;
  const seconds = Math.min(backoff.maxSeconds, backoff.baseSeconds * 2 ** Math.min(30, hits - backoff.threshold));
  await db.execute(sql`update rate_counters set blocked_until = now() + make_interval(secs => ${seconds}) where key = ${key}`);
  return seconds;
}

/** A success clears the failures of a key and remembers it (a known device for an account). */
export async function recordSuccess(db: Executor, key: string): Promise<void> {
  await db.execute(sql`insert into rate_counters (key, hits, window_start, succeeded_at) values (${key}, 0, now(), now())
    on conflict (key) do update set hits = 0, blocked_until = null, succeeded_at = now()`);
}

/** Whether this key ever succeeded (its pair of account and address signed in before). */
export async function succeededBefore(db: Executor, key: string): Promise<boolean> {
  const rows = rowsOf(await db.execute(sql`select 1 from rate_counters where key = ${key} and succeeded_at is not null`));
  return rows.length > 0;
}

/** Counts one hit in a fixed window; answers the seconds to wait when over `max`, else 0. */
export async function countHit(db: Executor, key: string, max: number, windowSeconds: number): Promise<number> {
  const [row] = rowsOf<{ hits: number; wait: string | number }>(
    await db.execute(sql`insert into rate_counters (key, hits, window_start) values (${key}, 1, now())
      on conflict (key) do update set
        hits = case when rate_counters.window_start < now() - make_interval(secs => ${windowSeconds}) then 1 else rate_counters.hits + 1 end,
        window_start = case when rate_counters.window_start < now() - make_interval(secs => ${windowSeconds}) then now() else rate_counters.window_start end
      returning hits, ceil(extract(epoch from window_start + make_interval(secs => ${windowSeconds}) - now())) as wait`),
  );
  return Number(row.hits) > max ? Math.max(1, Number(row.wait)) : 0;
}

/** Takes back one hit of a window (an attempt that turned out not to count: a card that went through). */
export async function forgiveHit(db: Executor, key: string): Promise<void> {
  await db.execute(sql`update rate_counters set hits = greatest(hits - 1, 0) where key = ${key}`);
}

/**
 * Holds `key` for at most `seconds` so one thing at a time happens under it on every node; answers 0
 * when taken, else the seconds until the holder's time runs out. A holder that dies frees it then.
 */
export async function hold(db: Executor, key: string, seconds: number): Promise<number> {
  const taken = rowsOf(
    await db.execute(sql`insert into rate_counters (key, hits, window_start, blocked_until)
      values (${key}, 0, now(), now() + make_interval(secs => ${seconds}))
      on conflict (key) do update set window_start = now(), blocked_until = now() + make_interval(secs => ${seconds})
        where rate_counters.blocked_until is null or rate_counters.blocked_until <= now()
      returning 1`),
  );
  return taken.length > 0 ? 0 : Math.max(1, await blockedFor(db, [key]));
}

/** Lets go of a key taken by `hold`. */
export async function release(db: Executor, key: string): Promise<void> {
  await db.execute(sql`update rate_counters set blocked_until = null where key = ${key}`);
}

/**
 * Adds `amount` to a key's total in a fixed window (bytes uploaded in a day); answers the seconds until
 * the window ends when the total passes `max`, else 0. Run it in the transaction of what it counts: a
 * refusal or a failure rolls the addition back with it.
 */
export async function addInWindow(db: Executor, key: string, amount: number, max: number, windowSeconds: number): Promise<number> {
  const [row] = rowsOf<{ hits: number; wait: string | number }>(
    await db.execute(sql`insert into rate_counters (key, hits, window_start) values (${key}, ${amount}::int, now())
      on conflict (key) do update set
        hits = case when rate_counters.window_start < now() - make_interval(secs => ${windowSeconds}) then ${amount}::int else rate_counters.hits + ${amount}::int end,
        window_start = case when rate_counters.window_start < now() - make_interval(secs => ${windowSeconds}) then now() else rate_counters.window_start end
      returning hits, ceil(extract(epoch from window_start + make_interval(secs => ${windowSeconds}) - now())) as wait`),
  );
  return Number(row.hits) > max ? Math.max(1, Number(row.wait)) : 0;
}
