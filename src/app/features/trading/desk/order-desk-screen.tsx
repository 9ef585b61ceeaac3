import { useMemo, useState, type ComponentType } from 'react';
import { useTranslation } from 'react-i18next';
import { css } from '../../../../../styled-system/css';
import { ORDER_MARKETS, ORDER_TYPES } from '../../../../shared/constants.ts';
import { orderMachine } from '../../../../shared/lifecycle/machines.ts';
import { SYMBOLS } from '../../../../shared/trading/symbols.ts';
import { useOnline } from '../../../api/online-only.ts';
import type { EntityRecord } from '../../../data/entity-store.ts';
import { formatDateTime, formatMoney, formatNumber } from '../../../i18n/format.ts';
import { useActionViewer } from '../../../lists/allowed-actions.ts';
import { DateRangeFilter } from '../../../lists/date-range-filter.tsx';
import { EntityList, type ListColumn } from '../../../lists/entity-list.tsx';
import { RowOpenButton } from '../../../lists/row-open-button.tsx';
import { ExportButtons } from '../../../lists/export-buttons.tsx';
import type { ListState } from '../../../lists/list-state.ts';
import { PersonCell, usePersonLabel } from '../../../lists/person-cell.tsx';
import { QuickFilters } from '../../../lists/quick-filters.tsx';
import { withQuickValue, quickValue } from '../../../lists/quick-filter-state.ts';
import { showToast } from '../../../state/ui.ts';
import type { MenuItem } from '../../../ui/menu.tsx';
import { OfflineNote } from '../../../ui/offline-note.tsx';
import { priceText } from '../api/order-view.ts';
import { CloseOrderDialog } from './close-order-dialog.tsx';
import { ConfirmCloseDialog, requestedProfitOf } from './confirm-close-dialog.tsx';
import { deskActions, waitsForConfirmation, type DeskAction } from './desk-orders.ts';
import { OrderStatusCell, ProfitCell } from './order-cells.tsx';
import { OrderDetail } from './order-detail.tsx';
import { MarketCloseDialog } from './market-close-dialog.tsx';
import { OrderRowFacts, useOrderSummary } from './order-row-facts.tsx';
import { OrderStatsPanel } from './order-stats-panel.tsx';

/** The money feature's lead picker, handed in by the route (a feature never reaches into another's files). */
export type LeadPickerProps = {
  label: string;
  value: string | undefined;
  onChange: (leadId: string | undefined) => void;
  name?: string;
};

type Pending = { row: EntityRecord; action: DeskAction; done: () => void };

/** The statuses a person filters on: open, closed, and what the machine adds (a close waiting for a second person). */
const STATUSES = orderMachine.states;

/**
 * The order desk (DESIGN.md §11, §13): every order in the reader's scope on the list kit, with filters
 * (symbol, market, status, the lead searched by name, the days it opened), the lead by name at any
 * size, stacked rows on a phone, the statistics of GET /order/stats with their period, an export of
 * what the filters show; each row offers only what the machine and four eyes allow: close with a
 * chosen profit, or confirm or cancel a close another staff member asked for. All of it online only
 * and said so. With `leadId` (the lead's page) one lead's orders, without the stats.
 */
