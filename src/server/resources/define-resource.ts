import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { and, count, eq, getTableColumns, inArray, is, Placeholder, sql } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import { v7 as uuidv7 } from 'uuid';
import type { z } from 'zod';
import { standardContract } from '../../shared/contracts/standard-set.ts';
import type { EntityDefinition } from '../../shared/entities/define-entity.ts';
import type { Machine } from '../../shared/lifecycle/define-machine.ts';
import { pageCount, type Filter, type ListQuery } from '../../shared/list-params.ts';
import type { ErrorCode } from '../../shared/errors.ts';
import { isLeadOnly } from '../../shared/roles.ts';
import type { Actor } from '../context.ts';
import { insertManyReturning } from '../db/bulk-insert.ts';
import type { Executor, Tx } from '../db/client.ts';
import { DRIZZLE_TYPES, namedStatement } from '../db/prepared.ts';
import { AppError } from '../http/app-error.ts';
import { actorOrThrow } from '../http/authenticate.ts';
import { mutate, type Work } from '../http/mutate.ts';
import { parse } from '../http/validate.ts';
import { audienceFields, audienceOf, can, ownable, scopeWhere, type Access, type Action } from '../policy.ts';
import { conjunction, filterCondition, orderBy, searchCondition } from './list-query.ts';
import { lockSelection } from './selection.ts';
import type { SelectionInput } from '../../shared/selection.ts';

export type Row = Record<string, unknown>;
/** Who reads a record (an actor; a socket room's typical member). */
export type Reader = { id: string; roles: readonly string[]; impersonatorId?: string | null };
/** Fields of a record only some of its readers may read, and who (see `ResourceDefinition.restricted`). */
export type Restriction = { fields: readonly string[]; readableBy: (reader: Reader, row: Row) => boolean };
export type ResourceContext = Work & { request: FastifyRequest };

/** A row of the table as drizzle reads it. */
export type RowOf<T extends PgTable> = T['$inferSelect'];
/** Column values to write: the table's insert type, loosely (hooks may add derived columns). */
export type ValuesOf<T extends PgTable> = Partial<T['$inferInsert']> & Row;
/** What the entity's create and update schemas give once a body is validated. */
type CreateInput<E extends EntityDefinition> = z.output<E['create']> & Row;
type UpdateInput<E extends EntityDefinition> = z.output<E['update']> & Row;

// Method signatures on purpose: their parameters are bivariant, so a resource with typed hooks still
// fits the registry's list of `ResourceDefinition`s.
export type ResourceHooks<T extends PgTable = PgTable, E extends EntityDefinition = EntityDefinition> = {
  /**
   * Slow work on validated creates done before the transaction opens (hashing passwords), so that no
   * lock is held while it runs; may refuse the whole lot.
   */
  beforeTransaction?(request: FastifyRequest, inputs: CreateInput<E>[]): Promise<Row[]>;
  /** Column values for a validated create (hash a password, keep only a card's last 4 digits, derive an owner). */
  prepareCreate?(ctx: ResourceContext, input: CreateInput<E>): Promise<ValuesOf<T>> | ValuesOf<T>;
  /** Checks a batch as a whole before any row is prepared (duplicates within it, against the database). */
  checkBatch?(ctx: ResourceContext, inputs: CreateInput<E>[]): Promise<Record<string, unknown>[] | undefined>;
  /** Column values for a validated patch; may refuse it. */
  prepareUpdate?(ctx: ResourceContext, existing: RowOf<T>, patch: UpdateInput<E>): Promise<ValuesOf<T>> | ValuesOf<T>;
  afterCreate?(ctx: ResourceContext, created: RowOf<T>): Promise<void>;
  afterUpdate?(ctx: ResourceContext, previous: RowOf<T>, updated: RowOf<T>): Promise<void>;
  /**
   * Why some of the rows about to be deleted cannot be (money on a lead's ledger): a message per
   * blocked row. A delete with any blocked row deletes none and names each with its reason.
   */
  deleteBlockers?(ctx: ResourceContext, rows: RowOf<T>[]): Promise<Map<string, DeleteBlock>>;
  /** May refuse a delete (a campaign with leads) or record it (audit); `options` are the resource's `deleteOptions`. */
  beforeDelete?(ctx: ResourceContext, existing: RowOf<T>, options: Row): Promise<void>;
};

