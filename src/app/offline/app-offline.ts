import Dexie from 'dexie';
import { v7 as uuidv7 } from 'uuid';
import { setEntityStoreFactory, resetEntityStoreFactory } from '../data/stores.ts';
import { readJson, writeJson } from '../lib/storage.ts';
import { auth } from '../state/auth.ts';
import { ui } from '../state/ui.ts';
import { createAppEntityStore, watchOutboxCounts, type OutboxCounts } from './app-store.ts';
import { databaseName, deleteUserDatabase, OfflineDatabase } from './database.ts';
import { createOfflineEngine, type OfflineEngine } from './engine.ts';
import { offline as offlineState, setOfflineEngine, type OfflineState } from './offline-state.ts';
import { browserOnlineSignal, inProcessLocks, type LockManagerLike } from './ports.ts';

/** How often storage use is read again while signed in (and after every pull). */
export const STORAGE_EVERY_MS = 60_000;

export type StorageManagerLike = {
  persist?: () => Promise<boolean>;
  persisted?: () => Promise<boolean>;
  estimate?: () => Promise<{ usage?: number; quota?: number }>;
};

export type OfflineSessionDeps = {
  createEngine: (userId: string) => OfflineEngine;
  /** Screens' stores read and write through this engine from now on. */
  install: (engine: OfflineEngine) => void;
  /** Back to the HTTP stores. */
  uninstall: () => void;
  /** Unsent entries in a user's database whose engine is not running (the admin's, while impersonating). */
  countUnsent: (userId: string) => Promise<number>;
  deleteDatabase: (userId: string) => Promise<void>;
  storage?: StorageManagerLike;
  /**
   * The users whose databases this sign-in opened (the admin's, the leads they connected as), kept
   * across reloads so logout wipes them all. In memory when not given.
   */
  opened?: { load: () => string[]; save: (ids: string[]) => void };
  /** Counts of the outbox as other tabs change it (the sending tab may be another one). */
  watchCounts?: (engine: OfflineEngine, onCounts: (counts: OutboxCounts) => void) => () => void;
  state?: OfflineState;
};

/**
 * The engine's place in the app (DESIGN.md §7): one engine per signed-in user, started at sign-in or at
 * start-up, switched on impersonation (the other one stops, its data kept), resumed when the same user
 * signs in again after a 401 (never replayed under another user: they get their own database), wiped
 * at logout.
 */
