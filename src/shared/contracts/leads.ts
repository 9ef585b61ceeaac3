import { z } from 'zod';
import { timestamp } from '../entities/define-entity.ts';
import { calendarDay } from '../fields.ts';
import { userEntity } from '../entities/user.ts';
import { storedUploadSchema } from './platform.ts';
import { oneSelection, selectionShape } from '../selection.ts';
import { MAX_IMPORT_ROWS } from '../lead-import.ts';
import { errorResponses, fileAnswer, idParams, multipartBody } from './common.ts';

/** Most staff one round-robin assignment spreads leads over. */
export const MAX_ASSIGNEES = 100;

/**
 * Assigns leads picked by id, or every lead matching a list's filters (src/shared/selection.ts), to
 * one user (`userId`, null = unassigned) or round robin over several (`userIds`).
 */
export const bulkAssignContract = {
  body: z
    .strictObject({
      ...selectionShape('leadIds', 100_000),
      userId: z.uuid({ error: 'validation.id' }).nullable().optional(),
      userIds: z
        .array(z.uuid({ error: 'validation.id' }))
        .min(1, { error: 'validation.chooseAssignee' })
        .max(MAX_ASSIGNEES)
        .optional(),
    })
    .superRefine(oneSelection('leadIds'))
    .superRefine((body, ctx) => {
      if ((body.userId === undefined) === (body.userIds === undefined))
        ctx.addIssue({ code: 'custom', message: 'validation.chooseAssignee', path: ['userIds'] });
    }),
  response: {
    200: z.object({
      success: z.literal(true),
      assigned: z.number().int(),
      unchanged: z.number().int(),
      /** Leads per assignee (null = unassigned), of all the selected ones, moved or not. */
      split: z.array(z.object({ userId: z.uuid().nullable(), count: z.number().int() })),
    }),
    ...errorResponses,
  },
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
      /** The reader (or the admin behind an impersonation) sent some of the documents under review: someone else decides. */
      uploadedByYou: z.boolean(),
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
  body: multipartBody({
    file: 'one .xlsx or .xls',
    campaignId: 'the campaign of every imported lead (optional)',
    mapping: 'JSON array, one entry per sheet column: the lead field it holds, or "" to ignore it (optional: guessed from the headers)',
    duplicates: 'skip (default) or update: what to do with a row whose email is already a lead',
  }),
  response: {
    200: z.object({
      imported: z.number().int(),
      /** Existing leads changed from their rows (duplicates: update). */
      updated: z.number().int(),
      total: z.number().int(),
      /** The rows refused, by spreadsheet row number, with each field's translated message. */
      failed: z.array(z.object({ row: z.number().int(), email: z.string(), errors: z.record(z.string(), z.string()) })),
      message: z.string().optional(),
    }),
    ...errorResponses,
  },
};

/**
 * Where a deleted staff member's leads go (DELETE /user/:id?leadsTo=…, or in a batch delete's body):
 * to another regular or admin user, or `none` to leave them unassigned. Required when they hold leads.
 */
export const staffDeleteOptions = {
  leadsTo: z.union([z.uuid({ error: 'validation.id' }), z.literal('none')], { error: 'validation.leadsTo' }).optional(),
};

/** Which of these emails are already users, before an import: updatable = a lead the caller may change. */
export const importCheckContract = {
  body: z.strictObject({
    emails: z.array(z.string().max(254, { error: 'validation.tooLong' })).max(MAX_IMPORT_ROWS, { error: 'validation.tooMany' }),
  }),
  response: {
    200: z.object({
      existing: z.array(z.object({ email: z.string(), updatable: z.boolean(), name: z.string().optional() })),
    }),
    ...errorResponses,
  },
};
