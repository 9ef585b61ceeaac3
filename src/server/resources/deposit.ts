import { depositEntity } from '../../shared/entities/deposit.ts';
import { depositMachine } from '../../shared/lifecycle/machines.ts';
import { realPersonOf } from '../../shared/lifecycle/four-eyes.ts';
import { ENTITY_ACCESS } from '../../shared/access.ts';
import { deposits } from '../db/schema.ts';
import { AppError } from '../http/app-error.ts';
import { checkEntriesDaily } from '../money/index.ts';
import { defineResource } from './define-resource.ts';
import { personIds } from './person-ids.ts';

/**
 * What a card payer gave the gateway beside the card: its own to read, not staff's, who follow a payment
 * by its amount, status, brand, last four digits and name (docs/decisions/fields-readable-by-some.md).
 */
export const PAYER_FIELDS = ['street', 'zipCode', 'phone', 'cardExpirationDate'] as const;

/**
 * Deposits: staff enter bank transfers through the standard create (always `pending`, DESIGN.md §6);
 * leads deposit by card through the card routes (src/server/features/deposits). A lead never creates,
 * changes or deletes one through the standard set.
 */
export const depositResource = defineResource({
  entity: depositEntity,
  table: deposits,
  machine: depositMachine,
  access: { scope: { kind: 'owned', owner: 'userId' }, ...ENTITY_ACCESS.deposit },
  leadFixed: { status: 'pending', transactionId: null },
  /** Read only by the deposit's own lead (an admin impersonating it reads as it does). */
  // The payer's fields to the deposit's own lead; who entered or decided it to staff and the person named (CHECKLIST 16).
  restricted: [{ fields: PAYER_FIELDS, readableBy: (reader, row) => reader.id === row.userId }, ...personIds('createdBy', 'decidedBy')],
  hooks: {
    /** A lead's bank transfers of 24 hours stay within the daily bound (CHECKLIST.md 14); each one's maximum is the schema's. */
    async checkBatch(ctx, inputs) {
      await checkEntriesDaily(ctx.tx, 'deposit', inputs, { batch: Array.isArray(ctx.request.body) });
      return undefined;
    },
    /** Who entered it: never the one who completes it (four eyes, DESIGN.md §6). */
    prepareCreate: (ctx, input) => ({ ...input, status: 'pending', method: 'bank_transfer', createdBy: realPersonOf(ctx.actor) }),
    /** The transaction id of a bank transfer is set while it is pending, never after. */
    prepareUpdate(_ctx, existing, patch) {
      if (existing.status !== 'pending')
        throw new AppError('INVALID_TRANSITION', { transactionId: { key: 'validation.statusByAction', params: {} } });
      return patch;
    },
    /** Booked money never disappears with its record; a deposit the bank is working on stays too. */
    async beforeDelete(_ctx, existing) {
      if (existing.status === 'completed' || existing.status === 'awaiting_3d_secure')
        throw new AppError('INVALID_TRANSITION', { status: { key: 'validation.statusByAction', params: {} } });
    },
  },
});