export function createOfflineSession(deps: OfflineSessionDeps) {
  const state = deps.state ?? offlineState;
  let current: { userId: string; engine: OfflineEngine; stop: () => void } | null = null;
  let storageTimer: ReturnType<typeof setInterval> | undefined;
  let memory: string[] = [];
  const opened = deps.opened ?? { load: () => memory, save: (ids: string[]) => void (memory = ids) };
  /** Everyone whose data this sign-in put on the device, besides `others`, without repeats. */
  const everyone = (others: (string | null | undefined)[]) => [
    ...new Set([...others, ...opened.load()].filter((id): id is string => Boolean(id))),
  ];

  async function readStorage() {
    try {
      const estimate = await deps.storage?.estimate?.();
      if (estimate) state.storage = { usage: estimate.usage ?? 0, quota: estimate.quota ?? 0 };
    } catch {
      // Not offered here (old browser): nothing to show.
    }
  }

  async function askPersist() {
    try {
      if (!deps.storage?.persist) return;
      state.persisted = (await deps.storage.persisted?.()) || (await deps.storage.persist());
    } catch {
      state.persisted = false;
    }
  }

  function release(): { userId: string; engine: OfflineEngine } | null {
    const was = current;
    current = null;
    was?.stop();
    clearInterval(storageTimer);
    storageTimer = undefined;
    setOfflineEngine(null);
    Object.assign(state, { userId: null, status: null, unavailable: false });
    return was;
  }

  return {
    state,
    engine: () => current?.engine ?? null,

    /** Opens (or keeps) the mirror of this user; `signIn` asks for persistent storage too. */
    async activate(userId: string, options: { signIn?: boolean } = {}): Promise<OfflineEngine> {
      if (options.signIn) {
        void askPersist();
        // A new sign-in starts a new chain: another user's database left by an expired session is
        // theirs, not this user's to wipe at logout.
        if (current?.userId !== userId) opened.save([userId]);
      }
      if (current?.userId === userId) {
        const { engine } = current;
        // The same person signed in again: what stopped at the 401 carries on.
        if (engine.status().pausedForAuth) engine.resume();
        else engine.wake();
        return engine;
      }
      // Another user (impersonation, or someone else signing in): that engine stops, its data stays.
      const previous = release();
      if (previous) void previous.engine.stop().catch(() => undefined);
      const engine = deps.createEngine(userId);
      if (!opened.load().includes(userId)) opened.save([...opened.load(), userId]);
      let lastPull: number | null = null;
      // The outbox's counts as last read after a change from any tab: fresher than those of an
      // engine that does not send (another tab holds the lock), so they win over its own.
      let counts: OutboxCounts | null = null;
      const unsubscribe = engine.subscribe((status) => {
        state.status = counts ? { ...status, ...counts } : status;
        if (status.lastPulledAt !== lastPull) {
          lastPull = status.lastPulledAt;
          void readStorage();
        }
      });
      const unwatch = deps.watchCounts?.(engine, (next) => {
        counts = next;
        if (current?.engine === engine && state.status) state.status = { ...state.status, ...next };
      });
      current = {
        userId,
        engine,
        stop: () => {
          unsubscribe();
          unwatch?.();
        },
      };
      state.userId = userId;
      setOfflineEngine(engine);
      deps.install(engine);
      void readStorage();
      storageTimer = setInterval(() => void readStorage(), STORAGE_EVERY_MS);
      void engine.start().catch(() => {
        // The local database cannot be opened here: screens keep working through the API.
        if (current?.engine !== engine) return;
        deps.uninstall();
        state.unavailable = true;
      });
      return engine;
    },

    /** Stops the engine and keeps its data (the session ended without a logout). */
    async deactivate(): Promise<void> {
      const was = release();
      deps.uninstall();
      await was?.engine.stop().catch(() => undefined);
    },

    /**
     * Changes not yet sent: in this user's database, in the others' named (the impersonating admin's)
     * and in those this sign-in opened (leads the admin connected as).
     */
    async unsentCount(others: (string | null | undefined)[] = []): Promise<number> {
      let total = current ? await current.engine.unsentCount().catch(() => 0) : 0;
      for (const id of everyone(others)) if (id !== current?.userId) total += await deps.countUnsent(id).catch(() => 0);
      return total;
    },

    /** Changes not yet sent in the running engine only (going back from an impersonation). */
    currentUnsent: async (): Promise<number> => (current ? current.engine.unsentCount().catch(() => 0) : 0),

    /** Logout: stop, wipe this user's database (and every other this sign-in opened), back to the HTTP stores. */
    async signOut(others: (string | null | undefined)[] = []): Promise<void> {
      const ids = everyone(others);
      const was = release();
      deps.uninstall();
      if (was) await was.engine.wipe().catch(() => deps.deleteDatabase(was.userId).catch(() => undefined));
      for (const id of ids) if (id !== was?.userId) await deps.deleteDatabase(id).catch(() => undefined);
      opened.save([]);
    },

    readStorage,
  };
}

export type OfflineSession = ReturnType<typeof createOfflineSession>;

const OPENED_KEY = 'bd.offline.opened';

const localTimeZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone;

/** The browser's engine: the app's API, token and headers, Web Locks, the online events. */
export function browserEngine(userId: string): OfflineEngine {
  return createOfflineEngine({
    userId,
    baseUrl: '/api',
    fetch: (url, init) => window.fetch(url, init),
    getToken: () => auth.token ?? undefined,
    headers: () => ({ 'x-lang': ui.localLanguage, 'x-timezone': localTimeZone() }),
    online: browserOnlineSignal(),
    locks: (navigator.locks as LockManagerLike | undefined) ?? inProcessLocks(),
    newId: uuidv7,
  });
}

export const offlineSession = createOfflineSession({
  createEngine: browserEngine,
  install: (engine) => setEntityStoreFactory((entity) => createAppEntityStore(engine, entity)),
  uninstall: resetEntityStoreFactory,
  async countUnsent(userId) {
    if (!(await Dexie.exists(databaseName(userId)))) return 0;
    const db = new OfflineDatabase(userId);
    try {
      return await db.outbox.count();
    } finally {
      db.close();
    }
  },
  deleteDatabase: (userId) => deleteUserDatabase(userId),
  watchCounts: watchOutboxCounts,
  opened: {
    load: () => readJson<string[]>(OPENED_KEY, []),
    save: (ids) => writeJson(OPENED_KEY, ids.length ? ids : null),
  },
  storage: typeof navigator === 'undefined' ? undefined : navigator.storage,
});