/**
 * Why one record cannot be deleted: `key` (`blocked.*`, with `params`; the record's name is added)
 * names the record and the reason, one line a record in a list's dialog. The delete of that one
 * record answers `code` when the rule has its own (CAMPAIGN_HAS_LEADS), else HAS_DEPENDENTS saying
 * what depends on it (`dependents`, a `dependents.*` key).
 */
export type DeleteBlock = { key: string; params?: Record<string, unknown>; dependents: string; code?: ErrorCode };

export type ResourceDefinition<T extends PgTable = PgTable, E extends EntityDefinition = EntityDefinition> = {
  entity: E;
  table: T;
  /** An audience of `'nobody'` switches the standard route off: it is not registered at all (read: list, search, get). */
  access: Access;
  /**
   * The entity's lifecycle: a plain create may only start in its initial state, a plain PATCH never
   * changes its status and changes its frozen (money) fields only while the record is in that state.
   */
  machine?: Machine;
  /** A narrower create schema for some callers (a lead's create input differs from staff's); the entity's otherwise. */
  createInput?: (actor: Actor) => z.ZodType | undefined;
  /** Values a lead-only user's own records must have (a lead cannot set a status itself). */
  leadFixed?: Row;
  /** Columns never sent to clients. */
  hidden?: readonly string[];
  /**
   * Fields only some readers of a record may read (CHECKLIST.md 16): every other reader gets the record
   * without them, in every answer, `/sync` and socket event (`publicRecord`). Their record schema makes
   * them optional (checked at registration). docs/decisions/fields-readable-by-some.md
   */
  restricted?: readonly Restriction[];
  /** Filters may also come as plain query parameters (`?read=false`), as for notification. */
  plainParams?: boolean;
  maxBatch?: number;
  /** What a delete takes besides the record (src/shared/contracts/standard-set.ts), handed to `beforeDelete`. */
  deleteOptions?: z.ZodRawShape;
  /** How a blocked record is named in the refusal (a person's full name); else its `name`, else its id. */
  nameOf?: (row: Row) => string;
  hooks?: ResourceHooks<T, E>;
};

/** Any resource, whatever its table: what the registry and the generic routes hold. */
export type AnyResource = ResourceDefinition;

/** Declares one entity's resource: only what differs from the standard set; hooks are typed by the table's row. */
export const defineResource = <T extends PgTable, E extends EntityDefinition>(definition: ResourceDefinition<T, E>) => definition;

const QUERY_KEYS = new Set(['page', 'limit', 'filters', 'sorts', 'q']);

