import { getTableColumns, sql, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { SelectionInput } from '../../shared/selection.ts';
import type { Actor } from '../context.ts';
import type { Executor } from '../db/client.ts';
import { AppError } from '../http/app-error.ts';
import { scopeWhere } from '../policy.ts';
import type { AnyResource, Row } from './define-resource.ts';
import { conjunction, filterCondition, searchCondition } from './list-query.ts';

const anyId = (column: PgColumn, ids: readonly string[]) => sql`${column} = any(${sql.param([...ids])}::uuid[])`;

/**
 * The records a bulk action acts on (src/shared/selection.ts), as one SQL condition: always inside
 * the caller's scope (a regular staff member's "all matching" is only what they may see), the ids
 * given, or the list's filters and search exactly as the list route reads them, less `except`.
 */
export function selectionWhere(db: Executor, resource: AnyResource, actor: Actor, selection: SelectionInput): SQL | undefined {
  const columns = getTableColumns(resource.table) as unknown as Record<string, PgColumn>;
  const { entity } = resource;
  const scope = scopeWhere(resource.access.scope, columns, actor, db);
  if (selection.ids) return conjunction(scope, anyId(columns.id, selection.ids));
  const matching = selection.matching ?? { filters: [] };
  return conjunction(
    scope,
    ...(matching.filters ?? []).map((filter) => filterCondition(columns, entity.filterable, filter)),
    searchCondition(columns, entity.searchable, matching.q, entity.phoneFields),
    selection.except?.length ? sql`not (${anyId(columns.id, selection.except)})` : undefined,
  );
}

/**
 * Reads and locks the selected rows, in id order (a deterministic order for round robin, and one lock
 * order for concurrent bulk actions). Ids the caller cannot reach are NOT_FOUND, never skipped silently.
 */
export async function lockSelection(
  db: Executor,
  resource: AnyResource,
  actor: Actor,
  selection: SelectionInput,
  ...more: (SQL | undefined)[]
): Promise<Row[]> {
  const columns = getTableColumns(resource.table) as unknown as Record<string, PgColumn>;
  const rows = (await db
    .select()
    .from(resource.table)
    .where(conjunction(selectionWhere(db, resource, actor, selection), ...more))
    .orderBy(columns.id)
    .for('update')) as Row[];
  if (selection.ids && rows.length !== new Set(selection.ids).size) throw new AppError('NOT_FOUND');
  return rows;
}
