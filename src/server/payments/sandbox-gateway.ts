import { cardDigits } from '../../shared/money/card.ts';
import { SANDBOX_SECURE_CODE, SLOW_BANK_MS, TEST_CARDS, type TestCardBehaviour } from '../../shared/money/test-cards.ts';
import type { PaymentGateway } from './gateway.ts';

const BEHAVIOUR_OF = new Map(TEST_CARDS.map((card) => [cardDigits(card.number), card.behaviour]));
const REFERENCE = /^sbx_([a-z_0-9]+)_([0-9a-f-]{36})$/;

/**
 * The sandbox of DESIGN.md §6: each test card's behaviour, and stateless: the reference carries the
 * behaviour (never the number), so any API node answers a confirm or a status the same way.
 * Any other Luhn-valid number is declined, as a real sandbox would.
 */
export function createSandboxGateway(): PaymentGateway {
  const behaviourOf = (reference: string): TestCardBehaviour | undefined => REFERENCE.exec(reference)?.[1] as TestCardBehaviour;
  return {
    name: 'sandbox',
    sandbox: true,
    async authorize({ depositId, card }) {
      const behaviour = BEHAVIOUR_OF.get(card.number);
      const reference = `sbx_${behaviour ?? 'unknown'}_${depositId}`;
      switch (behaviour) {
        case 'succeeds':
          return { reference, outcome: 'approved' };
        case 'three_ds':
        case 'three_ds_slow_bank':
        case 'three_ds_then_declined':
          return { reference, outcome: 'requires_3ds' };
        case 'insufficient_funds':
          return { reference, outcome: 'declined', reason: 'insufficient_funds' };
        default:
          return { reference, outcome: 'declined', reason: 'card_declined' };
      }
    },
    async confirm3ds({ reference, secureCode }) {
      if (secureCode !== SANDBOX_SECURE_CODE) return { outcome: 'wrong_code' };
      switch (behaviourOf(reference)) {
        case 'three_ds':
          return { outcome: 'approved' };
        case 'three_ds_slow_bank':
          return { outcome: 'processing', retryInMs: SLOW_BANK_MS };
        default:
          return { outcome: 'declined', reason: 'bank_declined' };
      }
    },
    async status(reference) {
      // The slow bank has finished by the time anyone asks again.
      return behaviourOf(reference) === 'three_ds_slow_bank' ? { outcome: 'approved' } : { outcome: 'declined', reason: 'bank_declined' };
    },
  };
}
