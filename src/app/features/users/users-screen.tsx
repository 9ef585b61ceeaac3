import { useState } from 'react';
import { useNavigate } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import { css } from '../../../../styled-system/css';
import { rank } from '../../../shared/roles.ts';
import type { Filter } from '../../../shared/list-params.ts';
import { EntityList, type ListColumn } from '../../lists/entity-list.tsx';
import type { ListState } from '../../lists/list-state.ts';
import { auth } from '../../state/auth.ts';
import { Dialog } from '../../ui/dialog.tsx';
import { impersonate, resetPassword } from '../session/session.ts';
import type { EntityRecord } from '../../data/entity-store.ts';

const COLUMNS: ListColumn[] = [
  { field: 'firstName' },
  { field: 'lastName' },
  { field: 'email' },
  { field: 'roles', kind: 'tags' },
  { field: 'status', kind: 'badge' },
  { field: 'phone', hidden: true },
  { field: 'lastLogin', kind: 'date', hidden: true },
  { field: 'dateCreation', kind: 'date', hidden: true },
];

const LEAD_FILTER: Filter[] = [{ field: 'roles', values: ['lead'] }];
const CREATE_FIELDS = ['firstName', 'lastName', 'email', 'password', 'roles', 'phone', 'mobile'];

/** Users and leads share one screen; leads are users with the lead role (SPEC.md §6). */
export function UsersScreen({ kind, state, onStateChange }: { kind: 'users' | 'leads'; state: ListState; onStateChange: (next: ListState) => void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const me = useSnapshot(auth).user;
  const [newPassword, setNewPassword] = useState<string | null>(null);
  // Nobody acts on someone above them (DESIGN.md §5); the server checks it again.
  const mayActOn = (row: EntityRecord) => row.id !== me?.id && rank((row.roles as string[]) ?? []) <= rank(me?.roles ?? []);
  return (
    <>
      <EntityList
        entity="user"
        title={t(`app.nav.${kind}`)}
        columns={COLUMNS}
        state={state}
        onStateChange={onStateChange}
        baseFilters={kind === 'leads' ? LEAD_FILTER : undefined}
        form={{ fields: CREATE_FIELDS, editFields: CREATE_FIELDS.filter((f) => f !== 'password') }}
        rowMenu={(row) =>
          mayActOn(row)
            ? [
                { value: 'impersonate', label: t('app.users.impersonate'), onSelect: () => void impersonate(row.id).then(() => navigate({ to: '/' })).catch(() => undefined) },
                { value: 'reset', label: t('app.users.resetPassword'), onSelect: () => void resetPassword(row.id).then(setNewPassword).catch(() => undefined) },
              ]
            : []
        }
      />
      {newPassword ? (
        <Dialog open onOpenChange={() => setNewPassword(null)} title={t('app.users.newPasswordTitle')}>
          <p>{t('app.users.newPasswordText')}</p>
          <code className={css({ fontFamily: 'mono', fontSize: 'lg', bg: 'subtle', p: '2', borderRadius: 'md', userSelect: 'all' })}>{newPassword}</code>
        </Dialog>
      ) : null}
    </>
  );
}
