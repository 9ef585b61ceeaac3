import { eq } from 'drizzle-orm';
import { v7 as uuidv7 } from 'uuid';
import { realPersonOf } from '../../shared/lifecycle/four-eyes.ts';
import { toCents } from '../../shared/money.ts';
import { dividendSchedule, type DividendFrequency } from '../../shared/wealth/dividend-schedule.ts';
import { investments, users } from '../db/schema.ts';
import { AppError } from '../http/app-error.ts';
import type { Work } from '../http/mutate.ts';
import { transfer } from '../money/index.ts';

export type InvestmentRow = typeof investments.$inferSelect;

export type OpenInvestmentInput = {
  id?: string;
  userId: string;
  name: string;
  initialAmountCents: number;
  rentability: number;
  dividendFrequency: DividendFrequency;
  expirationDate: Date;
  startDate?: Date;
  projectId?: string | null;
  signatureUploadId?: string | null;
};

/** The causes an investment books, once each: its principal goes in as it opens and comes back at expiry. */
export const investmentCause = (investmentId: string, kind: 'investment_open' | 'investment_return') => ({
  sourceEntity: 'investment',
  sourceId: investmentId,
  kind,
});

const field = (key: string, params: Record<string, unknown> = {}) => ({ key, params });

/**
 * The rules every way of opening an investment shares (the standard create, a project subscription):
 * a lead owns it, it starts now or later (never backdated: its first periods would be paid at once
 * for time the money was not invested), and it expires after it starts. 400 on the field.
 */
export async function checkInvestment(
  work: Pick<Work, 'tx'>,
  input: Pick<OpenInvestmentInput, 'userId' | 'expirationDate'> & { startDate: Date },
  now: Date,
) {
  // A second's grace: a start chosen as "now" in a form reaches the server a moment later.
  if (input.startDate.getTime() < now.getTime() - 1_000)
    throw new AppError('VALIDATION', { startDate: field('validation.startDateFuture') });
  if (input.expirationDate.getTime() <= input.startDate.getTime())
    throw new AppError('VALIDATION', { expirationDate: field('validation.expiryAfterStart') });
  const [owner] = await work.tx.select({ roles: users.roles }).from(users).where(eq(users.id, input.userId));
  if (!owner) throw new AppError('VALIDATION', { userId: field('validation.reference') });
  if (!owner.roles.includes('lead')) throw new AppError('VALIDATION', { userId: field('validation.notALead') });
}

/** Where the scheduler starts: period 1 at its date, or the expiry when no period fits (it then only ends). */
export function firstWatermark(
  row: Pick<InvestmentRow, 'initialAmount' | 'rentability' | 'dividendFrequency' | 'startDate' | 'expirationDate'>,
) {
  const { periods } = scheduleOf(row);
  return { nextPeriod: 1, nextDueAt: periods[0]?.date ?? row.expirationDate };
}

/** An investment's schedule (DESIGN.md §10), from the one shared function the screens show. */
export const scheduleOf = (
  row: Pick<InvestmentRow, 'initialAmount' | 'rentability' | 'dividendFrequency' | 'startDate' | 'expirationDate'>,
) =>
  dividendSchedule({
    principalCents: toCents(row.initialAmount),
    rate: row.rentability,
    frequency: row.dividendFrequency as DividendFrequency,
    start: row.startDate,
    expiry: row.expirationDate,
  });

/**
 * Books an opened investment: its principal moves available → invested in the caller's transaction.
 * Not enough available: 422 INSUFFICIENT_FUNDS read as 'Insufficient funds for this investment', and
 * the caller's transaction (the investment's insert with it) rolls back, nothing booked.
 */
export async function bookOpening(work: Work, row: InvestmentRow) {
  try {
    await transfer(work, {
      from: { lead: row.userId, kind: 'available' },
      to: { lead: row.userId, kind: 'invested' },
      amountCents: toCents(row.initialAmount),
      cause: investmentCause(row.id, 'investment_open'),
    });
  } catch (error) {
    if (error instanceof AppError && error.code === 'INSUFFICIENT_FUNDS') error.messageKey = 'errors.INSUFFICIENT_FUNDS_investment';
    throw error;
  }
  await work.audit('investment.open', 'investment', row.id, {
    userId: row.userId,
    initialAmount: row.initialAmount,
    rentability: row.rentability,
    dividendFrequency: row.dividendFrequency,
    startDate: row.startDate,
    expirationDate: row.expirationDate,
  });
}

/**
 * The row of a new investment (checked; entered by the real person behind the request; its watermark
 * from the schedule), for `openInvestment` and the standard create, which inserts it itself.
 */
export async function investmentValues(work: Pick<Work, 'tx' | 'actor'>, input: OpenInvestmentInput, now: Date) {
  const startDate = input.startDate ?? now;
  await checkInvestment(work, { ...input, startDate }, now);
  if (!Number.isSafeInteger(input.initialAmountCents) || input.initialAmountCents <= 0)
    throw new AppError('VALIDATION', { initialAmount: field('validation.positive') });
  const values = {
    id: input.id ?? uuidv7(),
    userId: input.userId,
    name: input.name,
    initialAmount: input.initialAmountCents / 100,
    rentability: input.rentability,
    dividendFrequency: input.dividendFrequency,
    expirationDate: input.expirationDate,
    startDate,
    projectId: input.projectId ?? null,
    signatureUploadId: input.signatureUploadId ?? null,
    createdBy: realPersonOf(work.actor),
    status: 'active',
  };
  return { ...values, ...firstWatermark(values) };
}

/**
 * Opens an investment for a lead in the caller's transaction (`mutate`): checks it, inserts it,
 * books its principal and sets the scheduler's watermark. A project subscription calls it with what
 * the calculator showed.
 */
export async function openInvestment(work: Work, input: OpenInvestmentInput, now = new Date()): Promise<InvestmentRow> {
  const [row] = await work.tx
    .insert(investments)
    .values(await investmentValues(work, input, now))
    .returning();
  work.changed({ entity: 'investment', recordId: row.id, op: 'upsert', audience: [row.userId], leadsOf: [row.userId] });
  await bookOpening(work, row);
  return row;
}