type IdParams = { id: string };

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
export function registerResource(app: FastifyInstance, typed: AnyResource) {
  const resource = typed;
  const { entity, table, access, machine } = resource;
  // Inside the generic routes a row is any row: the typed view is the declaring resource's.
  const hooks = (resource.hooks ?? {}) as unknown as UntypedHooks;
  const on = (action: Action) => access[action] !== 'nobody';
  // Params, query, bodies and answers of every route, from the entity's definition (src/shared/contracts/).
  const contract = standardContract(entity, resource);
  const columns = getTableColumns(table) as unknown as Record<string, PgColumn>;
  const base = `/api/v1/${entity.name}`;
  const tags = [entity.name];

  const serialize = (row: Row, reader: Reader) => publicRecord(resource, row, reader);
  checkRestricted(resource);

  const allow = (actor: Actor, action: Action) => {
    if (!can(access, action, actor)) throw new AppError('FORBIDDEN');
  };

  const inScope = (db: Executor, actor: Actor) => scopeWhere(access.scope, columns, actor, db);

  const findInScope = (db: Executor, actor: Actor, id: string, lock = false) => findInScopeOf(resource, db, actor, id, lock);

  const changeOf = (row: Row, op: 'upsert' | 'delete', previous?: Row) => changeOfRow(resource, row, op, previous);

  // The fields a change's audience is read from, and whether the database may fill one in (a default).
  const audienceColumns = audienceFields(access.scope).map((key) => ({ key, defaulted: columns[key]?.hasDefault ?? true }));
  /** True when a row to insert already has the audience its record will have: each field it reads is set, or left null. */
  const audienceKnown = (row: Row) => audienceColumns.every(({ key, defaulted }) => row[key] !== undefined || !defaulted);

  const checkLeadFixed = (actor: Actor, values: Row, creating: boolean) => leadFixedValues(resource, actor, values, creating);

  /** A create body (validated by the entity's schema), narrowed by the schema for this caller when the resource has one. */
  function createInputOf(actor: Actor, fields: Row): Row {
    const narrower = resource.createInput?.(actor);
    return narrower ? (parse(narrower, fields) as Row) : fields;
  }

  /**
   * The row to insert for a validated create (its owner is checked by the caller). Synchronous unless
   * the resource's hook is: a batch of 10,000 would otherwise wait on 10,000 promises.
   */
  function buildRow(ctx: ResourceContext, input: Row, id: string): Row | Promise<Row> {
    const values = checkLeadFixed(ctx.actor, input, true);
    // A lifecycle starts in its initial state; only actions move it on (and book what they must).
    if (machine && machine.field in values && values[machine.field] !== machine.initial) throw statusByAction(machine.field);
    const prepared = hooks.prepareCreate ? hooks.prepareCreate(ctx, values) : values;
    return prepared instanceof Promise ? prepared.then((p) => ({ ...p, id })) : { ...prepared, id };
  }

  const checkOwners = (ctx: ResourceContext, rows: Row[]) => checkOwnersOf(resource, ctx, rows);

  const context = (request: FastifyRequest, work: Work): ResourceContext => ({ ...work, request });

  /** Splits a validated create body into its id (the client's, or a new one) and the entity's fields. */
  function splitId(body: unknown): { id: string; fields: Row } {
    const { id, ...fields } = body as Row;
    return { id: typeof id === 'string' ? id : uuidv7(), fields };
  }

  /** The validated query; plain parameters (`?read=false`, where the resource takes them) become filters. */
  function listQuery(request: FastifyRequest) {
    const query = request.query as ListQuery & Row;
    const plain: Filter[] = [];
    for (const [key, value] of Object.entries(query)) {
      if (QUERY_KEYS.has(key)) continue;
      const values = (Array.isArray(value) ? value : [value]).flatMap((v) => String(v).split(','));
      plain.push({ field: key, values, operator: 'in' });
    }
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
    return {
      [entity.plural]: (rows as Row[]).map((row) => serialize(row, actor)),
      count: total.value,
      pageToCreate: pageCount(total.value, query.limit),
    };
  }

  if (on('read')) {
    app.get(base, { schema: { tags, summary: `List ${entity.plural}`, ...contract.list } }, (request) => list(request, false));
    app.get(`${base}/search`, { schema: { tags, summary: `Search ${entity.plural}`, ...contract.list } }, (request) => list(request, true));

    app.get(`${base}/:id`, { schema: { tags, summary: `Get one ${entity.name}`, ...contract.get } }, async (request) => {
      const actor = actorOrThrow(request);
      allow(actor, 'read');
      const { id } = request.params as IdParams;
      return serialize(await findInScope(app.services.db, actor, id), actor);
    });
  }

  if (on('create')) registerCreate();
  if (on('update')) registerUpdate();
  if (on('delete')) registerDelete();

  function registerCreate() {
    app.post(base, { schema: { tags, summary: `Create a ${entity.name}`, ...contract.create } }, async (request, reply) => {
      const actor = actorOrThrow(request);
      allow(actor, 'create');
      const { id, fields } = splitId(request.body);
      const narrowed = createInputOf(actor, fields);
      const [input] = hooks.beforeTransaction ? await hooks.beforeTransaction(request, [narrowed]) : [narrowed];
      return mutate(request, reply, async (work) => {
        const ctx = context(request, work);
        if (hooks.checkBatch) {
          const problems = await hooks.checkBatch(ctx, [input]);
          if (problems?.[0]) throw new AppError('VALIDATION', problems[0]);
        }
        const row = await buildRow(ctx, input, id);
        await checkOwners(ctx, [row]);
        const [created] = (await work.tx.insert(table).values(row).returning()) as Row[];
        work.changed(changeOf(created, 'upsert'));
        await hooks.afterCreate?.(ctx, created);
        return { status: 201, body: serialize(created, actor) };
      });
    });

    app.post(
      `${base}/batch`,
      { schema: { tags, summary: `Create many ${entity.plural}, all or none`, ...contract.batchCreate }, bodyLimit: 32 * 1024 * 1024 },
      async (request, reply) => {
        const actor = actorOrThrow(request);
        allow(actor, 'create');
        // The contract validated every item; a narrower schema for this caller reports per item like it.
        const errors: Record<string, unknown> = {};
        let valid = (request.body as unknown[]).map((item, index) => {
          const { id, fields } = splitId(item);
          try {
            return { id, input: createInputOf(actor, fields) };
          } catch (error) {
            if (!(error instanceof AppError)) throw error;
            errors[index] = error.details ?? { _: { key: 'validation.invalid', params: {} } };
            return { id, input: fields };
          }
        });
        if (Object.keys(errors).length) throw new AppError('VALIDATION', { items: errors });
        if (hooks.beforeTransaction) {
          const prepared = await hooks.beforeTransaction(
            request,
            valid.map((v) => v.input),
          );
          valid = valid.map((v, i) => ({ id: v.id, input: prepared[i] }));
        }
        return mutate(request, reply, async (work) => {
          const ctx = context(request, work);
          // The checks, the owners' and the inserts leave one behind the other on the transaction's
          // pipelined connection, and the rows are built while the database answers the checks: a
          // batch waits for the database once, not once per question. Nothing commits before every
          // check has answered; a failed one throws and the transaction, inserts and all, rolls back.
          const checking = hooks.checkBatch?.(
            ctx,
            valid.map((v) => v.input),
          );
          checking?.catch(() => {});
          const rows: Row[] = [];
          for (const item of valid) {
            const row = buildRow(ctx, item.input, item.id);
            rows.push(row instanceof Promise ? await row : row);
          }
          const owners = checkOwners(ctx, rows);
          owners.catch(() => {});
          // Sent, not yet awaited. Without an afterCreate hook nothing needs the hidden columns back.
          const inserting = insertManyReturning(work.tx, table, rows, hooks.afterCreate ? undefined : resource.hidden);
          inserting.catch(() => {});
          const problems = await checking;
          if (problems?.some(Boolean)) {
            throw new AppError('VALIDATION', { items: Object.fromEntries(problems.flatMap((p, i) => (p ? [[i, p]] : []))) });
          }
          await owners;
          const logged = !hooks.afterCreate && rows.every(audienceKnown);
          if (logged) {
            // Each row's audience is what it will be once inserted (ids are made here): the change log
            // and COMMIT go right behind the inserts, and the database writes them while the answers
            // are read below. With an Idempotency-Key the answer is stored first (commitNow: false).
            work.changed(rows.map((row) => changeOf(row, 'upsert')));
            await work.commitNow?.();
          }
          const inserted = new Map((await inserting).map((row) => [row.id, row]));
          const created = rows.map((row) => inserted.get(row.id)!);
          if (!logged) work.changed(created.map((row) => changeOf(row, 'upsert')));
          for (const row of created) await hooks.afterCreate?.(ctx, row);
          return { status: 201, body: { [entity.plural]: created.map((row) => serialize(row, actor)), count: created.length } };
        });
      },
    );
  }

  function registerUpdate() {
    app.patch(
      `${base}/:id`,
      { schema: { tags, summary: `Change a ${entity.name} (changed fields only)`, ...contract.update } },
      async (request, reply) => {
        allow(actorOrThrow(request), 'update');
        const { id } = request.params as IdParams;
        const ifMatch = ifMatchOf(request);
        const patch = request.body as Row;
        return mutate(request, reply, async (work) => ({ body: await updateRecord(resource, context(request, work), id, patch, ifMatch) }));
      },
    );
  }

  async function remove(request: FastifyRequest, reply: FastifyReply, selection: SelectionInput, options: Row, ifMatch?: number) {
    return mutate(request, reply, async (work) => {
      const ctx = context(request, work);
      const rows = await lockSelection(work.tx, resource, work.actor, selection);
      if (ifMatch !== undefined && rows[0] && rows[0].version !== ifMatch) {
        throw new AppError('VERSION_CONFLICT', undefined, {}, { current: serialize(rows[0], work.actor) });
      }
      // Refusals of the person first (403), then of the records; all in this one transaction, so a refusal undoes the rest.
      for (const row of rows) await hooks.beforeDelete?.(ctx, row, options);
      // All or none: one blocked record stops the whole delete, and every blocked one is named with its reason.
      const blocked = hooks.deleteBlockers && rows.length ? await hooks.deleteBlockers(ctx, rows) : new Map<string, DeleteBlock>();
      if (blocked.size) {
        const details = Object.fromEntries(
          rows
            .filter((row) => blocked.has(row.id as string))
            .map((row) => {
              const block = blocked.get(row.id as string)!;
              return [row.id, { key: block.key, params: { ...block.params, name: nameOf(resource, row) } }];
            }),
        );
        // One record asked for: the plain answer of any delete with dependents; several: how many and which.
        if (rows.length === 1) {
          const [block] = blocked.values();
          if (block.code) throw new AppError(block.code, details);
          throw new AppError('HAS_DEPENDENTS', details, { what: { key: `dependents.${block.dependents}` } });
        }
        throw new AppError('DELETE_BLOCKED', details, { count: blocked.size, total: rows.length });
      }
      const ids = rows.map((row) => row.id as string);
      for (let i = 0; i < ids.length; i += 5000) await work.tx.delete(table).where(inArray(columns.id, ids.slice(i, i + 5000)));
      work.changed(rows.map((row) => changeOf(row, 'delete')));
      return { body: { success: true, count: rows.length, ids } };
    });
  }

  function registerDelete() {
    app.delete(
      `${base}/batch`,
      { schema: { tags, summary: `Delete many ${entity.plural} (by id or all matching a filter), all or none`, ...contract.batchRemove } },
      async (request, reply) => {
        allow(actorOrThrow(request), 'delete');
        const { ids, matching, except, ...options } = request.body as SelectionInput & Row;
        return remove(request, reply, { ids, matching, except }, options);
      },
    );

    app.delete(`${base}/:id`, { schema: { tags, summary: `Delete a ${entity.name}`, ...contract.remove } }, async (request, reply) => {
      allow(actorOrThrow(request), 'delete');
      const { id } = request.params as IdParams;
      return remove(request, reply, { ids: [id] }, (resource.deleteOptions ? request.query : {}) as Row, ifMatchOf(request));
    });
  }
}