export function OrderDeskScreen({
  state,
  onStateChange,
  leadId,
  LeadPicker,
}: {
  state: ListState;
  onStateChange: (next: ListState) => void;
  leadId?: string;
  LeadPicker?: ComponentType<LeadPickerProps>;
}) {
  const { t } = useTranslation();
  const viewer = useActionViewer();
  const online = useOnline();
  const summary = useOrderSummary();
  const [pending, setPending] = useState<Pending | null>(null);
  const [opened, setOpened] = useState<EntityRecord | null>(null);
  const [statsReload, setStatsReload] = useState(0);
  const pendingLead = usePersonLabel(pending?.row.userId);
  const baseFilters = useMemo(() => (leadId ? [{ field: 'userId', values: [leadId] }] : undefined), [leadId]);
  const showLead = !leadId;

  const columns = useMemo<ListColumn[]>(
    () => [
      // The date opens the order's details (who opened and closed it, why): a button, so keyboards reach it too.
      {
        field: 'dateCreation',
        render: (value, row) => (
          <RowOpenButton onOpen={() => setOpened(row)} testId="open-order">
            {value ? formatDateTime(String(value)) : '—'}
          </RowOpenButton>
        ),
      },
      ...(showLead ? [{ field: 'userId', render: (value: unknown) => <PersonCell id={value} /> }] : []),
      { field: 'symbol', render: (value, row) => <span title={summary(row)}>{String(value ?? '')}</span> },
      { field: 'type', render: (value) => t(`app.desk.type.${String(value)}`) },
      { field: 'status', render: (_value, row) => <OrderStatusCell row={row} /> },
      {
        field: 'profit',
        render: (value, row) => (
          <ProfitCell
            value={value}
            title={row.closePrice ? t('app.desk.row.closedAt', { price: priceText(row.closePrice, String(row.symbol)) }) : undefined}
          />
        ),
      },
      {
        field: 'quantity',
        render: (value, row) =>
          row.market === 'binary_options'
            ? formatMoney(Number(value ?? 0))
            : t('app.desk.row.lots', { quantity: formatNumber(Number(value ?? 0)), leverage: row.leverage }),
      },
      { field: 'openPrice', render: (value, row) => priceText(value, String(row.symbol)) || '—' },
      // Shown from the Columns menu: the market is in the filters, the close price in the profit's title.
      { field: 'market', hidden: true, render: (value) => t(`app.desk.market.${String(value ?? 'forex')}`) },
      { field: 'closePrice', hidden: true, render: (value, row) => priceText(value, String(row.symbol)) || '—' },
    ],
    [t, showLead, summary],
  );

  const rowMenu = (row: EntityRecord, refresh: () => void): MenuItem[] =>
    deskActions(row, viewer).map((action) => ({
      value: action,
      label: online ? t(`app.desk.actions.${action}`) : `${t(`app.desk.actions.${action}`)} (${t('app.desk.actions.needsConnection')})`,
      disabled: !online,
      onSelect: () => setPending({ row, action, done: refresh }),
    }));

  function finished(message: string) {
    showToast(message, 'success');
    pending?.done();
    setStatsReload((n) => n + 1);
    setPending(null);
  }

  const leadFilter = quickValue(state.filters, 'userId')[0];
  const exportQuery = { filters: [...(baseFilters ?? []), ...(state.filters ?? [])], sorts: state.sorts, q: state.q };
  return (
    <>
      <EntityList
        entity="order"
        baseFilters={baseFilters}
        title={leadId ? t('app.desk.tab') : t('app.desk.title')}
        columns={columns}
        state={state}
        onStateChange={onStateChange}
        canCreate={false}
        canDelete={() => false}
        canEdit={() => false}
        selectable={false}
        rowMenu={rowMenu}
        onRowOpen={setOpened}
        stackedRow={(row) => <OrderRowFacts row={row} showLead={showLead} />}
        actions={<ExportButtons entity="order" query={exportQuery} />}
        toolbar={
          <div className={css({ display: 'flex', flexDir: 'column', gap: '3' })}>
            <OfflineNote text={t('app.desk.offline')} />
            {leadId ? null : <OrderStatsPanel reload={statsReload} />}
            <QuickFilters
              filters={[
                {
                  field: 'symbol',
                  label: t('app.entities.order.fields.symbol'),
                  options: SYMBOLS.map((s) => ({ value: s.symbol, label: s.symbol })),
                  multiple: true,
                },
                {
                  field: 'market',
                  label: t('app.entities.order.fields.market'),
                  options: ORDER_MARKETS.map((m) => ({ value: m, label: t(`app.desk.market.${m}`) })),
                  multiple: true,
                },
                {
                  field: 'status',
                  label: t('app.fields.status'),
                  options: STATUSES.map((s) => ({ value: s, label: t(`app.desk.status.${s}`) })),
                  multiple: true,
                },
                {
                  field: 'type',
                  label: t('app.entities.order.fields.type'),
                  options: ORDER_TYPES.map((s) => ({ value: s, label: t(`app.desk.type.${s}`) })),
                  multiple: true,
                },
              ]}
              state={state}
              onStateChange={onStateChange}
            />
            <div
              className={css({
                display: 'grid',
                gap: '2',
                gridTemplateColumns: {
                  base: 'minmax(0, 1fr)',
                  md: LeadPicker && showLead ? 'minmax(0, 1fr) minmax(0, 2fr)' : 'minmax(0, 1fr)',
                },
                alignItems: 'end',
              })}
            >
              {LeadPicker && showLead ? (
                <div data-testid="lead-filter">
                  <LeadPicker
                    label={t('app.desk.filters.lead')}
                    name="lead-filter"
                    value={leadFilter}
                    onChange={(id) => onStateChange(withQuickValue(state, 'userId', id ? [id] : []))}
                  />
                </div>
              ) : null}
              <DateRangeFilter
                field="dateCreation"
                labels={{ from: t('app.desk.filters.from'), to: t('app.desk.filters.to') }}
                state={state}
                onStateChange={onStateChange}
              />
            </div>
          </div>
        }
      />
      {opened ? <OrderDetail row={opened} onClose={() => setOpened(null)} /> : null}
      {pending?.action === 'close' ? (
        <CloseOrderDialog
          row={pending.row}
          onClose={() => setPending(null)}
          onDone={(answer, cents) =>
            finished(
              waitsForConfirmation(answer)
                ? t('app.desk.close.requested', { amount: formatMoney(cents / 100) })
                : t('app.desk.close.closed', { name: pendingLead, symbol: String(answer.symbol ?? ''), amount: formatMoney(cents / 100) }),
            )
          }
        />
      ) : pending?.action === 'close-market' ? (
        <MarketCloseDialog
          row={pending.row}
          onClose={() => setPending(null)}
          onDone={(answer) =>
            finished(
              t('app.desk.close.closed', {
                name: pendingLead,
                symbol: String(answer.symbol ?? ''),
                amount: formatMoney(Number(answer.profit ?? 0)),
              }),
            )
          }
        />
      ) : pending ? (
        <ConfirmCloseDialog
          row={pending.row}
          action={pending.action}
          onClose={() => setPending(null)}
          onDone={() =>
            finished(
              t(pending.action === 'confirm-close' ? 'app.desk.confirmClose.done' : 'app.desk.cancelClose.done', {
                amount: formatMoney(requestedProfitOf(pending.row)),
                name: pendingLead,
              }),
            )
          }
        />
      ) : null}
    </>
  );
}
