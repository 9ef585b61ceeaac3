import { describe, expect, test, vi } from 'vitest';
import { createHttp, errorMessage, flattenDetails, toApiError, UNEXPECTED_ERROR } from '../../../src/app/api/http.ts';

type Call = { url: string; init: RequestInit & { headers: Headers } };

const fakeFetch = (respond: (call: Call) => Response | Promise<Response>) => {
  const calls: Call[] = [];
  const fetch = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const call = { url: String(input), init: { ...init, headers: new Headers(init?.headers) } };
    calls.push(call);
    return respond(call);
  });
  return { fetch: fetch as unknown as typeof globalThis.fetch, calls };
};

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

describe('the HTTP client (SPEC.md §7)', () => {
  test('sends x-timezone, x-lang and the bearer token, to /api, with cookies', async () => {
    const { fetch, calls } = fakeFetch(() => json({ ok: true }));
    let token: string | null = 'abc.def';
    const http = createHttp({ fetch, getToken: () => token, getLocalLanguage: () => 'fr-FR', getTimeZone: () => 'Europe/Paris' });
    await http('/v1/setting');
    const [call] = calls;
    expect(call?.url).toBe('/api/v1/setting');
    expect(call?.init.credentials).toBe('include');
    expect(call?.init.headers.get('x-timezone')).toBe('Europe/Paris');
    expect(call?.init.headers.get('x-lang')).toBe('fr-FR');
    expect(call?.init.headers.get('authorization')).toBe('Bearer abc.def');
    // Read at call time: signing out removes the header at once.
    token = null;
    await http('/v1/setting');
    expect(calls[1]?.init.headers.has('authorization')).toBe(false);
  });

  test('uses the local time zone when none is injected', async () => {
    const { fetch, calls } = fakeFetch(() => json({}));
    await createHttp({ fetch, getToken: () => null, getLocalLanguage: () => 'en-US' })('/v1/x');
    expect(calls[0]?.init.headers.get('x-timezone')).toBe(Intl.DateTimeFormat().resolvedOptions().timeZone);
  });

  test('gives up after the timeout (60 000 ms by default), even when the caller brings its own signal', async () => {
    vi.useFakeTimers();
    try {
      const hanging = () => (_: unknown, init?: RequestInit) =>
        new Promise<Response>((_resolve, reject) => init?.signal?.addEventListener('abort', () => reject(init.signal?.reason)));
      const http = createHttp({ fetch: hanging() as unknown as typeof fetch, getToken: () => null, getLocalLanguage: () => 'en-US' });
      const pending = http('/v1/slow').catch((error: unknown) => error);
      await vi.advanceTimersByTimeAsync(59_999);
      expect(await Promise.race([pending, Promise.resolve('still waiting')])).toBe('still waiting');
      await vi.advanceTimersByTimeAsync(1);
      const error = await pending;
      expect(toApiError(error)).toMatchObject({ network: true });
      expect(errorMessage(error)).toMatch(/timeout/i);
    } finally {
      vi.useRealTimers();
    }
    // With a caller's signal, AbortSignal.timeout keeps the limit (real timers: a short timeout).
    const controller = new AbortController();
    const http = createHttp({
      fetch: ((_: unknown, init?: RequestInit) =>
        new Promise((_r, reject) => init?.signal?.addEventListener('abort', () => reject(init.signal?.reason)))) as unknown as typeof fetch,
      getToken: () => null,
      getLocalLanguage: () => 'en-US',
      timeout: 30,
    });
    const error = await http('/v1/slow', { signal: controller.signal }).catch((e: unknown) => e);
    expect(toApiError(error).network).toBe(true);
  });

  describe('error text (SPEC.md §8)', () => {
    test("the server's message first, with its code and field details", async () => {
      const { fetch } = fakeFetch(() => json({ message: 'Wrong email or password', code: 'INVALID_CREDENTIALS' }, 401));
      const error = await createHttp({ fetch, getToken: () => null, getLocalLanguage: () => 'en-US' })('/v1/auth/login', {
        method: 'POST',
        body: {},
      }).catch((e: unknown) => e);
      expect(toApiError(error)).toMatchObject({
        message: 'Wrong email or password',
        code: 'INVALID_CREDENTIALS',
        status: 401,
        network: false,
      });
    });

    test('field details become dotted paths, like form fields', () => {
      expect(flattenDetails({ email: 'taken', description: { en: 'required' }, items: { 0: { name: ['too long'] } } })).toEqual({
        email: 'taken',
        'description.en': 'required',
        'items.0.name': 'too long',
      });
    });

    test("else the client error's message", async () => {
      const { fetch } = fakeFetch(
        () => new Response('<html>oops</html>', { status: 502, statusText: 'Bad Gateway', headers: { 'content-type': 'text/html' } }),
      );
      const error = await createHttp({ fetch, getToken: () => null, getLocalLanguage: () => 'en-US' })('/v1/x').catch((e: unknown) => e);
      expect(errorMessage(error)).toBe('Bad Gateway');
      const offline = fakeFetch(() => Promise.reject(new TypeError('Failed to fetch')));
      const networkError = await createHttp({ fetch: offline.fetch, getToken: () => null, getLocalLanguage: () => 'en-US' })('/v1/x').catch(
        (e: unknown) => e,
      );
      // The browser's 'Failed to fetch' is never shown: a person reads what happened (issue 14).
      expect(toApiError(networkError)).toMatchObject({
        message: 'The server could not be reached: check the connection and try again',
        network: true,
      });
    });

    test("else 'An unexpected error occurred'", () => {
      expect(errorMessage(undefined)).toBe(UNEXPECTED_ERROR);
      expect(errorMessage(new Error(''))).toBe(UNEXPECTED_ERROR);
      expect(errorMessage({})).toBe(UNEXPECTED_ERROR);
      expect(UNEXPECTED_ERROR).toBe('An unexpected error occurred');
    });
  });
});
