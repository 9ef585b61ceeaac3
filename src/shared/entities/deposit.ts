import { z } from 'zod';
import { DEPOSIT_STATUSES } from '../constants.ts';
import { id, oneOf, optionalText, requiredText } from '../fields.ts';
import { money } from '../money.ts';
import { defineEntity } from './define-entity.ts';

export const cardNumber = () =>
  z
    .string({ error: 'validation.required' })
    .trim()
    .transform((v) => v.replace(/[\s-]/g, ''))
    .pipe(z.string().regex(/^\d{12,19}$/, { error: 'validation.cardNumber' }));
/** MM/YY (SPEC.md §9). */
export const cardExpiry = () =>
  z.string({ error: 'validation.required' }).regex(/^(0[1-9]|1[0-2])\/\d{2}$/, { error: 'validation.cardExpiry' });
export const cardCvv = () => z.string({ error: 'validation.required' }).regex(/^\d{3,4}$/, { error: 'validation.cvv' });

const shape = {
  amount: money().refine((v) => v > 0, { error: 'validation.positive' }),
  status: oneOf(DEPOSIT_STATUSES),
  transactionId: optionalText(100),
  userId: id(),
  cardNumber: cardNumber(),
  cardExpirationDate: cardExpiry(),
  /** Passed to the gateway only; never stored (DESIGN.md §6). */
  cardCVV: cardCvv().optional(),
  fullName: requiredText(200),
  street: requiredText(200),
  zipCode: requiredText(20),
  country: requiredText(64),
  phone: requiredText(32),
};

export const depositEntity = defineEntity({
  name: 'deposit',
  plural: 'deposits',
  create: z.strictObject(shape),
  update: z.strictObject({ status: shape.status, transactionId: shape.transactionId }).partial(),
  filterable: ['status', 'userId', 'amount', 'transactionId'],
  sortable: ['amount', 'status'],
  searchable: ['transactionId', 'fullName'],
  writeOnly: ['cardNumber', 'cardCVV'],
  /** Staff deposits carry no card or billing address. */
  nullable: ['cardExpirationDate', 'fullName', 'street', 'zipCode', 'country', 'phone'],
  readOnly: { cardBrand: z.string().nullable(), cardLast4: z.string().nullable() },
});
