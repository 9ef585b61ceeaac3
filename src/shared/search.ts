/**
 * How a list's `q` finds records, the same in the API (SQL) and in the local mirror (JavaScript):
 * - text is folded: lower case, accents removed by one explicit table (SQL `translate` uses the
 *   same table, so both sides fold exactly the same letters);
 * - every word must be found in some searchable field ('Olivia Silva': Olivia in the first name,
 *   Silva in the last);
 * - a query made of digits and phone punctuation is a phone number: it matches a phone field whose
 *   digits hold it, whatever the spacing, leading zeros or country prefix (+33 6 12… finds 06 12…).
 */

/** Accented letters (both cases) and what they fold to; one character for one, as SQL translate needs. */
const FOLD_FROM = 'àáâãäåāăąçćčďèéêëēėęěìíîïīįñńňòóôõöøōőŕřśšşťţùúûüūůűųýÿźżžÀÁÂÃÄÅĀĂĄÇĆČĎÈÉÊËĒĖĘĚÌÍÎÏĪĮÑŃŇÒÓÔÕÖØŌŐŔŘŚŠŞŤŢÙÚÛÜŪŮŰŲÝŸŹŻŽ';
const FOLD_TO = 'aaaaaaaaacccdeeeeeeeeiiiiiinnnoooooooorrsssttuuuuuuuuyyzzzaaaaaaaaacccdeeeeeeeeiiiiiinnnoooooooorrsssttuuuuuuuuyyzzz';
export const SEARCH_FOLD = { from: FOLD_FROM, to: FOLD_TO } as const;

const FOLD = new Map([...FOLD_FROM].map((c, i) => [c, FOLD_TO[i]!]));

/**
 * Lower case (Unicode, as SQL lower() does under the database's builtin C.UTF-8 locale), then accents
 * folded by the table (which also holds the capitals, for a database whose lower() is ASCII only).
 */
export function foldText(text: string): string {
  let out = '';
  for (const c of text.toLowerCase()) out += FOLD.get(c) ?? c;
  return out;
}

/** The digits of a phone number without its leading zeros (trunk prefix 0, international 00). */
export const phoneDigits = (text: string) => text.replace(/\D/g, '').replace(/^0+/, '');

/** A phone number may be written with spaces, dots, dashes, brackets and a leading +. */
const PHONE_QUERY = /^[+(]?[\d\s().\-/]+$/;
/** Fewer digits than this is a number, not a phone (a year, a house number). */
export const MIN_PHONE_DIGITS = 4;
/** A stored number at least this long may be found by a query that adds a country prefix before it. */
export const MIN_PREFIXED_DIGITS = 6;

export type SearchQuery = {
  /** Folded words, each to be found in some field. */
  words: string[];
  /** The whole query folded, for the phone case's text fallback. */
  text: string;
  /** Set when the query is a phone number: its digits (see phoneDigits). */
  phone: string | null;
};

export function parseSearch(q: string | undefined): SearchQuery | null {
  const raw = q?.trim();
  if (!raw) return null;
  const text = foldText(raw);
  const digits = phoneDigits(raw);
  const phone = PHONE_QUERY.test(raw) && raw.replace(/\D/g, '').length >= MIN_PHONE_DIGITS && digits ? digits : null;
  return { words: text.split(/\s+/).filter(Boolean), text, phone };
}

/** Whether a stored phone number answers a phone query (both as phoneDigits). */
export const phoneMatches = (stored: string, query: string) =>
  stored.length > 0 && (stored.includes(query) || (stored.length >= MIN_PREFIXED_DIGITS && query.endsWith(stored)));

/** The JavaScript side: does this record answer the query? (The SQL side is searchCondition in list-query.ts.) */
export function recordMatches(
  record: Record<string, unknown>,
  search: SearchQuery,
  fields: readonly string[],
  phoneFields: readonly string[] = [],
): boolean {
  const value = (field: string) => (typeof record[field] === 'string' ? (record[field] as string) : '');
  if (search.phone) {
    const phone = search.phone;
    if (phoneFields.some((f) => phoneMatches(phoneDigits(value(f)), phone))) return true;
    return fields.some((f) => foldText(value(f)).includes(search.text));
  }
  return search.words.every((word) => fields.some((f) => foldText(value(f)).includes(word)));
}
