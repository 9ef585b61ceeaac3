import type { z } from 'zod';
import { ERROR_CODES, type ErrorCode } from '../../shared/errors.ts';
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
    // A refinement's own parameters (a limit as money) reach its message; its error code is not one.
    if (issue.code === 'custom' && issue.params)
      for (const [name, value] of Object.entries(issue.params)) if (name !== 'code') params[name] = value;
    details[field] = { key: issue.message, code: issue.code, params: { ...params, field } };
  }
  return details;
}

/**
 * The error of a failed parse: VALIDATION, unless every issue is a refinement naming the same error
 * code (`params.code`, e.g. an amount above its bound: src/shared/money/entry-limits.ts), a business
 * rule answered with that code (422), its message with the first issue's parameters.
 */
function failure(issues: readonly z.core.$ZodIssue[], details: Record<string, unknown>): AppError {
  const codes = new Set(issues.map((issue) => (issue.code === 'custom' ? issue.params?.code : undefined)));
  const [only] = codes;
  if (codes.size !== 1 || typeof only !== 'string' || !(ERROR_CODES as readonly string[]).includes(only))
    return new AppError('VALIDATION', details);
  const { code: _code, ...params } = (issues[0] as z.core.$ZodIssueCustom).params ?? {};
  return new AppError(only as ErrorCode, details, params);
}

/** Parses `input` or throws a VALIDATION error that names every bad field. */
export function parse<T extends z.ZodType>(schema: T, input: unknown): z.output<T> {
  const result = schema.safeParse(input);
  if (result.success) return result.data;
  throw failure(result.error.issues, issuesToDetails(result.error.issues));
}

/** A batch body's problems: the array's own under `_`, each item's under `items.<index>`. */
function batchDetails(schema: z.ZodType, issues: readonly z.core.$ZodIssue[]) {
  const whole = issues.find((issue) => issue.path.length === 0);
  if (whole) return { _: { key: whole.message, code: whole.code, params: { max: schema._zod.bag.maximum } } };
  const byItem = new Map<PropertyKey, z.core.$ZodIssue[]>();
  for (const issue of issues) {
    const [index, ...path] = issue.path;
    byItem.set(index, [...(byItem.get(index) ?? []), { ...issue, path }]);
  }
  return { items: Object.fromEntries([...byItem].map(([index, itemIssues]) => [index, issuesToDetails(itemIssues)])) };
}

/**
 * Fastify's validator for every route's zod schemas (params, query, body): a failure is the same
 * VALIDATION error, with the same translated per-field details, as a handler's own `parse()`.
 */
export const validatorCompiler =
  ({ schema }: { schema: z.ZodType }) =>
  (data: unknown) => {
    const result = schema.safeParse(data);
    if (result.success) return { value: result.data };
    const issues = result.error.issues;
    const details = schema._zod.def.type === 'array' ? batchDetails(schema, issues) : issuesToDetails(issues);
    return { error: failure(issues, details) };
  };
