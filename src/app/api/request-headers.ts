let zone: string | undefined;

/** The caller's IANA time zone, asked of Intl once per page: the first DateTimeFormat pays ICU's start-up. */
export const localTimeZone = (): string => (zone ??= Intl.DateTimeFormat().resolvedOptions().timeZone);

/**
 * What every API call carries (SPEC.md §7): x-timezone, x-lang, and the Bearer token when there is one.
 * `timeZone` null: a public request signed out (the login screen's settings), whose answer depends on no
 * zone; it then costs no Intl start-up (~25–70 ms on this machine, the largest script cost of the login
 * screen in a CPU profile of tests/bench/client.bench.ts).
 */
export function setApiHeaders(headers: Headers, token: string | null | undefined, localLanguage: string, timeZone: string | null): Headers {
  if (timeZone) headers.set('x-timezone', timeZone);
  else headers.delete('x-timezone');
  headers.set('x-lang', localLanguage);
  if (token) headers.set('authorization', `Bearer ${token}`);
  else headers.delete('authorization');
  return headers;
}
