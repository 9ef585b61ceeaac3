import { useMemo } from 'react';
import { useSnapshot } from 'valtio';
import type { Filter } from '../../../shared/list-params.ts';
import { APPROVAL_WINDOW_MS, approvalsNeeded, windowTotalCents, type WithdrawalFacts } from '../../../shared/money/withdrawal-approvals.ts';
import type { EntityRecord } from '../../data/entity-store.ts';
import { useLookup } from '../../data/use-lookup.ts';
import { settings } from '../../state/settings.ts';

const PENDING: Filter[] = [{ field: 'status', values: ['pending'] }];
const HOUR_MS = 60 * 60 * 1000;
const noLabel = () => '';

/**
 * The approvals each pending withdrawal needs, by the server's rule (src/shared/money/withdrawal-approvals.ts):
 * the lead's pending and completed withdrawals of the 24 hours up to it count together. Read from the
 * entity store (the mirror offline): the pending ones in scope, then every one since 24 hours before the
 * oldest of them. Undefined for a row not read yet.
 */
export function useApprovalsNeeded(enabled: boolean): (row: EntityRecord) => number | undefined {
  const threshold = useSnapshot(settings).record?.withdrawalApprovalThreshold;
  const pending = useLookup('withdrawal', PENDING, noLabel, enabled);
  // Rounded down to the hour, so the second lookup's key (and its cache) stays put between renders.
  const since = useMemo(() => {
    const oldest = Math.min(...pending.rows.map((row) => new Date(String(row.dateCreation)).getTime()));
    return Number.isFinite(oldest) ? Math.floor((oldest - APPROVAL_WINDOW_MS) / HOUR_MS) * HOUR_MS : null;
  }, [pending.rows]);
  const filters = useMemo<Filter[]>(
    () => [
      { field: 'status', values: ['pending', 'completed'] },
      { field: 'dateCreation', operator: 'gt', values: [new Date(since ?? 0).toISOString()] },
    ],
    [since],
  );
  const window = useLookup('withdrawal', filters, noLabel, enabled && since !== null);
  return useMemo(() => {
    const rows = window.rows as unknown as WithdrawalFacts[];
    const known = new Set(rows.map((row) => row.id));
    return (row) => {
      if (threshold === undefined || !known.has(row.id)) return undefined;
      return approvalsNeeded(windowTotalCents(row as unknown as WithdrawalFacts, rows), threshold);
    };
  }, [window.rows, threshold]);
}
