import { useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { columnVisibilityFeature, tableFeatures, useTable, type ColumnDef } from '@tanstack/react-table';
import { useVirtualizer } from '@tanstack/react-virtual';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import { ui } from '../state/ui.ts';
import { css, cx } from '../../../styled-system/css';
import { Checkbox } from './checkbox.tsx';
import { buttonRecipe } from './button.tsx';
import { AnchoredMenu, type MenuItem } from './menu.tsx';
import { Icon } from './icons.tsx';
import { useNarrow } from './use-narrow.ts';

export const tableFeatureSet = tableFeatures({ columnVisibilityFeature });
export type Row = { id: string } & Record<string, unknown>;
/** One line of the table; `record` is null while its page has not arrived yet. */
export type Slot<T extends Row> = { index: number; record: T | null };
/** A column of the data table, reading from a slot. */
export type TableColumn<T extends Row> = ColumnDef<typeof tableFeatureSet, Slot<T>, unknown> & { id: string };

export type SortDirection = 'asc' | 'desc' | false;

export type DataTableProps<T extends Row> = {
  label: string;
  columns: TableColumn<T>[];
  /** Total rows; only those in view are ever built. */
  count: number;
  rowAt: (index: number) => T | null;
  /** Bumped when rows arrive. */
  version: number;
  /** The rows loaded so far, for "select all". */
  loaded: () => T[];
  columnVisibility: Record<string, boolean>;
  sortOf: (columnId: string) => SortDirection | null;
  onSort: (columnId: string) => void;
  selected: ReadonlySet<string>;
  onSelect: (ids: string[], selected: boolean) => void;
  onRangeChange: (start: number, end: number) => void;
  onRowOpen?: (row: T) => void;
  /** Actions of a row, shown in one shared menu (a menu per row would cost every scroll). */
  rowMenu?: (row: T) => MenuItem[];
  empty: ReactNode;
  loading: boolean;
  /**
   * A row's key facts as one stacked card, shown instead of the columns on a narrow screen (a phone):
   * nothing important sits off to the right (CHECKLIST item 4). Left out, the columns stay.
   */
  stacked?: (row: T) => ReactNode;
  /** Rows can be ticked for bulk actions (default); false leaves the checkboxes out (nothing to do with them). */
  selectable?: boolean;
  /** The scroll region's largest height (default: the viewport less the page's header and tools); a short list is only as tall as its rows. */
  maxHeight?: string;
};

const ROW_HEIGHT = { normal: 44, compact: 32 };
/** A stacked row: two lines of facts and their padding. */
const STACKED_HEIGHT = 68;

const rowCheckStyle = css({ w: '4.5', h: '4.5', accentColor: 'var(--bd-primary)', cursor: 'pointer' });

const cellStyle = css({
  px: '3',
  display: 'flex',
  alignItems: 'center',
  minW: '0',
  overflow: 'hidden',
  textOverflow: 'ellipsis',
  whiteSpace: 'nowrap',
  fontSize: 'sm',
});
const titleOf = (value: unknown) => (typeof value === 'string' || typeof value === 'number' ? String(value) : undefined);

/** The first cell: the row's checkbox, and the mark of a change not sent yet. */
/** The row actions' cell: wide enough for its button whole (at 3rem with the cells' padding it lost 9 px). */
const menuCellStyle = css({ px: '1', display: 'flex', alignItems: 'center', justifyContent: 'center', minW: '0' });
const firstCellStyle = css({ px: '2', gap: '1', display: 'flex', alignItems: 'center', minW: '0', overflow: 'hidden', fontSize: 'sm' });

/**
 * A virtualised table: only the rows in view exist in the DOM, so 100,000 rows scroll like 100.
 * Semantic table elements laid out as a grid keep screen readers and axe happy.
 */
export function DataTable<T extends Row>(props: DataTableProps<T>) {
  const { t } = useTranslation();
  const { count, rowAt, version, columns, columnVisibility, selected } = props;
  const scrollRef = useRef<HTMLDivElement>(null);
  const { compact } = useSnapshot(ui);
  const [menu, setMenu] = useState<{ record: T; anchor: { rect: DOMRect; returnFocus: HTMLElement } } | null>(null);
  const narrow = useNarrow();
  const stacked = narrow ? props.stacked : undefined;
  const selectable = props.selectable !== false;
  const headHeight = compact ? ROW_HEIGHT.compact : ROW_HEIGHT.normal;
  const rowHeight = stacked ? STACKED_HEIGHT : headHeight;
  const virtualizer = useVirtualizer({
    count,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => rowHeight,
    overscan: 10,
  });
  useEffect(() => virtualizer.measure(), [rowHeight, virtualizer]);
  const items = virtualizer.getVirtualItems();
  const first = items[0]?.index ?? 0;
  const last = items[items.length - 1]?.index ?? -1;
  // The table model is built for the rows in view only: its cost does not grow with the list.
  const slots = useMemo(
    () => Array.from({ length: last - first + 1 }, (_, i): Slot<T> => ({ index: first + i, record: rowAt(first + i) })),
    // eslint-disable-next-line react-hooks/exhaustive-deps -- version stands for the rows' content
    [first, last, version, rowAt],
  );
  const table = useTable({
    features: tableFeatureSet,
    columns,
    data: slots,
    getRowId: (slot) => slot.record?.id ?? `pending-${slot.index}`,
    state: { columnVisibility },
  });
  const modelRows = table.getRowModel().rows;
  const { onRangeChange } = props;
  useEffect(() => {
    if (count) onRangeChange(first, last);
  }, [first, last, count, onRangeChange]);

  const visibleColumns = table.getVisibleLeafColumns();
  // Row actions come right after the checkbox: visible at any width, never scrolled off to the right.
  const cells = stacked ? 'minmax(0, 1fr)' : visibleColumns.map(() => 'minmax(8rem, 1fr)').join(' ');
  const leadColumn = selectable ? '3.25rem' : '1.5rem';
  const menuColumn = props.rowMenu ? ' 3.5rem' : '';
  // On a phone the row menu sits at the end, by the thumb: a row with nothing to do leaves no gap before its facts.
  const template = stacked ? `${leadColumn} ${cells}${menuColumn}` : `${leadColumn}${menuColumn} ${cells}`;
  const menuOrder = stacked ? { order: 1 } : undefined;
  const { loaded } = props;
  const loadedIds = useMemo(() => loaded().map((row) => row.id), [loaded]);
  const allSelected = loadedIds.length > 0 && loadedIds.every((id) => selected.has(id));
  const someSelected = loadedIds.some((id) => selected.has(id));

  return (
    <div
      ref={scrollRef}
      className={css({
        overflow: 'auto',
        borderWidth: '1px',
        borderColor: 'border',
        borderRadius: 'lg',
        bg: 'surface',
        position: 'relative',
      })}
      style={{ maxHeight: props.maxHeight ?? 'calc(100dvh - 16rem)', minHeight: '10rem' }}
      tabIndex={0}
      aria-label={props.label}
      role="region"
    >
      <table aria-label={props.label} aria-rowcount={count + 1} className={css({ display: 'grid', minW: 'full' })}>
        <thead
          className={css({
            display: 'grid',
            position: 'sticky',
            top: '0',
            zIndex: 1,
            bg: 'subtle',
            borderBottomWidth: '1px',
            borderColor: 'border',
          })}
        >
          {table.getHeaderGroups().map((group) => (
            <tr
              key={group.id}
              aria-rowindex={1}
              className={css({ display: 'grid' })}
              style={{ gridTemplateColumns: template, height: headHeight }}
            >
              <th className={firstCellStyle} scope="col">
                {selectable ? (
                  <Checkbox
                    checked={allSelected ? true : someSelected ? 'indeterminate' : false}
                    onChange={(checked) => props.onSelect(loadedIds, checked)}
                    hideLabel
                  >
                    {t('app.list.selectAll')}
                  </Checkbox>
                ) : (
                  <span className={css({ srOnly: true })}>{t('app.sync.pendingRow')}</span>
                )}
              </th>
              {props.rowMenu ? (
                <th className={menuCellStyle} scope="col" style={menuOrder}>
                  <span className={css({ srOnly: true })}>{t('app.list.actions')}</span>
                </th>
              ) : null}
              {stacked ? (
                <th scope="col" className={cx(cellStyle, css({ fontWeight: 'semibold', color: 'fg' }))}>
                  {props.label}
                </th>
              ) : null}
              {(stacked ? [] : group.headers).map((header) => {
                const direction = props.sortOf(header.column.id);
                return (
                  <th
                    key={header.id}
                    scope="col"
                    aria-sort={direction === 'asc' ? 'ascending' : direction === 'desc' ? 'descending' : undefined}
                    className={cx(cellStyle, css({ fontWeight: 'semibold', color: 'fg' }))}
                  >
                    {direction === null ? (
                      <table.FlexRender header={header} />
                    ) : (
                      <button
                        type="button"
                        onClick={() => props.onSort(header.column.id)}
                        className={css({
                          display: 'inline-flex',
                          gap: '1',
                          alignItems: 'center',
                          cursor: 'pointer',
                          fontWeight: 'semibold',
                          _hover: { color: 'primary' },
                        })}
                      >
                        <table.FlexRender header={header} />
                        <Icon name={direction === 'asc' ? 'sortAsc' : direction === 'desc' ? 'sortDesc' : 'sortNone'} size={14} />
                      </button>
                    )}
                  </th>
                );
              })}
            </tr>
          ))}
        </thead>
        <tbody className={css({ display: 'grid', position: 'relative' })} style={{ height: virtualizer.getTotalSize() }}>
          {items.map((item, position) => {
            const row = modelRows[position];
            if (!row) return null;
            const record = row.original.record;
            // Rows with a change not sent yet (offline store): marked, so nobody takes them for saved.
            const pending = record?._pending === true;
            return (
              <tr
                key={row.id}
                aria-rowindex={item.index + 2}
                data-index={item.index}
                aria-selected={record ? selected.has(record.id) : undefined}
                data-pending={pending || undefined}
                className={css({
                  display: 'grid',
                  position: 'absolute',
                  w: 'full',
                  borderBottomWidth: '1px',
                  borderColor: 'border',
                  _hover: { bg: 'subtle' },
                  '&[aria-selected=true]': { bg: 'primary.subtle' },
                  '&[data-pending]': { boxShadow: 'inset 3px 0 0 token(colors.warning)' },
                })}
                style={{ gridTemplateColumns: template, height: item.size, transform: `translateY(${item.start}px)` }}
                onDoubleClick={() => record && props.onRowOpen?.(record)}
              >
                <td className={firstCellStyle}>
                  {record && selectable ? (
                    // A native checkbox: thousands of rows scroll past, each must mount cheaply.
                    <input
                      type="checkbox"
                      className={rowCheckStyle}
                      checked={selected.has(record.id)}
                      onChange={(event) => props.onSelect([record.id], event.target.checked)}
                      aria-label={t('app.list.selectRow', { index: item.index + 1 })}
                    />
                  ) : null}
                  {pending ? (
                    <span
                      role="img"
                      aria-label={t('app.sync.pendingRow')}
                      title={t('app.sync.pendingRow')}
                      data-testid="pending-mark"
                      className={css({ display: 'inline-flex', color: 'warning' })}
                    >
                      <Icon name="clock" size={14} />
                    </span>
                  ) : null}
                </td>
                {props.rowMenu ? (
                  <td className={menuCellStyle} style={menuOrder}>
                    {/* A row with nothing its reader may do offers no menu (never an empty one). */}
                    {record && props.rowMenu(record).length ? (
                      <button
                        type="button"
                        className={buttonRecipe({ variant: 'ghost', size: 'sm' })}
                        aria-label={t('app.list.rowActions')}
                        aria-haspopup="menu"
                        aria-expanded={menu?.record.id === record.id}
                        onClick={(event) =>
                          setMenu({
                            record,
                            anchor: { rect: event.currentTarget.getBoundingClientRect(), returnFocus: event.currentTarget },
                          })
                        }
                      >
                        <Icon name="dots" />
                      </button>
                    ) : null}
                  </td>
                ) : null}
                {stacked ? (
                  <td className={cx(cellStyle, css({ whiteSpace: 'normal', py: '1.5' }))} data-testid="stacked-row">
                    {record ? (
                      stacked(record)
                    ) : (
                      <span aria-hidden className={css({ h: '3', w: '60%', bg: 'subtle', borderRadius: 'sm' })} />
                    )}
                  </td>
                ) : null}
                {(stacked ? [] : row.getVisibleCells()).map((cell) => (
                  // A value cut by the ellipsis shows whole on hover.
                  <td key={cell.id} className={cellStyle} title={titleOf(cell.getValue())}>
                    {record ? (
                      <table.FlexRender cell={cell} />
                    ) : (
                      <span aria-hidden className={css({ h: '3', w: '60%', bg: 'subtle', borderRadius: 'sm' })} />
                    )}
                  </td>
                ))}
              </tr>
            );
          })}
        </tbody>
      </table>
      {menu && props.rowMenu ? (
        <AnchoredMenu
          anchor={menu.anchor}
          items={props.rowMenu(menu.record)}
          onClose={() => setMenu(null)}
          label={t('app.list.rowActions')}
        />
      ) : null}
      {count === 0 ? (
        <div className={css({ p: 'pad', textAlign: 'center', color: 'fg.muted' })}>
          {props.loading ? t('app.common.loading') : props.empty}
        </div>
      ) : null}
    </div>
  );
}