type UntypedHooks = {
  beforeTransaction?: (request: FastifyRequest, inputs: Row[]) => Promise<Row[]>;
  prepareCreate?: (ctx: ResourceContext, input: Row) => Promise<Row> | Row;
  checkBatch?: (ctx: ResourceContext, inputs: Row[]) => Promise<Record<string, unknown>[] | undefined>;
  prepareUpdate?: (ctx: ResourceContext, existing: Row, patch: Row) => Promise<Row> | Row;
  afterCreate?: (ctx: ResourceContext, created: Row) => Promise<void>;
  afterUpdate?: (ctx: ResourceContext, previous: Row, updated: Row) => Promise<void>;
  deleteBlockers?: (ctx: ResourceContext, rows: Row[]) => Promise<Map<string, DeleteBlock>>;
  beforeDelete?: (ctx: ResourceContext, existing: Row, options: Row) => Promise<void>;
};

/** A lifecycle field (or a money field once it has left its first state) named in a create or a PATCH: actions move it. */
const statusByAction = (field: string) => new AppError('INVALID_TRANSITION', { [field]: { key: 'validation.statusByAction', params: {} } });

/** What a person calls a record in a message: the resource's own rule, else its name, else its id. */
const nameOf = (resource: AnyResource, row: Row): string =>
  resource.nameOf?.(row) ?? (typeof row.name === 'string' && row.name ? row.name : String(row.id));

