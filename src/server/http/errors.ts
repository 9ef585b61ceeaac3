import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Language } from '../../shared/constants.ts';
import type { ApiErrorBody } from '../../shared/errors.ts';
import { AppError, RateLimited } from './app-error.ts';
import { hasMessage, languageOf, translate } from './i18n.ts';
import type { FieldIssue } from './validate.ts';

type PgError = { code: string; constraint?: string; detail?: string; column?: string; table?: string; message?: string };

/** drizzle wraps driver errors; the PostgreSQL error (with its SQLSTATE) is somewhere in the cause chain. */
function pgErrorOf(error: unknown): PgError | undefined {
  for (let e = error as { code?: unknown; cause?: unknown } | undefined, depth = 0; e && depth < 5; e = e.cause as typeof e, depth++) {
    if (typeof e.code === 'string' && /^[0-9A-Z]{5}$/.test(e.code)) return e as PgError;
  }
  return undefined;
}

/** A 400 from the database names the column when PostgreSQL does, else the request as a whole (`_`). */
const pgDetails = (error: PgError, key: string) => ({ [error.column ? camel(error.column) : '_']: { key, params: {} } });

/**
 * Maps database failures that come from bad input to API errors, each 400 with its details. A numeric
 * field overflow is not bad input: every amount a request may carry fits its column, so only a total
 * (a balance) can pass numeric(14,2). It is refused as 422 OUT_OF_RANGE, nothing booked, and logged
 * for an operator (docs/decisions/card-bounds.md).
 */
function fromPg(error: PgError): AppError | undefined {
  switch (error.code) {
    case '23505':
      // The field's message too, so a form shows it under the email field.
      return error.constraint === 'users_email_unique'
        ? new AppError('EMAIL_TAKEN', { email: { key: 'errors.EMAIL_TAKEN', params: {} } })
        : new AppError('CONFLICT');
    case '23001': // restrict_violation: a delete blocked by ON DELETE RESTRICT
    case '23503': {
      // On insert/update the referenced row is missing; on delete something still references this one.
      const column = /Key \((\w+)\)/.exec(error.detail ?? '')?.[1];
      return error.code === '23001' || /is (still )?referenced/.test(error.detail ?? '')
        ? new AppError('HAS_DEPENDENTS', undefined, { what: { key: `dependents.${dependentTable(error)}` } })
        : new AppError('VALIDATION', { [column ? camel(column) : '_']: { key: 'validation.reference', params: {} } });
    }
    case '22003': // numeric out of range: a number sent for an integer, or a total beyond its column
      return /numeric field overflow/i.test(error.message ?? '')
        ? new AppError('OUT_OF_RANGE')
        : new AppError('VALIDATION', pgDetails(error, 'validation.tooLarge'));
    case '22007': // invalid datetime format
    case '22008': // datetime out of range
      return new AppError('VALIDATION', pgDetails(error, 'validation.date'));
    case '22001': // string too long
      return new AppError('VALIDATION', pgDetails(error, 'validation.tooLong'));
    case '23502': // not null
      return new AppError('VALIDATION', pgDetails(error, 'validation.required'));
    case '22P02': // invalid text representation
    case '23514': // check
    case '22021': // a NUL character in text, sent as a parameter
    case '22P05': // the same inside a json document (bulk inserts)
      return new AppError('VALIDATION', pgDetails(error, 'validation.invalid'));
    default:
      return undefined;
  }
}

/** The table whose rows still point at the deleted one: named in the message ("deposits", "offers"). */
function dependentTable(error: PgError): string {
  const table = error.table ?? /on table "(\w+)"\s*$/.exec(error.message ?? '')?.[1];
  return table && hasMessage(`dependents.${table}`) ? table : 'other';
}

const camel = (snake: string) => snake.replace(/_(\w)/g, (_, c: string) => c.toUpperCase());

/** Fastify's own errors (body parsing, limits, multipart) by status. */
function fromFastify(error: FastifyError): AppError | undefined {
  const status = error.statusCode ?? 0;
  if (status === 413 || error.code === 'FST_REQ_FILE_TOO_LARGE') return new AppError('PAYLOAD_TOO_LARGE');
  if (status === 415) return new AppError('UNSUPPORTED_MEDIA_TYPE');
  if (status === 429) return new AppError('RATE_LIMITED');
  if (status >= 400 && status < 500) return new AppError('BAD_REQUEST');
  return undefined;
}

