import { proxy, ref } from 'valtio';
import type { OfflineEngine } from './engine.ts';
import type { SyncStatus } from './sync-status.ts';

export type StorageUse = { usage: number; quota: number };

export type OfflineState = {
  /** Whose mirror is open (null: signed out, or before start-up has opened it). */
  userId: string | null;
  /** The engine's status, as its subscription reports it. */
  status: SyncStatus | null;
  /** navigator.storage.estimate(), watched while signed in. */
  storage: StorageUse | null;
  /** What navigator.storage.persist() answered at sign-in (null: not asked or not supported). */
  persisted: boolean | null;
  /** The local database could not be opened (e.g. a private window without IndexedDB): lists use the API. */
  unavailable: boolean;
  /** The running engine, for the sync issues screen and the socket (not tracked: a plain reference). */
  engine: OfflineEngine | null;
};

/**
 * What the header's sync indicator and the sync issues screen read. Light on purpose (no Dexie): the
 * engine itself loads with the signed-in screens, never with the login screen.
 */
export const offline = proxy<OfflineState>({
  userId: null,
  status: null,
  storage: null,
  persisted: null,
  unavailable: false,
  engine: null,
});

export function setOfflineEngine(engine: OfflineEngine | null): void {
  offline.engine = engine ? ref(engine) : null;
}

export const currentEngine = (): OfflineEngine | null => offline.engine;
