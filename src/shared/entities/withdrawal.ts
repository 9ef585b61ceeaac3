import { z } from 'zod';
import { WITHDRAWAL_STATUSES } from '../constants.ts';
import { id, oneOf, optionalText } from '../fields.ts';
import { money } from '../money.ts';
import { defineEntity } from './define-entity.ts';

const shape = {
  amount: money().refine((v) => v > 0, { error: 'validation.positive' }),
  status: oneOf(WITHDRAWAL_STATUSES),
  transactionId: optionalText(100),
  userId: id(),
};

export const withdrawalEntity = defineEntity({
  name: 'withdrawal',
  plural: 'withdrawals',
  create: z.strictObject(shape),
  update: z.strictObject({ status: shape.status, transactionId: shape.transactionId }).partial(),
  filterable: ['status', 'userId', 'amount'],
  sortable: ['amount', 'status'],
  searchable: ['transactionId'],
});
