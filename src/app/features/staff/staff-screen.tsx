import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import { mayDo } from '../../../shared/access.ts';
import { EntityList, type ListColumn } from '../../lists/entity-list.tsx';
import type { ListState } from '../../lists/list-state.ts';
import { QuickFilters, type QuickFilter } from '../../lists/quick-filters.tsx';
import { auth } from '../../state/auth.ts';
import { mayActOn } from '../../data/person-actions.ts';
import { usePersonActions } from '../../lists/person-actions-menu.tsx';
import { StatusBadge } from '../../ui/person-badges.tsx';
import { PersonFormDialog } from '../../forms/person-form-dialog.tsx';
import { StaffDeleteDialog } from './staff-delete-dialog.tsx';
import { STAFF_FILTER, STAFF_ROLES } from '../../data/use-lookup.ts';

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
  const me = useSnapshot(auth).user;
  const person = usePersonActions();
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
        canCreate={mayDo(me?.roles ?? [], 'user.manageStaff')}
        canDelete={(row) => mayActOn(me, row, 'delete')}
        canEdit={(row) => row.id === me?.id || mayActOn(me, row, 'user.manageStaff')}
        rowMenu={person.actionsFor}
        renderDelete={(props) => <StaffDeleteDialog {...props} />}
        toolbar={<QuickFilters filters={quick} state={state} onStateChange={onStateChange} />}
      />
      {person.dialog}
    </>
  );
}
