import { toCents } from '../../../shared/money.ts';
import type { DEPOSIT_STATUSES } from '../../../shared/constants.ts';
import { SECURE_CODE_TRIES, type CardDepositInput, type DepositFailureReason } from '../../../shared/money/card-deposit.ts';
import { cardBrand } from '../../../shared/money/card.ts';
import { deposits } from '../../db/schema.ts';
import type { Work } from '../../http/mutate.ts';
import { creditDeposit, type LedgerWork } from '../../money/index.ts';
import type { Authorization, GatewayStatus, PaymentGateway, ThreeDsResult } from '../../payments/gateway.ts';

/**
 * The money rules of a deposit, used by the API routes, the scheduler's jobs and the demo seeder alike
 * (so no rule is written twice): what a gateway's answer does to a deposit, and the ledger credit that
 * goes with `completed`, booked in the caller's transaction.
 */
export type DepositRow = typeof deposits.$inferSelect;
type DepositStatus = (typeof DEPOSIT_STATUSES)[number];
type DepositValues = Partial<typeof deposits.$inferInsert>;
/** What a transition sets: the new status (absent: unchanged) and other columns. */
export type DepositOutcome = { to?: DepositStatus; set: DepositValues };

const failed = (failureReason: DepositFailureReason): DepositOutcome => ({ to: 'failed', set: { failureReason, bankRetryAt: null } });

/** What a gateway's answer does to a deposit; a wrong code counts a try and fails the deposit at the third. */
export function afterGateway(
  deposit: Pick<DepositRow, 'secureCodeTries'>,
  answer: Authorization | ThreeDsResult | GatewayStatus,
  now: Date,
): DepositOutcome {
  switch (answer.outcome) {
    case 'approved':
      return { to: 'completed', set: { bankRetryAt: null, failureReason: null } };
    case 'requires_3ds':
      return { to: 'awaiting_3d_secure', set: {} };
    case 'declined':
      return failed(answer.reason);
    case 'processing':
      return { to: 'awaiting_3d_secure', set: { bankRetryAt: new Date(now.getTime() + answer.retryInMs) } };
    case 'wrong_code': {
      const secureCodeTries = deposit.secureCodeTries + 1;
      if (secureCodeTries >= SECURE_CODE_TRIES) return { to: 'failed', set: { ...failed('authentication_failed').set, secureCodeTries } };
      return { to: 'awaiting_3d_secure', set: { secureCodeTries } };
    }
  }
}

/**
 * Applies a gateway's answer inside a transition: books the credit when it completes the deposit
 * (same transaction), and says what to set.
 */
export async function applyGatewayAnswer(
  work: LedgerWork,
  deposit: DepositRow,
  answer: Authorization | ThreeDsResult | GatewayStatus,
  now: Date,
): Promise<DepositOutcome> {
  const outcome = afterGateway(deposit, answer, now);
  if (outcome.to === 'completed') await creditDeposit(work, deposit);
  return outcome;
}

export const triesLeft = (deposit: Pick<DepositRow, 'secureCodeTries'>) => Math.max(0, SECURE_CODE_TRIES - deposit.secureCodeTries);

/** Asks the gateway before any transaction (a real bank takes its time); the card's secrets stop here. */
export async function authorizeCard(gateway: PaymentGateway, depositId: string, input: CardDepositInput) {
  return gateway.authorize({
    depositId,
    amountCents: toCents(input.amount),
    card: { number: input.cardNumber, expiry: input.cardExpirationDate, cvv: input.cardCVV },
  });
}

/**
 * Records a card deposit with its gateway's first answer, keeping the brand, the last 4 digits and
 * the expiry only (PCI DSS 3.3.1); an approved card is credited in the same transaction.
 */
export async function recordCardDeposit(
  work: Pick<Work, 'tx' | 'changed' | 'audit'> & LedgerWork,
  depositId: string,
  ownerId: string,
  input: CardDepositInput,
  authorization: Authorization,
  now: Date,
): Promise<DepositRow> {
  const outcome = afterGateway({ secureCodeTries: 0 }, authorization, now);
  const [row] = await work.tx
    .insert(deposits)
    .values({
      id: depositId,
      userId: ownerId,
      amount: input.amount,
      method: 'card',
      // Who paid: the lead itself, or the staff member (the real person) who typed the card in for it.
      createdBy: work.actor ? (work.actor.impersonatorId ?? work.actor.id) : null,
      status: outcome.to ?? 'pending',
      ...outcome.set,
      gatewayReference: authorization.reference,
      cardBrand: cardBrand(input.cardNumber),
      cardLast4: input.cardNumber.slice(-4),
      cardExpirationDate: input.cardExpirationDate,
      fullName: input.fullName,
      street: input.street,
      zipCode: input.zipCode,
      country: input.country,
      phone: input.phone,
    })
    .returning();
  if (row.status === 'completed') await creditDeposit(work, row);
  work.changed({ entity: 'deposit', recordId: row.id, op: 'upsert', audience: [ownerId], leadsOf: [ownerId] });
  await work.audit('deposit.card', 'deposit', row.id, { status: row.status, reason: row.failureReason });
  return row;
}
