import { useMemo, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import { css } from '../../../../styled-system/css';
import { DEPOSIT_STATUSES, WITHDRAWAL_STATUSES } from '../../../shared/constants.ts';
import { mayOn } from '../../../shared/access.ts';
import { isStaff } from '../../../shared/roles.ts';
import { useOnline } from '../../api/online-only.ts';
import { toApiError } from '../../api/http.ts';
import type { EntityRecord } from '../../data/entity-store.ts';
import { useStaff } from '../../data/use-lookup.ts';
import { useActionViewer } from '../../lists/allowed-actions.ts';
import { EntityList, type ListColumn } from '../../lists/entity-list.tsx';
import { ExportButtons } from '../../lists/export-buttons.tsx';
import { PersonCell } from '../../lists/person-cell.tsx';
import type { ListState } from '../../lists/list-state.ts';
import { QuickFilters } from '../../lists/quick-filters.tsx';
import { auth } from '../../state/auth.ts';
import { showToast } from '../../state/ui.ts';
import { Button } from '../../ui/button.tsx';
import type { MenuItem } from '../../ui/menu.tsx';
import { formatDateTime, formatMoney } from '../../i18n/format.ts';
import { MONEY_MACHINES, offeredActions, type MoneyEntity } from './money-actions.ts';
import { MoneyActionDialog } from './money-action-dialog.tsx';
import { MoneyRecordDetail } from './money-record-detail.tsx';
import { MoneyRowFacts } from './money-row-facts.tsx';
import { FourEyesOff, MoneyStatusCell } from './four-eyes-note.tsx';
import { MoneyEntryDialog } from './money-entry-dialog.tsx';
import { MoneyStatsPanel } from './money-stats-panel.tsx';
import { MoneyStatusBadge } from './status-badges.tsx';

const STATUSES = { deposit: DEPOSIT_STATUSES, withdrawal: WITHDRAWAL_STATUSES } as const;

/** A cell that opens the record: reads as a link. */
const openStyle = css({
  color: 'primary',
  textDecoration: 'underline',
  cursor: 'pointer',
  textAlign: 'start',
  _hover: { textDecoration: 'none' },
});

type Pending = { row: EntityRecord; action: string; done: () => void };

/** What a deposits or withdrawals screen takes: the list's state, and with `leadId` one lead's records (its page). */
export type MoneyScreenProps = {
  state: ListState;
  onStateChange: (next: ListState) => void;
  /** Only this lead's records, and entries made for this lead. */
  leadId?: string;
  /** After an action or an entry: balances shown beside the list are read again. */
  onMoneyMoved?: () => void;
};

/**
 * Deposits or withdrawals (DESIGN.md §13): the list kit with a status filter and stats; each row
 * offers only the actions its status allows for the reader's role, run online (never queued). Staff
 * allowed to create one enter it for a lead here; with `leadId` (the lead's page) the list holds that
 * lead's records only, without the desk's stats.
 */
export function MoneyListScreen({
  entity,
  state,
  onStateChange,
  columns: extra,
  actions,
  leadId,
  onMoneyMoved,
  approvalsNeeded,
}: MoneyScreenProps & {
  entity: MoneyEntity;
  /** Columns of this entity beside amount, status and date. */
  columns: readonly ListColumn[];
  /** The page's own buttons (deposit by card, request a withdrawal). */
  actions?: ReactNode;
  /** Withdrawals: the approvals a row needs (undefined while unknown), so Approve and Complete are offered only when accepted. */
  approvalsNeeded?: (row: EntityRecord) => number | undefined;
}) {
  const { t } = useTranslation();
  const me = useSnapshot(auth).user;
  const roles = me?.roles ?? [];
  const staff = isStaff(roles);
  const online = useOnline();
  const viewer = useActionViewer();
  const people = useStaff(staff);
  const [pending, setPending] = useState<Pending | null>(null);
  const [opened, setOpened] = useState<EntityRecord | null>(null);
  const [statsReload, setStatsReload] = useState(0);
  const [entering, setEntering] = useState(false);
  const [listVersion, setListVersion] = useState(0);
  const mayEnter = staff && mayOn(roles, entity, 'create');
  const baseFilters = useMemo(() => (leadId ? [{ field: 'userId', values: [leadId] }] : undefined), [leadId]);

  const columns = useMemo<ListColumn[]>(
    () => [
      // The date opens the record's details (who entered and decided it, its ledger entries): a button, so keyboards reach it too.
      {
        field: 'dateCreation',
        render: (value: unknown, row: EntityRecord) => (
          <button type="button" className={openStyle} onClick={() => setOpened(row)} data-testid="open-detail">
            {value ? formatDateTime(String(value)) : '—'}
          </button>
        ),
      },
      // Each row's lead read by id from the user store: named whatever the number of leads (CHECKLIST item 2).
      ...(staff && !leadId ? [{ field: 'userId', render: (value: unknown) => <PersonCell id={value} /> }] : []),
      { field: 'amount', render: (value) => <span data-testid="amount">{formatMoney(Number(value ?? 0))}</span> },
      {
        field: 'status',
        // Staff read whether four eyes holds it (DESIGN.md §6); a lead reads its status alone.
        render: (value, row) =>
          staff ? (
            <MoneyStatusCell entity={entity} machine={MONEY_MACHINES[entity]} row={row} fourEyes={viewer.fourEyes} nameOf={people.nameOf} />
          ) : (
            <MoneyStatusBadge entity={entity} status={value} />
          ),
      },
      ...extra,
    ],
    [staff, extra, entity, leadId, viewer.fourEyes, people],
  );

  const rowMenu = (row: EntityRecord, refresh: () => void): MenuItem[] => [
    ...offeredActions(entity, row, viewer, approvalsNeeded?.(row)).map((action) => ({
      value: action,
      label: online ? t(`app.money.actions.${action}`) : `${t(`app.money.actions.${action}`)} (${t('app.money.needsConnection')})`,
      disabled: !online,
      onSelect: () => setPending({ row, action, done: refresh }),
    })),
  ];

  /** A row on a phone: who (staff), the amount signed and coloured, the status and the date; a tap opens it. */
  const stackedRow = (row: EntityRecord) => (
    <MoneyRowFacts entity={entity} row={row} showLead={staff && !leadId} onOpen={() => setOpened(row)} />
  );

  function done() {
    if (!pending) return;
    showToast(t(`app.money.actionDone.${pending.action}`), 'success');
    pending.done();
    setStatsReload((n) => n + 1);
    onMoneyMoved?.();
    setPending(null);
  }

  return (
    <>
      <EntityList
        key={listVersion}
        entity={entity}
        baseFilters={baseFilters}
        title={t(`app.nav.${entity}s`)}
        columns={columns}
        state={state}
        onStateChange={onStateChange}
        canCreate={false}
        canDelete={() => false}
        canEdit={() => false}
        rowMenu={rowMenu}
        onRowOpen={setOpened}
        stackedRow={stackedRow}
        selectable={false}
        actions={
          <>
            {actions}
            {/* The list as its filters, search and sort show it (and only this lead's records on its page). */}
            <ExportButtons
              entity={entity}
              query={{ filters: [...(baseFilters ?? []), ...(state.filters ?? [])], sorts: state.sorts, q: state.q }}
            />
            {mayEnter ? (
              <Button variant="outline" onClick={() => setEntering(true)}>
                {t(`app.money.entry.${entity}.open`)}
              </Button>
            ) : null}
          </>
        }
        toolbar={
          <>
            {staff && !viewer.fourEyes ? <FourEyesOff /> : null}
            {leadId ? null : <MoneyStatsPanel entity={entity} reload={statsReload} />}
            <QuickFilters
              filters={[
                {
                  field: 'status',
                  label: t('app.fields.status'),
                  options: STATUSES[entity].map((s) => ({ value: s, label: t(`app.money.status.${s}`) })),
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
        <MoneyEntryDialog
          entity={entity}
          leadId={leadId}
          onClose={() => setEntering(false)}
          onDone={() => {
            setEntering(false);
            setListVersion((n) => n + 1);
            setStatsReload((n) => n + 1);
            onMoneyMoved?.();
          }}
        />
      ) : null}
      {opened ? <MoneyRecordDetail entity={entity} record={opened} onClose={() => setOpened(null)} /> : null}
      {pending ? (
        <MoneyActionDialog
          entity={entity}
          row={pending.row}
          action={pending.action}
          onClose={() => setPending(null)}
          onDone={done}
          onFailed={(cause) => showToast(t('app.money.actionFailed', { error: toApiError(cause).message }), 'error')}
        />
      ) : null}
    </>
  );
}
