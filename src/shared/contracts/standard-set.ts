import { z } from 'zod';
import type { EntityDefinition } from '../entities/define-entity.ts';
import { listQuerySchema } from '../list-params.ts';
import { oneSelection, selectionShape } from '../selection.ts';
import { apiErrorSchema, errorResponses, idParams } from './common.ts';

/** Many records for a batch delete: by id, or all matching a list's filters (src/shared/selection.ts). */
export const batchDeleteBody = (options: z.ZodRawShape = {}) =>
  z.strictObject({ ...selectionShape('ids', 1000), ...options }).superRefine(oneSelection('ids'));
export const deleteAnswer = z.object({ success: z.literal(true), count: z.number().int(), ids: z.array(z.uuid()) });

/** A create body: the entity's fields and an optional client-made id (DESIGN.md §4), with the entity's own checks. */
function createBody(entity: EntityDefinition) {
  const create = entity.create as unknown as z.ZodObject;
  const body = z.strictObject({ id: z.uuid({ error: 'validation.id' }).optional(), ...create.shape });
  const checks = (create._zod.def.checks ?? []) as z.core.$ZodCheck<unknown>[];
  return (checks.length ? body.check(...checks) : body) as z.ZodObject;
}

/**
 * The contract of the standard set for one entity (DESIGN.md §4), from its definition: parameters,
 * query, bodies and answers of every route. The server attaches them to its routes; clients type
 * their calls with them.
 */
export function standardContract<E extends EntityDefinition>(
  entity: E,
  options: {
    plainParams?: boolean;
    maxBatch?: number;
    /** What a delete takes besides the record (where a staff member's leads go): a query parameter, and in a batch's body. */
    deleteOptions?: z.ZodRawShape;
  } = {},
) {
  const record = entity.record;
  const list = z.object({ [entity.plural]: z.array(record), count: z.number().int(), pageToCreate: z.number().int() });
  // Plain `?read=false` filters on the entity's filterable fields where the resource takes them; any
  // other parameter is refused (a catch-all would silently drop a `__proto__` key instead).
  const plainFilter = z.union([z.string(), z.array(z.string())]).optional();
  const plain = options.plainParams ? Object.fromEntries(entity.filterable.map((field) => [field, plainFilter])) : {};
  const querystring = listQuerySchema.extend(plain).catchall(z.never({ error: 'validation.unknownField' }));
  const create = createBody(entity);
  const max = options.maxBatch ?? 10_000;
  return {
    list: { querystring, response: { 200: list, ...errorResponses } },
    get: { params: idParams, response: { 200: record, ...errorResponses } },
    create: { body: create, response: { 201: record, ...errorResponses } },
    batchCreate: {
      body: z.array(create, { error: 'validation.jsonArray' }).min(1, { error: 'validation.max' }).max(max, { error: 'validation.max' }),
      response: { 201: z.object({ [entity.plural]: z.array(record), count: z.number().int() }), ...errorResponses },
    },
    update: { params: idParams, body: entity.update, response: { 200: record, ...errorResponses } },
    remove: {
      params: idParams,
      ...(options.deleteOptions ? { querystring: z.strictObject(options.deleteOptions) } : {}),
      response: { 200: deleteAnswer, ...errorResponses },
    },
    batchRemove: { body: batchDeleteBody(options.deleteOptions), response: { 200: deleteAnswer, ...errorResponses } },
  };
}

/** The body of an action that takes none: nothing, or an empty object (the outbox sends `{}`). */
export const noActionBody = z.strictObject({}).optional();

/**
 * The contract of an action route on a lifecycle (DESIGN.md §6): the record named in the path, the
 * action's body, and the record as it stands after the action (or the action's own answer); 422 for
 * a transition the machine refuses or money that is not there.
 */
export function actionContract<E extends EntityDefinition, B extends z.ZodType = typeof noActionBody, R extends z.ZodType = E['record']>(
  entity: E,
  options: { body?: B; response?: R } = {},
) {
  const body: z.ZodType = options.body ?? noActionBody;
  return {
    params: idParams,
    // Fastify hands a request without a body over as null: a body that may be left out may be null too.
    body: (body.safeParse(undefined).success ? body.nullable() : body) as B,
    response: { 200: (options.response ?? entity.record) as R, ...errorResponses, 422: apiErrorSchema },
  };
}
