import { z } from 'zod';

/**
 * Field builders shared by every entity schema. Messages are i18n keys (locales/*.json,
 * `validation.*`), translated by the server for API errors and by the client for forms.
 */
export const text = (max = 255) => z.string({ error: 'validation.required' }).trim().max(max, { error: 'validation.tooLong' });

export const requiredText = (max = 255, error = 'validation.required') => text(max).min(1, { error });

export const optionalText = (max = 255) => text(max).nullable().optional();
/** Text an action cannot go without (a refusal's reason, a bank reference): absent or blank, the same message names what is missing. */
export const demandedText = (max: number, error: string) =>
  z.string({ error }).trim().min(1, { error }).max(max, { error: 'validation.tooLong' });

/** The app's own uploads (src/server/uploads/store.ts `uploadUrl`): one file name, never a path. */
const UPLOAD_PATH = /^\/api\/v1\/uploads\/[\w-]+\.[a-z0-9]{2,5}$/i;

/** Plain http: only on a developer's machine (NODE_ENV=development, read where a process is). */
const plainHttpAllowed = () => globalThis.process?.env?.NODE_ENV === 'development';

/**
 * A link the app may show or load: an https: address (http: in development) or one of its own uploads.
 * `javascript:`, `data:`, `ftp:` and the rest are refused: an image or link someone else opens must not run or smuggle anything.
 */
export function isSafeUrl(value: string): boolean {
  if (UPLOAD_PATH.test(value)) return true;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return false;
  }
  return url.hostname !== '' && (url.protocol === 'https:' || (url.protocol === 'http:' && plainHttpAllowed()));
}

/** A required URL field (isSafeUrl). */
export const requiredUrl = (max = 1000) => requiredText(max).refine(isSafeUrl, { error: 'validation.url' });

/** An optional URL field (isSafeUrl); empty means none. */
export const optionalUrl = (max = 1000) =>
  text(max)
    .refine((value) => value === '' || isSafeUrl(value), { error: 'validation.url' })
    .nullable()
    .optional();

/** A phone number as people write it: digits, spaces, dots, dashes, brackets, a leading +; at least 4 digits. */
export const PHONE_PATTERN = /^\+?[\d\s().\-/]*$/;
export const isPhone = (value: string) => value === '' || (PHONE_PATTERN.test(value) && value.replace(/\D/g, '').length >= 4);
/** An optional phone field; forms show it as a telephone input (`input: 'tel'`). */
export const optionalPhone = () => text(32).refine(isPhone, { error: 'validation.phone' }).meta({ input: 'tel' }).nullable().optional();

export const email = () =>
  z
    .string({ error: 'validation.required' })
    .trim()
    .toLowerCase()
    .max(254, { error: 'validation.tooLong' })
    .pipe(z.email({ error: 'validation.email' }));

/** SPEC.md §5: at least 6 characters, one letter, one number. */
export const password = () =>
  z
    .string({ error: 'validation.required' })
    .min(6, { error: 'validation.passwordLength' })
    .max(128, { error: 'validation.tooLong' })
    .regex(/[A-Za-z]/, { error: 'validation.passwordLetter' })
    .regex(/[0-9]/, { error: 'validation.passwordNumber' });

export const id = () => z.uuid({ error: 'validation.id' });

export const ref = () => id().nullable().optional();

/** ISO 8601 date or date-time, as forms and the API send them. */
const ISO_DATE = /^\d{4}-\d{2}-\d{2}([T ]\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}(:?\d{2})?)?)?$/i;

/** Dates a person can mean: beyond these, date arithmetic leaves JavaScript's and PostgreSQL's ranges. */
export const DATE_RANGE = { min: new Date('1900-01-01T00:00:00Z'), max: new Date('2200-01-01T00:00:00Z') } as const;

/**
 * A date from a Date or an ISO 8601 string, within DATE_RANGE. Not `z.coerce.date()` alone: it turns
 * `false`, `null` and `0` into 1970-01-01 and numbers into dates, so wrong types would pass as valid dates.
 */
export const dateTime = (error = 'validation.date') =>
  z
    .custom<Date | string>((value) => value instanceof Date || (typeof value === 'string' && ISO_DATE.test(value.trim())), { error })
    .pipe(z.coerce.date({ error }))
    .refine((date) => date >= DATE_RANGE.min && date <= DATE_RANGE.max, { error });

/** A calendar day (YYYY-MM-DD, read in the caller's time zone) within DATE_RANGE. */
export const calendarDay = (error = 'validation.date') =>
  z
    .string({ error })
    .regex(/^\d{4}-\d{2}-\d{2}$/, { error })
    .refine(
      (day) => {
        const time = Date.parse(`${day}T00:00:00Z`);
        return (
          !Number.isNaN(time) &&
          new Date(time).toISOString().startsWith(day) &&
          time >= DATE_RANGE.min.getTime() &&
          time < DATE_RANGE.max.getTime()
        );
      },
      { error },
    );

export const oneOf = <const T extends readonly [string, ...string[]]>(values: T) => z.enum(values, { error: 'validation.oneOf' });

export const bool = () => z.boolean({ error: 'validation.boolean' });

/** A number with at most `decimals` decimals within [min, max]. */
export const decimal = (min: number, max: number, decimals = 2) =>
  z
    .number({ error: 'validation.number' })
    .finite({ error: 'validation.number' })
    .min(min, { error: 'validation.min' })
    .max(max, { error: 'validation.max' })
    .refine((v) => Math.abs(Math.round(v * 10 ** decimals) - v * 10 ** decimals) < 1e-6, {
      error: 'validation.twoDecimals',
    });

export const int = (min: number, max: number) =>
  z
    .number({ error: 'validation.number' })
    .int({ error: 'validation.integer' })
    .min(min, { error: 'validation.min' })
    .max(max, { error: 'validation.max' });

export const tags = (values?: readonly [string, ...string[]]) =>
  z.array(values ? oneOf(values) : requiredText(64)).max(50, { error: 'validation.tooMany' });
