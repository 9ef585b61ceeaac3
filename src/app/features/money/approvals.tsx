import { useTranslation } from 'react-i18next';
import type { EntityRecord } from '../../data/entity-store.ts';

/**
 * A withdrawal's approvals (DESIGN.md §6): "1 of 2 approvals: Ann Lee" while it needs them, "not
 * needed" below the threshold (its 24-hour total), the bare count while the need is not known yet.
 */
export function Approvals({
  row,
  needed,
  nameOf,
}: {
  row: EntityRecord;
  needed: number | undefined;
  nameOf: (id: unknown) => string | undefined;
}) {
  const { t } = useTranslation();
  const approvers: unknown[] = Array.isArray(row.approvedBy) ? row.approvedBy : [];
  const names = approvers.map((id) => nameOf(id) ?? t('app.money.fourEyes.someone')).join(', ');
  const text =
    needed === undefined || row.status !== 'pending'
      ? names || '—'
      : needed === 0
        ? t('app.money.approvals.notNeeded')
        : t('app.money.approvals.progress', { done: approvers.length, count: needed }) + (names ? `: ${names}` : '');
  return (
    <span data-testid="approvals" data-count={approvers.length} data-needed={needed ?? ''} title={text}>
      {text}
    </span>
  );
}
