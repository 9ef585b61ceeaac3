import { z } from 'zod';
import { apiErrorSchema, errorResponses, idParams } from './common.ts';

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
        z.object({ at: z.string(), action: z.string(), from: z.string().nullable(), to: z.string().nullable(), by: personAnswer }),
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
