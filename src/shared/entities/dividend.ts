import { z } from 'zod';
import { id } from '../fields.ts';
import { DIVIDEND_STATUSES } from '../lifecycle/machines.ts';
import { money } from '../money.ts';
import { timestamp, defineEntity } from './define-entity.ts';

const shape = { amount: money().refine((v) => v > 0, { error: 'validation.positive' }), investmentId: id() };

/** Body of POST /dividend/:id/fail: why it is not paid. */
export const dividendFailSchema = z.strictObject({
  reason: z.string().trim().min(1, { error: 'validation.failureReasonRequired' }).max(500),
});

export const dividendEntity = defineEntity({
  name: 'dividend',
  plural: 'dividends',
  /** Staff enter a dividend by hand: it waits `pending` until another staff member completes it (four eyes). */
  create: z.strictObject(shape),
  /** The amount is fixed by the machine: a second person approves what was entered. */
  update: z.strictObject({ amount: shape.amount }).partial(),
  filterable: ['investmentId', 'userId', 'amount', 'status', 'period', 'dueDate', 'createdBy'],
  sortable: ['amount', 'dueDate', 'period', 'status'],
  searchable: [],
  /** Set by the server: the owner, a scheduled one's period and due date, its state, who entered and decided it. */
  readOnly: {
    userId: z.uuid(),
    period: z.number().int().nullable(),
    dueDate: timestamp().nullable(),
    status: z.enum(DIVIDEND_STATUSES),
    createdBy: z.uuid().nullable().optional(),
    decidedBy: z.uuid().nullable().optional(),
    failureReason: z.string().nullable(),
  },
});
