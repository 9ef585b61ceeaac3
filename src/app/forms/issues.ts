import type { z } from 'zod';
import { formatMoney } from '../i18n/format.ts';

export type FieldErrors = Record<string, string>;
export type Translate = (key: string, params?: Record<string, unknown>) => string;
export type Exists = (key: string) => boolean;

/** The form-level error, for issues with no field (e.g. a refine on the whole object). */
export const FORM_ERROR = '_form';

/**
 * Zod issues carry i18n keys as messages (src/shared/fields.ts); this turns them into text.
 * Unknown messages fall back to `validation.code.<code>` so a person never sees zod's English.
 */
export function translateIssues(
  issues: readonly z.core.$ZodIssue[],
  t: Translate,
  exists: Exists,
  fieldLabel?: (path: string) => string,
): FieldErrors {
  const errors: FieldErrors = {};
  for (const issue of issues) {
    const path = issue.path.length ? issue.path.join('.') : FORM_ERROR;
    if (errors[path]) continue; // the first problem of a field is the one to fix first
    const raw = issue as unknown as { minimum?: unknown; maximum?: unknown; keys?: string[] };
    const params = {
      ...refinementParams(issue),
      min: raw.minimum,
      max: raw.maximum,
      keys: raw.keys?.join(', '),
      field: fieldLabel ? fieldLabel(path) : path,
    };
    const key = exists(issue.message) ? issue.message : `validation.code.${issue.code}`;
    errors[path] = exists(key) ? t(key, params) : t('validation.invalid');
  }
  return errors;
}

/** A refinement's own parameters (src/shared/money/entry-limits.ts), money (`{ euros }`) formatted as the server formats it. */
function refinementParams(issue: z.core.$ZodIssue): Record<string, unknown> {
  if (issue.code !== 'custom' || !issue.params) return {};
  const money = (value: unknown) =>
    typeof value === 'object' && value !== null && typeof (value as { euros?: unknown }).euros === 'number'
      ? formatMoney((value as { euros: number }).euros)
      : value;
  return Object.fromEntries(Object.entries(issue.params).map(([name, value]) => [name, money(value)]));
}
