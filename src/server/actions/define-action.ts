import type { FastifyInstance, FastifyRequest } from 'fastify';
import { eq, getTableColumns, sql } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import { z } from 'zod';
import { actionContract, type noActionBody } from '../../shared/contracts/standard-set.ts';
import { mayMake, targetsOf, type ActionOf, type Machine, type StateOf } from '../../shared/lifecycle/define-machine.ts';
import { firstPersonField, needsSecondPerson, realPersonOf } from '../../shared/lifecycle/four-eyes.ts';
import type { Tx } from '../db/client.ts';
import { AppError } from '../http/app-error.ts';
import { actorOrThrow } from '../http/authenticate.ts';
import { mutate, type Work } from '../http/mutate.ts';
import { audienceOf, scopeWhere } from '../policy.ts';
import { conjunction } from '../resources/list-query.ts';
import { publicRecord, type ResourceDefinition, type Row, type RowOf, type ValuesOf } from '../resources/define-resource.ts';
import { currentSettings } from '../settings/settings.ts';

/** What an action's code works with: the transaction (ledger transfers go here), the actor, the request. */
export type ActionContext = Work & { request: FastifyRequest };

/**
 * What `run` answers: the columns to set besides the state, and the state itself when the machine
 * gives the action several ends (a 3-D Secure confirmation ends completed, failed or still waiting).
 */
export type ActionOutcome<T extends PgTable, S extends string> = {
  set?: ValuesOf<T>;
  to?: S;
  /** More for the action's audit row (a rejection's reason); never a card number or a code. */
  audit?: Record<string, unknown>;
} | void;

export type ActionDefinition<T extends PgTable, M extends Machine, B extends z.ZodType> = {
  resource: ResourceDefinition<T>;
  machine: M;
  /** The machine's action name; also the last path segment of the default route. */
  action: ActionOf<M>;
  /** Defaults to `/api/v1/{entity}/:id/{action}`; SPEC.md §7 names a few others (`/deposit/:id/cancel`). */
  path?: string;
  /** POST unless SPEC.md §7 says otherwise (PATCH `/deposit/:id/cancel`). */
  method?: 'POST' | 'PATCH';
  /** The body's schema; an empty object when the action takes none. */
  body?: B;
  summary?: string;
  /**
   * The action's own work, inside the transaction, with the record locked: book ledger transfers
   * through `ctx`, refuse with an AppError (everything rolls back), say what to set.
   */
  run?: (ctx: ActionContext, record: RowOf<T>, body: z.output<B>) => Promise<ActionOutcome<T, StateOf<M>>> | ActionOutcome<T, StateOf<M>>;
  /** The answer; the updated record as clients see it by default. */
  answer?: (updated: RowOf<T>, ctx: ActionContext) => unknown;
  /** The schema of a custom `answer` (required with it): the route documents and checks what it answers. */
  response?: z.ZodType;
};

/** One declared action: registered by `registerAction`, like resources are. */
export type RegisteredAction = { register: (app: FastifyInstance) => void; method: 'POST' | 'PATCH'; path: string };

/**
 * Declares an action route on a lifecycle (DESIGN.md §6): ONE `mutate()` transaction that loads the
 * record in the actor's scope FOR UPDATE, refuses a role the machine does not name (403) and a
 * transition it does not allow from the current state (422 INVALID_TRANSITION), runs the action's
 * code, sets the new state, bumps `version`, logs the change for `/sync`, writes an audit row and
 * remembers the answer under the Idempotency-Key.
 */
