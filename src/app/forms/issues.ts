import type { z } from 'zod';

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
