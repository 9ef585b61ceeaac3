import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { and, count, eq, getTableColumns, inArray, sql } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import { v7 as uuidv7 } from 'uuid';
import { z } from 'zod';
import type { EntityDefinition } from '../../shared/entities/define-entity.ts';
import { listQuerySchema, pageCount, type Filter } from '../../shared/list-params.ts';
import { isLeadOnly } from '../../shared/roles.ts';
import type { Actor } from '../context.ts';
import { insertManyReturning } from '../db/bulk-insert.ts';
import type { Executor, Tx } from '../db/client.ts';
import { AppError } from '../http/app-error.ts';
import { actorOrThrow } from '../http/authenticate.ts';
import { mutate, type Work } from '../http/mutate.ts';
import { parse } from '../http/validate.ts';
import { audienceOf, can, ownable, scopeWhere, type Access, type Action } from '../policy.ts';
import { conjunction, filterCondition, orderBy, searchCondition } from './list-query.ts';

export type Row = Record<string, unknown>;
export type ResourceContext = Work & { request: FastifyRequest };

export type ResourceHooks = {
  /** Column values for a validated create (hash a password, keep only a card's last 4 digits, derive an owner). */
  prepareCreate?: (ctx: ResourceContext, input: Row) => Promise<Row> | Row;
  /** Checks a batch as a whole before any row is prepared (duplicates within it, against the database). */
  checkBatch?: (ctx: ResourceContext, inputs: Row[]) => Promise<Record<string, unknown>[] | undefined>;
  /** Column values for a validated patch; may refuse it. */
  prepareUpdate?: (ctx: ResourceContext, existing: Row, patch: Row) => Promise<Row> | Row;
  afterCreate?: (ctx: ResourceContext, created: Row) => Promise<void>;
  afterUpdate?: (ctx: ResourceContext, previous: Row, updated: Row) => Promise<void>;
  /** May refuse a delete (a campaign with leads) or record it (audit). */
  beforeDelete?: (ctx: ResourceContext, existing: Row) => Promise<void>;
};

export type ResourceDefinition = {
  entity: EntityDefinition;
  table: PgTable;
  access: Access;
  /** Values a lead-only user's own records must have (a lead cannot set a status itself). */
  leadFixed?: Row;
  /** Columns never sent to clients. */
  hidden?: readonly string[];
  /** Filters may also come as plain query parameters (`?read=false`), as for notification. */
  plainParams?: boolean;
  maxBatch?: number;
  hooks?: ResourceHooks;
};

/** Declares one entity's resource: only what differs from the standard set. */
export const defineResource = (definition: ResourceDefinition) => definition;

const idParam = z.strictObject({ id: z.uuid({ error: 'validation.id' }) });
const batchDeleteBody = z.strictObject({
  ids: z
    .array(z.uuid({ error: 'validation.id' }))
    .min(1)
    .max(1000),
});
const QUERY_KEYS = new Set(['page', 'limit', 'filters', 'sorts', 'q']);

const isPlainObject = (value: unknown): value is Row =>
  typeof value === 'object' && value !== null && !Array.isArray(value) && Object.getPrototypeOf(value) === Object.prototype;

/**
 * `If-Match: 3` (or `"3"`, `W/"3"`); absent means last write wins. Anything else is refused, never
 * guessed at: `Number()` would read `0x1`, `1e0` or `+1` as version 1 and let a stale write through.
 */
