import type { z } from 'zod';
import { AppError } from './app-error.ts';

/** One field's problem, before translation. */
export type FieldIssue = { key: string; code?: string; params: Record<string, unknown> };

/** A field path as the client's forms name it: `description.en`, `items.3.email`. */
export const fieldPath = (path: readonly PropertyKey[]) => (path.length ? path.map(String).join('.') : '_');

/**
 * Zod issues as `{ field: { key, params } }`; the error handler translates them into the caller's
 * language. Only the first issue per field is kept: a form shows one message under a field.
 */
export function issuesToDetails(issues: readonly z.core.$ZodIssue[], prefix: PropertyKey[] = []) {
  const details: Record<string, FieldIssue> = {};
  for (const issue of issues) {
    const field = fieldPath([...prefix, ...issue.path]);
    if (details[field]) continue;
    const params: Record<string, unknown> = {};
    if ('minimum' in issue) params.min = Number(issue.minimum);
    if ('maximum' in issue) params.max = Number(issue.maximum);
    if (issue.code === 'unrecognized_keys') params.keys = issue.keys.join(', ');
    details[field] = { key: issue.message, code: issue.code, params: { ...params, field } };
  }
  return details;
}

/** Parses `input` or throws a VALIDATION error that names every bad field. */
export function parse<T extends z.ZodType>(schema: T, input: unknown): z.output<T> {
  const result = schema.safeParse(input);
  if (result.success) return result.data;
  throw new AppError('VALIDATION', issuesToDetails(result.error.issues));
}
