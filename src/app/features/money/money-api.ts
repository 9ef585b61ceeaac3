import { FetchError } from 'ofetch';
import { http } from '../../api/client.ts';
import { flattenDetails, toApiError, type ApiError } from '../../api/http.ts';
import { requireOnline } from '../../api/online-only.ts';
import { runOnline } from '../../offline/run-online.ts';
import type { CardDepositInput, DepositAnswer } from '../../../shared/money/card-deposit.ts';
import type { DepositStats, WithdrawalStats } from '../../../shared/money/stats.ts';
import type { Statement } from '../../../shared/money/funds.ts';

/**
 * The money calls beyond the standard set (SPEC.md §7, DESIGN.md §6). Every one that changes money is
 * online-only, through `runOnline`: refused offline without a request, never queued in the outbox (so
 * card data never reaches IndexedDB), the lead's queued changes sent first, the answer put in the mirror.
 */

export type DepositRecord = DepositAnswer;

/** Answers come as `{ deposit }` or as the record itself. */
const depositOf = (answer: unknown): DepositRecord =>
  (answer && typeof answer === 'object' && 'deposit' in answer ? (answer as { deposit: DepositRecord }).deposit : answer) as DepositRecord;

/** An API error with the server's raw details kept (e.g. `triesLeft`, a number the generic flattening drops). */
export type MoneyError = ApiError & { raw?: Record<string, unknown> };

function toMoneyError(cause: unknown): MoneyError {
  const error: MoneyError = toApiError(cause);
  if (cause instanceof FetchError) {
    const details = (cause.data as { details?: unknown } | undefined)?.details;
    if (details && typeof details === 'object') error.raw = details as Record<string, unknown>;
  }
  return error;
}

/** runOnline passes the server's details through as they came: kept as `raw`, and per field for forms. */
function withRawDetails(cause: unknown): MoneyError {
  const error = toMoneyError(cause);
  if (!error.raw && error.details) {
    error.raw = error.details as Record<string, unknown>;
    error.details = flattenDetails(error.raw);
  }
  return error;
}

/** How long a form's twin waits for the first request's answer (a card authorisation takes seconds). */
const TWIN_WAIT_MS = 60_000;

/**
 * A money record made online-only (its id chosen by the server), after the lead's queued changes, under
 * the form's Idempotency-Key: a twin sent while the first runs (409 IDEMPOTENCY_IN_PROGRESS) asks
 * again until the first answer is replayed, so both submits show the one record made.
 */
async function create<T>(entity: 'deposit' | 'withdrawal', path: string, body: object, key: string, leadId?: string): Promise<T> {
  const until = Date.now() + TWIN_WAIT_MS;
  for (let wait = 200; ; wait = Math.min(wait * 2, 2_000)) {
    try {
      return (await runOnline(entity, null, { method: 'POST', path, body, key, after: leadId ? [leadId] : [] })) as T;
    } catch (cause) {
      const error = withRawDetails(cause);
      if (error.code !== 'IDEMPOTENCY_IN_PROGRESS' || Date.now() > until) throw error;
      await new Promise((resolve) => setTimeout(resolve, wait));
    }
  }
}

export const createCardDeposit = (body: CardDepositInput, key: string) =>
  create<DepositRecord>('deposit', '/v1/deposit/3d-secure', body, key, body.userId).then(depositOf);

/** Through runOnline: the deposit's answer lands in the mirror; the code is sent, never queued or kept. */
export const confirmSecureCode = (depositId: string, secureCode: string) =>
  runOnline('deposit', depositId, { method: 'POST', path: `/v1/deposit/${depositId}/confirm-3d-secure`, body: { secureCode } })
    .then(depositOf)
    .catch((cause: unknown) => {
      throw withRawDetails(cause);
    });

export const cancelDeposit = (depositId: string) =>
  runOnline('deposit', depositId, { method: 'PATCH', path: `/v1/deposit/${depositId}/cancel`, body: {} }).then(depositOf);

export const getDeposit = (depositId: string, signal?: AbortSignal) => http(`/v1/deposit/${depositId}`, { signal }).then(depositOf);

/** A lead's withdrawal request (the server holds the money at once). */
export const requestWithdrawal = (amount: number, key: string, userId?: string) =>
  create<Record<string, unknown>>('withdrawal', '/v1/withdrawal', userId ? { amount, userId } : { amount }, key, userId);

/** Staff enter a bank-transfer deposit or a withdrawal for a lead: the standard create, always `pending`. */
export const enterForLead = (
  entity: 'deposit' | 'withdrawal',
  body: { userId: string; amount: number; transactionId?: string },
  key: string,
) => create<Record<string, unknown>>(entity, `/v1/${entity}`, body, key, body.userId);

export type Funds = { availableFunds: number; capital: number };

export const fundsOf = (leadId: string, signal?: AbortSignal): Promise<Funds> =>
  Promise.all([
    http<{ availableFunds: number }>(`/v1/funds/available/${leadId}`, { signal }),
    http<{ capital: number }>(`/v1/funds/capital/${leadId}`, { signal }),
  ]).then(([available, capital]) => ({ availableFunds: available.availableFunds, capital: capital.capital }));

export type StatementQuery = { from?: string; to?: string; kind?: string; page?: number; limit?: number };

export const statementOf = (leadId: string, query: StatementQuery, signal?: AbortSignal) =>
  http<Statement>(`/v1/funds/statement/${leadId}`, { query, signal });

/** The statement as a file (.csv or .xlsx), saved through a temporary link. */
export async function downloadStatement(leadId: string, query: StatementQuery, format: 'csv' | 'xlsx'): Promise<void> {
  requireOnline();
  const blob = await http<Blob, 'blob'>(`/v1/funds/statement/${leadId}`, { query: { ...query, format }, responseType: 'blob' }).catch(
    (cause: unknown) => {
      throw toMoneyError(cause);
    },
  );
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = `statement-${leadId.slice(0, 8)}.${format}`;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

export const depositStats = (query: { from?: string; to?: string }, signal?: AbortSignal) =>
  http<{ depositStats: DepositStats }>('/v1/deposit/stats', { query, signal }).then((a) => a.depositStats);

export const withdrawalStats = (query: { from?: string; to?: string }, signal?: AbortSignal) =>
  http<{ withdrawalStats: WithdrawalStats }>('/v1/withdrawal/stats', { query, signal }).then((a) => a.withdrawalStats);

/** Which payment gateway serves card deposits; the deposit screen lists the test cards of a sandbox. */
export const gatewayInfo = (signal?: AbortSignal) =>
  http<{ name: string; sandbox: boolean }>('/v1/deposit/gateway', { signal }).catch(() => ({ name: 'unknown', sandbox: false }));
