import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, ROOT, type TestServer } from './harness.ts';

/**
 * The prerendered sign-in form posted as a plain HTML form, before its script took over
 * (docs/decisions/login-prerender.md): it posts to the page it is on.
 */
let server: TestServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(() => server?.close());

const post = (url: string, fields: Record<string, string>, headers: Record<string, string> = {}) =>
  server.call({
    method: 'POST',
    url,
    payload: new URLSearchParams(fields).toString(),
    headers: { 'content-type': 'application/x-www-form-urlencoded', host: 'desk.test', 'sec-fetch-site': 'same-origin', ...headers },
  });
const cookies = (headers: Record<string, unknown>) =>
  ([] as string[]).concat((headers['set-cookie'] as string[] | string | undefined) ?? []);

describe('POST of the plain sign-in form', () => {
  it('signs in by the cookie and sends the browser (303) to the page it was posted from', async () => {
    const { status, headers } = await post('/campaigns?search=x', { email: ROOT.email, password: ROOT.password });
    expect(status).toBe(303);
    expect(headers.location).toBe('/campaigns?search=x');
    const set = cookies(headers);
    const token = set.find((c) => c.startsWith('token='))!;
    expect(token.toLowerCase()).toContain('httponly');
    // The readable marker says only that there is a session, never the token.
    const marker = set.find((c) => c.startsWith('bd_signed_in='))!;
    expect(marker.split(';')[0]).toBe('bd_signed_in=1');
    expect(marker.toLowerCase()).not.toContain('httponly');

    // check-auth by that cookie alone answers its token (one session path); by a Bearer token, never.
    const value = token.split(';')[0]!.slice('token='.length);
    const byCookie = await server.call({ method: 'GET', url: '/api/v1/auth/check-auth', headers: { cookie: `token=${value}` } });
    expect(byCookie.status).toBe(200);
    expect(byCookie.body.token).toBe(value);
    const byBearer = await server.call({ method: 'GET', url: '/api/v1/auth/check-auth', token: value });
    expect(byBearer.body.token).toBeUndefined();
  });

  it('on /login goes to its ?redirect= when it is one of ours, else home', async () => {
    const ok = { email: ROOT.email, password: ROOT.password };
    expect((await post('/login?redirect=%2Fleads%2F7', ok)).headers.location).toBe('/leads/7');
    expect((await post('/login?redirect=%2F%2Fevil.test', ok)).headers.location).toBe('/');
    expect((await post('/login?redirect=https%3A%2F%2Fevil.test', ok)).headers.location).toBe('/');
    expect((await post('/login', ok)).headers.location).toBe('/');
  });

  it('refused: back to the form with the code and the page asked for, no cookie', async () => {
    const wrong = await post('/campaigns', { email: ROOT.email, password: 'not-the-password1' });
    expect(wrong.status).toBe(303);
    expect(wrong.headers.location).toBe('/login?error=INVALID_CREDENTIALS&redirect=%2Fcampaigns');
    expect(cookies(wrong.headers)).toEqual([]);
    const empty = await post('/login', { email: '', password: '' });
    expect(empty.headers.location).toBe('/login?error=VALIDATION');
  });

  it('a form of another site cannot sign the browser in (login CSRF)', async () => {
    const fields = { email: ROOT.email, password: ROOT.password };
    const crossSite = await post('/', fields, { 'sec-fetch-site': 'cross-site', origin: 'https://evil.test' });
    expect(crossSite.status).toBe(403);
    expect(crossSite.body.code).toBe('FORBIDDEN');
    expect(cookies(crossSite.headers)).toEqual([]);
    const otherOrigin = await post('/', fields, { 'sec-fetch-site': '', origin: 'https://evil.test' });
    expect(otherOrigin.status).toBe(403);
  });

  it('the API keeps its own answers: an unknown API path posted as a form is 401 to a stranger, 404 to the signed in, JSON, and signs nobody in', async () => {
    const stranger = await post('/api/v1/nothing-here', { email: ROOT.email, password: ROOT.password });
    expect(stranger.status).toBe(401);
    expect(stranger.body.code).toBe('UNAUTHENTICATED');
    expect(cookies(stranger.headers)).toEqual([]);
    const login = await server.call({ method: 'POST', url: '/api/v1/auth/login', payload: { email: ROOT.email, password: ROOT.password } });
    const signedIn = await post(
      '/api/v1/nothing-here',
      { email: ROOT.email, password: ROOT.password },
      { authorization: `Bearer ${login.body.token}` },
    );
    expect(signedIn.status).toBe(404);
    expect(signedIn.body.code).toBe('NOT_FOUND');
  });
});
