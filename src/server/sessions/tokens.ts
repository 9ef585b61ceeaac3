import { SignJWT, jwtVerify } from 'jose';

/**
 * `parents`: the sessions an impersonation was opened from, the real person's own first (empty for a
 * plain sign-in). The token works only while each of them does: signing out of the device that
 * started an impersonation ends it too, though the sessions table does not record who opened whom.
 */
export type TokenClaims = { userId: string; sessionId: string; parents: string[] };

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const key = (secret: string) => new TextEncoder().encode(secret);

/** A signed token naming its session; the session row decides whether it still works. */
export async function signToken(secret: string, claims: TokenClaims, ttlSeconds: number): Promise<string> {
  return new SignJWT(claims.parents.length ? { sid: claims.sessionId, par: claims.parents } : { sid: claims.sessionId })
    .setProtectedHeader({ alg: 'HS256' })
    .setSubject(claims.userId)
    .setIssuedAt()
    .setExpirationTime(`${ttlSeconds}s`)
    .sign(key(secret));
}

/** Tokens already verified, per secret: a signature check costs more than the rest of a small request. */
const verified = new Map<string, Map<string, { claims: TokenClaims; expiresMs: number }>>();
/** Enough for every client of a busy node; the oldest is forgotten first (it is verified again if it comes back). */
const VERIFIED_MAX = 5_000;

/**
 * The claims of a well signed, unexpired token. A token's signature and claims never change, so a
 * verified one is remembered until it expires; whether its session still works is read every time
 * (`actorOf`, sessions.ts), so a revoked token still stops at once.
 */
export async function verifyToken(secret: string, token: string): Promise<TokenClaims | null> {
  const known = verified.get(secret)?.get(token);
  if (known) {
    if (known.expiresMs > Date.now()) return known.claims;
    verified.get(secret)!.delete(token);
    return null;
  }
  try {
    const { payload } = await jwtVerify(token, key(secret), { algorithms: ['HS256'] });
    if (typeof payload.sub !== 'string' || typeof payload.sid !== 'string' || typeof payload.exp !== 'number') return null;
    const parents = payload.par ?? [];
    // Signed by this server, yet checked all the same: each id goes into a uuid parameter.
    if (!Array.isArray(parents) || ![payload.sub, payload.sid, ...parents].every((id) => typeof id === 'string' && UUID.test(id)))
      return null;
    const claims = { userId: payload.sub, sessionId: payload.sid, parents };
    const cache = verified.get(secret) ?? verified.set(secret, new Map()).get(secret)!;
    if (cache.size >= VERIFIED_MAX) cache.delete(cache.keys().next().value!);
    cache.set(token, { claims, expiresMs: payload.exp * 1000 });
    return claims;
  } catch {
    return null;
  }
}
