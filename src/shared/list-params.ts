import { z } from 'zod';

/** Query parameters of every list and search call (DESIGN.md §4). */
export const FILTER_OPERATORS = ['in', 'eq', 'ne', 'gt', 'gte', 'lt', 'lte', 'between', 'contains', 'isNull'] as const;
export type FilterOperator = (typeof FILTER_OPERATORS)[number];

export const MAX_LIMIT = 100;
export const DEFAULT_LIMIT = 20;

const scalar = z.union([z.string().max(500), z.number().finite(), z.boolean(), z.null()]);

export const filterSchema = z.strictObject({
  field: z.string().max(64),
  values: z.array(scalar).max(500),
  operator: z.enum(FILTER_OPERATORS).optional(),
});
export type Filter = z.infer<typeof filterSchema>;

export const sortSchema = z.strictObject({
  field: z.string().max(64),
  order: z.enum(['asc', 'desc']).default('asc'),
});
export type Sort = z.infer<typeof sortSchema>;

/** Parses a JSON-encoded query parameter into an array of `item`, with zod issues on failure. */
const jsonArray = <T extends z.ZodType>(item: T) =>
  z
    .string()
    .max(20_000)
    .transform((raw, ctx) => {
      try {
        return JSON.parse(raw) as unknown;
      } catch {
        ctx.addIssue({ code: 'custom', message: 'validation.json' });
        return z.NEVER;
      }
    })
    .pipe(z.array(item).max(20));

export const listQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(1_000_000).default(1),
  limit: z.coerce.number().int().min(1).max(MAX_LIMIT, { error: 'validation.limit' }).default(DEFAULT_LIMIT),
  filters: jsonArray(filterSchema).optional(),
  sorts: jsonArray(sortSchema).optional(),
  q: z.string().max(200).optional(),
});
export type ListQuery = z.infer<typeof listQuerySchema>;

export type ListResponse<K extends string, T> = { [P in K]: T[] } & {
  count: number;
  pageToCreate: number;
};

export const pageCount = (count: number, limit: number) => Math.ceil(count / limit);
