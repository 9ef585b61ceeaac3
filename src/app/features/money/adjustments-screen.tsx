import { useMemo, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { css, cx } from '../../../../styled-system/css';
import { waitsForSecondPerson } from '../../../shared/lifecycle/four-eyes.ts';
import { ADJUSTMENT_STATUSES, adjustmentMachine } from '../../../shared/lifecycle/machines.ts';
import { useOnline } from '../../api/online-only.ts';
import { toApiError } from '../../api/http.ts';
import type { EntityRecord } from '../../data/entity-store.ts';
import { ActionDialog } from '../../forms/action-dialog.tsx';
import { formatDateTime, formatMoney } from '../../i18n/format.ts';
import { actionsFor, useActionViewer } from '../../lists/allowed-actions.ts';
import { PersonCell, usePerson, usePersonLabel } from '../../lists/person-cell.tsx';
import { queryKey, toggleSort, type ListState } from '../../lists/list-state.ts';
import { QuickFilters } from '../../lists/quick-filters.tsx';
import { useSparseRows } from '../../lists/use-sparse-rows.ts';
import { showToast } from '../../state/ui.ts';
import { Badge } from '../../ui/badge.tsx';
import { Button } from '../../ui/button.tsx';
import { PageHeader } from '../../ui/card.tsx';
import { DataTable, type Slot, type TableColumn } from '../../ui/data-table.tsx';
import type { MenuItem } from '../../ui/menu.tsx';
import { AdjustmentEntryDialog } from './adjustment-entry-dialog.tsx';
import { adjustmentStore, runAdjustmentAction } from './adjustments-api.ts';
import { FourEyesOff } from './four-eyes-note.tsx';

type Pending = { row: EntityRecord; action: string };

const TONES: Record<string, 'warning' | 'success' | 'error'> = { pending: 'warning', completed: 'success', failed: 'error' };
const SORTABLE = new Set(['amount', 'status', 'dateCreation']);
const lineStyle = css({ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: '2', minW: 0 });
const ellipsis = css({ overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap', minW: 0 });

/** An adjustment's amount as the lead's balance feels it: +€250.00 green for a credit, −€250.00 red for a debit; struck through when failed. */
function AdjustmentAmount({ row }: { row: EntityRecord }) {
  const credit = row.direction === 'credit';
  const failed = row.status === 'failed';
  return (
    <strong
      data-testid="adjustment-amount"
      className={cx(
        css({ fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' }),
        failed ? css({ color: 'fg.muted', textDecoration: 'line-through' }) : credit ? css({ color: 'success' }) : css({ color: 'error' }),
      )}
    >
      {credit ? '+' : '−'}
      {formatMoney(Number(row.amount ?? 0))}
    </strong>
  );
}

/** The status; while four eyes holds a pending one, "2nd person" with "Waiting for a second person (entered by …)" for readers and in its title. */
function AdjustmentStatus({ row, fourEyes }: { row: EntityRecord; fourEyes: boolean }) {
  const { t } = useTranslation();
  const status = String(row.status ?? '');
  const enterer = usePerson(row.createdBy);
  if (!waitsForSecondPerson(adjustmentMachine, row, fourEyes))
    return (
      <span data-testid="adjustment-status" data-status={status}>
        <Badge tone={TONES[status] ?? 'neutral'}>{t(`app.money.status.${status}`, { defaultValue: status })}</Badge>
      </span>
    );
  const full = t('app.money.fourEyes.waiting', { name: enterer?.name ?? t('app.money.fourEyes.someone') });
  return (
    <span data-testid="adjustment-status" data-status={status} title={full}>
      <Badge tone="warning">
        <span aria-hidden>{t('app.money.fourEyes.short')}</span>
        <span data-testid="four-eyes-waiting" className={css({ srOnly: true })}>
          {full}
        </span>
      </Badge>
    </span>
  );
}

/** Why it was entered; under it, once failed, why it was refused. */
function Reasons({ row }: { row: EntityRecord }) {
  const { t } = useTranslation();
  const failure = row.failureReason ? t('app.money.adjustments.refused', { reason: String(row.failureReason) }) : '';
  return (
    <span
      className={css({ display: 'inline-flex', flexDir: 'column', minW: 0 })}
      title={[String(row.reason ?? ''), failure].filter(Boolean).join('\n')}
    >
      <span className={ellipsis}>{String(row.reason ?? '')}</span>
      {failure ? (
        <span data-testid="failure-reason" className={cx(ellipsis, css({ fontSize: 'xs', color: 'fg.muted' }))}>
          {failure}
        </span>
      ) : null}
    </span>
  );
}

/** Who entered it, by name (and email under it). */
const Enterer = ({ id }: { id: unknown }) => (typeof id === 'string' ? <PersonCell id={id} /> : <span>—</span>);

/** A row on a phone: the lead, the signed amount, the status and the date (CHECKLIST item 4); the reason in its title. */
function StackedAdjustment({ row, fourEyes }: { row: EntityRecord; fourEyes: boolean }) {
  const lead = usePerson(row.userId);
  return (
    <div
      data-testid="adjustment-row"
      title={String(row.reason ?? '')}
      className={css({ display: 'flex', flexDir: 'column', gap: '1', w: 'full', minW: 0 })}
    >
      <span className={lineStyle}>
        <span className={cx(ellipsis, css({ fontWeight: 'medium' }))}>{lead === undefined ? '…' : (lead?.name ?? '—')}</span>
        <AdjustmentAmount row={row} />
      </span>
      <span className={lineStyle}>
        <AdjustmentStatus row={row} fourEyes={fourEyes} />
        <span className={css({ fontSize: 'xs', color: 'fg.muted', whiteSpace: 'nowrap' })}>
          {row.dateCreation ? formatDateTime(String(row.dateCreation)) : ''}
        </span>
      </span>
    </div>
  );
}

/**
 * Manual adjustments (admins, DESIGN.md §6): entered with a reason by one admin, completed by another
 * (four eyes: the one who entered it is never offered Complete, the row says it waits for a second
 * person) or failed with a reason. Read online from GET /adjustment (not mirrored: adjustments-api.ts).
 */
export function AdjustmentsScreen({ state, onStateChange }: { state: ListState; onStateChange: (next: ListState) => void }) {
  const { t, i18n } = useTranslation();
  const online = useOnline();
  const viewer = useActionViewer();
  const [reload, setReload] = useState(0);
  const [entering, setEntering] = useState(false);
  const [pending, setPending] = useState<Pending | null>(null);
  const [selected] = useState<ReadonlySet<string>>(() => new Set());
  const sorts = state.sorts?.length ? state.sorts : [{ field: 'dateCreation', order: 'desc' as const }];
  const query = useMemo(() => ({ ...state, sorts }), [queryKey(state)]); // eslint-disable-line react-hooks/exhaustive-deps
  // Read again when the connection comes back (offline the list says why it is empty).
  const list = useSparseRows(adjustmentStore, query, reload + (online ? 1 : 0));

  const header = (key: string) => t(`app.money.adjustments.fields.${key}`);
  const columns = useMemo<TableColumn<EntityRecord>[]>(() => {
    const column = (id: string, render: (row: EntityRecord) => ReactNode): TableColumn<EntityRecord> => ({
      id,
      header: () => header(id),
      accessorFn: (slot: Slot<EntityRecord>) => slot.record?.[id],
      cell: (ctx: { row: { original: Slot<EntityRecord> } }) => (ctx.row.original.record ? render(ctx.row.original.record) : null),
    });
    return [
      // Whole in its title where a narrow column cuts it.
      column('dateCreation', (row) => {
        const date = row.dateCreation ? formatDateTime(String(row.dateCreation)) : '—';
        return (
          <span className={ellipsis} title={date}>
            {date}
          </span>
        );
      }),
      column('userId', (row) => <PersonCell id={row.userId} />),
      column('direction', (row) => t(`app.money.adjustments.direction.${String(row.direction)}`)),
      column('amount', (row) => <AdjustmentAmount row={row} />),
      column('reason', (row) => <Reasons row={row} />),
      column('status', (row) => <AdjustmentStatus row={row} fourEyes={viewer.fourEyes} />),
      column('createdBy', (row) => <Enterer id={row.createdBy} />),
    ];
    // eslint-disable-next-line react-hooks/exhaustive-deps -- headers follow the language
  }, [i18n.language, viewer.fourEyes]);

  const rowMenu = (row: EntityRecord): MenuItem[] =>
    actionsFor(adjustmentMachine, row, viewer).map((action) => ({
      value: action,
      label: online ? t(`app.money.actions.${action}`) : `${t(`app.money.actions.${action}`)} (${t('app.money.needsConnection')})`,
      disabled: !online,
      onSelect: () => setPending({ row, action }),
    }));

  const sortOf = (field: string) => {
    if (!SORTABLE.has(field)) return null;
    const sort = sorts.find((s) => s.field === field);
    return sort ? sort.order : false;
  };

  return (
    <div className={css({ display: 'flex', flexDir: 'column', gap: 'gap' })}>
      <PageHeader
        title={t('app.nav.adjustments')}
        actions={
          <Button onClick={() => setEntering(true)} disabled={!online}>
            {t('app.money.adjustments.enter')}
          </Button>
        }
      />
      {online ? null : (
        <p role="status" data-testid="adjustments-offline" className={css({ fontSize: 'sm', color: 'fg.muted' })}>
          {t('app.money.adjustments.offline')}
        </p>
      )}
      {viewer.fourEyes ? null : <FourEyesOff />}
      <div className={css({ display: 'flex', gap: '2', alignItems: 'center', flexWrap: 'wrap' })}>
        <QuickFilters
          filters={[
            {
              field: 'status',
              label: t('app.fields.status'),
              options: ADJUSTMENT_STATUSES.map((s) => ({ value: s, label: t(`app.money.status.${s}`) })),
              multiple: true,
            },
          ]}
          state={state}
          onStateChange={onStateChange}
        />
        {online ? (
          <span className={css({ ms: 'auto', color: 'fg.muted', fontSize: 'sm' })} aria-live="polite">
            {list.count === null ? t('app.common.loading') : t('app.money.adjustments.count', { count: list.count })}
          </span>
        ) : null}
      </div>
      {/* Offline the note above says it once; no rows are shown rather than an empty list that would mislead. */}
      {list.error && online ? (
        <p role="alert" className={css({ color: 'error' })}>
          {toApiError(list.error).message}{' '}
          <Button variant="outline" size="sm" onClick={() => setReload((n) => n + 1)}>
            {t('app.common.retry')}
          </Button>
        </p>
      ) : null}
      {online ? (
        <DataTable
          label={t('app.nav.adjustments')}
          columns={columns}
          count={list.count ?? 0}
          rowAt={list.rowAt}
          version={list.version}
          loaded={list.loaded}
          columnVisibility={{}}
          sortOf={sortOf}
          onSort={(field) => onStateChange({ ...state, sorts: toggleSort(state.sorts ?? sorts, field) })}
          selected={selected}
          onSelect={() => undefined}
          onRangeChange={list.ensureRange}
          loading={list.loading}
          empty={state.filters?.length ? t('app.list.noMatch') : t('app.list.empty')}
          stacked={(row) => <StackedAdjustment row={row} fourEyes={viewer.fourEyes} />}
          selectable={false}
          rowMenu={rowMenu}
        />
      ) : null}
      {entering ? (
        <AdjustmentEntryDialog
          onClose={() => setEntering(false)}
          onDone={() => {
            setEntering(false);
            setReload((n) => n + 1);
          }}
        />
      ) : null}
      {pending ? (
        <AdjustmentActionDialog
          row={pending.row}
          action={pending.action}
          onClose={() => setPending(null)}
          onDone={() => {
            showToast(t(`app.money.adjustments.done.${pending.action}`), 'success');
            setPending(null);
            setReload((n) => n + 1);
          }}
        />
      ) : null}
    </div>
  );
}

/** Complete or fail, confirmed with the lead (name and email), the amount and the direction; failing asks why. */
function AdjustmentActionDialog({
  row,
  action,
  onClose,
  onDone,
}: {
  row: EntityRecord;
  action: string;
  onClose: () => void;
  onDone: () => void;
}) {
  const { t } = useTranslation();
  const name = usePersonLabel(row.userId);
  const fail = action === 'fail';
  return (
    <ActionDialog
      title={t(`app.money.adjustments.confirm.${action}`)}
      what={t(`app.money.adjustments.what.${action}.${String(row.direction)}`, { amount: formatMoney(Number(row.amount ?? 0)), name })}
      confirmLabel={t(`app.money.actions.${action}`)}
      danger={fail}
      input={fail ? 'reason' : undefined}
      run={(reason) => runAdjustmentAction(row, action, fail ? reason : undefined)}
      onClose={onClose}
      onDone={onDone}
    />
  );
}
