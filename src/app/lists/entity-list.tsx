import { useCallback, useEffect, useMemo, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import type { z } from 'zod';
import { css } from '../../../styled-system/css';
import { mayOn, type CrudAction } from '../../shared/access.ts';
import { ENTITIES, type EntityName } from '../../shared/entities/index.ts';
import { FILTER_OPERATORS, type Filter } from '../../shared/list-params.ts';
import { isQueued, type EntityRecord } from '../data/entity-store.ts';
import { entityStore } from '../data/stores.ts';
import type { ApiError } from '../api/http.ts';
import { EntityFormDialog, pickFormValues } from '../forms/entity-form-dialog.tsx';
import { translateIssues } from '../forms/issues.ts';
import { useFieldLabel } from '../forms/form-fields.tsx';
import { auth } from '../state/auth.ts';
import { runOp } from '../state/ops.ts';
import { showToast } from '../state/ui.ts';
import { Badge } from '../ui/badge.tsx';
import { Button } from '../ui/button.tsx';
import { PageHeader } from '../ui/card.tsx';
import { Checkbox } from '../ui/checkbox.tsx';
import { DataTable, type Slot, type TableColumn } from '../ui/data-table.tsx';
import { ConfirmDialog, Dialog } from '../ui/dialog.tsx';
import { Input } from '../ui/input.tsx';
import { Menu, type MenuItem } from '../ui/menu.tsx';
import { Popover } from '../ui/popover.tsx';
import { renderCell, type CellKind } from './cells.tsx';
import { FilterEditor, type FilterField } from './filter-editor.tsx';
import { JsonBatchDialog } from './json-batch-dialog.tsx';
import type { ListState } from './list-state.ts';
import { parseListState, toggleSort } from './list-state.ts';
import { deleteView, saveView, savedViews, viewsOf } from './saved-views.ts';
import { useSparseRows } from './use-sparse-rows.ts';
import { BlockedDeleteDialog } from './blocked-delete-dialog.tsx';
import { blockedOf, runBulkOnline, selectionBody, type ListSelection } from './bulk-selection.ts';
import { isOnline } from '../api/online-only.ts';
import { offline } from '../offline/offline-state.ts';

export type ListColumn = {
  field: string;
  kind?: CellKind;
  hidden?: boolean;
  /** A cell of its own (e.g. a link to the record's page, a name instead of an id). */
  render?: (value: unknown, record: EntityRecord) => ReactNode;
};

/** What a screen's own add/edit dialog receives (`record` null = add). */
export type ListFormProps = { record: EntityRecord | null; onClose: () => void; onSaved: () => void };

export type EntityListProps = {
  entity: EntityName;
  title: string;
  columns: readonly ListColumn[];
  state: ListState;
  onStateChange: (next: ListState) => void;
  /** Add / edit forms; left out, the list is read-only. */
  form?: { fields?: readonly string[]; editFields?: readonly string[] };
  /** Filters always applied (e.g. leads = users with the lead role); not shown, not in the URL. */
  baseFilters?: Filter[];
  /** Extra row menu entries (e.g. connect as, reset password); `refresh` reloads the list. */
  rowMenu?: (row: EntityRecord, refresh: () => void) => MenuItem[];
  /** Offer "add many" from a JSON array, with this example. */
  jsonExample?: string;
  /** Completes each pasted item before it is sent (e.g. the lead role). */
  prepareBatch?: (items: Record<string, unknown>[]) => Record<string, unknown>[];
  /** The screen's own add/edit dialog, instead of the schema-driven one. */
  renderForm?: (props: ListFormProps) => ReactNode;
  /** Narrows "add" further than the access table (e.g. staff accounts: admins only). */
  canCreate?: boolean;
  /** Whether a row may be edited (default: yes). */
  canEdit?: (row: EntityRecord) => boolean;
  /** Whether a row may be deleted (default: yes); the screens hide what the server refuses (DESIGN.md §5). */
  canDelete?: (row: EntityRecord) => boolean;
  /** Extra buttons in the page header (e.g. import). */
  actions?: ReactNode;
  /**
   * The fields a person filters this list on, with pickers for references (campaign, staff). Left out:
   * the entity's filterable fields, less the record's id and version and what `baseFilters` fixes.
   */
  filterFields?: readonly FilterField[];
  /** Extra controls under the toolbar (e.g. quick filters). */
  toolbar?: ReactNode;
  /** Extra actions on the selection (ticked rows, or all matching); `done` clears it and reloads the list. */
  bulkActions?: (selection: ListSelection, done: () => void) => ReactNode;
  /** The screen's own delete confirmation (a staff member's leads must go somewhere); the plain one otherwise. */
  renderDelete?: (props: { selection: ListSelection; onClose: () => void; onDone: () => void }) => ReactNode;
  /** Opening a row (double click); the edit dialog by default. */
  onRowOpen?: (row: EntityRecord) => void;
  /**
   * The row's key facts (amount, status, date, who) as one stacked card on a phone, declared once per
   * list; left out, a phone scrolls the columns sideways.
   */
  stackedRow?: (row: EntityRecord) => ReactNode;
  /** False when the reader can do nothing with ticked rows (a lead's own money): no checkboxes. */
  selectable?: boolean;
};

type Editing = { mode: 'create' } | { mode: 'edit'; record: EntityRecord } | null;

/** Every row counts as ticked while "all matching" is chosen, loaded or not. */
class EveryId extends Set<string> {
  override has(): boolean {
    return true;
  }
}
const EVERY_ID: ReadonlySet<string> = new EveryId();

/** The list mechanism of every entity screen: search, filters, sorts, columns, views, selection, forms. */
export function EntityList(props: EntityListProps) {
  const { t, i18n } = useTranslation();
  const { entity, onStateChange } = props;
  const me = useSnapshot(auth).user;
  // The first sync is still filling the mirror: an empty list says the rest is on its way, not "nothing".
  const firstSync = Boolean(useSnapshot(offline).status?.progress);
  const roles = me?.roles ?? [];
  const definition = ENTITIES[entity];
  const state = useMemo(
    () => parseListState(props.state as Record<string, unknown>, { ...definition, operators: FILTER_OPERATORS }),
    [props.state, definition],
  );
  const store = useMemo(() => entityStore(entity), [entity]);
  const label = useFieldLabel(entity);
  const [reload, setReload] = useState(0);
  const query = useMemo(
    () => (props.baseFilters ? { ...state, filters: [...props.baseFilters, ...(state.filters ?? [])] } : state),
    [state, props.baseFilters],
  );
  const list = useSparseRows(store, query, reload);
  const [selected, setSelected] = useState<Set<string>>(new Set());
  // "Select all N matching": the list's filters and search stand for the records, resolved by the server.
  const [allMatching, setAllMatching] = useState(false);
  const [blocked, setBlocked] = useState<{ selection: ListSelection; reasons: Record<string, string> } | null>(null);
  const [editing, setEditing] = useState<Editing>(null);
  const [deleting, setDeleting] = useState<ListSelection | null>(null);
  const [dialog, setDialog] = useState<'filters' | 'json' | 'saveView' | null>(null);
  const [search, setSearch] = useState(state.q ?? '');
  const views = viewsOf(useSnapshot(savedViews), me?.id, entity);
  const clearSelection = useCallback(() => {
    setSelected(new Set());
    setAllMatching(false);
  }, []);
  const refresh = useCallback(() => {
    clearSelection();
    setReload((n) => n + 1);
  }, [clearSelection]);
  // Another search or filter is another set: a selection made on the old one never carries over.
  useEffect(clearSelection, [query, clearSelection]);

  // Typing waits for a pause before it reaches the URL (and the server).
  useEffect(() => {
    const handle = setTimeout(() => {
      if ((state.q ?? '') !== search.trim()) onStateChange({ ...state, q: search.trim() || undefined, view: undefined });
    }, 300);
    return () => clearTimeout(handle);
  }, [search, state, onStateChange]);

  const visibleFields = state.cols ?? props.columns.filter((c) => !c.hidden).map((c) => c.field);
  const columnVisibility = Object.fromEntries(props.columns.map((c) => [c.field, visibleFields.includes(c.field)]));

  const columns = useMemo<TableColumn<EntityRecord>[]>(
    () =>
      props.columns.map((column) => ({
        id: column.field,
        header: () => label(column.field),
        accessorFn: (slot: Slot<EntityRecord>) => slot.record?.[column.field],
        cell: (ctx: { getValue: () => unknown; row: { original: Slot<EntityRecord> } }) => {
          const record = ctx.row.original.record;
          if (column.render && record) return column.render(ctx.getValue(), record);
          return renderCell(column.kind ?? 'text', ctx.getValue(), column.field, t, (k) => i18n.exists(k));
        },
      })),
    // eslint-disable-next-line react-hooks/exhaustive-deps -- labels follow the language
    [props.columns, i18n.language],
  );

  const sortOf = (field: string) => {
    if (!definition.sortable.includes(field)) return null;
    const sort = state.sorts?.find((s) => s.field === field);
    return sort ? sort.order : false;
  };

  const onSelect = useCallback(
    (ids: string[], checked: boolean) => {
      // Unticking a row while all matching are chosen goes back to the rows ticked by hand.
      if (allMatching && !checked) {
        setAllMatching(false);
        setSelected(
          new Set(
            list
              .loaded()
              .map((row) => row.id)
              .filter((id) => !ids.includes(id)),
          ),
        );
        return;
      }
      setSelected((current) => {
        const next = new Set(current);
        for (const id of ids) {
          if (checked) next.add(id);
          else next.delete(id);
        }
        return next;
      });
    },
    [allMatching, list],
  );

  const failed = (action: string) => (error: { message: string }) => t(`app.list.${action}Failed`, { error: error.message });

  /**
   * Deletes the selection. One row, or rows ticked offline, go through the store (queued offline);
   * online, a batch or "all matching" goes to the server at once, which deletes all or none and names
   * each record it refused with the reason, so the person may delete the others.
   */
  const remove = async (selection: ListSelection, except: string[] = []) => {
    const [single] = selection.records;
    const bulkOnServer = selection.matching || (selection.records.length > 1 && isOnline());
    const count = selection.count - except.length;
    try {
      await runOp(
        `${entity}.delete`,
        () =>
          bulkOnServer
            ? runBulkOnline('DELETE', `/v1/${entity}/batch`, selectionBody(selection, 'ids', except))
            : selection.records.length === 1 && single
              ? store.remove(single.id, single.version)
              : store.removeMany(selection.records.map((r) => r.id)),
        { toast: (error) => (blockedOf(error) ? false : failed('delete')(error)) },
      );
    } catch (error) {
      const reasons = blockedOf(error as ApiError);
      if (reasons) {
        setDeleting(null);
        setBlocked({ selection, reasons });
        return;
      }
      // Refused (e.g. a campaign with leads): read again, so a row removed optimistically comes back.
      refresh();
      throw error;
    }
    showToast(t('app.list.deleted', { count }), 'success');
    setDeleting(null);
    setBlocked(null);
    refresh();
  };

  const selectedRecords = selected.size && !allMatching ? list.loaded().filter((row) => selected.has(row.id)) : [];
  const matching = { filters: query.filters ?? [], ...(query.q ? { q: query.q } : {}) };
  const selection: ListSelection = allMatching
    ? { count: list.count ?? 0, records: [], matching }
    : { count: selectedRecords.length, records: selectedRecords };
  const loadedIds = selected.size ? list.loaded().map((row) => row.id) : [];
  // Offered once a whole page is ticked and more match than are loaded (the header box takes the loaded rows).
  const offerAllMatching =
    !allMatching &&
    list.countExact &&
    loadedIds.length > 0 &&
    loadedIds.every((id) => selected.has(id)) &&
    (list.count ?? 0) > selected.size;
  const filterCount = state.filters?.length ?? 0;
  const hasForm = Boolean(props.form || props.renderForm);
  // The shared access table decides first (what the server would refuse is never offered); a screen may narrow it.
  const may = (action: CrudAction) => mayOn(roles, entity, action);
  const canCreate = hasForm && may('create') && (props.canCreate ?? true);
  const mayDelete = (row: EntityRecord) => may('delete') && (props.canDelete?.(row) ?? true);
  const mayDeleteSelection = allMatching ? may('delete') : selectedRecords.length > 0 && selectedRecords.every(mayDelete);
  const mayEdit = (row: EntityRecord) => hasForm && may('update') && (props.canEdit?.(row) ?? true);

  return (
    <div className={css({ display: 'flex', flexDir: 'column', gap: 'gap' })}>
      <PageHeader
        title={props.title}
        actions={
          canCreate || props.actions ? (
            <>
              {props.actions}
              {canCreate && props.jsonExample ? (
                <Button variant="outline" onClick={() => setDialog('json')}>
                  {t('app.list.addMany')}
                </Button>
              ) : null}
              {canCreate ? <Button onClick={() => setEditing({ mode: 'create' })}>{t('app.list.add')}</Button> : null}
            </>
          ) : null
        }
      />
      <div
        role="toolbar"
        aria-label={t('app.list.toolbar')}
        className={css({ display: 'flex', gap: '2', flexWrap: 'wrap', alignItems: 'center' })}
      >
        <Input
          type="search"
          placeholder={t('app.list.searchPlaceholder')}
          aria-label={t('app.list.search')}
          value={search}
          onChange={(e) => setSearch(e.target.value)}
          className={css({ maxW: 'xs' })}
        />
        <Button variant="outline" onClick={() => setDialog('filters')}>
          {t('app.list.filters')}
          {filterCount ? <Badge tone="primary">{filterCount}</Badge> : null}
        </Button>
        <Popover trigger={<Button variant="outline">{t('app.list.columns')}</Button>} title={t('app.list.columns')}>
          {props.columns.map((column) => (
            <Checkbox
              key={column.field}
              checked={visibleFields.includes(column.field)}
              onChange={(checked) => {
                const next = checked
                  ? props.columns.map((c) => c.field).filter((f) => f === column.field || visibleFields.includes(f))
                  : visibleFields.filter((f) => f !== column.field);
                if (next.length) onStateChange({ ...state, cols: next, view: undefined });
              }}
            >
              {label(column.field)}
            </Checkbox>
          ))}
        </Popover>
        <Menu
          trigger={<Button variant="outline">{state.view ? t('app.list.viewNamed', { name: state.view }) : t('app.list.views')}</Button>}
          items={[
            ...views.map((view) => ({
              value: `open:${view.name}`,
              label: view.name,
              onSelect: () => {
                setSearch(view.state.q ?? '');
                onStateChange({ ...view.state, view: view.name } as ListState);
              },
            })),
            { value: 'save', label: t('app.list.saveView'), onSelect: () => setDialog('saveView') },
            ...(state.view
              ? [
                  {
                    value: 'delete',
                    label: t('app.list.deleteView', { name: state.view }),
                    onSelect: () => {
                      if (me) deleteView(me.id, entity, state.view!);
                      onStateChange({ ...state, view: undefined });
                    },
                  },
                ]
              : []),
            {
              value: 'reset',
              label: t('app.list.resetView'),
              onSelect: () => {
                setSearch('');
                onStateChange({});
              },
            },
          ]}
        />
        <span className={css({ ms: 'auto', color: 'fg.muted', fontSize: 'sm' })} aria-live="polite">
          {list.count === null ? t('app.common.loading') : t('app.list.count', { count: list.count })}
        </span>
      </div>
      {props.toolbar}
      {selected.size > 0 || allMatching ? (
        <div
          role="region"
          aria-label={t('app.list.bulkActions')}
          className={css({
            display: 'flex',
            gap: '2',
            alignItems: 'center',
            flexWrap: 'wrap',
            bg: 'primary.subtle',
            borderRadius: 'md',
            px: '3',
            py: '2',
          })}
        >
          <span className={css({ fontSize: 'sm', fontWeight: 'medium' })} aria-live="polite">
            {allMatching ? t('app.list.allMatchingSelected', { count: selection.count }) : t('app.list.selected', { count: selected.size })}
          </span>
          {offerAllMatching ? (
            <Button variant="outline" size="sm" onClick={() => setAllMatching(true)}>
              {t('app.list.selectAllMatching', { count: list.count ?? 0 })}
            </Button>
          ) : null}
          {props.bulkActions?.(selection, refresh)}
          {mayDeleteSelection ? (
            <Button variant="danger" size="sm" onClick={() => setDeleting(selection)}>
              {t('app.list.deleteSelected')}
            </Button>
          ) : null}
          <Button variant="ghost" size="sm" onClick={clearSelection}>
            {t('app.list.clearSelection')}
          </Button>
        </div>
      ) : null}
      {list.error ? (
        <p role="alert" className={css({ color: 'error' })}>
          {(list.error as { message?: string }).message ?? t('app.common.unexpected')}{' '}
          <Button variant="outline" size="sm" onClick={refresh}>
            {t('app.common.retry')}
          </Button>
        </p>
      ) : null}
      <DataTable
        label={props.title}
        columns={columns}
        count={list.count ?? 0}
        rowAt={list.rowAt}
        version={list.version}
        loaded={list.loaded}
        columnVisibility={columnVisibility}
        sortOf={sortOf}
        onSort={(field) => onStateChange({ ...state, sorts: toggleSort(state.sorts, field), view: undefined })}
        selected={allMatching ? EVERY_ID : selected}
        onSelect={onSelect}
        onRangeChange={list.ensureRange}
        loading={list.loading}
        empty={state.q || filterCount ? t('app.list.noMatch') : firstSync ? t('app.sync.progressUsable') : t('app.list.empty')}
        stacked={props.stackedRow}
        selectable={props.selectable}
        onRowOpen={props.onRowOpen ?? (hasForm ? (record) => mayEdit(record) && setEditing({ mode: 'edit', record }) : undefined)}
        rowMenu={(record) => [
          ...(mayEdit(record)
            ? [{ value: 'edit', label: t('app.common.edit'), onSelect: () => setEditing({ mode: 'edit', record }) }]
            : []),
          ...(props.rowMenu?.(record, refresh) ?? []),
          ...(mayDelete(record)
            ? [{ value: 'delete', label: t('app.common.delete'), onSelect: () => setDeleting({ count: 1, records: [record] }) }]
            : []),
        ]}
      />
      {editing && props.renderForm
        ? props.renderForm({
            record: editing.mode === 'edit' ? editing.record : null,
            onClose: () => setEditing(null),
            onSaved: () => {
              setEditing(null);
              refresh();
            },
          })
        : null}
      {editing && !props.renderForm ? (
        <EntityFormDialog
          entity={entity}
          title={editing.mode === 'create' ? t(`app.entities.${entity}.add`) : t(`app.entities.${entity}.edit`)}
          schema={(editing.mode === 'create' ? definition.create : definition.update) as z.ZodType}
          initial={editing.mode === 'create' ? {} : pickFormValues(definition.update as z.ZodType, editing.record)}
          fields={editing.mode === 'create' ? props.form?.fields : (props.form?.editFields ?? props.form?.fields)}
          submitLabel={editing.mode === 'create' ? t('app.common.create') : t('app.common.save')}
          onClose={() => setEditing(null)}
          onSubmit={async (data, changes) => {
            let saved: EntityRecord | undefined;
            if (editing.mode === 'create') {
              saved = await runOp(`${entity}.create`, () => store.create(data as Record<string, unknown>), { toast: failed('create') });
            } else if (Object.keys(changes).length) {
              saved = await runOp(
                `${entity}.update`,
                () => store.update(editing.record.id, changes as Record<string, unknown>, editing.record.version),
                { toast: failed('update') },
              );
            }
            showToast(t(isQueued(saved) ? 'app.list.savedQueued' : 'app.list.saved'), 'success');
            setEditing(null);
            refresh();
          }}
        />
      ) : null}
      {deleting && props.renderDelete
        ? props.renderDelete({ selection: deleting, onClose: () => setDeleting(null), onDone: refresh })
        : null}
      {deleting && !props.renderDelete ? (
        <ConfirmDialog
          open
          onOpenChange={(open) => !open && setDeleting(null)}
          title={t('app.list.confirmDeleteTitle', { count: deleting.count })}
          description={t('app.list.confirmDelete', { count: deleting.count })}
          confirmLabel={t('app.common.delete')}
          danger
          onConfirm={() => remove(deleting).catch(() => undefined)}
        />
      ) : null}
      {blocked ? (
        <BlockedDeleteDialog
          total={blocked.selection.count}
          reasons={blocked.reasons}
          onClose={() => setBlocked(null)}
          onDeleteOthers={() => remove(blocked.selection, Object.keys(blocked.reasons)).catch(() => undefined)}
        />
      ) : null}
      {dialog === 'filters' ? (
        <FilterEditor
          fields={
            props.filterFields ??
            definition.filterable
              .filter((field) => field !== 'id' && field !== 'version' && !props.baseFilters?.some((f) => f.field === field))
              .map((field) => ({ field }))
          }
          label={label}
          filters={state.filters ?? []}
          onApply={(filters: Filter[]) => onStateChange({ ...state, filters: filters.length ? filters : undefined, view: undefined })}
          onClose={() => setDialog(null)}
        />
      ) : null}
      {dialog === 'json' && props.jsonExample ? (
        <JsonBatchDialog
          title={t('app.list.addMany')}
          example={props.jsonExample}
          label={label}
          onClose={() => setDialog(null)}
          onSubmit={async (pasted) => {
            const items = props.prepareBatch ? props.prepareBatch(pasted) : pasted;
            // Checked here first, row by row, like the server would: offline, the outbox sends them later.
            const details: Record<string, string> = {};
            items.forEach((item, index) => {
              const parsed = (definition.create as z.ZodType).safeParse(item);
              if (!parsed.success) {
                for (const [field, message] of Object.entries(translateIssues(parsed.error.issues, t, (k) => i18n.exists(k), label)))
                  details[`items.${index}.${field}`] = message;
              }
            });
            if (Object.keys(details).length)
              throw { message: t('errors.VALIDATION'), code: 'VALIDATION', details, network: false } satisfies ApiError;
            const created = await runOp(`${entity}.createMany`, () => store.createMany(items), { toast: failed('create') });
            showToast(isQueued(created) ? t('app.list.savedQueued') : t('app.list.created', { count: items.length }), 'success');
            refresh();
          }}
        />
      ) : null}
      {dialog === 'saveView' ? (
        <SaveViewDialog
          onClose={() => setDialog(null)}
          onSave={(name) => {
            if (me) saveView(me.id, entity, name, state);
            onStateChange({ ...state, view: name });
          }}
        />
      ) : null}
    </div>
  );
}

function SaveViewDialog({ onSave, onClose }: { onSave: (name: string) => void; onClose: () => void }) {
  const { t } = useTranslation();
  const [name, setName] = useState('');
  return (
    <Dialog
      open
      onOpenChange={(open) => !open && onClose()}
      title={t('app.list.saveView')}
      footer={
        <Button
          disabled={!name.trim()}
          onClick={() => {
            onSave(name.trim());
            onClose();
          }}
        >
          {t('app.common.save')}
        </Button>
      }
    >
      <label className={css({ display: 'flex', flexDir: 'column', gap: '1.5', fontSize: 'sm', fontWeight: 'medium' })}>
        {t('app.list.viewName')}
        <Input value={name} onChange={(e) => setName(e.target.value)} maxLength={100} />
      </label>
    </Dialog>
  );
}