/**
 * A record as `reader` may see it: hidden columns (password hashes) left out, and each restriction's
 * fields unless its rule lets this reader read them. Without a reader, restricted fields are left out.
 */
export function publicRecord(resource: AnyResource, row: Row, reader?: Reader): Row {
  const { restricted, hidden } = resource;
  let left = hidden;
  // Most rows of most resources keep every restricted field: nothing is allocated for them.
  for (const restriction of restricted ?? [])
    if (!(reader && restriction.readableBy(reader, row))) left = [...(left ?? []), ...restriction.fields];
  if (!left?.length) return row;
  // Records read without these columns (a batch create's) need no copy.
  if (!left.some((key) => key in row)) return row;
  // A plain loop, not Object.entries: a 10,000-record batch answer would allocate an array per field.
  const out: Row = {};
  for (const key in row) if (!left.includes(key)) out[key] = row[key];
  return out;
}

/** A restricted field is absent for most readers: its entity's record schema must say it may be. */
function checkRestricted(resource: AnyResource) {
  const shape = (resource.entity.record as unknown as { shape?: Record<string, z.ZodType> }).shape ?? {};
  for (const field of (resource.restricted ?? []).flatMap((restriction) => restriction.fields))
    if (!shape[field]?.safeParse(undefined).success)
      throw new Error(`${resource.entity.name}.${field} is restricted: its record schema must make it optional`);
}

