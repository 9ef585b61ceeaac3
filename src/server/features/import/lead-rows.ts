import { z } from 'zod';
import { email, optionalText, text } from '../../../shared/fields.ts';
import { issuesToDetails, type FieldIssue } from '../../http/validate.ts';

/** The columns of the lead import (SPEC.md §3) in template order; email is the one required. */
export const IMPORT_COLUMNS = ['firstName', 'lastName', 'email', 'phone', 'mobile', 'campaignName'] as const;
export type ImportColumn = (typeof IMPORT_COLUMNS)[number];
export const REQUIRED_COLUMNS: readonly ImportColumn[] = ['email'];

const rowSchema = z.strictObject({
  firstName: text(100),
  lastName: text(100),
  email: email(),
  phone: optionalText(32),
  mobile: optionalText(32),
  campaignName: optionalText(200),
});
export type LeadRow = z.infer<typeof rowSchema>;

const normalise = (header: string) =>
  header
    .trim()
    .toLowerCase()
    .replace(/[\s_-]/g, '');

/**
 * Which column index holds which field, by header name (any case, spaces ignored). Unknown headers,
 * `__proto__` included, are ignored: rows are built from this map only, never keyed by the file.
 */
export function mapHeaders(headers: readonly string[]): { index: Map<ImportColumn, number>; missing: ImportColumn[] } {
  const index = new Map<ImportColumn, number>();
  headers.forEach((header, i) => {
    const column = IMPORT_COLUMNS.find((c) => normalise(c) === normalise(String(header)));
    if (column && !index.has(column)) index.set(column, i);
  });
  return { index, missing: REQUIRED_COLUMNS.filter((c) => !index.has(c)) };
}

export type RowResult = { ok: true; lead: LeadRow } | { ok: false; errors: Record<string, FieldIssue>; email: string };

export function readRow(cells: readonly string[], index: Map<ImportColumn, number>): RowResult {
  const raw: Record<string, string> = {};
  for (const [column, i] of index) raw[column] = String(cells[i] ?? '').trim();
  const result = rowSchema.safeParse({
    firstName: '',
    lastName: '',
    ...raw,
    phone: raw.phone || null,
    mobile: raw.mobile || null,
    campaignName: raw.campaignName || null,
  });
  return result.success
    ? { ok: true, lead: result.data }
    : { ok: false, errors: issuesToDetails(result.error.issues), email: raw.email ?? '' };
}
