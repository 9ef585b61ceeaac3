import { z } from 'zod';
import { filterSchema } from './list-params.ts';

/**
 * What a bulk action acts on (docs/decisions/bulk-selection.md): the records picked by hand (`ids`),
 * or every record matching a list's filters and search (`matching`), less the ones unticked or
 * refused before (`except`). The server resolves `matching` in the caller's scope, the same way it
 * lists, so "all 10,000 matching" never travels as 10,000 ids and never reaches a record the caller
 * may not see.
 */
export const matchingSchema = z.strictObject({
  filters: z.array(filterSchema).max(30).default([]),
  q: z.string().max(200).optional(),
});
export type Matching = z.input<typeof matchingSchema>;

const uuids = (max: number) => z.array(z.uuid({ error: 'validation.id' })).max(max);

/** The fields of a selection inside a body; `idsKey` keeps an older name (`leadIds` of bulk-assign). */
export const selectionShape = <K extends string>(idsKey: K, maxIds: number) =>
  ({
    [idsKey]: uuids(maxIds).min(1).optional(),
    matching: matchingSchema.optional(),
    except: uuids(10_000).optional(),
  }) as { [P in K]: z.ZodOptional<z.ZodArray<z.ZodUUID>> } & {
    matching: z.ZodOptional<typeof matchingSchema>;
    except: z.ZodOptional<z.ZodArray<z.ZodUUID>>;
  };

/** Exactly one of the ids or `matching`; `except` only with `matching`. */
export const oneSelection =
  (idsKey: string) =>
  (body: Record<string, unknown>, ctx: z.RefinementCtx): void => {
    const both = body[idsKey] !== undefined && body.matching !== undefined;
    const neither = body[idsKey] === undefined && body.matching === undefined;
    if (both || neither) ctx.addIssue({ code: 'custom', message: 'validation.selection', path: [idsKey] });
    if (body.except !== undefined && body.matching === undefined)
      ctx.addIssue({ code: 'custom', message: 'validation.selection', path: ['except'] });
  };

export type SelectionInput = { ids?: string[]; matching?: Matching; except?: string[] };
