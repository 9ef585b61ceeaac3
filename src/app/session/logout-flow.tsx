import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../ui/dialog.tsx';
import { logout, unsentChanges } from './session.ts';

/**
 * Logout (DESIGN.md §7): with changes not sent yet, a dialog says how many and asks first, since
 * logging out wipes this user's local data; without any, it signs out at once.
 */
export function useLogoutFlow(onDone: () => void): { request: () => Promise<void>; dialog: ReactNode } {
  const { t } = useTranslation();
  const [unsent, setUnsent] = useState<number | null>(null);
  const [busy, setBusy] = useState(false);
  const finish = async () => {
    setBusy(true);
    try {
      await logout();
    } catch {
      // Signed out locally all the same (the server may be out of reach).
    } finally {
      setBusy(false);
      setUnsent(null);
      onDone();
    }
  };
  const request = async () => {
    const count = await unsentChanges().catch(() => 0);
    if (count > 0) setUnsent(count);
    else await finish();
  };
  const dialog =
    unsent === null ? null : (
      <ConfirmDialog
        open
        onOpenChange={(open) => !open && !busy && setUnsent(null)}
        title={t('app.logout.unsentTitle')}
        description={t('app.logout.unsent', { count: unsent })}
        confirmLabel={t('app.logout.confirm')}
        danger
        busy={busy}
        onConfirm={finish}
      />
    );
  return { request, dialog };
}
