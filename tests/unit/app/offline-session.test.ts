// @vitest-environment happy-dom
import { proxy } from 'valtio';
import { describe, expect, test, vi } from 'vitest';
import { createOfflineSession, STORAGE_EVERY_MS, type OfflineSessionDeps } from '../../../src/app/offline/app-offline.ts';
import type { OfflineEngine } from '../../../src/app/offline/engine.ts';
import type { OfflineState } from '../../../src/app/offline/offline-state.ts';
import { initialSyncStatus, type SyncStatus } from '../../../src/app/offline/sync-status.ts';

/** An engine that records what the session asks of it. */
function fakeEngine(userId: string, unsent = 0) {
  let status = initialSyncStatus(true);
  const listeners = new Set<(status: SyncStatus) => void>();
  const calls: string[] = [];
  const engine = {
    userId,
    calls,
    status: () => status,
    set(patch: Partial<SyncStatus>) {
      status = { ...status, ...patch };
      listeners.forEach((listener) => listener(status));
    },
    subscribe(listener: (status: SyncStatus) => void) {
      listeners.add(listener);
      listener(status);
      return () => listeners.delete(listener);
    },
    start: async () => void calls.push('start'),
    stop: async () => void calls.push('stop'),
    wipe: async () => void calls.push('wipe'),
    resume: () => void calls.push('resume'),
    wake: () => void calls.push('wake'),
    unsentCount: async () => unsent,
  };
  return engine;
}
type FakeEngine = ReturnType<typeof fakeEngine>;

function session(overrides: Partial<OfflineSessionDeps> = {}, unsent: Record<string, number> = {}) {
  const engines: FakeEngine[] = [];
  const installed: (string | null)[] = [];
  const deleted: string[] = [];
  const state = proxy<OfflineState>({ userId: null, status: null, storage: null, persisted: null, unavailable: false, engine: null });
  const s = createOfflineSession({
    createEngine: (userId) => {
      const engine = fakeEngine(userId, unsent[userId] ?? 0);
      engines.push(engine);
      return engine as unknown as OfflineEngine;
    },
    install: (engine) => installed.push((engine as unknown as FakeEngine).userId),
    uninstall: () => installed.push(null),
    countUnsent: async (userId) => unsent[userId] ?? 0,
    deleteDatabase: async (userId) => void deleted.push(userId),
    state,
    ...overrides,
  });
  return { s, engines, installed, deleted, state };
}

