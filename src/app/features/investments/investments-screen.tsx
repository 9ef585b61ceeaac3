import { useMemo, useState, type ComponentType } from 'react';
import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import { fetchBlob, saveBlob } from '../../api/lead-api.ts';
import { css } from '../../../../styled-system/css';
import { mayOn } from '../../../shared/access.ts';
import { DIVIDEND_FREQUENCIES } from '../../../shared/constants.ts';
import { INVESTMENT_STATUSES } from '../../../shared/lifecycle/machines.ts';
import { isStaff } from '../../../shared/roles.ts';
import type { EntityRecord } from '../../data/entity-store.ts';
import { formatDate, formatMoney, formatNumber } from '../../i18n/format.ts';
import { EntityList, type ListColumn } from '../../lists/entity-list.tsx';
import type { ListState } from '../../lists/list-state.ts';
import { PersonCell, usePerson } from '../../lists/person-cell.tsx';
import { QuickFilters } from '../../lists/quick-filters.tsx';
import { ExportButtons } from '../../lists/export-buttons.tsx';
import { auth } from '../../state/auth.ts';
import { Button, buttonRecipe } from '../../ui/button.tsx';
import { InvestmentEntryDialog, type LeadPickerProps } from './investment-entry-dialog.tsx';
import { WealthStatusBadge } from './investment-badges.tsx';
import { InvestmentStatsPanel } from './investment-stats-panel.tsx';

const linkStyle = css({ color: 'primary', textDecoration: 'underline', _hover: { textDecoration: 'none' } });

/** A rate as the reader reads it: 12,5 % a year. */
export const rateText = (t: (key: string, options?: Record<string, unknown>) => string, rate: unknown) =>
  t('app.projects.rentability', { rate: formatNumber(Number(rate ?? 0)) });

/** The signed subscription of an investment made by subscribing to a project (GET /investment/{id}/subscription.pdf). */
function SignedPdfButton({ id }: { id: string }) {
  const { t } = useTranslation();
  return (
    <button
      type="button"
      className={css({
        color: 'primary',
        textDecoration: 'underline',
        cursor: 'pointer',
        whiteSpace: 'nowrap',
        flexShrink: 0,
        fontSize: 'sm',
        bg: 'transparent',
        p: '0',
        _hover: { textDecoration: 'none' },
      })}
      onClick={() => void fetchBlob(`/api/v1/investment/${id}/subscription.pdf`).then((blob) => saveBlob(blob, `subscription-${id}.pdf`))}
      data-testid="subscription-pdf"
    >
      {t('app.projects.signedPdf')}
    </button>
  );
}