export function defineAction<T extends PgTable, M extends Machine, B extends z.ZodType = typeof noActionBody>(
  definition: ActionDefinition<T, M, B>,
): RegisteredAction {
  const { resource, machine, action } = definition;
  if (machine.entity !== resource.entity.name) throw new Error(`${machine.entity} machine on the ${resource.entity.name} resource`);
  const declared = machine.actions[action];
  if (!declared) throw new Error(`${machine.entity} has no action ${action}`);
  const method = definition.method ?? 'POST';
  const path = definition.path ?? `/api/v1/${resource.entity.name}/:id/${action}`;
  if (definition.answer && !definition.response) throw new Error(`${machine.entity}.${action}: a custom answer needs its response schema`);
  // The route's contract (shared with clients): fastify validates params and body before the handler.
  const contract = actionContract(resource.entity, { body: definition.body, response: definition.response });

  const register = (app: FastifyInstance) =>
    app.route({
      method,
      url: path,
      schema: { tags: [resource.entity.name], summary: definition.summary ?? `${action} (${machine.states.join(' → ')})`, ...contract },
      handler: async (request, reply) => {
        const actor = actorOrThrow(request);
        if (!mayMake(declared.by, actor.roles)) throw new AppError('FORBIDDEN');
        const { id } = request.params as z.output<typeof contract.params>;
        const body = (request.body ?? undefined) as z.output<B>;
        return mutate(request, reply, async (work) => {
          const ctx: ActionContext = { ...work, request };
          const updated = await transition(ctx, { resource, machine, action, id, scoped: true }, (record) =>
            definition.run ? definition.run(ctx, record, body) : undefined,
          );
          return { body: definition.answer ? definition.answer(updated, ctx) : publicRecord(resource, updated as Row, work.actor) };
        });
      },
    });
  return { register, method, path };
}

/** Registers declared actions; called before the standard set so `/deposit/3d-secure` never reads as `/deposit/:id`. */
export function registerActions(app: FastifyInstance, actions: readonly RegisteredAction[]) {
  for (const action of actions) action.register(app);
}

/**
 * The one way a lifecycle moves, for action routes and for the server's own work (the scheduler, a
 * gateway's answer): locks the record, checks the machine, lets `run` do its part, sets the state,
 * bumps the version, logs the change and audits it. `scoped: false` is for the server itself, which
 * acts on any record and is not bound by the machine's `by`.
 */
export async function transition<T extends PgTable, M extends Machine>(
  work: Work,
  target: { resource: ResourceDefinition<T>; machine: M; action: ActionOf<M>; id: string; scoped: boolean },
  run?: (record: RowOf<T>) => Promise<ActionOutcome<T, StateOf<M>>> | ActionOutcome<T, StateOf<M>>,
): Promise<RowOf<T>> {
  const { resource, machine, action, id, scoped } = target;
  const declared = machine.actions[action];
  const table = resource.table as PgTable;
  const columns = getTableColumns(table) as unknown as Record<string, PgColumn>;
  const where = conjunction(eq(columns.id, id), scoped ? scopeWhere(resource.access.scope, columns, work.actor, work.tx) : undefined);
  const [record] = (await work.tx.select().from(table).where(where).limit(1).for('update')) as Row[];
  if (!record) throw new AppError('NOT_FOUND');
  const from = record[machine.field] as string;
  if (!(declared.from as readonly string[]).includes(from)) {
    throw new AppError('INVALID_TRANSITION', { [machine.field]: { key: 'validation.statusByAction', params: {} } }, {}, { action, from });
  }
  // Four eyes (DESIGN.md §6): a person never completes a credit they entered while the company rule is on.
  if (scoped && needsSecondPerson(declared, record, realPersonOf(work.actor), true) && (await fourEyesOn(work.tx)))
    throw new AppError('SECOND_PERSON_REQUIRED', undefined, {}, { action, createdBy: record[firstPersonField(declared)] });
  const outcome = (await run?.(record as RowOf<T>)) ?? {};
  const targets = targetsOf(declared) as readonly string[];
  const to = outcome.to ?? (targets.length === 1 ? targets[0] : undefined);
  if (to === undefined || !targets.includes(to)) throw new Error(`${machine.entity}.${action} must end in one of ${targets.join(', ')}`);
  const [updated] = (await work.tx
    .update(table)
    .set({ ...outcome.set, [machine.field]: to, version: sql`${columns.version} + 1`, dateLastUpdate: sql`now()` })
    .where(eq(columns.id, id))
    .returning()) as Row[];
  work.changed({ entity: resource.entity.name, recordId: id, op: 'upsert', ...audienceOf(resource.access.scope, updated, record) });
  await work.audit(`${resource.entity.name}.${action}`, resource.entity.name, id, { from, to, ...outcome.audit });
  return updated as RowOf<T>;
}

/** The company's four-eyes setting; on when no settings row exists yet (the column's default). */
async function fourEyesOn(tx: Tx): Promise<boolean> {
  return (await currentSettings(tx))?.fourEyes ?? true;
}
