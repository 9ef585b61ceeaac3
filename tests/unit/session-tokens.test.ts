import { SignJWT } from 'jose';
import { describe, expect, it } from 'vitest';
import { signToken, verifyToken } from '../../src/server/sessions/tokens.ts';

/** The claims a token carries: its session, and for an impersonation the sessions it was opened from. */
const SECRET = 'unit-secret-unit-secret-unit-secret';
const USER = '0190a8a8-0000-7000-8000-000000000001';
const SESSION = '0190a8a8-0000-7000-8000-000000000002';
const PARENT = '0190a8a8-0000-7000-8000-000000000003';

const signed = (claims: Record<string, unknown>, sub = USER) =>
  new SignJWT(claims)
    .setProtectedHeader({ alg: 'HS256' })
    .setSubject(sub)
    .setIssuedAt()
    .setExpirationTime('60s')
    .sign(new TextEncoder().encode(SECRET));

describe('session tokens', () => {
  it('a plain sign-in names its session and no parents', async () => {
    const token = await signToken(SECRET, { userId: USER, sessionId: SESSION, parents: [] }, 60);
    expect(await verifyToken(SECRET, token)).toEqual({ userId: USER, sessionId: SESSION, parents: [] });
    expect(JSON.parse(Buffer.from(token.split('.')[1], 'base64url').toString())).not.toHaveProperty('par');
  });

  it('an impersonation names the sessions it was opened from', async () => {
    const token = await signToken(SECRET, { userId: USER, sessionId: SESSION, parents: [PARENT] }, 60);
    expect(await verifyToken(SECRET, token)).toEqual({ userId: USER, sessionId: SESSION, parents: [PARENT] });
  });

  it('refuses claims that are not ids, though well signed (they would reach a uuid parameter)', async () => {
    for (const [claims, sub] of [
      [{ sid: SESSION, par: ['not-a-uuid'] }, USER],
      [{ sid: SESSION, par: PARENT }, USER],
      [{ sid: SESSION, par: [42] }, USER],
      [{ sid: 'session-1' }, USER],
      [{ sid: SESSION }, 'user-1'],
    ] as const) {
      expect(await verifyToken(SECRET, await signed(claims, sub)), JSON.stringify(claims)).toBeNull();
    }
    expect(await verifyToken(SECRET, await signed({ sid: SESSION, par: [PARENT] }))).toEqual({
      userId: USER,
      sessionId: SESSION,
      parents: [PARENT],
    });
  });
});
