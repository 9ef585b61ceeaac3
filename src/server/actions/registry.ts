import { DEPOSIT_ACTIONS } from '../features/deposits/deposit-actions.ts';
import { verificationDecision } from '../features/leads/verification-decision.ts';
import { ADJUSTMENT_ACTIONS } from '../money/adjustment-actions.ts';
import { WITHDRAWAL_ACTIONS } from '../money/withdrawal-actions.ts';
import { ORDER_ACTIONS } from '../trading/orders/actions.ts';
import { DIVIDEND_ACTIONS } from '../wealth/dividend-actions.ts';
import { OFFER_ACTIONS } from '../vault/offer-actions.ts';
import type { RegisteredAction } from './define-action.ts';

/** Every action route of DESIGN.md §6, registered before the standard set (as resources are listed in resources/registry.ts). */
export const ACTIONS: readonly RegisteredAction[] = [
  verificationDecision,
  ...WITHDRAWAL_ACTIONS,
  ...DEPOSIT_ACTIONS,
  ...ADJUSTMENT_ACTIONS,
  ...DIVIDEND_ACTIONS,
  ...ORDER_ACTIONS,
  ...OFFER_ACTIONS,
];
