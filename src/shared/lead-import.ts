import { z } from 'zod';
import { email, optionalPhone, optionalText, text } from './fields.ts';

/**
 * The lead import's rules (SPEC.md §3, issue 14), shared by the browser's preview and the server's
 * import: the same columns, header synonyms, note lines and row schema, so what the preview accepts
 * is what the server accepts (the server checks everything again).
 */
export const IMPORT_COLUMNS = ['firstName', 'lastName', 'email', 'phone', 'mobile', 'campaignName'] as const;
export type ImportColumn = (typeof IMPORT_COLUMNS)[number];
export const REQUIRED_IMPORT_COLUMNS: readonly ImportColumn[] = ['email'];
/** The server's limit on an import file. */
export const MAX_IMPORT_BYTES = 16 * 1024 * 1024;
/** Data rows an import takes at most. */
export const MAX_IMPORT_ROWS = 100_000;
/** What to do with a row whose email is already a lead's. */
export const DUPLICATE_CHOICES = ['skip', 'update'] as const;
export type DuplicateChoice = (typeof DUPLICATE_CHOICES)[number];

/**
 * A line right after the header whose first cell starts with `#` is a note (the template's example
 * line), never a lead: copying the template and forgetting its example cannot import Ada Lovelace.
 */
export const NOTE_MARK = '#';
/** Note lines the header may carry (more would be data rows that happen to start with #). */
export const MAX_NOTE_ROWS = 5;

/** Header words people use for each field, in en, fr and de, compared without case, accents, spaces or punctuation. */
const SYNONYMS: Record<ImportColumn, readonly string[]> = {
  firstName: ['firstname', 'first name', 'given name', 'forename', 'prénom', 'prenom', 'vorname'],
  lastName: ['lastname', 'last name', 'surname', 'family name', 'nom', 'nom de famille', 'nachname', 'familienname'],
  email: ['email', 'e-mail', 'mail', 'email address', 'courriel', 'adresse e-mail', 'adresse email', 'e-mail-adresse', 'emailadresse'],
  phone: ['phone', 'telephone', 'phone number', 'tel', 'téléphone', 'tél', 'numéro de téléphone', 'telefon', 'telefonnummer'],
  mobile: [
    'mobile',
    'mobile phone',
    'cell',
    'cell phone',
    'portable',
    'téléphone portable',
    'mobil',
    'handy',
    'mobiltelefon',
    'handynummer',
  ],
  campaignName: ['campaignname', 'campaign', 'campaign name', 'campagne', 'nom de campagne', 'kampagne', 'kampagnenname'],
};

/** `Prénom`, `prenom ` and `PRE-NOM` alike: lower case, no accents, letters and digits only. */
export const normaliseHeader = (header: string) =>
  String(header)
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]/gu, '');

const FIELD_BY_WORD = new Map(IMPORT_COLUMNS.flatMap((column) => SYNONYMS[column].map((word) => [normaliseHeader(word), column] as const)));

/** The field of each sheet column (null = ignored), guessed from its header; each field taken once, by its first column. */
export function guessMapping(headers: readonly unknown[]): (ImportColumn | null)[] {
  const taken = new Set<ImportColumn>();
  return headers.map((header) => {
    const column = FIELD_BY_WORD.get(normaliseHeader(String(header ?? '')));
    if (!column || taken.has(column)) return null;
    taken.add(column);
    return column;
  });
}

/** A mapping as sent by the preview: one entry per sheet column, a field or '' (ignore); a field at most once. */
export const mappingSchema = z
  .array(z.enum([...IMPORT_COLUMNS, ''], { error: 'validation.oneOf' }))
  .max(500, { error: 'validation.tooMany' })
  .refine((fields) => fields.every((field, i) => !field || fields.indexOf(field) === i), { error: 'validation.mappingTwice' })
  .transform((fields) => fields.map((field) => field || null));

/** Required fields no column is mapped to. */
export const missingColumns = (mapping: readonly (ImportColumn | null)[]) => REQUIRED_IMPORT_COLUMNS.filter((c) => !mapping.includes(c));

/** One data row of the sheet with its number as the spreadsheet shows it (header = 1). */
export type SheetRow = { row: number; cells: readonly unknown[] };

const isBlank = (cells: readonly unknown[]) => cells.every((cell) => !String(cell ?? '').trim());

/**
 * The header, then the data rows: note lines right after the header and blank lines left out.
 * `rows` are the sheet's rows in order; `firstRow` the sheet number of the first (1).
 */
export function splitSheet(rows: readonly (readonly unknown[])[]): { headers: string[]; data: SheetRow[]; notes: number } {
  const [headers = [], ...rest] = rows;
  const data: SheetRow[] = [];
  let notes = 0;
  rest.forEach((cells, i) => {
    if (isBlank(cells)) return;
    if (
      !data.length &&
      notes < MAX_NOTE_ROWS &&
      String(cells[0] ?? '')
        .trim()
        .startsWith(NOTE_MARK)
    ) {
      notes++;
      return;
    }
    data.push({ row: i + 2, cells });
  });
  return { headers: headers.map((h) => String(h ?? '')), data, notes };
}

/** One import row: names optional, a present and valid email, phones as the lead form takes them. */
export const leadRowSchema = z.strictObject({
  firstName: text(100),
  lastName: text(100),
  email: z.string({ error: 'validation.emailMissing' }).trim().min(1, { error: 'validation.emailMissing' }).pipe(email()),
  phone: optionalPhone(),
  mobile: optionalPhone(),
  campaignName: optionalText(200),
});
export type LeadRow = z.infer<typeof leadRowSchema>;

/** A field's problem as an i18n key with its parameters (translated by whoever shows it). */
export type RowIssue = { key: string; params: Record<string, unknown> };
export type RowResult = { ok: true; lead: LeadRow } | { ok: false; errors: Partial<Record<ImportColumn, RowIssue>>; email: string };

/**
 * A row's cells read through the mapping and checked. Only mapped fields are read: unknown headers,
 * `__proto__` included, never become keys. Cells are plain text: `=1+2` stays the string `=1+2`.
 */
export function readRow(cells: readonly unknown[], mapping: readonly (ImportColumn | null)[]): RowResult {
  const raw: Partial<Record<ImportColumn, string>> = {};
  mapping.forEach((column, i) => {
    if (column) raw[column] = String(cells[i] ?? '').trim();
  });
  const result = leadRowSchema.safeParse({
    firstName: raw.firstName ?? '',
    lastName: raw.lastName ?? '',
    email: raw.email ?? '',
    phone: raw.phone || null,
    mobile: raw.mobile || null,
    campaignName: raw.campaignName || null,
  });
  if (result.success) return { ok: true, lead: result.data };
  const errors: Partial<Record<ImportColumn, RowIssue>> = {};
  for (const issue of result.error.issues) {
    const field = issue.path[0] as ImportColumn;
    errors[field] ??= { key: issue.message, params: 'maximum' in issue ? { max: Number(issue.maximum) } : {} };
  }
  return { ok: false, errors, email: raw.email ?? '' };
}

/** Emails as compared for duplicates: the schema's own form (trimmed, lower case). */
export const emailKey = (value: string) => value.trim().toLowerCase();
