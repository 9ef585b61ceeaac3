import { useState, type ReactNode } from 'react';
import { useNavigate } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import type { EntityRecord } from '../data/entity-store.ts';
import { connectAs, mayActOn, resetPasswordOf, setLocked } from '../data/person-actions.ts';
import { personName } from '../data/use-lookup.ts';
import { auth } from '../state/auth.ts';
import { showToast } from '../state/ui.ts';
import type { MenuItem } from '../ui/menu.tsx';
import { NewPasswordDialog } from '../ui/new-password-dialog.tsx';

/**
 * The actions one person may take on another (lock, reset password, connect as), each offered only
 * when the shared access table and the ranks allow it: the leads and staff lists' row menus and the
 * lead page's buttons all come from here. `dialog` shows a reset's new password.
 */
export function usePersonActions(): { actionsFor: (row: EntityRecord, refresh: () => void) => MenuItem[]; dialog: ReactNode } {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const me = useSnapshot(auth).user;
  const [password, setPassword] = useState<{ value: string; name: string } | null>(null);
  const failed = (message: string) => t('app.list.updateFailed', { error: message });
  const lock = (row: EntityRecord, locked: boolean, refresh: () => void) =>
    void setLocked(row, locked, failed)
      .then(() => {
        showToast(t(locked ? 'app.people.locked' : 'app.people.unlocked'), 'success');
        refresh();
      })
      .catch(() => undefined);
  const actionsFor = (row: EntityRecord, refresh: () => void): MenuItem[] => {
    const locked = row.status === 'locked';
    const items: (MenuItem | false)[] = [
      mayActOn(me, row, 'user.lock') &&
        (locked
          ? { value: 'unlock', label: t('app.people.unlock'), onSelect: () => lock(row, false, refresh) }
          : { value: 'lock', label: t('app.people.lock'), onSelect: () => lock(row, true, refresh) }),
      mayActOn(me, row, 'auth.resetPassword') && {
        value: 'reset',
        label: t('app.users.resetPassword'),
        onSelect: () =>
          void resetPasswordOf(row.id)
            .then((value) => setPassword({ value, name: personName(row) }))
            .catch(() => undefined),
      },
      // A locked account cannot be connected as (the server answers ACCOUNT_LOCKED).
      !locked &&
        mayActOn(me, row, 'auth.impersonate') && {
          value: 'impersonate',
          label: t('app.users.impersonate'),
          onSelect: () =>
            void connectAs(row.id)
              .then(() => navigate({ to: '/' }))
              .catch(() => undefined),
        },
    ];
    return items.filter((item): item is MenuItem => Boolean(item));
  };
  const dialog = password ? <NewPasswordDialog password={password.value} name={password.name} onClose={() => setPassword(null)} /> : null;
  return { actionsFor, dialog };
}
