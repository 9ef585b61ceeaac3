import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import { MAX_SIGNATURE_BYTES, signatureBase64, type subscribeBody } from '../../shared/contracts/projects.ts';
import { toCents } from '../../shared/money.ts';
import { isStaff } from '../../shared/roles.ts';
import type { DividendFrequency } from '../../shared/wealth/dividend-schedule.ts';
import { subscriptionIssues, subscriptionQuote, type SubscriptionTerms } from '../../shared/wealth/subscription.ts';
import type { Services } from '../context.ts';
import { investments } from '../db/schema.ts';
import { AppError } from '../http/app-error.ts';
import type { Work } from '../http/mutate.ts';
import { findScoped } from '../resources/define-resource.ts';
import { projectResource } from '../resources/project.ts';
import { userResource } from '../resources/user.ts';
import { countUpload } from '../uploads/limits.ts';
import { storeFiles, uploaderOf } from '../uploads/store.ts';
import { openInvestment, type InvestmentRow } from './open-investment.ts';

const PNG_MAGIC = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

const field = (key: string, params: Record<string, unknown> = {}) => ({ key, params });

/** A project row as the calculator reads it. */
export const termsOf = (project: Record<string, unknown>): SubscriptionTerms => ({
  rentability: Number(project.rentability),
  duration: Number(project.duration),
  coefficient: Number(project.coefficient),
  minimumAmount: Number(project.minimumAmount),
  dividendFrequency: project.dividendFrequency as DividendFrequency,
});

/**
 * POST /project/{id}/subscribe in the caller's transaction: the lead (itself, or one in the staff
 * member's scope: 404 outside it), the choice within the coefficient's bounds, the signature (a PNG of
 * at most 200 KB); then the investment the calculator showed, opened through openInvestment (which books
 * the principal or refuses 'Insufficient funds for this investment'), its signature kept as a private
 * upload of the lead. Nothing is booked or kept when any of it fails.
 */
export async function subscribe(
  work: Work,
  services: Pick<Services, 'files' | 'config' | 'clock'>,
  projectId: string,
  body: z.output<typeof subscribeBody>,
): Promise<InvestmentRow> {
  const { actor, tx } = work;
  const project = await findScoped(tx, projectResource, actor, projectId);
  if (!project) throw new AppError('NOT_FOUND');

  let leadId: string;
  if (isStaff(actor.roles)) {
    if (!body.userId) throw new AppError('VALIDATION', { userId: field('validation.leadRequired') });
    if (!(await findScoped(tx, userResource, actor, body.userId, ['id']))) throw new AppError('NOT_FOUND');
    leadId = body.userId;
  } else {
    // A lead subscribes for itself only.
    if (body.userId && body.userId !== actor.id) throw new AppError('FORBIDDEN');
    leadId = actor.id;
  }

  const terms = termsOf(project);
  const choice = { adjust: body.adjust, amountCents: toCents(body.amount), duration: body.duration };
  const details: Record<string, unknown> = {};
  for (const issue of subscriptionIssues(terms, choice)) {
    const bound = issue.field === 'amount' ? issue.bound / 100 : issue.bound;
    details[issue.field] = field(issue.code, issue.code === 'validation.min' ? { min: bound } : { max: bound });
  }
  // The value not adjusted stays the project's: the screen showed it so, anything else is not what was signed.
  if (body.adjust === 'amount' && body.duration !== terms.duration)
    details.duration = field('validation.projectValue', { value: terms.duration });
  if (body.adjust === 'duration' && toCents(body.amount) !== toCents(terms.minimumAmount))
    details.amount = field('validation.projectValue', { value: terms.minimumAmount });
  const bytes = Buffer.from(signatureBase64(body.signature), 'base64');
  if (bytes.length > MAX_SIGNATURE_BYTES) details.signature = field('validation.signatureTooLarge');
  // Before any booking, so a wrong file is told as such whatever the funds; storeFiles sniffs it again.
  else if (!bytes.subarray(0, PNG_MAGIC.length).equals(PNG_MAGIC)) details.signature = field('validation.signaturePng');
  if (Object.keys(details).length) throw new AppError('VALIDATION', details);

  const now = services.clock.now();
  const quote = subscriptionQuote(terms, choice, now);
  const row = await openInvestment(
    work,
    {
      userId: leadId,
      name: String(project.name),
      initialAmountCents: quote.principalCents,
      rentability: quote.rate,
      dividendFrequency: quote.frequency,
      expirationDate: quote.expiry,
      startDate: quote.start,
      projectId,
    },
    now,
  );

  // The signature after the booking: a refusal for funds leaves no file behind.
  const uploader = uploaderOf(actor);
  await countUpload(tx, services.config.uploadLimits, uploader, bytes.length);
  let stored;
  try {
    [stored] = await storeFiles(tx, services.files, [{ bytes, originalName: 'signature.png' }], {
      ownerId: leadId,
      purpose: 'signature',
      private: true,
      uploadedBy: uploader,
    });
  } catch (error) {
    if (error instanceof AppError && (error.code === 'FILE_TYPE' || error.code === 'FILE_MISSING'))
      throw new AppError('VALIDATION', { signature: field('validation.signaturePng') });
    throw error;
  }
  const [signed] = await tx.update(investments).set({ signatureUploadId: stored.id }).where(eq(investments.id, row.id)).returning();
  await work.audit('project.subscribe', 'project', projectId, { investmentId: row.id, userId: leadId, adjust: body.adjust });
  return signed;
}
