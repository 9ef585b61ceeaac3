import type { Machine } from '../../../shared/lifecycle/define-machine.ts';
import { approvalState } from '../../../shared/money/withdrawal-approvals.ts';
import { actionsFor, type ActionViewer } from '../../lists/allowed-actions.ts';
import { depositMachine, withdrawalMachine } from '../../../shared/lifecycle/machines.ts';
import type { EntityRecord } from '../../data/entity-store.ts';
import { runOnline } from '../../offline/run-online.ts';

export type MoneyEntity = 'deposit' | 'withdrawal';

export const MONEY_MACHINES: Record<MoneyEntity, Machine> = { deposit: depositMachine, withdrawal: withdrawalMachine };

/** Made in the card wizard, not from a list's menu. */
const OWN_SCREEN = new Set(['confirm-3d-secure']);

/**
 * What a list offers on a record (DESIGN.md §6, CHECKLIST 1): the machine's actions this viewer may
 * make from its status, never a four-eyes action to the one who entered it; on a withdrawal, Approve
 * only to someone who may still approve one that needs it, Complete only once it has its approvals
 * (`needed`: the approvals it needs, src/shared/money/withdrawal-approvals.ts; undefined while unknown).
 */
export function offeredActions(entity: MoneyEntity, row: EntityRecord, viewer: ActionViewer, needed?: number): string[] {
  const actions: string[] = actionsFor(MONEY_MACHINES[entity], row, viewer).filter((action) => !OWN_SCREEN.has(action));
  if (entity !== 'withdrawal') return actions;
  const state =
    needed === undefined ? undefined : approvalState(row as { createdBy?: string | null; approvedBy?: string[] }, needed, viewer.person);
  return actions.filter((action) =>
    action === 'approve' ? Boolean(state?.mayApprove) : action === 'complete' ? Boolean(state?.mayComplete) : true,
  );
}

/**
 * Runs a status action online through the offline engine (never queued; refused at once offline):
 * `PATCH /deposit/:id/cancel`, else `POST /{entity}/:id/{action}`. The answer lands in the mirror.
 */
export function runMoneyAction(entity: MoneyEntity, id: string, action: string): Promise<EntityRecord> {
  const cancel = entity === 'deposit' && action === 'cancel';
  return runOnline(entity, id, { method: cancel ? 'PATCH' : 'POST', path: `/v1/${entity}/${id}/${action}`, body: {} });
}
