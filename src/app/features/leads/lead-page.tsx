import { useState, type ReactNode } from 'react';
import { Link, useNavigate } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import { css, cx } from '../../../../styled-system/css';
import type { EntityRecord } from '../../data/entity-store.ts';
import { entityStore } from '../../data/stores.ts';
import { formatDateTime } from '../../i18n/format.ts';
import { runOp } from '../../state/ops.ts';
import { auth } from '../../state/auth.ts';
import { showToast } from '../../state/ui.ts';
import { Button, buttonRecipe } from '../../ui/button.tsx';
import { Card, PageHeader } from '../../ui/card.tsx';
import { ConfirmDialog } from '../../ui/dialog.tsx';
import { Spinner } from '../../ui/spinner.tsx';
import { Tabs } from '../../ui/tabs.tsx';
import { LeadComments } from './lead-comments.tsx';
import { mayActOn } from '../../data/person-actions.ts';
import { usePersonActions } from '../../lists/person-actions-menu.tsx';
import { StatusBadge, VerificationBadge } from '../../ui/person-badges.tsx';
import { PersonFormDialog } from '../../forms/person-form-dialog.tsx';
import { personName, useCampaigns, useStaff } from '../../data/use-lookup.ts';
import { useRecord } from '../../data/use-records.ts';

/**
 * A lead's page: details, comments, documents and money together. `documents` is the verification feature's panel and `money` the money tab, both composed in by
 * the route (a feature never imports another).
 */
export function LeadPage({
  leadId,
  documents,
  money,
  investments,
  orders,
  vault,
}: {
  leadId: string;
  documents?: (lead: EntityRecord, reload: () => void) => ReactNode;
  money?: ReactNode;
  /** The investments feature's tab (the lead's investments, where staff open one for it). */
  investments?: ReactNode;
  /** The vault feature's tab (the lead's holdings and offers). */
  vault?: ReactNode;
  /** The trading feature's tab (the lead's orders on the order desk). */
  orders?: ReactNode;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const me = useSnapshot(auth).user;
  const { record: lead, error, reload } = useRecord('user', leadId);
  const campaigns = useCampaigns();
  const staff = useStaff();
  const [editing, setEditing] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const [tab, setTab] = useState('profile');
  const person = usePersonActions();

  const back = (
    <Link to="/leads" className={cx(buttonRecipe({ variant: 'ghost', size: 'sm' }), css({ alignSelf: 'start' }))}>
      ← {t('app.nav.leads')}
    </Link>
  );
  if (error) {
    return (
      <>
        {back}
        <p role="alert" className={css({ color: 'error', mt: 'gap' })}>
          {error.message}
        </p>
      </>
    );
  }
  if (!lead) return <Spinner label={t('app.common.loading')} />;

  const name = personName(lead);
  const options = (field: string, values: unknown) =>
    Array.isArray(values) && values.length
      ? values.map((v) => (field === 'labels' ? t(`app.options.labels.${v}`) : String(v))).join(', ')
      : '—';
  const details: [string, ReactNode][] = [
    ['email', String(lead.email ?? '')],
    ['phone', String(lead.phone ?? '') || '—'],
    ['mobile', String(lead.mobile ?? '') || '—'],
    ['campaignId', campaigns.nameOf(lead.campaignId) ?? '—'],
    ['assignedTo', lead.assignedTo ? (staff.nameOf(lead.assignedTo) ?? '…') : t('app.people.unassigned')],
    ['labels', options('labels', lead.labels)],
    ['qualifications', options('qualifications', lead.qualifications)],
    ['lastLogin', lead.lastLogin ? formatDateTime(String(lead.lastLogin)) : '—'],
    ['dateCreation', lead.dateCreation ? formatDateTime(lead.dateCreation) : '—'],
  ];
  const profile = (
    <div
      className={css({
        display: 'grid',
        gap: 'gap',
        gridTemplateColumns: { base: 'minmax(0, 1fr)', xl: 'minmax(0, 1fr) minmax(0, 1fr)' },
        alignItems: 'start',
      })}
    >
      <div className={css({ display: 'flex', flexDir: 'column', gap: 'gap' })}>
        <Card title={t('app.people.details')}>
          <dl
            className={css({
              display: 'grid',
              gridTemplateColumns: 'max-content minmax(0, 1fr)',
              columnGap: '4',
              rowGap: '2',
              fontSize: 'sm',
            })}
          >
            {details.map(([field, value]) => (
              <div key={field} className={css({ display: 'contents' })}>
                <dt className={css({ color: 'fg.muted' })}>{t(`app.fields.${field}`)}</dt>
                <dd className={css({ overflowWrap: 'anywhere' })}>{value}</dd>
              </div>
            ))}
          </dl>
        </Card>
        {documents?.(lead, reload)}
      </div>
      <LeadComments leadId={lead.id} />
    </div>
  );
  return (
    <div className={css({ display: 'flex', flexDir: 'column', gap: 'gap' })}>
      {back}
      <PageHeader
        title={
          <span className={css({ display: 'inline-flex', alignItems: 'center', gap: '3', flexWrap: 'wrap' })}>
            {name}
            <StatusBadge status={lead.status} />
            <VerificationBadge status={lead.verificationStatus} />
          </span>
        }
        actions={
          <>
            <Button variant="outline" onClick={() => setEditing(true)}>
              {t('app.common.edit')}
            </Button>
            {person.actionsFor(lead, reload).map((action) => (
              <Button key={action.value} variant="outline" onClick={action.onSelect}>
                {action.label}
              </Button>
            ))}
            {mayActOn(me, lead, 'delete') ? (
              <Button variant="danger" onClick={() => setDeleting(true)}>
                {t('app.common.delete')}
              </Button>
            ) : null}
          </>
        }
      />
      {money ? (
        <Tabs
          label={name}
          value={tab}
          onChange={setTab}
          items={[
            { value: 'profile', label: t('app.people.details'), content: profile },
            { value: 'money', label: t('app.money.tab'), content: money },
            ...(investments ? [{ value: 'investments', label: t('app.nav.investments'), content: investments }] : []),
            ...(vault ? [{ value: 'vault', label: t('app.nav.vault'), content: vault }] : []),
            ...(orders ? [{ value: 'orders', label: t('app.desk.tab'), content: orders }] : []),
          ]}
        />
      ) : (
        profile
      )}
      {editing ? (
        <PersonFormDialog kind="lead" record={lead} onClose={() => setEditing(false)} onSaved={() => (setEditing(false), reload())} />
      ) : null}
      {person.dialog}
      {deleting ? (
        <ConfirmDialog
          open
          onOpenChange={(open) => !open && setDeleting(false)}
          title={t('app.people.confirmDelete', { name })}
          description={t('app.list.confirmDelete', { count: 1 })}
          confirmLabel={t('app.common.delete')}
          danger
          onConfirm={() =>
            runOp('user.delete', () => entityStore('user').remove(lead.id, lead.version), {
              toast: (e) => t('app.list.deleteFailed', { error: e.message }),
            })
              .then(() => {
                showToast(t('app.list.deleted', { count: 1 }), 'success');
                void navigate({ to: '/leads' });
              })
              .catch(() => setDeleting(false))
          }
        />
      ) : null}
    </div>
  );
}
