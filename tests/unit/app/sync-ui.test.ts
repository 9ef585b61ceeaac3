import { describe, expect, test } from 'vitest';
import { displayValue, issueView, recordTitle } from '../../../src/app/features/sync/issue-view.ts';
import { formatBytes, syncSummary } from '../../../src/app/features/sync/sync-summary.ts';
import type { OutboxEntry } from '../../../src/app/offline/outbox-types.ts';
import { initialSyncStatus } from '../../../src/app/offline/sync-status.ts';

const status = (patch = {}) => ({ ...initialSyncStatus(true), ...patch });

describe('the sync indicator', () => {
  test('online and everything sent', () => {
    expect(syncSummary(status(), true, null)).toMatchObject({
      state: 'online',
      tone: 'ok',
      pending: 0,
      issues: 0,
      quota: false,
      paused: false,
      failed: null,
      nearlyFull: null,
    });
  });

  test('offline (the browser or the engine says so), with changes waiting', () => {
    expect(syncSummary(status({ pending: 3 }), false, null)).toMatchObject({ state: 'offline', tone: 'muted', pending: 3 });
    expect(syncSummary(status({ online: false }), true, null).state).toBe('offline');
    // Offline, a failed pull is old news: not shown as a failure.
    expect(syncSummary(status({ error: 'sync 500' }), false, null).failed).toBeNull();
  });

  test('syncing, issues, quota, a failed sync, an expired session, a nearly full disk', () => {
    expect(syncSummary(status({ syncing: true }), true, null).state).toBe('syncing');
    expect(syncSummary(status({ conflicts: 1, dead: 2 }), true, null)).toMatchObject({ issues: 3, tone: 'error' });
    expect(syncSummary(status({ error: 'QUOTA' }), true, null)).toMatchObject({ quota: true, tone: 'error', failed: null });
    expect(syncSummary(status({ error: 'sync 503' }), true, null)).toMatchObject({ failed: 'sync 503', tone: 'warning' });
    expect(syncSummary(status({ pausedForAuth: true }), true, null)).toMatchObject({ paused: true, tone: 'warning' });
    expect(syncSummary(status(), true, { usage: 95, quota: 100 })).toMatchObject({ nearlyFull: 95, tone: 'warning' });
    expect(syncSummary(status(), true, { usage: 10, quota: 100 }).nearlyFull).toBeNull();
    expect(syncSummary(status(), true, { usage: 10, quota: 0 }).nearlyFull).toBeNull();
  });

  test('before the engine runs, the browser decides', () => {
    expect(syncSummary(null, true, null)).toMatchObject({ state: 'online', pending: 0 });
    expect(syncSummary(null, false, null).state).toBe('offline');
  });

  test('bytes in the person’s locale', () => {
    expect(formatBytes(512, 'en-US')).toBe('512 byte');
    expect(formatBytes(1536, 'en-US')).toBe('1.5 kB');
    expect(formatBytes(3.5 * 1024 * 1024, 'en-US')).toBe('3.5 MB');
    expect(formatBytes(2 * 1024 ** 3, 'de-DE')).toMatch(/^2\sGB$/u);
  });
});

const entry = (patch: Partial<OutboxEntry>): OutboxEntry => ({
  seq: 7,
  entity: 'campaign',
  kind: 'update',
  recordIds: ['c1'],
  payload: {},
  idempotencyKey: 'k',
  state: 'dead',
  attempts: 0,
  notBefore: 0,
  before: [],
  createdAt: 0,
  ...patch,
});

describe('the sync issues screen', () => {
  test('a conflict: my value beside the server’s, field by field, bookkeeping left out', () => {
    const view = issueView(
      entry({
        state: 'conflict',
        payload: { name: 'Mine', budget: 10, version: 3 },
        current: { id: 'c1', name: 'Theirs', budget: 10, version: 4 },
        before: [{ id: 'c1', name: 'Old' }],
      }),
    );
    expect(view).toMatchObject({ seq: 7, state: 'conflict', count: 1, title: 'Mine', deletedMine: false, goneTheirs: false });
    expect(view.rows).toEqual([
      { field: 'name', mine: 'Mine', theirs: 'Theirs', differs: true },
      { field: 'budget', mine: 10, theirs: 10, differs: false },
    ]);
  });

  test('a conflict on a record the server no longer has, and a delete of mine', () => {
    expect(issueView(entry({ state: 'conflict', payload: { name: 'x' } }))).toMatchObject({ goneTheirs: true });
    expect(
      issueView(
        entry({
          state: 'conflict',
          kind: 'delete',
          payload: null,
          current: { id: 'c1', name: 'Now' },
          before: [{ id: 'c1', name: 'Was' }],
        }),
      ),
    ).toMatchObject({
      deletedMine: true,
      title: 'Now',
      rows: [],
    });
  });

  test('a refused create lists what I typed; a batch says how many records', () => {
    const view = issueView(entry({ kind: 'create', payload: { id: 'c1', name: '', labels: ['a', 'b'] } }));
    expect(view.rows).toEqual([
      { field: 'name', mine: '' },
      { field: 'labels', mine: ['a', 'b'] },
    ]);
    expect(view.title).toBe('c1');
    expect(issueView(entry({ kind: 'createMany', recordIds: ['a', 'b', 'c'], payload: [{ name: 'a' }] }))).toMatchObject({
      count: 3,
      rows: [],
      title: '',
    });
  });

  test('a record’s title: its name, else its person, else its email', () => {
    expect(recordTitle(undefined, { firstName: 'Ada', lastName: 'Lovelace', email: 'a@x' })).toBe('Ada Lovelace');
    expect(recordTitle({ email: 'a@x' })).toBe('a@x');
    expect(recordTitle({}, { id: '1' })).toBeNull();
  });

  test('values as text', () => {
    expect(displayValue(null, 'Yes', 'No')).toBe('—');
    expect(displayValue('', 'Yes', 'No')).toBe('—');
    expect(displayValue(true, 'Yes', 'No')).toBe('Yes');
    expect(displayValue(['a', 'b'], 'Yes', 'No')).toBe('a, b');
    expect(displayValue([], 'Yes', 'No')).toBe('—');
    expect(displayValue({ a: 1 }, 'Yes', 'No')).toBe('{"a":1}');
    expect(displayValue(3, 'Yes', 'No')).toBe('3');
  });
});
