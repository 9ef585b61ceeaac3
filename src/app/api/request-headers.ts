let zone: string | undefined;

/** The caller's IANA time zone, asked of Intl once per page: the first DateTimeFormat pays ICU's start-up. */
export const localTimeZone = (): string => (zone ??= Intl.DateTimeFormat().resolvedOptions().timeZone);

/** What every API call carries (SPEC.md §7): x-timezone, x-lang, and the Bearer token when there is one. */
export function setApiHeaders(headers: Headers, token: string | null | undefined, localLanguage: string, timeZone: string): Headers {
  headers.set('x-timezone', timeZone);
  headers.set('x-lang', localLanguage);
  if (token) headers.set('authorization', `Bearer ${token}`);
  else headers.delete('authorization');
  return headers;
}
