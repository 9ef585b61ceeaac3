import type { EntityRecord } from '../../../data/entity-store.ts';
import { orderMachine } from '../../../../shared/lifecycle/machines.ts';
import { actionsFor, type ActionViewer } from '../../../lists/allowed-actions.ts';
import { runOnline } from '../../../offline/run-online.ts';

/**
 * What the desk offers on an order (DESIGN.md §6, §11; CHECKLIST 1): the order machine's actions this
 * viewer may make from its status, never a four-eyes action to the one who asked for the close. An
 * open order offers the close with a chosen profit and, for a forex order, the close at the market
 * (the same `close` action without a body: a binary option settles at its expiry); a close waiting for
 * a second person offers its confirmation and its cancellation.
 */
export const MACHINE_ACTIONS = ['close', 'confirm-close', 'cancel-close'] as const;
export type DeskAction = (typeof MACHINE_ACTIONS)[number] | 'close-market';

/** Whether a staff close of this order waits for a second person (four eyes on a profit the house pays). */
export const waitsForConfirmation = (row: EntityRecord) => row.status === 'closing';

export function deskActions(row: EntityRecord, viewer: ActionViewer): DeskAction[] {
  const offered = (actionsFor(orderMachine, row, viewer) as string[]).filter((a): a is (typeof MACHINE_ACTIONS)[number] =>
    (MACHINE_ACTIONS as readonly string[]).includes(a),
  );
  return offered.flatMap((action): DeskAction[] => (action === 'close' && row.market === 'forex' ? ['close', 'close-market'] : [action]));
}

/**
 * Runs a desk action online (never queued: a market price cannot wait in an outbox, nor a chosen
 * profit): the close with its profit (and close price when given) or at the market, or the
 * confirmation or cancellation of a waiting one. Refused at once offline; the answer lands in the mirror.
 */
export function runDeskAction(id: string, action: DeskAction, body: Record<string, unknown> = {}, key?: string): Promise<EntityRecord> {
  const path = action === 'close-market' ? 'close' : action;
  return runOnline<EntityRecord>('order', id, { method: 'POST', path: `/v1/order/${id}/${path}`, body, key });
}
