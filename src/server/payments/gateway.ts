import type { DepositFailureReason } from '../../shared/money/card-deposit.ts';

/**
 * What a card deposit needs from a payment provider (DESIGN.md §6). The card's secrets are handed to
 * `authorize` and `confirm3ds` only and go no further: a gateway keeps no number, CVV or code, and the
 * server stores the reference it answers with, the brand, the last 4 digits and the expiry.
 */
export type CardSecrets = {
  /** Digits only, Luhn-valid. */
  number: string;
  /** MM/YY. */
  expiry: string;
  cvv: string;
};

export type Decline = {
  outcome: 'declined';
  reason: Extract<DepositFailureReason, 'card_declined' | 'insufficient_funds' | 'bank_declined'>;
};

export type Authorization = { reference: string } & ({ outcome: 'approved' } | { outcome: 'requires_3ds' } | Decline);

export type ThreeDsResult =
  | { outcome: 'approved' }
  | { outcome: 'wrong_code' }
  | Decline
  /** The code was right and the bank is working: ask `status` again after `retryInMs`. */
  | { outcome: 'processing'; retryInMs: number };

/** The bank's answer after `processing` (the status callback, polled by the scheduler). */
export type GatewayStatus = { outcome: 'approved' } | Decline | { outcome: 'processing'; retryInMs: number };

export type PaymentGateway = {
  name: string;
  /** Sandbox gateways accept only their documented test cards; the deposit screen lists them. */
  sandbox: boolean;
  authorize(request: { depositId: string; amountCents: number; card: CardSecrets }): Promise<Authorization>;
  confirm3ds(request: { reference: string; secureCode: string }): Promise<ThreeDsResult>;
  status(reference: string): Promise<GatewayStatus>;
};
