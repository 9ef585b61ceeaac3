import { addMonthsClamped, dividendSchedule, type DividendFrequency, type SchedulePeriod } from './dividend-schedule.ts';

/**
 * The subscription calculator of DESIGN.md §10: one pure function the project page shows and the
 * subscribe route books from, so a lead is paid exactly what it saw. The subscriber picks what to
 * adjust first; the other stays at the project's value; the coefficient bounds the adjusted one.
 */
export const SUBSCRIPTION_ADJUSTS = ['amount', 'duration'] as const;
export type SubscriptionAdjust = (typeof SUBSCRIPTION_ADJUSTS)[number];

/** Longest duration any subscription may run (SPEC.md §5: a project's duration is at most 120 months). */
export const MAX_SUBSCRIPTION_MONTHS = 120;

/** What of a project the calculator reads (amounts in euros as records hold them). */
export type SubscriptionTerms = {
  rentability: number;
  duration: number;
  coefficient: number;
  minimumAmount: number;
  dividendFrequency: DividendFrequency;
};

export type SubscriptionBounds = {
  amount: { minCents: number; maxCents: number };
  duration: { min: number; max: number };
};

/** Euros with two decimals as whole cents (records come from numeric(…, 2) columns). */
const toCents = (euros: number) => Math.round(euros * 100);

/**
 * Amount from the minimum up to minimum × coefficient inclusive (rounded down to the cent: the bound
 * is never passed), duration from 1 month up to duration × coefficient (whole months) capped at 120.
 */
export function subscriptionBounds(terms: SubscriptionTerms): SubscriptionBounds {
  const minCents = toCents(terms.minimumAmount);
  const coefficientHundredths = Math.round(terms.coefficient * 100);
  return {
    amount: { minCents, maxCents: Math.floor((minCents * coefficientHundredths) / 100) },
    duration: { min: 1, max: Math.min(MAX_SUBSCRIPTION_MONTHS, Math.floor((terms.duration * coefficientHundredths) / 100)) },
  };
}

export type SubscriptionChoice = {
  adjust: SubscriptionAdjust;
  /** The amount chosen (adjust 'amount'); otherwise the project's minimum is used. */
  amountCents?: number;
  /** The duration chosen in months (adjust 'duration'); otherwise the project's duration is used. */
  duration?: number;
  /** When it starts paying: now unless given. */
  start?: Date;
};

/** A value outside its bounds: the field, the i18n key, and the bound (cents for the amount). */
export type SubscriptionIssue = { field: 'amount' | 'duration'; code: 'validation.min' | 'validation.max'; bound: number };

export type SubscriptionQuote = {
  adjust: SubscriptionAdjust;
  principalCents: number;
  duration: number;
  rate: number;
  frequency: DividendFrequency;
  start: Date;
  expiry: Date;
  periods: SchedulePeriod[];
  totalReturnCents: number;
  finalAmountCents: number;
};

/** The values a choice books: the adjusted one as chosen, the other at the project's value. */
export function subscriptionValues(terms: SubscriptionTerms, choice: SubscriptionChoice) {
  return {
    principalCents: choice.adjust === 'amount' ? (choice.amountCents ?? toCents(terms.minimumAmount)) : toCents(terms.minimumAmount),
    duration: choice.adjust === 'duration' ? (choice.duration ?? terms.duration) : terms.duration,
  };
}

/** What is wrong with a choice (none: it may be booked). */
export function subscriptionIssues(terms: SubscriptionTerms, choice: SubscriptionChoice): SubscriptionIssue[] {
  const bounds = subscriptionBounds(terms);
  const { principalCents, duration } = subscriptionValues(terms, choice);
  const issues: SubscriptionIssue[] = [];
  if (principalCents < bounds.amount.minCents) issues.push({ field: 'amount', code: 'validation.min', bound: bounds.amount.minCents });
  else if (principalCents > bounds.amount.maxCents) issues.push({ field: 'amount', code: 'validation.max', bound: bounds.amount.maxCents });
  if (duration < bounds.duration.min) issues.push({ field: 'duration', code: 'validation.min', bound: bounds.duration.min });
  else if (duration > bounds.duration.max) issues.push({ field: 'duration', code: 'validation.max', bound: bounds.duration.max });
  return issues;
}

/**
 * The rate, every dividend with its date, the total return and the final amount of a choice (within
 * its bounds: check subscriptionIssues first). Expiry is start + duration months, clamped to the month's end.
 */
export function subscriptionQuote(terms: SubscriptionTerms, choice: SubscriptionChoice, now: Date = new Date()): SubscriptionQuote {
  const { principalCents, duration } = subscriptionValues(terms, choice);
  const start = choice.start ?? now;
  const expiry = addMonthsClamped(start, duration);
  const schedule = dividendSchedule({ principalCents, rate: terms.rentability, frequency: terms.dividendFrequency, start, expiry });
  return {
    adjust: choice.adjust,
    principalCents,
    duration,
    rate: terms.rentability,
    frequency: terms.dividendFrequency,
    start,
    expiry,
    periods: schedule.periods,
    totalReturnCents: schedule.totalCents,
    finalAmountCents: principalCents + schedule.totalCents,
  };
}
