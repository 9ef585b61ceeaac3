import { z } from 'zod';
import { oneOf } from '../fields.ts';
import { listQuerySchema } from '../list-params.ts';
import { apiErrorSchema, errorResponses, fileAnswer, idParams } from './common.ts';

/** A person named in a record's history: name and email (namesakes), or null when the reader may not know who. */
const personAnswer = z.object({ id: z.uuid(), name: z.string(), email: z.string() }).nullable();

/**
 * `GET /api/v1/deposit/:id/history` and `GET /api/v1/withdrawal/:id/history`: who entered the record
 * and when, each status action with who made it and when (the audit log), and the ledger entries it
 * booked. Scoped like the record: 404 outside the reader's scope.
 */
export const moneyHistoryContract = {
  params: idParams,
  response: {
    200: z.object({
      lead: personAnswer,
      enteredBy: personAnswer,
      enteredAt: z.string(),
      events: z.array(
        z.object({
          at: z.string(),
          action: z.string(),
          from: z.string().nullable(),
          to: z.string().nullable(),
          by: personAnswer,
          /** Why (a refusal's reason), when the action recorded one. */
          reason: z.string().nullable(),
        }),
      ),
      entries: z.array(
        z.object({ date: z.string(), account: z.string(), lead: z.boolean(), kind: z.string(), amount: z.number(), balance: z.number() }),
      ),
    }),
    ...errorResponses,
    422: apiErrorSchema,
  },
};

export type MoneyHistory = z.output<(typeof moneyHistoryContract.response)[200]>;

/**
 * `GET /api/v1/deposit/export` and `GET /api/v1/withdrawal/export`: the list's own filters, search and
 * sort (as `GET /{entity}` takes them) and the file's format; the answer is the file.
 */
export const moneyListExportContract = {
  querystring: listQuerySchema
    .pick({ filters: true, sorts: true, q: true })
    .extend({ format: oneOf(['csv', 'xlsx']).default('csv') })
    .strict(),
  response: { 200: fileAnswer('The list as csv or xlsx'), ...errorResponses },
};
