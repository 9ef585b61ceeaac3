import { z } from 'zod';
import { DIVIDEND_FREQUENCIES } from '../constants.ts';
import { dateTime, decimal, id, oneOf, ref, requiredText } from '../fields.ts';
import { INVESTMENT_STATUSES } from '../lifecycle/machines.ts';
import { money } from '../money.ts';
import { timestamp, defineEntity } from './define-entity.ts';

const shape = {
  userId: id(),
  name: requiredText(200),
  initialAmount: money().refine((v) => v > 0, { error: 'validation.positive' }),
  rentability: decimal(0, 300),
  expirationDate: dateTime(),
  dividendFrequency: oneOf(DIVIDEND_FREQUENCIES),
  projectId: ref(),
};

export const investmentEntity = defineEntity({
  name: 'investment',
  plural: 'investments',
  /** `startDate`: when it starts paying, now by default; a later date may be chosen, never a past one (the server checks against its clock). */
  create: z.strictObject({ ...shape, startDate: dateTime().optional() }),
  /** Name and project only in effect: the machine refuses the money fields and the expiry (DESIGN.md §10). */
  update: z.strictObject(shape).omit({ userId: true }).partial(),
  filterable: [
    'userId',
    'name',
    'dividendFrequency',
    'expirationDate',
    'projectId',
    'initialAmount',
    'status',
    'startDate',
    'createdBy',
    'nextDueAt',
  ],
  sortable: ['name', 'initialAmount', 'rentability', 'expirationDate', 'startDate', 'status', 'nextDueAt'],
  searchable: ['name'],
  /** Set by the server: its state, who entered it, the next period due (the scheduler's watermark), its signature. */
  readOnly: {
    status: z.enum(INVESTMENT_STATUSES),
    startDate: timestamp(),
    createdBy: z.uuid().nullable().optional(),
    nextPeriod: z.number().int(),
    nextDueAt: timestamp().nullable(),
    signatureUploadId: z.uuid().nullable(),
  },
});