/** A phone's row: the name and amount, the lead (staff), the status and the next dividend or the end. */
function InvestmentRowFacts({ row, showLead, signed }: { row: EntityRecord; showLead: boolean; signed?: boolean }) {
  const { t } = useTranslation();
  const lead = usePerson(showLead ? row.userId : undefined);
  return (
    <div className={css({ display: 'flex', flexDir: 'column', gap: '0.5', minW: 0, w: 'full' })} data-testid="investment-row">
      <div className={css({ display: 'flex', justifyContent: 'space-between', gap: '2' })}>
        <Link to="/investments/$investmentId" params={{ investmentId: row.id }} className={linkStyle}>
          {String(row.name ?? '')}
        </Link>
        <strong className={css({ fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' })}>
          {formatMoney(Number(row.initialAmount ?? 0))}
        </strong>
      </div>
      <div className={css({ display: 'flex', justifyContent: 'space-between', gap: '2', fontSize: 'xs', color: 'fg.muted' })}>
        <span className={css({ overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' })}>
          {showLead && lead ? `${lead.name} · ` : ''}
          {rateText(t, row.rentability)} · {t(`app.projects.frequency.${String(row.dividendFrequency)}`)}
        </span>
        <WealthStatusBadge entity="investment" status={row.status} />
      </div>
      <div
        className={css({
          display: 'flex',
          justifyContent: 'space-between',
          alignItems: 'center',
          gap: '2',
          fontSize: 'xs',
          color: 'fg.muted',
        })}
      >
        <span className={css({ overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap', minW: 0 })}>
          {row.nextDueAt
            ? t('app.investments.nextDue', { date: formatDate(String(row.nextDueAt)) })
            : t('app.investments.ends', { date: formatDate(String(row.expirationDate)) })}
        </span>
        {signed ? <SignedPdfButton id={row.id} /> : null}
      </div>
    </div>
  );
}

/**
 * Investments (DESIGN.md §13): the list kit with status and frequency filters (leads and dates in
 * the filter editor), the statistics of GET /investment/stats for staff, and a staff-entered
 * investment for a lead. A lead sees its own. `LeadPicker` is the money feature's, handed in by the route.
 */
export function InvestmentsScreen({
  state,
  onStateChange,
  leadId,
  projectId,
  LeadPicker,
}: {
  state: ListState;
  onStateChange: (next: ListState) => void;
  /** Only this lead's investments (its page's tab, the lead's own screen). */
  leadId?: string;
  /** Only the investments made by subscribing to this project, or to any project (`true`): the Subscriptions of staff. */
  projectId?: string | true;
  LeadPicker?: ComponentType<LeadPickerProps>;
}) {
  const { t } = useTranslation();
  const roles = useSnapshot(auth).user?.roles ?? [];
  const staff = isStaff(roles);
  const [entering, setEntering] = useState(false);
  const [version, setVersion] = useState(0);
  const baseFilters = useMemo(() => {
    const only = [
      ...(leadId ? [{ field: 'userId', values: [leadId] }] : []),
      ...(projectId === true
        ? [{ field: 'projectId', operator: 'isNull' as const, values: [false] }]
        : projectId
          ? [{ field: 'projectId', values: [projectId] }]
          : []),
    ];
    return only.length ? only : undefined;
  }, [leadId, projectId]);
  const showLead = staff && !leadId;
  const columns = useMemo<ListColumn[]>(
    () => [
      {
        field: 'name',
        render: (value, row) => (
          <Link to="/investments/$investmentId" params={{ investmentId: row.id }} className={linkStyle} data-testid="open-investment">
            {String(value ?? '')}
          </Link>
        ),
      },
      ...(projectId ? [{ field: 'signatureUploadId', render: (_: unknown, row: EntityRecord) => <SignedPdfButton id={row.id} /> }] : []),
      ...(showLead ? [{ field: 'userId', render: (value: unknown) => <PersonCell id={value} /> }] : []),
      { field: 'initialAmount', render: (value) => <span data-testid="amount">{formatMoney(Number(value ?? 0))}</span> },
      { field: 'rentability', render: (value) => rateText(t, value) },
      { field: 'dividendFrequency', render: (value) => t(`app.projects.frequency.${String(value)}`) },
      { field: 'status', render: (value) => <WealthStatusBadge entity="investment" status={value} /> },
      { field: 'startDate', render: (value) => (value ? formatDate(String(value)) : '—') },
      { field: 'nextDueAt', render: (value) => (value ? formatDate(String(value)) : '—') },
      { field: 'expirationDate', render: (value) => (value ? formatDate(String(value)) : '—') },
    ],
    [t, showLead, projectId],
  );
  return (
    <>
      <EntityList
        key={version}
        entity="investment"
        title={projectId ? t('app.projects.subscriptions') : t('app.nav.investments')}
        columns={columns}
        state={state}
        onStateChange={onStateChange}
        baseFilters={baseFilters}
        canCreate={false}
        canEdit={() => false}
        canDelete={() => false}
        selectable={false}
        stackedRow={(row) => <InvestmentRowFacts row={row} showLead={showLead} signed={Boolean(projectId)} />}
        actions={
          <>
            <ExportButtons
              entity="investment"
              query={{ filters: [...(baseFilters ?? []), ...(state.filters ?? [])], sorts: state.sorts, q: state.q }}
              testId="investments-export"
            />
            {projectId ? null : (
              <Link to="/investments/calculator" className={buttonRecipe({ variant: 'outline' })}>
                {t('app.investments.calculator.open')}
              </Link>
            )}
            {staff && !projectId && mayOn(roles, 'investment', 'create') ? (
              <Button onClick={() => setEntering(true)}>{t('app.investments.entry.open')}</Button>
            ) : null}
          </>
        }
        toolbar={
          <>
            {staff && !leadId && !projectId ? <InvestmentStatsPanel reload={version} /> : null}
            <QuickFilters
              filters={[
                {
                  field: 'status',
                  label: t('app.fields.status'),
                  options: INVESTMENT_STATUSES.map((s) => ({ value: s, label: t(`app.investments.status.${s}`) })),
                  multiple: true,
                },
                {
                  field: 'dividendFrequency',
                  label: t('app.entities.investment.fields.dividendFrequency'),
                  options: DIVIDEND_FREQUENCIES.map((f) => ({ value: f, label: t(`app.projects.frequency.${f}`) })),
                  multiple: true,
                },
              ]}
              state={state}
              onStateChange={onStateChange}
            />
          </>
        }
      />
      {entering ? (
        <InvestmentEntryDialog
          leadId={leadId}
          LeadPicker={LeadPicker}
          onClose={() => setEntering(false)}
          onDone={() => {
            setEntering(false);
            setVersion((n) => n + 1);
          }}
        />
      ) : null}
    </>
  );
}
