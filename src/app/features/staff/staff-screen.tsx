import { useState } from 'react';
import { useNavigate } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import type { EntityRecord } from '../../data/entity-store.ts';
import { EntityList, type ListColumn } from '../../lists/entity-list.tsx';
import type { ListState } from '../../lists/list-state.ts';
import { QuickFilters, type QuickFilter } from '../../lists/quick-filters.tsx';
import { auth } from '../../state/auth.ts';
import { showToast } from '../../state/ui.ts';
import type { MenuItem } from '../../ui/menu.tsx';
import { NewPasswordDialog } from '../../ui/new-password-dialog.tsx';
import { connectAs, mayActOn, resetPasswordOf, setLocked } from '../../data/person-actions.ts';
import { StatusBadge } from '../../ui/person-badges.tsx';
import { PersonFormDialog } from '../../forms/person-form-dialog.tsx';
import { personName, STAFF_FILTER, STAFF_ROLES } from '../../data/use-lookup.ts';

const COLUMNS: ListColumn[] = [
  { field: 'firstName' },
  { field: 'lastName' },
  { field: 'email' },
  { field: 'roles', kind: 'tags' },
  { field: 'status', render: (value) => <StatusBadge status={value} /> },
  { field: 'phone', hidden: true },
  { field: 'mobile', hidden: true },
  { field: 'lastLogin', kind: 'date' },
  { field: 'dateCreation', kind: 'date', hidden: true },
];

/** Staff (root, admin, regular): roles, lock, reset password, delete (SPEC.md §6, DESIGN.md §5). */
export function StaffScreen({ state, onStateChange }: { state: ListState; onStateChange: (next: ListState) => void }) {
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
  const rowMenu = (row: EntityRecord, refresh: () => void): MenuItem[] =>
    mayActOn(me, row)
      ? [
          row.status === 'locked'
            ? { value: 'unlock', label: t('app.people.unlock'), onSelect: () => lock(row, false, refresh) }
            : { value: 'lock', label: t('app.people.lock'), onSelect: () => lock(row, true, refresh) },
          {
            value: 'reset',
            label: t('app.users.resetPassword'),
            onSelect: () =>
              void resetPasswordOf(row.id)
                .then((value) => setPassword({ value, name: personName(row) }))
                .catch(() => undefined),
          },
          ...(row.status !== 'locked'
            ? [
                {
                  value: 'impersonate',
                  label: t('app.users.impersonate'),
                  onSelect: () =>
                    void connectAs(row.id)
                      .then(() => navigate({ to: '/' }))
                      .catch(() => undefined),
                },
              ]
            : []),
        ]
      : [];
  const quick: QuickFilter[] = [
    {
      field: 'roles',
      label: t('app.fields.roles'),
      options: STAFF_ROLES.map((r) => ({ value: r, label: t(`app.options.roles.${r}`) })),
      multiple: true,
    },
    {
      field: 'status',
      label: t('app.fields.status'),
      options: (['active', 'locked'] as const).map((s) => ({ value: s, label: t(`app.options.status.${s}`) })),
    },
  ];
  return (
    <>
      <EntityList
        entity="user"
        title={t('app.nav.users')}
        columns={COLUMNS}
        state={state}
        onStateChange={onStateChange}
        baseFilters={STAFF_FILTER}
        renderForm={(props) => <PersonFormDialog kind="staff" {...props} />}
        canDelete={(row) => mayActOn(me, row)}
        canEdit={(row) => row.id === me?.id || mayActOn(me, row)}
        rowMenu={rowMenu}
        toolbar={<QuickFilters filters={quick} state={state} onStateChange={onStateChange} />}
      />
      {password ? <NewPasswordDialog password={password.value} name={password.name} onClose={() => setPassword(null)} /> : null}
    </>
  );
}
