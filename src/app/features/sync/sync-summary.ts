import type { StorageUse } from '../../offline/offline-state.ts';
import type { SyncStatus } from '../../offline/sync-status.ts';

/** Storage this full or more is worth a warning before it becomes a refused write. */
export const NEARLY_FULL = 0.9;

export type SyncSummary = {
  /** What the indicator's button says and how it looks. */
  state: 'online' | 'offline' | 'syncing';
  tone: 'ok' | 'muted' | 'warning' | 'error';
  pending: number;
  /** Conflicts and dead letters: what the sync issues screen lists. */
  issues: number;
  /** The device is out of space: writes fail (QuotaExceededError). */
  quota: boolean;
  /** Percentage of the quota used, when it is at least NEARLY_FULL. */
  nearlyFull: number | null;
  /** The last sync failed for another reason (server down, …). */
  failed: string | null;
  /** Sending stopped until the same user signs in again (401). */
  paused: boolean;
};

/** What the header's sync indicator shows, from the engine's status and the browser's. */
export function syncSummary(status: SyncStatus | null, browserOnline: boolean, storage: StorageUse | null): SyncSummary {
  const online = browserOnline && (status?.online ?? true);
  const quota = status?.error === 'QUOTA';
  const ratio = storage && storage.quota > 0 ? storage.usage / storage.quota : 0;
  const issues = (status?.conflicts ?? 0) + (status?.dead ?? 0);
  const failed = status?.error && !quota && online ? status.error : null;
  const paused = status?.pausedForAuth ?? false;
  return {
    state: !online ? 'offline' : status?.syncing ? 'syncing' : 'online',
    tone: quota || issues ? 'error' : paused || failed || ratio >= NEARLY_FULL ? 'warning' : online ? 'ok' : 'muted',
    pending: status?.pending ?? 0,
    issues,
    quota,
    nearlyFull: ratio >= NEARLY_FULL ? Math.round(ratio * 100) : null,
    failed,
    paused,
  };
}

/** 1536 → "1.5 kB", 3_500_000 → "3.3 MB", in the person's locale. */
export function formatBytes(bytes: number, locale: string): string {
  const units = ['byte', 'kilobyte', 'megabyte', 'gigabyte', 'terabyte'] as const;
  let value = Math.max(0, bytes);
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit++;
  }
  return new Intl.NumberFormat(locale, {
    style: 'unit',
    unit: units[unit],
    unitDisplay: 'short',
    maximumFractionDigits: unit === 0 ? 0 : 1,
  }).format(value);
}
