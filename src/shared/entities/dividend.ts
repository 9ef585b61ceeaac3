import { z } from 'zod';
import { id } from '../fields.ts';
import { money } from '../money.ts';
import { defineEntity } from './define-entity.ts';

const shape = { amount: money(), investmentId: id() };

export const dividendEntity = defineEntity({
  name: 'dividend',
  plural: 'dividends',
  create: z.strictObject(shape),
  update: z.strictObject({ amount: shape.amount }).partial(),
  filterable: ['investmentId', 'userId', 'amount'],
  sortable: ['amount'],
  searchable: [],
  /** The investment's owner, set by the server. */
  readOnly: { userId: z.uuid() },
});
