import { useMemo, useState } from 'react';
import { Link, useNavigate } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import { css, cx } from '../../../../styled-system/css';
import { LEAD_LABELS, VERIFICATION_STATUSES } from '../../../shared/constants.ts';
import { mayDo } from '../../../shared/access.ts';
import type { EntityRecord } from '../../data/entity-store.ts';
import { EntityList, type ListColumn } from '../../lists/entity-list.tsx';
import type { ListState } from '../../lists/list-state.ts';
import type { ListSelection } from '../../lists/bulk-selection.ts';
import { QuickFilters, type QuickFilter } from '../../lists/quick-filters.tsx';
import { auth } from '../../state/auth.ts';
import { settings } from '../../state/settings.ts';
import { Button, buttonRecipe } from '../../ui/button.tsx';
import type { MenuItem } from '../../ui/menu.tsx';
import { BulkAssignDialog } from './bulk-assign-dialog.tsx';
import { mayActOn } from '../../data/person-actions.ts';
import { usePersonActions } from '../../lists/person-actions-menu.tsx';
import { StatusBadge, VerificationBadge } from '../../ui/person-badges.tsx';
import { PersonFormDialog } from '../../forms/person-form-dialog.tsx';
import { LEAD_FILTER, useCampaigns, useStaff } from '../../data/use-lookup.ts';

const linkStyle = css({
  color: 'primary',
  fontWeight: 'medium',
  textDecoration: 'underline',
  textUnderlineOffset: '2px',
  overflow: 'hidden',
  textOverflow: 'ellipsis',
});

/** Lead fields filtered by typing or by date, after the pickers of the quick filters. */
const LEAD_TEXT_FILTERS = ['firstName', 'lastName', 'email', 'lastLogin', 'dateCreation'].map((field) => ({ field }));

const JSON_EXAMPLE = '[{"firstName": "Ada", "lastName": "Lovelace", "email": "ada@example.com", "labels": ["forex"]}]';

/** Leads: users whose role is lead (SPEC.md §2, §6); what a regular user may not do is not offered. */
export function LeadsScreen({ state, onStateChange }: { state: ListState; onStateChange: (next: ListState) => void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const me = useSnapshot(auth).user;
  const qualifications = useSnapshot(settings).record?.qualifications ?? [];
  const roles = me?.roles ?? [];
  const campaigns = useCampaigns();
  const staff = useStaff();
  const person = usePersonActions();
  const [assigning, setAssigning] = useState<{ selection: ListSelection; done: () => void } | null>(null);

  const option = (field: string, value: string) => ({ value, label: t(`app.options.${field}.${value}`) });
  const columns = useMemo<ListColumn[]>(
    () => [
      {
        field: 'firstName',
        render: (value, row) => (
          <Link to="/leads/$leadId" params={{ leadId: row.id }} className={linkStyle}>
            {String(value ?? '') || '—'}
          </Link>
        ),
      },
      { field: 'lastName' },
      { field: 'email' },
      { field: 'phone', hidden: true },
      { field: 'mobile', hidden: true },
      { field: 'campaignId', render: (value) => campaigns.nameOf(value) ?? '—' },
      { field: 'assignedTo', render: (value) => (value ? (staff.nameOf(value) ?? '…') : t('app.people.unassigned')) },
      { field: 'labels', kind: 'tags' },
      { field: 'qualifications', kind: 'tags', hidden: true },
      { field: 'verificationStatus', render: (value) => <VerificationBadge status={value} /> },
      { field: 'status', render: (value) => <StatusBadge status={value} /> },
      { field: 'lastLogin', kind: 'date', hidden: true },
      { field: 'dateCreation', kind: 'date', hidden: true },
    ],
    [campaigns, staff, t],
  );

  // The filter editor offers these pickers too, then the fields typed or dated by hand.
  const quick: QuickFilter[] = [
    { field: 'campaignId', label: t('app.fields.campaignId'), options: campaigns.options, noneLabel: t('app.common.none') },
    ...(mayDo(roles, 'user.bulkAssign')
      ? [{ field: 'assignedTo', label: t('app.fields.assignedTo'), options: staff.options, noneLabel: t('app.people.unassigned') }]
      : []),
    { field: 'labels', label: t('app.fields.labels'), options: LEAD_LABELS.map((l) => option('labels', l)), multiple: true },
    ...(qualifications.length
      ? [
          {
            field: 'qualifications',
            label: t('app.fields.qualifications'),
            options: qualifications.map((q) => ({ value: q, label: q })),
            multiple: true,
          },
        ]
      : []),
    {
      field: 'verificationStatus',
      label: t('app.fields.verificationStatus'),
      options: VERIFICATION_STATUSES.map((s) => option('verificationStatus', s)),
      multiple: true,
    },
    { field: 'status', label: t('app.fields.status'), options: (['active', 'locked'] as const).map((s) => option('status', s)) },
  ];

  const rowMenu = (row: EntityRecord, refresh: () => void): MenuItem[] => [
    { value: 'open', label: t('app.people.open'), onSelect: () => void navigate({ to: '/leads/$leadId', params: { leadId: row.id } }) },
    ...person.actionsFor(row, refresh),
  ];

  return (
    <>
      <EntityList
        entity="user"
        title={t('app.nav.leads')}
        columns={columns}
        state={state}
        onStateChange={onStateChange}
        baseFilters={LEAD_FILTER}
        renderForm={(props) => <PersonFormDialog kind="lead" {...props} />}
        jsonExample={JSON_EXAMPLE}
        prepareBatch={(items) => items.map((item) => ({ roles: ['lead'], ...item }))}
        canDelete={(row) => mayActOn(me, row, 'delete')}
        onRowOpen={(row) => void navigate({ to: '/leads/$leadId', params: { leadId: row.id } })}
        rowMenu={rowMenu}
        actions={
          mayDo(roles, 'user.import') ? (
            <Link to="/leads/import" className={cx(buttonRecipe({ variant: 'outline' }))}>
              {t('app.import.open')}
            </Link>
          ) : null
        }
        filterFields={[...quick, ...LEAD_TEXT_FILTERS]}
        toolbar={<QuickFilters filters={quick} state={state} onStateChange={onStateChange} />}
        bulkActions={
          mayDo(roles, 'user.bulkAssign')
            ? (selection, done) => (
                <Button size="sm" onClick={() => setAssigning({ selection, done })}>
                  {t('app.people.assign')}
                </Button>
              )
            : undefined
        }
      />
      {person.dialog}
      {assigning ? <BulkAssignDialog selection={assigning.selection} onClose={() => setAssigning(null)} onDone={assigning.done} /> : null}
    </>
  );
}
