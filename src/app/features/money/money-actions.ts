import { allowedActions, type Machine } from '../../../shared/lifecycle/define-machine.ts';
import { depositMachine, withdrawalMachine } from '../../../shared/lifecycle/machines.ts';
import { http } from '../../api/client.ts';
import { requireOnline } from '../../api/online-only.ts';
import type { EntityRecord } from '../../data/entity-store.ts';

export type MoneyEntity = 'deposit' | 'withdrawal';

const MACHINES: Record<MoneyEntity, Machine> = { deposit: depositMachine, withdrawal: withdrawalMachine };

/** Made in the card wizard, not from a list's menu. */
const OWN_SCREEN = new Set(['confirm-3d-secure']);

/** What a list offers on a record: the machine's actions these roles may make from its status (DESIGN.md §6). */
export function offeredActions(entity: MoneyEntity, status: unknown, roles: readonly string[]): string[] {
  return allowedActions(MACHINES[entity], String(status ?? ''), roles).filter((action) => !OWN_SCREEN.has(action));
}

/** Runs a status action online (never queued): `PATCH /deposit/:id/cancel`, else `POST /{entity}/:id/{action}`. */
export async function runMoneyAction(entity: MoneyEntity, id: string, action: string): Promise<EntityRecord> {
  requireOnline();
  const cancel = entity === 'deposit' && action === 'cancel';
  const answer = await http<Record<string, unknown>>(`/v1/${entity}/${id}/${action}`, { method: cancel ? 'PATCH' : 'POST', body: {} });
  return (answer[entity] ?? answer) as EntityRecord;
}
