/**
 * Calendar days as YYYY-MM-DD strings, in whatever time zone they were read: the lead figures and
 * the money statistics count days the way the caller's wall clock does (`x-timezone`). Arithmetic
 * is on the date alone, so a daylight-saving change never moves a day.
 */
export type Bucket = 'day' | 'week' | 'month';

const DAY_MS = 86_400_000;

/** The calendar day of an instant in a time zone, one formatter for many instants ('en-CA' writes YYYY-MM-DD). */
export const dayIn = (timeZone: string): ((at: Date) => string) => {
  const format = new Intl.DateTimeFormat('en-CA', { timeZone });
  return (at) => format.format(at);
};

/** Today in a time zone. */
export const todayIn = (timeZone: string, now: Date) => dayIn(timeZone)(now);

export const addDays = (day: string, days: number) => new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);

/** Days from `from` to `to` (0 when equal; negative when `to` is earlier). */
export const daysBetween = (from: string, to: string) =>
  Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS);

/** The window 'New (30 days)' and the trend's default range both mean: today and the 29 days before. */
export const RECENT_DAYS = 30;

/** Day points up to about three months, weeks up to two years, months beyond: a chart stays readable and its answer small. */
export function bucketFor(from: string, to: string): Bucket {
  const days = daysBetween(from, to) + 1;
  return days <= 92 ? 'day' : days <= 731 ? 'week' : 'month';
}

/** The start of the bucket holding `day`: itself, its ISO week's Monday, or the 1st of its month (as PostgreSQL's date_trunc). */
export function bucketStart(day: string, bucket: Bucket): string {
  if (bucket === 'month') return `${day.slice(0, 7)}-01`;
  if (bucket === 'week') return addDays(day, -((new Date(`${day}T00:00:00Z`).getUTCDay() + 6) % 7));
  return day;
}

/** Every bucket start from the one holding `from` to the one holding `to`, so a chart has no gaps. */
export function bucketStarts(from: string, to: string, bucket: Bucket): string[] {
  const starts: string[] = [];
  for (let day = bucketStart(from, bucket); day <= to;) {
    starts.push(day);
    if (bucket === 'month') {
      const [y, m] = day.split('-').map(Number);
      day = `${m === 12 ? y + 1 : y}-${String((m % 12) + 1).padStart(2, '0')}-01`;
    } else day = addDays(day, bucket === 'week' ? 7 : 1);
  }
  return starts;
}