function ifMatchOf(request: FastifyRequest): number | undefined {
  const header = request.headers['if-match'];
  if (header === undefined) return undefined;
  const match = /^\s*(?:W\/)?("?)([1-9]\d{0,9})\1\s*$/.exec(String(header));
  if (!match) throw new AppError('BAD_REQUEST', { 'if-match': { key: 'validation.integer', params: {} } });
  return Number(match[2]);
}

/**
 * Registers the standard set of DESIGN.md §4 for one entity: create (with a client id), batch create
 * (all or none), list, search, get, patch with If-Match, delete, batch delete. Every write goes
 * through `mutate()`: one transaction with its change log, audit rows and idempotent answer.
 */
export function registerResource(app: FastifyInstance, resource: ResourceDefinition) {
  const { entity, table, access, hooks = {} } = resource;
  const columns = getTableColumns(table) as unknown as Record<string, PgColumn>;
  const base = `/api/v1/${entity.name}`;
  const tags = [entity.name];

  const serialize = (row: Row) => publicRecord(resource, row);

  const allow = (actor: Actor, action: Action) => {
    if (!can(access, action, actor)) throw new AppError('FORBIDDEN');
  };

  const inScope = (db: Executor, actor: Actor) => scopeWhere(access.scope, columns, actor, db);

  async function findInScope(db: Executor, actor: Actor, id: string, lock = false): Promise<Row> {
    const query = db
      .select()
      .from(table)
      .where(conjunction(eq(columns.id, id), inScope(db, actor)))
      .limit(1);
    const [row] = lock ? await query.for('update') : await query;
    if (!row) throw new AppError('NOT_FOUND');
    return row as Row;
  }

  const changeOf = (row: Row, op: 'upsert' | 'delete', previous?: Row) => ({
    entity: entity.name,
    recordId: row.id as string,
    op,
    ...audienceOf(access.scope, row, previous),
  });

  /** A lead may not set the fields the business sets for it (status, transaction id …). */
  function checkLeadFixed(actor: Actor, values: Row, creating: boolean): Row {
    if (!resource.leadFixed || !isLeadOnly(actor.roles)) return values;
    for (const [field, fixed] of Object.entries(resource.leadFixed)) {
      if (field in values && values[field] !== fixed)
        throw new AppError('FORBIDDEN', { [field]: { key: 'validation.unknownField', params: {} } });
    }
    return creating ? { ...values, ...resource.leadFixed } : values;
  }

  async function buildRow(ctx: ResourceContext, input: Row, id: string, checkOwner = true): Promise<Row> {
    const values = checkLeadFixed(ctx.actor, input, true);
    const row: Row = { ...(hooks.prepareCreate ? await hooks.prepareCreate(ctx, values) : values), id };
    if (checkOwner) await checkOwners(ctx, [row]);
    return row;
  }

  /** Every row's owner must be one the actor may attach records to; one query for a whole batch. */
  async function checkOwners(ctx: ResourceContext, rows: Row[]) {
    if (!('owner' in access.scope)) return;
    const owners = rows.map((row) => row[(access.scope as { owner: string }).owner]);
    if (owners.some((id) => typeof id !== 'string')) throw new AppError('FORBIDDEN');
    const allowed = await ownable(ctx.tx, access.scope, ctx.actor, owners as string[]);
    if (owners.some((id) => !allowed.has(id as string))) throw new AppError('FORBIDDEN');
  }

  const context = (request: FastifyRequest, work: Work): ResourceContext => ({ ...work, request });

  /** Splits a create body into its optional client id and the entity's fields. */
  function splitId(body: unknown): { id: string; fields: Row } {
    if (!isPlainObject(body)) throw new AppError('VALIDATION');
    const { id, ...fields } = body;
    return { id: id === undefined ? uuidv7() : parse(z.uuid({ error: 'validation.id' }), id), fields };
  }

  function listQuery(request: FastifyRequest) {
    const raw = (request.query ?? {}) as Row;
    const plain: Filter[] = [];
    for (const [key, value] of Object.entries(raw)) {
      if (QUERY_KEYS.has(key)) continue;
      if (!resource.plainParams) throw new AppError('VALIDATION', { [key]: { key: 'validation.unknownField', params: {} } });
      const values = (Array.isArray(value) ? value : [value]).flatMap((v) => String(v).split(','));
      plain.push({ field: key, values, operator: 'in' });
    }
    const query = parse(listQuerySchema, raw);
    return { ...query, filters: [...(query.filters ?? []), ...plain] };
  }

  async function list(request: FastifyRequest, search: boolean) {
    const actor = actorOrThrow(request);
    allow(actor, 'read');
    const query = listQuery(request);
    const { db } = app.services;
    const where = conjunction(
      inScope(db, actor),
      ...query.filters.map((f) => filterCondition(columns, entity.filterable, f)),
      search ? searchCondition(columns, entity.searchable, query.q, entity.phoneFields) : undefined,
    );
    const [rows, [total]] = await Promise.all([
      db
        .select()
        .from(table)
        .where(where)
        .orderBy(...orderBy(columns, entity.sortable, query.sorts))
        .limit(query.limit)
        .offset((query.page - 1) * query.limit),
      db.select({ value: count() }).from(table).where(where),
    ]);
    return { [entity.plural]: (rows as Row[]).map(serialize), count: total.value, pageToCreate: pageCount(total.value, query.limit) };
  }

  app.get(base, { schema: { tags, summary: `List ${entity.plural}` } }, (request) => list(request, false));
  app.get(`${base}/search`, { schema: { tags, summary: `Search ${entity.plural}` } }, (request) => list(request, true));

  app.get(`${base}/:id`, { schema: { tags, summary: `Get one ${entity.name}` } }, async (request) => {
    const actor = actorOrThrow(request);
    allow(actor, 'read');
    const { id } = parse(idParam, request.params);
    return serialize(await findInScope(app.services.db, actor, id));
  });

  app.post(base, { schema: { tags, summary: `Create a ${entity.name}` } }, async (request, reply) => {
    allow(actorOrThrow(request), 'create');
    const { id, fields } = splitId(request.body);
    const input = parse(entity.create, fields) as Row;
    return mutate(request, reply, async (work) => {
      const ctx = context(request, work);
      if (hooks.checkBatch) {
        const problems = await hooks.checkBatch(ctx, [input]);
        if (problems?.[0]) throw new AppError('VALIDATION', problems[0]);
      }
      const [created] = (await work.tx
        .insert(table)
        .values(await buildRow(ctx, input, id))
        .returning()) as Row[];
      work.changed(changeOf(created, 'upsert'));
      await hooks.afterCreate?.(ctx, created);
      return { status: 201, body: serialize(created) };
    });
  });

  app.post(
    `${base}/batch`,
    { schema: { tags, summary: `Create many ${entity.plural}, all or none` }, bodyLimit: 32 * 1024 * 1024 },
    async (request, reply) => {
      allow(actorOrThrow(request), 'create');
      if (!Array.isArray(request.body)) throw new AppError('VALIDATION', { _: { key: 'validation.jsonArray', params: {} } });
      const max = resource.maxBatch ?? 10_000;
      if (request.body.length === 0 || request.body.length > max)
        throw new AppError('VALIDATION', { _: { key: 'validation.max', params: { max } } });
      const errors: Record<string, unknown> = {};
      const items = request.body.map((item, index) => {
        try {
          const { id, fields } = splitId(item);
          return { id, input: parse(entity.create, fields) as Row };
        } catch (error) {
          errors[index] = error instanceof AppError ? (error.details ?? { _: { key: 'validation.invalid', params: {} } }) : error;
          return undefined;
        }
      });
      if (Object.keys(errors).length) throw new AppError('VALIDATION', { items: errors });
      const valid = items as { id: string; input: Row }[];
      return mutate(request, reply, async (work) => {
        const ctx = context(request, work);
        const problems = await hooks.checkBatch?.(
          ctx,
          valid.map((v) => v.input),
        );
        if (problems?.some(Boolean)) {
          throw new AppError('VALIDATION', { items: Object.fromEntries(problems.flatMap((p, i) => (p ? [[i, p]] : []))) });
        }
        const rows: Row[] = [];
        for (const item of valid) rows.push(await buildRow(ctx, item.input, item.id, false));
        await checkOwners(ctx, rows);
        const inserted = new Map((await insertManyReturning(work.tx, table, rows)).map((row) => [row.id, row]));
        const created = rows.map((row) => inserted.get(row.id)!);
        work.changed(created.map((row) => changeOf(row, 'upsert')));
        for (const row of created) await hooks.afterCreate?.(ctx, row);
        return { status: 201, body: { [entity.plural]: created.map(serialize), count: created.length } };
      });
    },
  );

  app.patch(`${base}/:id`, { schema: { tags, summary: `Change a ${entity.name} (changed fields only)` } }, async (request, reply) => {
    allow(actorOrThrow(request), 'update');
    const { id } = parse(idParam, request.params);
    const ifMatch = ifMatchOf(request);
    if (!isPlainObject(request.body)) throw new AppError('VALIDATION');
    const patch = checkLeadFixed(actorOrThrow(request), parse(entity.update, request.body) as Row, false);
    return mutate(request, reply, async (work) => {
      const ctx = context(request, work);
      const existing = await findInScope(work.tx, work.actor, id, true);
      if (ifMatch !== undefined && existing.version !== ifMatch) {
        throw new AppError('VERSION_CONFLICT', undefined, {}, { current: serialize(existing) });
      }
      const values = hooks.prepareUpdate ? await hooks.prepareUpdate(ctx, existing, patch) : patch;
      // Moving a record to another owner follows the rule of creating one for them.
      if ('owner' in access.scope && access.scope.owner in values) await checkOwners(ctx, [values]);
      const [updated] = (await work.tx
        .update(table)
        .set({ ...values, version: sql`${columns.version} + 1`, dateLastUpdate: sql`now()` })
        .where(eq(columns.id, id))
        .returning()) as Row[];
      work.changed(changeOf(updated, 'upsert', existing));
      await hooks.afterUpdate?.(ctx, existing, updated);
      return { body: serialize(updated) };
    });
  });

  async function remove(request: FastifyRequest, reply: FastifyReply, ids: string[], ifMatch?: number) {
    return mutate(request, reply, async (work) => {
      const ctx = context(request, work);
      const rows = (await work.tx
        .select()
        .from(table)
        .where(conjunction(inArray(columns.id, ids), inScope(work.tx, work.actor)))
        .for('update')) as Row[];
      if (rows.length !== new Set(ids).size) throw new AppError('NOT_FOUND');
      if (ifMatch !== undefined && rows[0].version !== ifMatch) {
        throw new AppError('VERSION_CONFLICT', undefined, {}, { current: serialize(rows[0]) });
      }
      for (const row of rows) await hooks.beforeDelete?.(ctx, row);
      await work.tx.delete(table).where(inArray(columns.id, ids));
      work.changed(rows.map((row) => changeOf(row, 'delete')));
      return { body: { success: true, count: rows.length, ids: rows.map((r) => r.id) } };
    });
  }

  app.delete(`${base}/batch`, { schema: { tags, summary: `Delete many ${entity.plural}, all or none` } }, async (request, reply) => {
    allow(actorOrThrow(request), 'delete');
    const { ids } = parse(batchDeleteBody, request.body);
    return remove(request, reply, ids);
  });

  app.delete(`${base}/:id`, { schema: { tags, summary: `Delete a ${entity.name}` } }, async (request, reply) => {
    allow(actorOrThrow(request), 'delete');
    const { id } = parse(idParam, request.params);
    return remove(request, reply, [id], ifMatchOf(request));
  });
}

/** A record as clients see it: hidden columns (password hashes) left out. */
export function publicRecord(resource: ResourceDefinition, row: Row): Row {
  if (!resource.hidden?.length) return row;
  const out: Row = {};
  for (const [key, value] of Object.entries(row)) if (!resource.hidden.includes(key)) out[key] = value;
  return out;
}

/** Reads one record in the actor's scope, for features built beside the standard set. */
export async function findScoped(db: Executor | Tx, resource: ResourceDefinition, actor: Actor, id: string): Promise<Row | undefined> {
  const columns = getTableColumns(resource.table) as unknown as Record<string, PgColumn>;
  const [row] = await db
    .select()
    .from(resource.table)
    .where(and(eq(columns.id, id), scopeWhere(resource.access.scope, columns, actor, db)));
  return row as Row | undefined;
}