describe('the offline engine in the session (DESIGN.md §7)', () => {
  test('sign-in opens the user’s engine, installs its stores, starts it, asks for persistent storage', async () => {
    const persist = vi.fn(async () => true);
    const { s, engines, installed, state } = session({
      storage: { persist, persisted: async () => false, estimate: async () => ({ usage: 10, quota: 100 }) },
    });
    await s.activate('ada', { signIn: true });
    expect(engines.map((e) => e.userId)).toEqual(['ada']);
    expect(engines[0]!.calls).toEqual(['start']);
    expect(installed).toEqual(['ada']);
    await vi.waitFor(() => expect(state.persisted).toBe(true));
    expect(persist).toHaveBeenCalledOnce();
    await vi.waitFor(() => expect(state.storage).toEqual({ usage: 10, quota: 100 }));
    expect(state.userId).toBe('ada');
    expect(state.status?.online).toBe(true);
    // Status follows the engine.
    engines[0]!.set({ pending: 4 });
    expect(state.status?.pending).toBe(4);
  });

  test('start-up does not ask for persistent storage again', async () => {
    const persist = vi.fn(async () => true);
    const { s } = session({ storage: { persist } });
    await s.activate('ada');
    expect(persist).not.toHaveBeenCalled();
  });

  test('the same user signing in again after a 401 resumes the same engine; otherwise it is woken', async () => {
    const { s, engines } = session();
    await s.activate('ada');
    engines[0]!.set({ pausedForAuth: true });
    await s.activate('ada', { signIn: true });
    expect(engines).toHaveLength(1);
    expect(engines[0]!.calls).toEqual(['start', 'resume']);
    engines[0]!.set({ pausedForAuth: false });
    await s.activate('ada');
    expect(engines[0]!.calls).toEqual(['start', 'resume', 'wake']);
  });

  test('another user never replays the first one’s queue: the first engine stops (its data kept), the new user gets their own', async () => {
    const { s, engines, installed, deleted } = session();
    await s.activate('ada');
    engines[0]!.set({ pausedForAuth: true, pending: 2 });
    await s.activate('bob', { signIn: true });
    expect(engines.map((e) => e.userId)).toEqual(['ada', 'bob']);
    expect(engines[0]!.calls).toEqual(['start', 'stop']);
    expect(engines[0]!.calls).not.toContain('resume');
    expect(engines[1]!.calls).toEqual(['start']);
    expect(installed).toEqual(['ada', 'bob']);
    expect(deleted).toEqual([]);
    // A later status of the stopped engine no longer reaches the state.
    engines[0]!.set({ pending: 9 });
    expect(s.state.status?.pending).toBe(0);
  });

  test('counts read from the outbox (another tab may be the one sending) win over the engine’s own', async () => {
    let report: ((counts: { pending: number; conflicts: number; dead: number }) => void) | undefined;
    const { s, engines, state } = session({ watchCounts: (_engine, onCounts) => ((report = onCounts), () => (report = undefined)) });
    await s.activate('ada');
    engines[0]!.set({ pending: 2 });
    expect(state.status?.pending).toBe(2);
    report!({ pending: 0, conflicts: 1, dead: 0 });
    expect(state.status).toMatchObject({ pending: 0, conflicts: 1 });
    // The engine's next status (here: back online) keeps the outbox's counts.
    engines[0]!.set({ online: false, pending: 2 });
    expect(state.status).toMatchObject({ online: false, pending: 0, conflicts: 1 });
    await s.signOut();
    expect(report).toBeUndefined();
  });

  test('impersonation switches engines and restoring switches back to a fresh engine on the admin’s data', async () => {
    const { s, engines } = session();
    await s.activate('admin');
    await s.activate('lead');
    await s.activate('admin');
    expect(engines.map((e) => `${e.userId}:${e.calls.join(',')}`)).toEqual(['admin:start,stop', 'lead:start,stop', 'admin:start']);
  });

  test('logout counts unsent changes (the impersonating admin’s too), then wipes both databases and goes back to HTTP stores', async () => {
    const { s, engines, installed, deleted, state } = session({}, { lead: 2, admin: 1 });
    await s.activate('lead');
    expect(await s.unsentCount(['admin', null])).toBe(3);
    expect(await s.unsentCount(['lead'])).toBe(2); // not counted twice
    await s.signOut(['admin']);
    expect(engines[0]!.calls).toEqual(['start', 'wipe']);
    expect(deleted).toEqual(['admin']);
    expect(installed).toEqual(['lead', null]);
    expect(state).toMatchObject({ userId: null, status: null, engine: null });
    expect(s.engine()).toBeNull();
  });

  test('a wipe that fails still deletes the database', async () => {
    const { s, engines, deleted } = session();
    await s.activate('ada');
    engines[0]!.wipe = async () => {
      throw new Error('blocked');
    };
    await s.signOut();
    expect(deleted).toEqual(['ada']);
  });

  test('a database that cannot be opened falls back to the API stores and says so', async () => {
    const installed: (string | null)[] = [];
    const { s, state } = session({
      createEngine: (userId) =>
        Object.assign(fakeEngine(userId), { start: async () => Promise.reject(new Error('no IndexedDB')) }) as unknown as OfflineEngine,
      install: (engine) => void installed.push((engine as unknown as FakeEngine).userId),
      uninstall: () => void installed.push(null),
    });
    await s.activate('ada');
    await vi.waitFor(() => expect(state.unavailable).toBe(true));
    expect(installed).toEqual(['ada', null]);
  });

  test('storage use is read again on a timer and after each pull', async () => {
    vi.useFakeTimers();
    try {
      let usage = 1;
      const { s, engines, state } = session({ storage: { estimate: async () => ({ usage: usage++, quota: 100 }) } });
      await s.activate('ada');
      await vi.waitFor(() => expect(state.storage?.usage).toBeGreaterThanOrEqual(1));
      const before = state.storage!.usage;
      await vi.advanceTimersByTimeAsync(STORAGE_EVERY_MS);
      expect(state.storage!.usage).toBeGreaterThan(before);
      const afterTimer = state.storage!.usage;
      engines[0]!.set({ lastPulledAt: 123 });
      await vi.advanceTimersByTimeAsync(0);
      expect(state.storage!.usage).toBeGreaterThan(afterTimer);
      await s.signOut();
    } finally {
      vi.useRealTimers();
    }
  });
});

describe('what logout wipes', () => {
  test('every database this sign-in opened (the leads an admin connected as), not those of an earlier sign-in', async () => {
    let ids: string[] = ['someone-before'];
    const opened = { load: () => ids, save: (next: string[]) => void (ids = next) };
    const { s, deleted, engines } = session({ opened }, { lead: 1, admin: 2, 'someone-before': 5 });
    await s.activate('admin', { signIn: true });
    expect(ids).toEqual(['admin']);
    await s.activate('lead'); // connect as
    await s.activate('admin'); // and back
    expect(ids).toEqual(['admin', 'lead']);
    // The lead's change made while connected as them is counted, the earlier user's is not.
    expect(await s.unsentCount()).toBe(3);
    await s.signOut();
    expect(engines.at(-1)!.calls).toContain('wipe');
    expect(deleted).toEqual(['lead']);
    expect(ids).toEqual([]);
  });

  test('going back from an impersonation counts only the running engine', async () => {
    const { s } = session({}, { lead: 4, admin: 2 });
    await s.activate('admin', { signIn: true });
    await s.activate('lead');
    expect(await s.currentUnsent()).toBe(4);
  });
});
