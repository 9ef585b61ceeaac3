// @vitest-environment happy-dom
import { beforeEach, describe, expect, expectTypeOf, test, vi } from 'vitest';
import type { RecordOfEntity } from '../../../src/shared/entities/index.ts';
import type { SettingRecord } from '../../../src/shared/setting.ts';

/** Stores read localStorage when first imported: each test gets fresh modules and storage. */
async function freshStores() {
  vi.resetModules();
  const [authModule, uiModule, opsModule, settingsModule] = await Promise.all([
    import('../../../src/app/state/auth.ts'),
    import('../../../src/app/state/ui.ts'),
    import('../../../src/app/state/ops.ts'),
    import('../../../src/app/state/settings.ts'),
  ]);
  return { ...authModule, ...uiModule, ...opsModule, ...settingsModule };
}

const user = (over: object = {}) =>
  ({
    id: 'u1',
    firstName: 'Ada',
    lastName: 'L',
    email: 'ada@x.test',
    roles: ['admin'],
    theme: null,
    mode: null,
    version: 1,
    ...over,
  }) as never;

beforeEach(() => localStorage.clear());

describe('auth store (SPEC.md §4)', () => {
  test('signing in stores the token and the user; a reload finds them', async () => {
    const s = await freshStores();
    s.signedIn('t1', user());
    expect(s.auth.token).toBe('t1');
    expect(JSON.parse(localStorage.getItem('bd.token')!)).toBe('t1');
    const again = await freshStores();
    expect(again.auth.token).toBe('t1');
    expect(again.auth.user?.firstName).toBe('Ada');
  });

  test('impersonation keeps the current token as the previous one; restoring swaps back', async () => {
    const s = await freshStores();
    s.signedIn('admin-token', user());
    s.switchToImpersonation('lead-token');
    expect(s.auth).toMatchObject({ token: 'lead-token', previousToken: 'admin-token' });
    expect(s.isImpersonating(s.auth)).toBe(true);
    // Survives a reload, so the way back is still there.
    expect((await freshStores()).auth.previousToken).toBe('admin-token');
    expect(s.restorePreviousToken()).toBe(true);
    expect(s.auth).toMatchObject({ token: 'admin-token', previousToken: null });
    expect(s.restorePreviousToken()).toBe(false);
  });

  test('logout clears the token and the previous token', async () => {
    const s = await freshStores();
    s.signedIn('a', user());
    s.switchToImpersonation('b');
    s.clearAuth();
    expect(s.auth).toMatchObject({ token: null, previousToken: null, user: null, impersonatorId: null });
    expect(localStorage.getItem('bd.token')).toBeNull();
    expect(localStorage.getItem('bd.previousToken')).toBeNull();
  });
});

describe('ui store', () => {
  test('defaults: purple, light, not compact, en / en-US (SPEC.md §9)', async () => {
    const { ui } = await freshStores();
    expect(ui).toMatchObject({ color: 'purple', mode: 'light', compact: false, language: 'en', localLanguage: 'en-US' });
    expect(ui.toast).toEqual({ message: '', type: 'info', visible: false });
    expect(ui.nav).toEqual({ tab: null, sidebar: null });
  });

  test('mode, compact and language persist; the toast and navigation do not', async () => {
    const s = await freshStores();
    s.toggleMode();
    s.toggleCompact();
    s.ui.language = 'de';
    s.setSidebarItem({ key: 'leads', label: 'Leads' });
    s.setTab({ key: 'logo', label: 'Logo' });
    s.showToast('hello');
    await Promise.resolve(); // valtio notifies subscribers in a microtask
    const again = await freshStores();
    expect(again.ui).toMatchObject({ mode: 'dark', compact: true, language: 'de' });
    expect(again.ui.toast.visible).toBe(false);
    expect(again.ui.nav.sidebar).toBeNull();
  });

  test('a toast shows its message and type for 5 seconds', async () => {
    vi.useFakeTimers();
    try {
      const s = await freshStores();
      s.showToast('Saved', 'success');
      expect(s.ui.toast).toEqual({ message: 'Saved', type: 'success', visible: true });
      vi.advanceTimersByTime(4_999);
      expect(s.ui.toast.visible).toBe(true);
      vi.advanceTimersByTime(1);
      expect(s.ui.toast.visible).toBe(false);
      // A new toast restarts the 5 seconds.
      s.showToast('One');
      vi.advanceTimersByTime(3_000);
      s.showToast('Two', 'error');
      vi.advanceTimersByTime(3_000);
      expect(s.ui.toast).toMatchObject({ message: 'Two', visible: true });
    } finally {
      vi.useRealTimers();
    }
  });
});

describe('ops store: every async operation has a status and its error', () => {
  test('idle → loading → succeeded', async () => {
    const s = await freshStores();
    expect(s.opState('x')).toEqual({ status: 'idle', error: null });
    let resolve!: (v: number) => void;
    const running = s.runOp('x', () => new Promise<number>((r) => (resolve = r)));
    expect(s.opState('x').status).toBe('loading');
    resolve(42);
    expect(await running).toBe(42);
    expect(s.opState('x')).toEqual({ status: 'succeeded', error: null });
  });

  test('a failure is kept per operation and raises the toast', async () => {
    const s = await freshStores();
    await expect(
      s.runOp('settings.logo', () => Promise.reject(new Error('boom')), { toast: () => 'Failed to upload logo' }),
    ).rejects.toMatchObject({ message: 'boom' });
    expect(s.opState('settings.logo')).toMatchObject({ status: 'failed', error: { message: 'boom' } });
    expect(s.opState('other').status).toBe('idle');
    expect(s.ui.toast).toMatchObject({ message: 'Failed to upload logo', type: 'error', visible: true });
    await expect(s.runOp('quiet', () => Promise.reject(new Error('no toast')), { toast: false })).rejects.toBeTruthy();
    expect(s.ui.toast.message).toBe('Failed to upload logo');
  });
});

describe('settings store', () => {
  test("the title is the company name, else 'Application'", async () => {
    const s = await freshStores();
    expect(s.pageTitle(null)).toBe('Application');
    expect(s.pageTitle({ companyName: '   ' })).toBe('Application');
    expect(s.pageTitle({ companyName: 'Acme' })).toBe('Acme');
    s.setSettings({ companyName: 'Acme', theme: 'ocean' } as SettingRecord);
    expect((await freshStores()).settings.record?.companyName).toBe('Acme');
  });
});

describe('entity store types', () => {
  // Checked by `tsc --noEmit` in the gate: a store answers its entity's record type, not Record<string, unknown>.
  test('entityStore(name) is typed by the record schema of that entity', async () => {
    const { entityStore } = await import('../../../src/app/data/stores.ts');
    type Deposit = Awaited<ReturnType<ReturnType<typeof entityStore<'deposit'>>['get']>>;
    expectTypeOf<Deposit['amount']>().toEqualTypeOf<number>();
    expectTypeOf<Deposit['userId']>().toEqualTypeOf<string>();
    expectTypeOf<Deposit['dateCreation']>().toEqualTypeOf<string>();
    expectTypeOf<Deposit['cardLast4']>().toEqualTypeOf<string | null>();
    expectTypeOf<RecordOfEntity<'deposit'>>().not.toHaveProperty('cardNumber');
    expect(entityStore('deposit').entity).toBe('deposit');
  });
});
