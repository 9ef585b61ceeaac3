import { currentEngine } from '../offline/offline-state.ts';

/** An answer kept on the device with when it came (`at`, epoch ms). */
export type LastKnown<T> = { value: T; at: number };

const keyOf = (key: string) => `last-known:${key}`;

/**
 * The last answer of a read the mirror has no table for (e.g. a statement computed by the server),
 * kept in the signed-in user's local database, so a screen opened without a connection shows what was
 * last known, marked as such. Wiped with the rest of the user's data at logout. Never for secrets.
 */
export async function rememberAnswer<T>(key: string, value: T): Promise<void> {
  const db = currentEngine()?.db;
  if (!db) return;
  await db.meta.put({ key: keyOf(key), value: { value, at: Date.now() } satisfies LastKnown<T> }).catch(() => undefined);
}

export async function recallAnswer<T>(key: string): Promise<LastKnown<T> | null> {
  const db = currentEngine()?.db;
  if (!db) return null;
  const row = await db.meta.get(keyOf(key)).catch(() => undefined);
  return (row?.value as LastKnown<T> | undefined) ?? null;
}
