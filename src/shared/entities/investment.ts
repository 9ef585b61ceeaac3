import { z } from 'zod';
import { DIVIDEND_FREQUENCIES } from '../constants.ts';
import { dateTime, decimal, id, oneOf, ref, requiredText } from '../fields.ts';
import { money } from '../money.ts';
import { defineEntity } from './define-entity.ts';

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
  create: z.strictObject(shape),
  update: z.strictObject(shape).omit({ userId: true }).partial(),
  filterable: ['userId', 'name', 'dividendFrequency', 'expirationDate', 'projectId', 'initialAmount'],
  sortable: ['name', 'initialAmount', 'rentability', 'expirationDate'],
  searchable: ['name'],
});
