/** Capped exponential backoff with full jitter (AWS's "full jitter"): spreads retries after an outage. */
export function backoffDelay(attempt: number, random: () => number, baseMs = 1_000, capMs = 60_000): number {
  const ceiling = Math.min(capMs, baseMs * 2 ** Math.min(attempt, 16));
  return Math.round(ceiling / 2 + random() * (ceiling / 2));
}

/** `Retry-After` in seconds or as an HTTP date, in milliseconds from now; undefined when absent or bad. */
export function retryAfterMs(header: string | null, now: number): number | undefined {
  if (!header) return undefined;
  const seconds = Number(header);
  if (Number.isFinite(seconds) && seconds >= 0) return Math.min(seconds * 1000, 3_600_000);
  const date = Date.parse(header);
  return Number.isNaN(date) ? undefined : Math.max(0, Math.min(date - now, 3_600_000));
}
