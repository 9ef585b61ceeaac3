import type { DIVIDEND_FREQUENCIES } from '../constants.ts';

/**
 * The dividend schedule of DESIGN.md §10, exactly: one pure function that the server books from and
 * the screens show, so what a person saw is what is paid.
 *
 * - Period k falls on start + k months (monthly) or + k years (yearly), its day clamped to the month's
 *   end, always counted from the start date (31 January → 28/29 February, 31 March, 30 April …).
 * - n whole periods fit between start and expiry; the r days left after the last one make a final
 *   partial period paid at expiry. `end` has one period, at expiry.
 * - The total return is rounded once, in cents: T = round(P · rate/100 · (n/12 + r/365)) monthly,
 *   round(P · rate/100 · (n + r/365)) yearly, round(P · rate/100 · days/365) at the end.
 * - Payment k = round(T · W_k / W) − round(T · W_(k−1) / W), W_k the cumulative weight (1 per whole
 *   period, 12·r/365 or r/365 for the partial one): the payments add up to T exactly and never drift.
 *
 * All of it in integers (BigInt where a product can pass 2^53): a float would round differently on
 * the 0.5 cents that a rate with two decimals makes common. Dates are calendar dates in UTC; a
 * period's instant keeps the start's time of day.
 */
export type DividendFrequency = (typeof DIVIDEND_FREQUENCIES)[number];

export type ScheduleInput = {
  principalCents: number;
  /** Annual rentability in percent with at most two decimals (12 = 12 %). */
  rate: number;
  frequency: DividendFrequency;
  start: Date;
  expiry: Date;
};

export type SchedulePeriod = {
  /** 1 … n (+1 for a partial period). */
  period: number;
  /** When it falls due. */
  date: Date;
  amountCents: number;
  /** A final period shorter than the others, paid at expiry. */
  partial: boolean;
};

export type Schedule = { periods: SchedulePeriod[]; totalCents: number };

const DAY_MS = 86_400_000;

/** The calendar day number (days since 1970-01-01) of an instant, in UTC. */
const dayNumber = (at: Date) => Math.floor(Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), at.getUTCDate()) / DAY_MS);

/** start + months, the day clamped to the target month's last day, the time of day kept. */
export function addMonthsClamped(start: Date, months: number): Date {
  const year = start.getUTCFullYear();
  const month = start.getUTCMonth() + months;
  const lastDay = new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
  return new Date(
    Date.UTC(
      year,
      month,
      Math.min(start.getUTCDate(), lastDay),
      start.getUTCHours(),
      start.getUTCMinutes(),
      start.getUTCSeconds(),
      start.getUTCMilliseconds(),
    ),
  );
}

/** round(numerator / denominator) for non-negative integers, halves up (as Math.round). */
const divRound = (numerator: bigint, denominator: bigint) => (2n * numerator + denominator) / (2n * denominator);

/** The rate in hundredths of a percent (12.5 → 1250), refusing a third decimal rather than rounding it away. */
function rateInHundredths(rate: number): bigint {
  const hundredths = Math.round(rate * 100);
  if (Math.abs(hundredths - rate * 100) > 1e-6 || hundredths < 0)
    throw new RangeError(`rate ${rate} is not a percentage with two decimals`);
  return BigInt(hundredths);
}

export function dividendSchedule(input: ScheduleInput): Schedule {
  const { principalCents, frequency, start, expiry } = input;
  if (!Number.isSafeInteger(principalCents) || principalCents < 0) throw new RangeError('principal must be whole cents');
  const rate = rateInHundredths(input.rate);
  const P = BigInt(principalCents);
  const expiryDay = dayNumber(expiry);
  if (expiryDay <= dayNumber(start)) return { periods: [], totalCents: 0 };

  if (frequency === 'end') {
    const days = BigInt(expiryDay - dayNumber(start));
    // P · (rate/100 /100) · days/365 with the rate in hundredths.
    const total = Number(divRound(P * rate * days, 10_000n * 365n));
    return { periods: [{ period: 1, date: expiry, amountCents: total, partial: false }], totalCents: total };
  }

  const monthsPerPeriod = frequency === 'monthly' ? 1 : 12;
  const dates: Date[] = [];
  for (let k = 1; ; k++) {
    const date = addMonthsClamped(start, k * monthsPerPeriod);
    if (dayNumber(date) > expiryDay) break;
    dates.push(date);
  }
  const n = dates.length;
  const lastWhole = n ? dates[n - 1] : start;
  const r = expiryDay - dayNumber(lastWhole);

  // Weights in 365ths: a whole period weighs 365, the partial 12·r (monthly) or r (yearly).
  const partialWeight = frequency === 'monthly' ? 12 * r : r;
  const weights = [...dates.map(() => 365), ...(r > 0 ? [partialWeight] : [])];
  const totalWeight = BigInt(weights.reduce((sum, w) => sum + w, 0));
  // T = P · rate/100 · W / (365 · periods a year): n/12 + r/365 = (365n + 12r) / (12 · 365), n + r/365 = (365n + r) / 365.
  const periodsPerYear = frequency === 'monthly' ? 12n : 1n;
  const total = divRound(P * rate * totalWeight, 10_000n * 365n * periodsPerYear);

  const periods: SchedulePeriod[] = [];
  let cumulative = 0n;
  let paidSoFar = 0n;
  weights.forEach((weight, index) => {
    cumulative += BigInt(weight);
    const upTo = divRound(total * cumulative, totalWeight);
    const partial = index === n;
    periods.push({ period: index + 1, date: partial ? expiry : dates[index], amountCents: Number(upTo - paidSoFar), partial });
    paidSoFar = upTo;
  });
  return { periods, totalCents: Number(total) };
}
