import { depositEntity } from '../../shared/entities/deposit.ts';
import { ENTITY_ACCESS } from '../../shared/access.ts';
import { deposits } from '../db/schema.ts';
import { cardBrand } from '../payments/card.ts';
import { defineResource } from './define-resource.ts';

export const depositResource = defineResource({
  entity: depositEntity,
  table: deposits,
  access: { scope: { kind: 'owned', owner: 'userId' }, ...ENTITY_ACCESS.deposit },
  leadFixed: { status: 'pending', transactionId: null },
  hooks: {
    /** PCI DSS 3.3.1: keep brand, last 4 digits and expiry; the number and CVV go no further. */
    prepareCreate(_ctx, { cardNumber, cardCVV: _cvv, ...rest }) {
      const digits = String(cardNumber);
      return { ...rest, cardBrand: cardBrand(digits), cardLast4: digits.slice(-4) };
    },
  },
});
