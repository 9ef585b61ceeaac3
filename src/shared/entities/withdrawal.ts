import { z } from 'zod';
import { WITHDRAWAL_STATUSES } from '../constants.ts';
import { demandedText, id, oneOf, optionalText } from '../fields.ts';
import { entryAmountField } from '../money/entry-limits.ts';
import { defineEntity } from './define-entity.ts';

const shape = {
  amount: entryAmountField(),
  /** Only the first state is accepted on create; every later one comes from an action (DESIGN.md §6). */
  status: oneOf(WITHDRAWAL_STATUSES).optional(),
  userId: id(),
};

/** Staff enter a withdrawal for a lead (with the bank's reference if they have it); a lead requests one for itself. */
export const withdrawalCreateSchema = z.strictObject({ ...shape, transactionId: optionalText(100) });
export const leadWithdrawalCreateSchema = z.strictObject({ ...shape, userId: shape.userId.optional(), transactionId: optionalText(100) });

/** Body of POST /withdrawal/:id/complete (the bank's reference) and /fail (why): both required (CHECKLIST item 8). */
export const withdrawalCompleteSchema = z.strictObject({ transactionId: demandedText(100, 'validation.bankReferenceRequired') });
export const withdrawalFailSchema = z.strictObject({ reason: demandedText(500, 'validation.failureReasonRequired') });

export const withdrawalEntity = defineEntity({
  name: 'withdrawal',
  plural: 'withdrawals',
  /** What any caller may send (the route's contract); staff must also name the lead (the resource narrows). */
  create: leadWithdrawalCreateSchema,
  /** Status and amount never change by PATCH: approve, complete and fail are actions. */
  update: z.strictObject({ transactionId: optionalText(100) }).partial(),
  filterable: ['status', 'userId', 'amount', 'createdBy'],
  sortable: ['amount', 'status'],
  searchable: ['transactionId'],
  /** Set by the server: who entered it, who approved it, who decided it, why it failed. */
  readOnly: {
    createdBy: z.uuid().nullable().optional(),
    approvedBy: z.array(z.uuid()).optional(),
    /** Who completed or failed it. */
    decidedBy: z.uuid().nullable().optional(),
    failureReason: z.string().nullable(),
  },
});