/**
 * Reads one record in the actor's scope, for features built beside the standard set. With `fields`, only
 * those (and `id`): a check of a lead's roles need not read and map the user table's every column.
 */
export async function findScoped(
  db: Executor | Tx,
  resource: AnyResource,
  actor: Actor,
  id: string,
  fields?: readonly string[],
): Promise<Row | undefined> {
  if (fields) return (await scopedRead(db, resource, actor, fields))(db, id, actor.id);
  const columns = getTableColumns(resource.table) as unknown as Record<string, PgColumn>;
  const [row] = await db
    .select()
    .from(resource.table)
    .where(and(eq(columns.id, id), scopeWhere(resource.access.scope, columns, actor, db)));
  return row as Row | undefined;
}

type ScopedRead = (db: Executor, id: string, actorId: string) => Promise<Row | undefined>;
const scopedReads = new Map<string, ScopedRead>();

/**
 * `findScoped` with `fields` (a check on every request, e.g. the adjustment's lead): one statement per
 * resource, fields and scope condition (which depends on the actor's roles, its values on the actor's
 * id), built by drizzle once and prepared per connection under a name; its values map as drizzle's own.
 */
async function scopedRead(db: Executor, resource: AnyResource, actor: Actor, fields: readonly string[]): Promise<ScopedRead> {
  const key = `${resource.entity.name}|${fields.join(',')}|${[...actor.roles].sort().join(',')}`;
  let read = scopedReads.get(key);
  if (read) return read;
  const columns = getTableColumns(resource.table) as unknown as Record<string, PgColumn>;
  const names = ['id', ...fields];
  const selection = Object.fromEntries(names.map((field) => [field, columns[field]]));
  const byPlaceholder = { ...actor, id: sql.placeholder('actorId') as unknown as string };
  const query = db
    .select(selection)
    .from(resource.table)
    .where(and(eq(columns.id, sql.placeholder('id')), scopeWhere(resource.access.scope, columns, byPlaceholder, db)))
    .toSQL();
  const run = namedStatement<unknown[]>(`scoped_${scopedReads.size}`, query.sql, { rowMode: 'array', types: DRIZZLE_TYPES });
  read = async (on, id, actorId) => {
    const values = query.params.map((param) => (is(param, Placeholder) ? { id, actorId }[param.name as 'id' | 'actorId'] : param));
    const [row] = await run(on, values);
    if (!row) return undefined;
    return Object.fromEntries(names.map((field, i) => [field, row[i] === null ? null : columns[field].mapFromDriverValue(row[i])]));
  };
  scopedReads.set(key, read);
  return read;
}

/** The record `id` in the actor's scope (locked for update when asked), or NOT_FOUND. */
async function findInScopeOf(resource: AnyResource, db: Executor, actor: Actor, id: string, lock = false): Promise<Row> {
  const columns = getTableColumns(resource.table) as unknown as Record<string, PgColumn>;
  const query = db
    .select()
    .from(resource.table)
    .where(conjunction(eq(columns.id, id), scopeWhere(resource.access.scope, columns, actor, db)))
    .limit(1);
  const [row] = lock ? await query.for('update') : await query;
  if (!row) throw new AppError('NOT_FOUND');
  return row as Row;
}

