import { z } from 'zod';
import { id, oneOf, requiredText } from '../fields.ts';
import { money } from '../money.ts';
import { LEAD_ACCOUNT_KINDS } from './accounts.ts';

/** Answers of GET /funds/available/:id and /funds/capital/:id (SPEC.md §7), euros with 2 decimals. */
export type AvailableFunds = { availableFunds: number };
export type Capital = { capital: number };

/** Query of GET /funds/statement/:id: a lead's entries on one account, newest first, or all of them as a file. */
export const statementQuerySchema = z.strictObject({
  account: oneOf(LEAD_ACCOUNT_KINDS).default('available'),
  from: z.iso.date({ error: 'validation.date' }).optional(),
  to: z.iso.date({ error: 'validation.date' }).optional(),
  kind: z.string().trim().min(1).max(64).optional(),
  page: z.coerce
    .number({ error: 'validation.integer' })
    .int({ error: 'validation.integer' })
    .min(1, { error: 'validation.min' })
    .max(100_000)
    .default(1),
  limit: z.coerce
    .number({ error: 'validation.integer' })
    .int({ error: 'validation.integer' })
    .min(1, { error: 'validation.min' })
    .max(100, { error: 'validation.max' })
    .default(20),
  format: oneOf(['json', 'csv', 'xlsx']).default('json'),
});
export type StatementQuery = z.infer<typeof statementQuerySchema>;

export type StatementEntry = {
  id: string;
  date: string;
  kind: string;
  sourceEntity: string;
  sourceId: string;
  memo: string | null;
  /** Signed euros: positive into the account. */
  amount: number;
  /** The running balance after this entry. */
  balance: number;
};
export type Statement = { entries: StatementEntry[]; count: number; pageToCreate: number; availableFunds: number; capital: number };

/** POST /funds/adjustment (admin): credit or debit a lead's available funds, with a reason (audited). */
export const adjustmentSchema = z.strictObject({
  /** A client-made id keeps the adjustment booked once across retries. */
  id: id().optional(),
  userId: id(),
  direction: oneOf(['credit', 'debit']),
  amount: money().refine((v) => v > 0, { error: 'validation.positive' }),
  reason: requiredText(500),
});
export type Adjustment = z.infer<typeof adjustmentSchema>;

/** GET /funds/check (admin): the ledger's invariants. */
export type LedgerCheck = {
  ok: boolean;
  accounts: number;
  transfers: number;
  /** Sum of every account, in euros: always 0. */
  total: number;
  /** Accounts whose balance is not the sum of their entries. */
  mismatchedAccounts: { id: string; balance: number; entries: number }[];
  /** Transfers without exactly two entries summing to zero. */
  unbalancedTransfers: string[];
  /** Lead accounts or entries below zero. */
  negative: string[];
};
