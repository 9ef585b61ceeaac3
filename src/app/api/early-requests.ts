import { HTTP_TIMEOUT_MS } from '../../shared/constants.ts';
import { auth } from '../state/auth.ts';
import { ui } from '../state/ui.ts';
import { localTimeZone, setApiHeaders } from './request-headers.ts';

/** Headers compared before an early answer is handed over: the ones that change what the server answers. */
const COMPARED = ['authorization', 'x-lang', 'x-timezone'];

/** With no token kept, start-up's answers (settings, is there a cookie session) depend on no time zone (request-headers.ts). */
const currentHeaders = () => setApiHeaders(new Headers(), auth.token, ui.localLanguage, auth.token ? localTimeZone() : null);

const sameHeaders = (a: Headers, b: Headers) => COMPARED.every((name) => a.get(name) === b.get(name));

const early = new Map<string, { headers: Headers; response: Promise<Response> }>();

declare global {
  interface Window {
    /** Sent by the look script in index.html (public/boot.js) before any module loaded: signed out, start-up's requests. */
    bdBootRequests?: Record<string, { headers: Record<string, string>; response: Promise<Response> }>;
  }
}

/**
 * Sends GET requests now, with the headers the http client would send now, so their round trip overlaps
 * the evaluation of the rest of the app's code instead of following it (tests/bench/client.bench.ts).
 */
export function sendEarly(urls: string[]): void {
  const headers = currentHeaders();
  for (const url of urls) {
    // Already on its way since index.html with the same headers: taken over, once.
    const boot = window.bdBootRequests?.[url];
    if (boot) delete window.bdBootRequests![url];
    if (boot && sameHeaders(new Headers(boot.headers), headers)) {
      early.set(url, { headers, response: boot.response });
      continue;
    }
    const response = fetch(url, { headers, credentials: 'include', signal: AbortSignal.timeout(HTTP_TIMEOUT_MS) });
    // A failure is the caller's to see when it takes the answer; never an unhandled rejection before.
    response.catch(() => undefined);
    early.set(url, { headers, response });
  }
}

/**
 * The answer of an early request for this exact GET and headers, once; `undefined` sends it to the
 * network (another method, another token, or already taken).
 */
export function takeEarly(input: RequestInfo | URL, init?: RequestInit): Promise<Response> | undefined {
  if (typeof input !== 'string' || (init?.method ?? 'GET').toUpperCase() !== 'GET') return undefined;
  const entry = early.get(input);
  if (!entry) return undefined;
  early.delete(input);
  const headers = new Headers(init?.headers);
  return sameHeaders(headers, entry.headers) ? entry.response : undefined;
}

/**
 * A GET the way the http client would send it now, taken from the early requests when one is on its way;
 * for the login screen, which shows before the http client (and ofetch) is loaded.
 */
export function fetchNow(url: string): Promise<Response> {
  const headers = currentHeaders();
  return takeEarly(url, { headers }) ?? fetch(url, { headers, credentials: 'include', signal: AbortSignal.timeout(HTTP_TIMEOUT_MS) });
}
