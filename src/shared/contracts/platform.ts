import { z } from 'zod';
import { SYNCED_ENTITY_NAMES } from '../entities/index.ts';
import { settingRecordSchema, settingUpdateSchema, settingViewSchema } from '../setting.ts';
import { apiErrorSchema, errorResponses, fileAnswer, multipartBody } from './common.ts';

export const getSettingContract = { response: { 200: settingViewSchema.nullable(), ...errorResponses } };
export const updateSettingContract = { body: settingUpdateSchema, response: { 200: settingRecordSchema, ...errorResponses } };
export const uploadLogoContract = {
  body: multipartBody({ file: 'the logo (an image)' }),
  response: { 200: settingRecordSchema, ...errorResponses },
};

export const syncContract = {
  querystring: z.strictObject({
    since: z.coerce.number().int().min(0).max(Number.MAX_SAFE_INTEGER).default(0),
    limit: z.coerce.number().int().min(1).max(5000).default(1000),
    /** Inside a transaction longer than a page: the last change-log row given (the answer's `after`). */
    after: z.coerce.number().int().min(1).max(Number.MAX_SAFE_INTEGER).optional(),
  }),
  response: {
    200: z.object({
      changes: z.array(
        z.object({
          entity: z.enum(SYNCED_ENTITY_NAMES),
          op: z.enum(['upsert', 'delete']),
          id: z.uuid(),
          /** The record as it is now (its entity's record schema); absent on a delete. */
          record: z.record(z.string(), z.unknown()).optional(),
        }),
      ),
      cursor: z.number().int(),
      /** A transaction longer than the page goes on after this row: pass it back with the same `since`. */
      after: z.number().int().optional(),
      hasMore: z.boolean(),
      /** With more to come: the newest change when this page was read, so a client can say how far its pull has come. */
      head: z.number().int().optional(),
    }),
    ...errorResponses,
    /** SYNC_RESYNC: the cursor is older than the change log's compaction point; pull again from 0. */
    410: apiErrorSchema,
  },
};

export const storedUploadSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  url: z.string(),
  mime: z.string(),
  size: z.number().int(),
  originalName: z.string(),
});

export const uploadContract = (purposes: readonly [string, ...string[]]) => ({
  querystring: z.strictObject({ purpose: z.enum(purposes).default('file') }),
  body: multipartBody({ file: 'one file' }),
  response: { 201: storedUploadSchema, ...errorResponses },
});

export const downloadContract = {
  params: z.strictObject({ name: z.string().regex(/^[0-9a-f-]{36}\.[a-z0-9]{2,5}$/, { error: 'validation.invalid' }) }),
  response: { 200: fileAnswer('the file'), ...errorResponses },
};
