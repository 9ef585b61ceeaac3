import { z } from 'zod';
import { DEPOSIT_STATUSES } from '../constants.ts';
import { id, oneOf, optionalText } from '../fields.ts';
import { entryAmountField } from '../money/entry-limits.ts';
import { defineEntity, timestamp } from './define-entity.ts';

/**
 * A deposit. The standard create is staff entering a bank transfer: it starts `pending` and staff
 * complete or fail it with an action. Card deposits go through `POST /deposit/3d-secure`
 * (src/shared/money/card-deposit.ts): card data never reaches the standard set.
 */
const shape = {
  /** A bank transfer staff enter: at most ENTRY_MAX (card deposits have their own bounds). */
  amount: entryAmountField(),
  /** Only `pending`: any other status is reached by an action (DESIGN.md §6). */
  status: oneOf(DEPOSIT_STATUSES),
  transactionId: optionalText(100),
  userId: id(),
};

export const depositEntity = defineEntity({
  name: 'deposit',
  plural: 'deposits',
  create: z.strictObject({ ...shape, status: shape.status.optional() }),
  /** The bank's reference may be added later; status, amount and owner never change through PATCH. */
  update: z.strictObject({ transactionId: shape.transactionId }).partial(),
  filterable: ['status', 'userId', 'amount', 'transactionId', 'method', 'cardBrand', 'failureReason'],
  sortable: ['amount', 'status'],
  searchable: ['transactionId', 'fullName', 'cardLast4'],
  /** Set by the server: how the money came, the gateway's answer, and what a card deposit keeps of the card. */
  readOnly: {
    method: z.string(),
    gatewayReference: z.string().nullable(),
    failureReason: z.string().nullable(),
    secureCodeTries: z.number().int(),
    bankRetryAt: timestamp().nullable(),
    cardBrand: z.string().nullable(),
    cardLast4: z.string().nullable(),
    /** The payer's own (server: the resource's `restricted`): absent from what staff read. */
    cardExpirationDate: z.string().nullish(),
    fullName: z.string().nullable(),
    street: z.string().nullish(),
    zipCode: z.string().nullish(),
    country: z.string().nullable(),
    phone: z.string().nullish(),
    /** Who entered it (the lead paying by card, or staff entering a transfer) and who completed or failed it (four eyes). */
    createdBy: z.uuid().nullable().optional(),
    decidedBy: z.uuid().nullable().optional(),
  },
});
