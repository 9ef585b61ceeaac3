import { z } from 'zod';
import type { Wire } from '../entities/define-entity.ts';
import { ERROR_CODES } from '../errors.ts';

/** The body of every failed call (`ApiErrorBody`); loose: a version conflict adds `current`. */
export const apiErrorSchema = z
  .looseObject({
    message: z.string(),
    code: z.enum(ERROR_CODES),
    /** Per-field messages, already translated; `items.<index>.<field>` for a batch. */
    details: z.record(z.string(), z.unknown()).optional(),
  })
  .meta({ id: 'ApiError' });

/** The failures any route may answer, for the documentation. */
export const errorResponses = {
  400: apiErrorSchema,
  401: apiErrorSchema,
  403: apiErrorSchema,
  404: apiErrorSchema,
  409: apiErrorSchema,
  413: apiErrorSchema,
  429: apiErrorSchema,
} as const;

export const idParams = z.strictObject({ id: z.uuid({ error: 'validation.id' }) });

/**
 * A multipart upload, documented by its fields. Not validated as a body: the multipart plugin reads
 * the stream in the handler (a JSON body there answers 415, as before).
 */
export const multipartBody = (fields: Record<string, string>) =>
  z.any().meta({
    description: `multipart/form-data: ${Object.entries(fields)
      .map(([name, description]) => `\`${name}\` (${description})`)
      .join(', ')}`,
  });

/** An answer that is a file, not JSON. */
export const fileAnswer = (description: string) => z.unknown().meta({ description, format: 'binary' });

export const successAnswer = z.object({ success: z.literal(true) });

/** What a route answers with `status`, as the client receives it (JSON: dates as strings). */
export type AnswerOf<
  C extends { response: object },
  S extends keyof C['response'] = 200 extends keyof C['response'] ? 200 : never,
> = C['response'][S] extends z.ZodType ? Wire<z.output<C['response'][S]>> : never;
