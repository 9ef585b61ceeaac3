import { getTableColumns, inArray } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { Work } from '../http/mutate.ts';
import { LEAD_OWNED_RESOURCES } from './lead-owned.ts';

/**
 * After leads change hands, every record they own is logged again for `/sync`, with the old and new
 * staff in its audience: the new one pulls them, the old one learns they are gone.
 */
export async function touchLeadRecords(work: Work, leadIds: string[], staff: unknown[]) {
  const extra = staff.filter((id): id is string => typeof id === 'string');
  for (const resource of LEAD_OWNED_RESOURCES) {
    const scope = resource.access.scope;
    if (scope.kind !== 'owned') continue;
    const columns = getTableColumns(resource.table) as unknown as Record<string, PgColumn>;
    const rows = (await work.tx
      .select({ id: columns.id, owner: columns[scope.owner] })
      .from(resource.table)
      .where(inArray(columns[scope.owner], leadIds))) as { id: string; owner: string }[];
    work.changed(
      rows.map((row) => ({
        entity: resource.entity.name,
        recordId: row.id,
        op: 'upsert' as const,
        audience: [row.owner, ...extra],
        leadsOf: [row.owner],
      })),
    );
  }
}
