import { allowedActions, type Machine } from '../../../shared/lifecycle/define-machine.ts';
import { depositMachine, withdrawalMachine } from '../../../shared/lifecycle/machines.ts';
import type { EntityRecord } from '../../data/entity-store.ts';
import { runOnline } from '../../offline/run-online.ts';

export type MoneyEntity = 'deposit' | 'withdrawal';

const MACHINES: Record<MoneyEntity, Machine> = { deposit: depositMachine, withdrawal: withdrawalMachine };

/** Made in the card wizard, not from a list's menu. */
const OWN_SCREEN = new Set(['confirm-3d-secure']);

/** What a list offers on a record: the machine's actions these roles may make from its status (DESIGN.md §6). */
export function offeredActions(entity: MoneyEntity, status: unknown, roles: readonly string[]): string[] {
  return allowedActions(MACHINES[entity], String(status ?? ''), roles).filter((action) => !OWN_SCREEN.has(action));
}

/**
 * Runs a status action online through the offline engine (never queued; refused at once offline):
 * `PATCH /deposit/:id/cancel`, else `POST /{entity}/:id/{action}`. The answer lands in the mirror.
 */
export function runMoneyAction(entity: MoneyEntity, id: string, action: string): Promise<EntityRecord> {
  const cancel = entity === 'deposit' && action === 'cancel';
  return runOnline(entity, id, { method: cancel ? 'PATCH' : 'POST', path: `/v1/${entity}/${id}/${action}`, body: {} });
}
