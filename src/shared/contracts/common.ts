import { z } from 'zod';
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

/** A multipart upload, documented (the multipart plugin reads it, so it is not validated as JSON). */
export const multipartBody = (fields: Record<string, string>) =>
  z
    .object(
      Object.fromEntries(Object.entries(fields).map(([name, description]) => [name, z.string().meta({ format: 'binary', description })])),
    )
    .optional()
    .meta({ description: 'multipart/form-data' });

/** An answer that is a file, not JSON. */
export const fileAnswer = (description: string) => z.unknown().meta({ description, format: 'binary' });

export const successAnswer = z.object({ success: z.literal(true) });
