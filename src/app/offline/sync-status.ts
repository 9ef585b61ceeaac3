/** What the header's sync indicator and the "sync issues" screen show. */
export type SyncStatus = {
  online: boolean;
  /** Sending stopped until the same user signs in again (401). */
  pausedForAuth: boolean;
  syncing: boolean;
  /** Entries waiting to be sent. */
  pending: number;
  conflicts: number;
  dead: number;
  lastPulledAt: number | null;
  /**
   * A pull of more than one page (the first sync, a long time away): records written so far and how far
   * along the change log it is (0–100; null when unknown). Null otherwise.
   */
  progress: { records: number; percent: number | null } | null;
  /** A storage failure (quota) or another error the person must see. */
  error: string | null;
  storage: { usage: number; quota: number } | null;
};

export const initialSyncStatus = (online: boolean): SyncStatus => ({
  online,
  pausedForAuth: false,
  syncing: false,
  pending: 0,
  conflicts: 0,
  dead: 0,
  lastPulledAt: null,
  progress: null,
  error: null,
  storage: null,
});
