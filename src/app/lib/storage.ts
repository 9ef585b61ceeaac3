/** localStorage that never throws (private mode, quota, disabled storage) and speaks JSON. */
export function readJson<T>(key: string, fallback: T): T {
  try {
    const raw = globalThis.localStorage?.getItem(key);
    return raw == null ? fallback : (JSON.parse(raw) as T);
  } catch {
    return fallback;
  }
}

export function writeJson(key: string, value: unknown): void {
  try {
    if (value === undefined || value === null) globalThis.localStorage?.removeItem(key);
    else globalThis.localStorage?.setItem(key, JSON.stringify(value));
  } catch {
    // Storage full or blocked: the app keeps working with in-memory state.
  }
}

export const STORAGE_KEYS = {
  token: 'bd.token',
  previousToken: 'bd.previousToken',
  user: 'bd.user',
  settings: 'bd.settings',
  ui: 'bd.ui',
  /** Saved views by user (the former 'bd.views' was shared by everyone on the device). */
  views: 'bd.viewsByUser',
} as const;