const changeOfRow = (resource: AnyResource, row: Row, op: 'upsert' | 'delete', previous?: Row) => ({
  entity: resource.entity.name,
  recordId: row.id as string,
  op,
  ...audienceOf(resource.access.scope, row, previous),
});

/** A lead may not set the fields the business sets for it (status, transaction id …). */
function leadFixedValues(resource: AnyResource, actor: Actor, values: Row, creating: boolean): Row {
  if (!resource.leadFixed || !isLeadOnly(actor.roles)) return values;
  for (const [field, fixed] of Object.entries(resource.leadFixed)) {
    if (field in values && values[field] !== fixed)
      throw new AppError('FORBIDDEN', { [field]: { key: 'validation.unknownField', params: {} } });
  }
  return creating ? { ...values, ...resource.leadFixed } : values;
}

/**
 * A plain PATCH never moves a lifecycle; money fields stay as they are once it has left its first state,
 * and the machine's fixed ones (booked as the record is made, or written by an action) always.
 */
function checkPatchAgainstMachine(machine: Machine | undefined, existing: Row, patch: Row) {
  if (!machine) return;
  if (machine.field in patch && patch[machine.field] !== existing[machine.field]) throw statusByAction(machine.field);
  const fixed = machine.fixed.find((field) => field in patch && patch[field] !== existing[field]);
  if (fixed) throw statusByAction(fixed);
  if (existing[machine.field] === machine.initial) return;
  const frozen = machine.frozenAfterInitial.find((field) => field in patch && patch[field] !== existing[field]);
  if (frozen) throw statusByAction(frozen);
}

/** Every row's owner must be one the actor may attach records to; one query for a whole batch. */
async function checkOwnersOf(resource: AnyResource, ctx: ResourceContext, rows: Row[]) {
  const { scope } = resource.access;
  if (!('owner' in scope)) return;
  const owners = rows.map((row) => row[scope.owner]);
  if (owners.some((id) => typeof id !== 'string')) throw new AppError('FORBIDDEN');
  const allowed = await ownable(ctx.tx, scope, ctx.actor, owners as string[]);
  if (owners.some((id) => !allowed.has(id as string))) throw new AppError('FORBIDDEN');
}

/**
 * The standard PATCH inside an open mutation: the record in the actor's scope, locked, its version
 * checked, the resource's update hooks, the lifecycle rule, the change log. Features that change
 * records beside the standard routes (the lead import's updates) go through it too.
 */
export async function updateRecord(resource: AnyResource, ctx: ResourceContext, id: string, body: Row, ifMatch?: number): Promise<Row> {
  const hooks = (resource.hooks ?? {}) as unknown as UntypedHooks;
  const columns = getTableColumns(resource.table) as unknown as Record<string, PgColumn>;
  const patch = leadFixedValues(resource, ctx.actor, body, false);
  const existing = await findInScopeOf(resource, ctx.tx, ctx.actor, id, true);
  if (ifMatch !== undefined && existing.version !== ifMatch) {
    throw new AppError('VERSION_CONFLICT', undefined, {}, { current: publicRecord(resource, existing, ctx.actor) });
  }
  const values = hooks.prepareUpdate ? await hooks.prepareUpdate(ctx, existing, patch) : patch;
  checkPatchAgainstMachine(resource.machine, existing, values);
  // Moving a record to another owner follows the rule of creating one for them.
  if ('owner' in resource.access.scope && resource.access.scope.owner in values) await checkOwnersOf(resource, ctx, [values]);
  const [updated] = (await ctx.tx
    .update(resource.table)
    .set({ ...values, version: sql`${columns.version} + 1`, dateLastUpdate: sql`now()` })
    .where(eq(columns.id, id))
    .returning()) as Row[];
  ctx.changed(changeOfRow(resource, updated, 'upsert', existing));
  await hooks.afterUpdate?.(ctx, existing, updated);
  return publicRecord(resource, updated, ctx.actor);
}