export function toAppError(error: unknown): AppError {
  if (error instanceof AppError) return error;
  const pg = pgErrorOf(error);
  if (pg) {
    const mapped = fromPg(pg);
    if (mapped) return mapped;
  }
  const mapped = fromFastify(error as FastifyError);
  return mapped ?? new AppError('INTERNAL');
}

type Reader = { lang: Language; locale: string };

function translateDetails(reader: Reader, details: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [field, value] of Object.entries(details)) {
    const issue = value as Partial<FieldIssue> | undefined;
    if (issue && typeof issue === 'object' && typeof issue.key === 'string') {
      const key = hasMessage(issue.key)
        ? issue.key
        : hasMessage(`validation.code.${issue.code}`)
          ? `validation.code.${issue.code}`
          : 'validation.invalid';
      out[field] = translate(reader.lang, key, readParams(reader, issue.params ?? {}));
    } else if (value && typeof value === 'object' && !Array.isArray(value)) {
      out[field] = translateDetails(reader, value as Record<string, unknown>);
    } else {
      out[field] = value;
    }
  }
  return out;
}

const isMessageRef = (value: unknown): value is { key: string } =>
  typeof value === 'object' && value !== null && typeof (value as { key?: unknown }).key === 'string';

/** An amount inserted into a message, formatted as euros in the reader's language ("€10,000.00", "10 000,00 €"). */
export const euros = (amount: number) => ({ euros: amount });
const isEuros = (value: unknown): value is { euros: number } =>
  typeof value === 'object' && value !== null && typeof (value as { euros?: unknown }).euros === 'number';
/** A name given in every language (a catalogue field's labels): the reader's is inserted. */
const isLabels = (value: unknown): value is Record<Language, string> =>
  typeof value === 'object' && value !== null && ['en', 'fr', 'de'].every((l) => typeof (value as Record<string, unknown>)[l] === 'string');

/** Parameters as the reader reads them: `{ key }` is itself a message (the kind of record that depends on another), `euros()` money. */
const readParams = (reader: Reader, params: Record<string, unknown>) =>
  Object.fromEntries(
    Object.entries(params).map(([name, value]) => [
      name,
      isMessageRef(value)
        ? translate(reader.lang, value.key)
        : isEuros(value)
          ? new Intl.NumberFormat(reader.locale, { style: 'currency', currency: 'EUR' }).format(value.euros)
          : isLabels(value)
            ? value[reader.lang]
            : value,
    ]),
  );

/** The caller's language, and the locale its x-lang names when it is one of that language's (fr-CH), for numbers. */
function readerOf(request: FastifyRequest): Reader {
  const header = request.headers['x-lang'];
  const lang = languageOf(header);
  const named = (Array.isArray(header) ? header[0] : header) ?? '';
  const supported =
    /^[a-z]{2}(-[A-Za-z]{2})?$/.test(named) && languageOf(named) === lang && Intl.NumberFormat.supportedLocalesOf(named).length;
  return { lang, locale: supported ? named : lang };
}

/** The body of an error response, in the language of the request. */
export function errorBody(request: FastifyRequest, error: AppError): ApiErrorBody {
  const reader = readerOf(request);
  const body: ApiErrorBody = {
    message: translate(reader.lang, error.messageKey ?? `errors.${error.code}`, readParams(reader, error.params)),
    code: error.code,
  };
  if (error.details) body.details = translateDetails(reader, error.details);
  // A 400 always says what was wrong: where no field is named, the request as a whole (`_`).
  else if (error.status === 400) body.details = { _: body.message };
  return error.extra ? { ...error.extra, ...body } : body;
}

export function sendError(request: FastifyRequest, reply: FastifyReply, error: AppError) {
  return reply.status(error.status).send(errorBody(request, error));
}

/** One error handler: every failure leaves as `{ message, code, details? }`. */
export function registerErrorHandler(app: FastifyInstance) {
  app.setErrorHandler((error, request, reply) => {
    const appError = toAppError(error);
    if (appError.code === 'INTERNAL') request.log.error({ err: error }, 'unhandled error');
    // A balance at its column's limit: the caller is told, and whoever runs the books must know.
    if (appError.code === 'OUT_OF_RANGE') request.log.error({ err: error }, 'a total beyond its column');
    // Every 429 says when to come back.
    if (appError.code === 'RATE_LIMITED') {
      const retry = appError instanceof RateLimited ? appError.retryAfter : reply.getHeader('retry-after');
      reply.header('retry-after', String(retry ?? 60));
    }
    return sendError(request, reply, appError);
  });
}
