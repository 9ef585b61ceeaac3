import { z } from 'zod';
import { id, oneOf, requiredText } from '../fields.ts';
import { LEAD_ACCOUNT_KINDS } from './accounts.ts';
import { entryAmountField } from './entry-limits.ts';

/** Answers of GET /funds/available/:id and /funds/capital/:id (SPEC.md §7), euros with 2 decimals. */
export const availableFundsAnswer = z.object({ availableFunds: z.number() });
export const capitalAnswer = z.object({ capital: z.number() });
export type AvailableFunds = z.infer<typeof availableFundsAnswer>;
export type Capital = z.infer<typeof capitalAnswer>;

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

const statementEntry = z.object({
  id: z.string(),
  /** ISO 8601. */
  date: z.string(),
  kind: z.string(),
  sourceEntity: z.string(),
  sourceId: z.string(),
  memo: z.string().nullable(),
  /** Signed euros: positive into the account. */
  amount: z.number(),
  /** The running balance after this entry. */
  balance: z.number(),
});
export type StatementEntry = z.infer<typeof statementEntry>;
/** The JSON statement; `?format=csv|xlsx` answers the same entries as a file instead. */
export const statementAnswer = z
  .object({
    entries: z.array(statementEntry),
    count: z.number().int(),
    pageToCreate: z.number().int(),
    availableFunds: z.number(),
    capital: z.number(),
    /** Every account of the lead in euros (available, withdrawal hold, invested, margin, vault). */
    balances: z.record(z.enum(LEAD_ACCOUNT_KINDS), z.number()),
  })
  .meta({ description: 'JSON by default; with ?format=csv or ?format=xlsx, the entries as a text/csv or .xlsx file' });
export type Statement = z.infer<typeof statementAnswer>;

/** POST /funds/adjustment (admin): enter a credit or debit of a lead's available funds, with a reason (audited; four eyes). */
export const adjustmentSchema = z.strictObject({
  /** A client-made id keeps the adjustment booked once across retries. */
  id: id().optional(),
  userId: id(),
  direction: oneOf(['credit', 'debit']),
  amount: entryAmountField(),
  reason: requiredText(500),
});
export type Adjustment = z.infer<typeof adjustmentSchema>;

/** GET /funds/check (admin): the ledger's invariants. */
export const ledgerCheckAnswer = z.object({
  ok: z.boolean(),
  accounts: z.number().int(),
  transfers: z.number().int(),
  /** Sum of every account, in euros: always 0. */
  total: z.number(),
  /** Accounts whose balance is not the sum of their entries. */
  mismatchedAccounts: z.array(z.object({ id: z.string(), balance: z.number(), entries: z.number() })),
  /** Transfers without exactly two entries summing to zero. */
  unbalancedTransfers: z.array(z.string()),
  /** Lead accounts or entries below zero. */
  negative: z.array(z.string()),
});
export type LedgerCheck = z.infer<typeof ledgerCheckAnswer>;
