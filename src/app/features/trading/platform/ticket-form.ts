import { readAmount } from '../../../../shared/money/amount-text.ts';
import type { ExpirationPreset } from '../../../../shared/trading/ticket.ts';

/**
 * The order ticket's typed values read strictly (pure, unit-tested): lots as the reader writes a
 * number with two decimals at most (en 0.10, fr 0,10, de 0,10; a third decimal is refused), leverage
 * as a whole number, the stake through the amount field's own reading; the body the shared ticket
 * schema (src/shared/trading/ticket.ts) then judges.
 */

export type Reading<T> = { ok: true; value: T } | { ok: false; key: string; params?: Record<string, unknown> };

/** Lots typed in the reader's language, in hundredths of a lot (integer), e.g. "0,1" in French → 10. */
export function readLots(text: string, language: string): Reading<number> {
  const reading = readAmount(text, language);
  if (reading.ok) return { ok: true, value: reading.cents };
  const key = reading.refusal.key
    .replace('validation.amountRequired', 'validation.required')
    .replace('validation.amountDecimals', 'validation.lotsDecimals')
    .replace('validation.amountFormat', 'validation.number')
    .replace('validation.amountNegative', 'validation.positive')
    .replace('validation.amountMax', 'validation.number');
  return { ok: false, key };
}

/** Leverage as a whole number from 1 (the symbol's maximum is the shared ticket schema's rule). */
export function readLeverage(text: string): Reading<number> {
  const trimmed = text.trim();
  if (!trimmed) return { ok: false, key: 'validation.required' };
  if (!/^\d{1,4}$/.test(trimmed)) return { ok: false, key: 'validation.integer' };
  return { ok: true, value: Number(trimmed) };
}

/** What the ticket form holds: texts as typed, choices as picked. */
export type TicketValues = {
  market: 'forex' | 'binary_options';
  symbol: string;
  type: 'buy' | 'sell';
  quantity: string;
  leverage: string;
  stake: string;
  preset: ExpirationPreset | 'custom';
  customDate: string;
  riskAcknowledged: boolean;
};

export type TicketIssue = { path: string; key: string; params?: Record<string, unknown> };

/**
 * The body a ticket sends, or the issues of what was typed (each on its field). The rules of the
 * order itself (leverage up to the symbol's maximum, the expiry in the future, the risk acknowledged)
 * are the shared ticket schema's, applied to this body by the form.
 */
export function ticketBody(values: TicketValues, language: string): { body: Record<string, unknown> } | { issues: TicketIssue[] } {
  const issues: TicketIssue[] = [];
  if (values.market === 'forex') {
    const lots = readLots(values.quantity, language);
    const leverage = readLeverage(values.leverage);
    if (!lots.ok) issues.push({ path: 'quantity', key: lots.key, params: lots.params });
    if (!leverage.ok) issues.push({ path: 'leverage', key: leverage.key });
    if (!lots.ok || !leverage.ok) return { issues };
    return { body: { market: 'forex', symbol: values.symbol, type: values.type, quantity: lots.value / 100, leverage: leverage.value } };
  }
  const stake = readAmount(values.stake, language);
  if (!stake.ok) issues.push({ path: 'stake', key: stake.refusal.key, params: stake.refusal.params });
  const custom = values.preset === 'custom';
  const at = custom && values.customDate ? new Date(values.customDate) : null;
  if (custom && (!at || Number.isNaN(at.getTime()))) issues.push({ path: 'customDate', key: 'validation.expirationRequired' });
  if (!stake.ok || issues.length) return { issues };
  return {
    body: {
      market: 'binary_options',
      symbol: values.symbol,
      direction: values.type,
      stake: stake.cents / 100,
      expiration: custom ? at!.toISOString() : values.preset,
      riskAcknowledged: values.riskAcknowledged,
    },
  };
}
