import { useEffect, useMemo, useRef, type ReactNode } from 'react';
import { columnVisibilityFeature, tableFeatures, useTable, type ColumnDef } from '@tanstack/react-table';
import { useVirtualizer } from '@tanstack/react-virtual';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import { ui } from '../state/ui.ts';
import { css, cx } from '../../../styled-system/css';
import { Checkbox } from './checkbox.tsx';
import { Icon } from './icons.tsx';

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
  rows: (T | null)[];
  columnVisibility: Record<string, boolean>;
  sortOf: (columnId: string) => SortDirection | null;
  onSort: (columnId: string) => void;
  selected: ReadonlySet<string>;
  onSelect: (ids: string[], selected: boolean) => void;
  onRangeChange: (start: number, end: number) => void;
  onRowOpen?: (row: T) => void;
  rowActions?: (row: T) => ReactNode;
  empty: ReactNode;
  loading: boolean;
  height?: string;
};

const ROW_HEIGHT = { normal: 44, compact: 32 };

const cellStyle = css({ px: '3', display: 'flex', alignItems: 'center', minW: '0', overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap', fontSize: 'sm' });

/**
 * A virtualised table: only the rows in view exist in the DOM, so 100,000 rows scroll like 100.
 * Semantic table elements laid out as a grid keep screen readers and axe happy.
 */
export function DataTable<T extends Row>(props: DataTableProps<T>) {
  const { t } = useTranslation();
  const { rows, columns, columnVisibility, selected } = props;
  const slots = useMemo(() => rows.map((record, index): Slot<T> => ({ index, record })), [rows]);
  const table = useTable({
    features: tableFeatureSet,
    columns,
    data: slots,
    getRowId: (slot) => slot.record?.id ?? `pending-${slot.index}`,
    state: { columnVisibility },
  });
  const scrollRef = useRef<HTMLDivElement>(null);
  const { compact } = useSnapshot(ui);
  const rowHeight = compact ? ROW_HEIGHT.compact : ROW_HEIGHT.normal;
  const modelRows = table.getRowModel().rows;
  const virtualizer = useVirtualizer({
    count: modelRows.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => rowHeight,
    overscan: 10,
  });
  const items = virtualizer.getVirtualItems();
  const first = items[0]?.index ?? 0;
  const last = items[items.length - 1]?.index ?? 0;
  const { onRangeChange } = props;
  useEffect(() => {
    if (modelRows.length) onRangeChange(first, last);
  }, [first, last, modelRows.length, onRangeChange]);

  const visibleColumns = table.getVisibleLeafColumns();
  const template = `2.75rem ${visibleColumns.map(() => 'minmax(8rem, 1fr)').join(' ')}${props.rowActions ? ' 6rem' : ''}`;
  const loadedIds = rows.filter((r): r is T => r !== null).map((r) => r.id);
  const allSelected = loadedIds.length > 0 && loadedIds.every((id) => selected.has(id));
  const someSelected = loadedIds.some((id) => selected.has(id));

  return (
    <div
      ref={scrollRef}
      className={css({ overflow: 'auto', borderWidth: '1px', borderColor: 'border', borderRadius: 'lg', bg: 'surface', position: 'relative' })}
      style={{ height: props.height ?? 'calc(100dvh - 16rem)', minHeight: '16rem' }}
      tabIndex={0}
      aria-label={props.label}
      role="region"
    >
      <table aria-label={props.label} aria-rowcount={rows.length + 1} className={css({ display: 'grid', minW: 'full' })}>
        <thead className={css({ display: 'grid', position: 'sticky', top: '0', zIndex: 1, bg: 'subtle', borderBottomWidth: '1px', borderColor: 'border' })}>
          {table.getHeaderGroups().map((group) => (
            <tr key={group.id} aria-rowindex={1} className={css({ display: 'grid' })} style={{ gridTemplateColumns: template, height: rowHeight }}>
              <th className={cellStyle} scope="col">
                <Checkbox checked={allSelected ? true : someSelected ? 'indeterminate' : false} onChange={(checked) => props.onSelect(loadedIds, checked)} hideLabel>
                  {t('app.list.selectAll')}
                </Checkbox>
              </th>
              {group.headers.map((header) => {
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
                        className={css({ display: 'inline-flex', gap: '1', alignItems: 'center', cursor: 'pointer', fontWeight: 'semibold', _hover: { color: 'primary' } })}
                      >
                        <table.FlexRender header={header} />
                        <Icon name={direction === 'asc' ? 'sortAsc' : direction === 'desc' ? 'sortDesc' : 'sortNone'} size={14} />
                      </button>
                    )}
                  </th>
                );
              })}
              {props.rowActions ? (
                <th className={cellStyle} scope="col">
                  <span className={css({ srOnly: true })}>{t('app.list.actions')}</span>
                </th>
              ) : null}
            </tr>
          ))}
        </thead>
        <tbody className={css({ display: 'grid', position: 'relative' })} style={{ height: virtualizer.getTotalSize() }}>
          {items.map((item) => {
            const row = modelRows[item.index];
            if (!row) return null;
            const record = row.original.record;
            return (
              <tr
                key={row.id}
                aria-rowindex={item.index + 2}
                data-index={item.index}
                aria-selected={record ? selected.has(record.id) : undefined}
                className={css({
                  display: 'grid',
                  position: 'absolute',
                  w: 'full',
                  borderBottomWidth: '1px',
                  borderColor: 'border',
                  _hover: { bg: 'subtle' },
                  '&[aria-selected=true]': { bg: 'primary.subtle' },
                })}
                style={{ gridTemplateColumns: template, height: item.size, transform: `translateY(${item.start}px)` }}
                onDoubleClick={() => record && props.onRowOpen?.(record)}
              >
                <td className={cellStyle}>
                  {record ? (
                    <Checkbox checked={selected.has(record.id)} onChange={(checked) => props.onSelect([record.id], checked)} hideLabel>
                      {t('app.list.selectRow', { index: item.index + 1 })}
                    </Checkbox>
                  ) : null}
                </td>
                {row.getVisibleCells().map((cell) => (
                  <td key={cell.id} className={cellStyle}>
                    {record ? <table.FlexRender cell={cell} /> : <span aria-hidden className={css({ h: '3', w: '60%', bg: 'subtle', borderRadius: 'sm' })} />}
                  </td>
                ))}
                {props.rowActions ? <td className={cellStyle}>{record ? props.rowActions(record) : null}</td> : null}
              </tr>
            );
          })}
        </tbody>
      </table>
      {rows.length === 0 ? (
        <div className={css({ p: 'pad', textAlign: 'center', color: 'fg.muted' })}>{props.loading ? t('app.common.loading') : props.empty}</div>
      ) : null}
    </div>
  );
}
