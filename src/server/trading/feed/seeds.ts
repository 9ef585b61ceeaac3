import { createHash, createHmac } from 'node:crypto';

/**
 * The feed's seeds (docs/decisions/price-feed.md): the feed key is HMAC-SHA256(JWT secret, a fixed
 * label) — the one secret every API node already shares (docs/scaling.md) — and a UTC day's seed is
 * HMAC-SHA256(feed key, 'YYYY-MM-DD'). Revealing a past day's seed shows neither the key nor any other
 * day's seed; today's is published as its SHA-256 only, so the path cannot be chosen after the fact.
 */
export function feedKey(jwtSecret: string): Buffer {
  return createHmac('sha256', jwtSecret).update('brokerdesk price feed v1').digest();
}

/** The seed of a UTC day: 64 lowercase hex digits. */
export const daySeed = (key: Buffer, day: string): string => createHmac('sha256', key).update(day).digest('hex');

/** What is published before the day ends: SHA-256 of the seed's 32 bytes, hex. */
export const seedHash = (seedHex: string): string => createHash('sha256').update(Buffer.from(seedHex, 'hex')).digest('hex');
