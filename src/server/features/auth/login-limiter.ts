/**
 * Failed sign-ins counted per email in a sliding window, so one account cannot be guessed at from
 * many addresses (the per-address limit is @fastify/rate-limit's). In memory: one server process.
 */
export function createLoginLimiter(options: { max: number; windowMs: number }, now = () => Date.now()) {
  const failures = new Map<string, number[]>();
  const recent = (email: string) => (failures.get(email) ?? []).filter((t) => now() - t < options.windowMs);
  return {
    blocked: (email: string) => recent(email).length >= options.max,
    failed(email: string) {
      failures.set(email, [...recent(email), now()]);
      if (failures.size > 100_000) failures.delete(failures.keys().next().value!);
    },
    succeeded: (email: string) => failures.delete(email),
  };
}
