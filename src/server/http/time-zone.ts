/** The caller's IANA time zone from `x-timezone` (SPEC.md §7); anything unknown is UTC. */
export function timeZoneOf(header: unknown): string {
  const zone = typeof header === 'string' && header.length < 64 ? header : 'UTC';
  try {
    new Intl.DateTimeFormat('en', { timeZone: zone });
    return zone;
  } catch {
    return 'UTC';
  }
}
