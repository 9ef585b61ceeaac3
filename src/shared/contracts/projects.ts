import { z } from 'zod';
import { investmentEntity } from '../entities/investment.ts';
import { projectEntity } from '../entities/project.ts';
import { int, ref } from '../fields.ts';
import { money } from '../money.ts';
import { SUBSCRIPTION_ADJUSTS } from '../wealth/subscription.ts';
import { apiErrorSchema, errorResponses, fileAnswer, idParams, multipartBody } from './common.ts';

/** A drawn signature: a PNG data URL of at most 200 KB once decoded (DESIGN.md §10). */
export const MAX_SIGNATURE_BYTES = 200 * 1024;
const SIGNATURE_PREFIX = 'data:image/png;base64,';
/** Base64 of 200 KB and its prefix; longer is refused before it is decoded. */
const MAX_SIGNATURE_CHARS = SIGNATURE_PREFIX.length + Math.ceil(MAX_SIGNATURE_BYTES / 3) * 4;

export const signatureField = () =>
  z
    .string({ error: 'validation.signatureRequired' })
    .min(1, { error: 'validation.signatureRequired' })
    .max(MAX_SIGNATURE_CHARS, { error: 'validation.signatureTooLarge' })
    .refine((value) => value.startsWith(SIGNATURE_PREFIX) && /^[A-Za-z0-9+/]+={0,2}$/.test(value.slice(SIGNATURE_PREFIX.length)), {
      error: 'validation.signaturePng',
    });

/** The base64 part of a signature field (checked by signatureField). */
export const signatureBase64 = (dataUrl: string) => dataUrl.slice(SIGNATURE_PREFIX.length);

/** POST /project/{id}/image: the project's image (multipart `file`, JPG, PNG or GIF under 5 MB). */
export const projectImageContract = {
  params: idParams,
  body: multipartBody({ file: 'a JPG, PNG or GIF image under 5 MB' }),
  response: { 200: projectEntity.record, ...errorResponses },
};

/**
 * POST /project/{id}/subscribe: the calculator's choice (src/shared/wealth/subscription.ts), for the
 * lead itself or, from staff, for a lead in scope, signed; answers the investment it opened.
 */
export const subscribeBody = z.strictObject({
  userId: ref(),
  adjust: z.enum(SUBSCRIPTION_ADJUSTS, { error: 'validation.adjustRequired' }),
  amount: money(),
  duration: int(1, 120),
  signature: signatureField(),
});
export type SubscribeBody = z.input<typeof subscribeBody>;

export const subscribeContract = {
  params: idParams,
  body: subscribeBody,
  response: { 201: investmentEntity.record, ...errorResponses, 422: apiErrorSchema },
};

/** GET /investment/{id}/subscription.pdf: the signed subscription, the same bytes on every download. */
export const subscriptionPdfContract = {
  params: idParams,
  response: { 200: fileAnswer('the signed subscription (PDF)'), ...errorResponses },
};
