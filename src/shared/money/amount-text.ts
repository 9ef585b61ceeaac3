import { MAX_EUROS, toCents } from '../money.ts';

/**
 * An amount as a person types it, read strictly in their language (CHECKLIST item 5): each language
 * has its decimal mark and its grouping, groups must be well formed, and a third decimal is refused,
 * never taken for a thousands separator ("10.005" in English is not €10,005.00). The value is integer
 * cents. Errors are i18n keys (`validation.*`) with their parameters.
 */

type Separators = { decimal: readonly string[]; group: readonly string[] };

/** Normal, no-break and narrow no-break spaces: French groups with any of them (Intl prints U+202F). */
const SPACES = [' ', '\u00a0', '\u202f'];

const SEPARATORS: Record<string, Separators> = {
  en: { decimal: ['.'], group: [','] },
  // French never groups with a dot, so a dot can only be a decimal mark (a phone's decimal keypad).
  fr: { decimal: [',', '.'], group: SPACES },
  de: { decimal: [','], group: ['.'] },
};

export type AmountRefusal = { key: string; params?: Record<string, unknown> };
export type AmountReading = { ok: true; cents: number } | { ok: false; refusal: AmountRefusal };

export type AmountRules = {
  /** The most this field accepts, in cents (a card deposit's maximum); the column's limit otherwise. */
  maxCents?: number;
  /** Zero is refused unless allowed (a price may be nothing; a payment may not). */
  allowZero?: boolean;
  /**
   * A leading minus reads as a negative amount (a loss: a profit chosen when staff close an order);
   * refused otherwise. The maximum bounds its size either way.
   */
  signed?: boolean;
};

const refuse = (key: string, params?: Record<string, unknown>): AmountReading => ({ ok: false, refusal: { key, params } });

const separatorsOf = (language: string) => SEPARATORS[language.toLowerCase().split(/[-_]/)[0] ?? 'en'] ?? SEPARATORS.en!;

/** The text of `typed` in `language` (en, fr, de, or a locale such as fr-FR) as cents, or why not. */
export function readAmount(typed: string, language: string, rules: AmountRules = {}): AmountReading {
  const { decimal, group } = separatorsOf(language);
  // A euro sign typed or pasted with the amount ("€ 20", "20 €") is no part of the number.
  const bare = typed.trim().replace(/^€\s*/u, '').replace(/\s*€$/u, '').trim();
  if (!bare) return refuse('validation.amountRequired');
  const negative = /^[-−‒–]/u.test(bare);
  if (negative && !rules.signed) return refuse('validation.amountNegative');
  // "-12.50", "− 12,50", "-€12.50": the sign first, then the amount as any other.
  const text = negative ? bare.slice(1).trim().replace(/^€\s*/u, '') : bare;
  if (!text) return refuse('validation.amountFormat');

  const decimalAt = Math.max(...decimal.map((mark) => text.lastIndexOf(mark)));
  const whole = decimalAt >= 0 ? text.slice(0, decimalAt) : text;
  const fraction = decimalAt >= 0 ? text.slice(decimalAt + 1) : '';
  if (decimalAt >= 0 && !/^\d*$/.test(fraction)) return refuse('validation.amountFormat');
  if (fraction.length > 2) return refuse('validation.amountDecimals');
  if (decimalAt >= 0 && !fraction) return refuse('validation.amountFormat');

  const digits = readWhole(whole || '0', group);
  if (digits === null) return refuse('validation.amountFormat');

  const cents = Number(digits) * 100 + Number(fraction.padEnd(2, '0'));
  const max = Math.min(rules.maxCents ?? Number.POSITIVE_INFINITY, toCents(MAX_EUROS));
  if (!Number.isSafeInteger(cents) || cents > max) return refuse('validation.amountMax', { maxCents: max });
  if (cents === 0 && !rules.allowZero) return refuse('validation.positive');
  return { ok: true, cents: negative && cents !== 0 ? -cents : cents };
}

/**
 * An amount as a person would type it in `language`, for a field that edits it: no grouping, the
 * language's decimal mark, decimals only when there are cents ("10000", "1234,50" in German), so
 * `readAmount` reads it back as the same cents.
 */
export function amountText(cents: number, language: string): string {
  const size = Math.abs(cents);
  const whole = String(Math.floor(size / 100));
  const rest = size % 100;
  const text = rest ? `${whole}${separatorsOf(language).decimal[0]}${String(rest).padStart(2, '0')}` : whole;
  return cents < 0 ? `-${text}` : text;
}

/** The whole part: plain digits, or groups of three after a first group of one to three, one kind of separator. */
function readWhole(whole: string, group: readonly string[]): string | null {
  if (/^\d+$/.test(whole)) return whole;
  const used = group.filter((mark) => whole.includes(mark));
  if (used.length === 0) return null;
  // French may mix its spaces (a pasted U+202F beside a typed space); the others have one mark.
  const parts = whole.split(new RegExp(`[${used.map(escape).join('')}]`, 'u'));
  const [first, ...rest] = parts;
  if (!first || !/^\d{1,3}$/.test(first) || rest.length === 0 || !rest.every((part) => /^\d{3}$/.test(part))) return null;
  return parts.join('');
}

const escape = (mark: string) => mark.replace(/[.\\\]^-]/g, '\\$&');
