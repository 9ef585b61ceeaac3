import { createFetch, FetchError, type $Fetch, type FetchOptions } from 'ofetch';
import i18next from 'i18next';
import { HTTP_TIMEOUT_MS } from '../../shared/constants.ts';
import { localTimeZone, setApiHeaders } from './request-headers.ts';
import { isApiError, readApiErrorsWith, UNEXPECTED_ERROR, type ApiError } from './api-error.ts';

export { isApiError, UNEXPECTED_ERROR, type ApiError };
const NETWORK_ERROR = 'The server could not be reached: check the connection and try again';

export type HttpDeps = {
  getToken: () => string | null | undefined;
  getLocalLanguage: () => string;
  getTimeZone?: () => string;
  /** Injected in tests; the browser's fetch otherwise. */
  fetch?: typeof globalThis.fetch;
  baseURL?: string;
  timeout?: number;
};

/** One ofetch instance per SPEC.md §7: base /api, cookies sent, 60 s timeout, x-timezone, Bearer, x-lang. */
export function createHttp(deps: HttpDeps): $Fetch {
  // Resolved per call, so a fetch stubbed after start-up (tests, the offline engine) is used.
  const $fetch = createFetch({ fetch: deps.fetch ?? ((input, init) => globalThis.fetch(input, init)) });
  return $fetch.create({
    baseURL: deps.baseURL ?? '/api',
    credentials: 'include',
    timeout: deps.timeout ?? HTTP_TIMEOUT_MS,
    retry: 0,
    onRequest({ options }) {
      options.headers = setApiHeaders(
        new Headers(options.headers),
        deps.getToken(),
        deps.getLocalLanguage(),
        (deps.getTimeZone ?? localTimeZone)(),
      );
      // ofetch drops its timeout when the caller brings a signal (lists do, to cancel stale pages):
      // keep both, so no call outlives the 60 s of SPEC.md §7.
      if (options.signal && options.timeout) options.signal = AbortSignal.any([options.signal, AbortSignal.timeout(options.timeout)]);
    },
  } satisfies FetchOptions);
}

/** Server `details` as dotted paths → text (`{ items: { 0: { name } } }` → `items.0.name`), like form fields. */
export function flattenDetails(details: unknown, prefix = ''): Record<string, string> | undefined {
  if (!details || typeof details !== 'object') return undefined;
  const out: Record<string, string> = {};
  for (const [field, value] of Object.entries(details as Record<string, unknown>)) {
    const path = prefix ? `${prefix}.${field}` : field;
    const text = Array.isArray(value) && typeof value[0] === 'string' ? value[0] : value;
    if (typeof text === 'string') out[path] = text;
    else if (text && typeof text === 'object') Object.assign(out, flattenDetails(text, path));
  }
  return Object.keys(out).length ? out : undefined;
}

/** SPEC.md §8: the server's message, else the client error's message, else the generic text. */
export function toApiError(error: unknown): ApiError {
  if (error instanceof FetchError) {
    const body = error.data as { message?: unknown; code?: unknown; details?: unknown } | undefined;
    const serverMessage = typeof body?.message === 'string' && body.message ? body.message : undefined;
    const status = error.response?.status ?? error.status;
    return {
      message: serverMessage ?? (clientMessage(error) || UNEXPECTED_ERROR),
      status,
      code: typeof body?.code === 'string' ? body.code : undefined,
      details: flattenDetails(body?.details),
      network: !error.response,
    };
  }
  if (isApiError(error)) return error;
  return { message: (error instanceof Error && error.message) || UNEXPECTED_ERROR, network: false };
}

export const errorMessage = (error: unknown): string => toApiError(error).message;

readApiErrorsWith(toApiError);

/** ofetch prefixes its messages with the method and URL; the cause's text is what a person can use. */
function clientMessage(error: FetchError): string {
  const cause = error.cause as { message?: string; name?: string } | undefined;
  if (cause?.name === 'TimeoutError' || cause?.name === 'AbortError') return cause.message || error.message;
  // No answer at all: the browser's own words ('Failed to fetch') mean nothing to a person.
  if (!error.response) return (i18next.isInitialized && i18next.t('errors.NETWORK')) || NETWORK_ERROR;
  return error.statusText || error.message;
}
