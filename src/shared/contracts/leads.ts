import { z } from 'zod';
import { timestamp } from '../entities/define-entity.ts';
import { calendarDay } from '../fields.ts';
import { userEntity } from '../entities/user.ts';
import { storedUploadSchema } from './platform.ts';
import { errorResponses, fileAnswer, idParams, multipartBody } from './common.ts';

export const bulkAssignContract = {
  body: z.strictObject({
    leadIds: z
      .array(z.uuid({ error: 'validation.id' }))
      .min(1)
      .max(100_000),
    userId: z.uuid({ error: 'validation.id' }).nullable(),
  }),
  response: { 200: z.object({ success: z.literal(true), assigned: z.number().int(), unchanged: z.number().int() }), ...errorResponses },
};

/**
 * New leads over a range of the caller's days (`x-timezone`), both ends included; by default the
 * same 30 days as the statistics' `new`. Long ranges come by week (Monday) or month (the 1st).
 */
export const leadTrendContract = {
  querystring: z.strictObject({
    from: calendarDay().optional(),
    to: calendarDay().optional(),
  }),
  response: {
    200: z.object({
      /** Each bucket's first day (YYYY-MM-DD) and its new leads; the first may start before `from`, counting from `from`. */
      trendData: z.array(z.object({ date: z.string(), count: z.number().int() })),
      total: z.number().int(),
      bucket: z.enum(['day', 'week', 'month']),
      from: z.string(),
      to: z.string(),
      timeZone: z.string(),
    }),
    ...errorResponses,
  },
};
export type LeadTrend = z.output<(typeof leadTrendContract.response)[200]>;

export const leadStatsContract = {
  response: {
    200: z.object({
      stats: z.object({
        total: z.number().int(),
        /** Created today or in the 29 days before, days of the caller's time zone: the trend's default range. */
        new: z.number().int(),
        /** The first day `new` counts (YYYY-MM-DD in the caller's time zone). */
        newSince: z.string(),
        assigned: z.number().int(),
        unassigned: z.number().int(),
        locked: z.number().int(),
        /** Leads per verification status. */
        verification: z.record(z.string(), z.number().int()),
        byCampaign: z.array(z.object({ campaignId: z.uuid().nullable(), name: z.string().nullable(), count: z.number().int() })),
      }),
    }),
    ...errorResponses,
  },
};
export type LeadStats = z.output<(typeof leadStatsContract.response)[200]>['stats'];

/** A verification document; `rejectedAt` is set on the ones a rejection set aside (new uploads are decided on apart). */
export const documentSchema = storedUploadSchema.extend({ dateCreation: timestamp(), rejectedAt: timestamp().nullable() });

export const documentsContract = {
  params: idParams,
  response: {
    200: z.object({
      documents: z.array(documentSchema),
      verificationStatus: z.string(),
      verificationNote: z.string().nullable(),
    }),
    ...errorResponses,
  },
};

export const uploadDocumentContract = {
  params: idParams,
  body: multipartBody({ file: 'a PDF or image of an identity document' }),
  response: { 201: z.object({ document: storedUploadSchema, user: userEntity.record }), ...errorResponses },
};

export const verifyDocumentsContract = {
  params: idParams,
  body: z
    .strictObject({ status: z.enum(['verified', 'rejected'], { error: 'validation.oneOf' }), note: z.string().trim().max(1000).optional() })
    .refine((d) => d.status !== 'rejected' || !!d.note, { error: 'validation.rejectionReason', path: ['note'] }),
  response: { 200: userEntity.record, ...errorResponses },
};

export const importTemplateContract = { response: { 200: fileAnswer('lead_import_template.xlsx'), ...errorResponses } };

export const importLeadsContract = {
  body: multipartBody({ file: 'one .xlsx or .xls', campaignId: 'the campaign of every imported lead (optional)' }),
  response: {
    200: z.object({
      imported: z.number().int(),
      total: z.number().int(),
      /** The rows refused, by spreadsheet row number, with each field's translated message. */
      failed: z.array(z.object({ row: z.number().int(), email: z.string(), errors: z.record(z.string(), z.string()) })),
      message: z.string().optional(),
    }),
    ...errorResponses,
  },
};
