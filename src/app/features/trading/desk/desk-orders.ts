import type { EntityRecord } from '../../../data/entity-store.ts';
import { orderMachine } from '../../../../shared/lifecycle/machines.ts';
import { actionsFor, type ActionViewer } from '../../../lists/allowed-actions.ts';
import { runOnline } from '../../../offline/run-online.ts';

/**
 * What the desk offers on an order (DESIGN.md §6, §11; CHECKLIST 1): the order machine's actions this
 * viewer may make from its status, never a four-eyes action to the one who asked for the close. A
 * close with a chosen profit that waits for a second person offers only its confirmation and its
 * cancellation; an open order not waiting, the close.
 */
export const DESK_ACTIONS = ['close', 'confirm-close', 'cancel-close'] as const;
export type DeskAction = (typeof DESK_ACTIONS)[number];

/** Whether a staff close of this order waits for a second person (four eyes on a profit the house pays). */
export const waitsForConfirmation = (row: EntityRecord) =>
  row.status === 'closing' || (row.status === 'open' && Boolean(row.closeRequestedBy));

export function deskActions(row: EntityRecord, viewer: ActionViewer): DeskAction[] {
  const offered = (actionsFor(orderMachine, row, viewer) as string[]).filter((a): a is DeskAction =>
    (DESK_ACTIONS as readonly string[]).includes(a),
  );
  const waiting = waitsForConfirmation(row);
  return offered.filter((action) => (action === 'close' ? !waiting : waiting));
}

/**
 * Runs a desk action online (never queued: a chosen profit is not a price to replay later): the close
 * with its profit (and close price when given), or the confirmation or cancellation of a waiting one.
 * Refused at once offline; the answer lands in the mirror.
 */
export function runDeskAction(id: string, action: DeskAction, body: Record<string, unknown> = {}, key?: string): Promise<EntityRecord> {
  return runOnline<EntityRecord>('order', id, { method: 'POST', path: `/v1/order/${id}/${action}`, body, key });
}
