import type { Config } from '../../config.ts';
import type { Executor } from '../../db/client.ts';
import { RateLimited } from '../../http/app-error.ts';
import { blockedFor, recordFailure, recordSuccess, succeededBefore } from '../../http/rate-counters.ts';

/**
 * Limits password guesses the way trusted systems do: per account and address pair with growing
 * delays, successes not counted; failures from elsewhere do not block a device that signed in to
 * the account before; every refusal says when to come back. `subject` is an email for sign-ins,
 * `password:<user id>` for the current password on the profile.
 */
export function createLoginLimiter(db: Executor, backoff: Config['loginBackoff']) {
  const keys = (subject: string, ip: string) => ({
    pair: `login:${subject}|${ip}`,
    account: `login:${subject}`,
    address: `login-ip:${ip}`,
  });
  return {
    /** Throws 429 with Retry-After while this account and address may not try. */
    async check(subject: string, ip: string) {
      const k = keys(subject, ip);
      const known = await succeededBefore(db, k.pair);
      // A device that signed in to this account before answers only for its own failures: nobody
      // else's guesses (at the account, or from the same office address) keep it out.
      const wait = await blockedFor(db, known ? [k.pair] : [k.pair, k.account, k.address]);
      if (wait > 0) throw new RateLimited(wait);
    },
    async failed(subject: string, ip: string) {
      const k = keys(subject, ip);
      await recordFailure(db, k.pair, backoff.pair);
      await recordFailure(db, k.account, backoff.account);
      await recordFailure(db, k.address, backoff.address);
    },
    succeeded: (subject: string, ip: string) => recordSuccess(db, keys(subject, ip).pair),
  };
}
