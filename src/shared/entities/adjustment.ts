import { z } from 'zod';
import { id, oneOf, optionalText, requiredText } from '../fields.ts';
import { ADJUSTMENT_STATUSES } from '../lifecycle/machines.ts';
import { entryAmountField } from '../money/entry-limits.ts';
import { defineEntity } from './define-entity.ts';

/**
 * A manual adjustment of a lead's available funds (DESIGN.md §6): an admin enters it with a reason
 * (`POST /funds/adjustment`), it waits `pending`, and another staff member completes it (booking
 * adjustments ⇄ available once) or fails it. Never changed by PATCH: complete and fail are actions.
 */
export const adjustmentEntity = defineEntity({
  name: 'adjustment',
  plural: 'adjustments',
  create: z.strictObject({
    userId: id(),
    direction: oneOf(['credit', 'debit']),
    amount: entryAmountField(),
    reason: requiredText(500),
  }),
  update: z.strictObject({}),
  filterable: ['status', 'userId', 'direction', 'createdBy'],
  sortable: ['amount', 'status'],
  searchable: ['reason'],
  /** Set by the server: where it stands, who entered it, who decided it, and why it failed. */
  readOnly: {
    status: z.enum(ADJUSTMENT_STATUSES),
    createdBy: z.uuid().nullable().optional(),
    decidedBy: z.uuid().nullable().optional(),
    failureReason: z.string().nullable(),
  },
});

/** Body of POST /adjustment/:id/fail: why (optional). */
export const adjustmentFailSchema = z.strictObject({ reason: optionalText(500) }).optional();
