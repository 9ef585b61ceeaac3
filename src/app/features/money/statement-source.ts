import type { Statement } from '../../../shared/money/funds.ts';
import { isOnline } from '../../api/online-only.ts';
import { toApiError, UNEXPECTED_ERROR } from '../../api/http.ts';
import { recallAnswer, rememberAnswer } from '../../data/last-known.ts';
import i18next from 'i18next';
import { statementOf, type StatementQuery } from './money-api.ts';

/** A statement as the billing screen shows it; `asOf` set when it is the device's last known one. */
export type StatementView = Omit<Statement, 'pageToCreate' | 'balances'> & {
  /** Absent from a statement the device kept before the server sent every account. */
  balances?: Statement['balances'];
  /** When the device last heard it from the server (offline): the balance is the last known one. */
  asOf: string | null;
};

/** The answer to these filters, or (no query) the lead's latest answer whatever its filters. */
const keyOf = (leadId: string, query?: StatementQuery) => `statement:${leadId}${query ? `:${JSON.stringify(query)}` : ''}`;

/**
 * The server's statement when online, kept on the device; without a connection, the last one the
 * device heard for the same lead and filters (else its latest), marked with when it came. The ledger's
 * accounts are not in the mirror's tables yet: once they are, the balance can come from there.
 */
export async function loadStatement(leadId: string, query: StatementQuery, signal?: AbortSignal): Promise<StatementView> {
  if (isOnline()) {
    try {
      const answer = await statementOf(leadId, query, signal);
      await rememberAnswer(keyOf(leadId, query), answer);
      await rememberAnswer(keyOf(leadId), answer);
      return { ...answer, asOf: null };
    } catch (cause) {
      if (!toApiError(cause).network) throw cause;
    }
  }
  const known = (await recallAnswer<Statement>(keyOf(leadId, query))) ?? (await recallAnswer<Statement>(keyOf(leadId)));
  if (!known) throw { message: i18next.t('app.money.billing.nothingKnown') || UNEXPECTED_ERROR, network: true };
  return { ...known.value, asOf: new Date(known.at).toISOString() };
}
