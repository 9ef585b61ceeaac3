import { and, eq, inArray, notInArray, or, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { mayDo, type ExtraAction } from '../shared/access.ts';
import { allows, isAdmin, isLeadOnly, type Audience } from '../shared/roles.ts';
import type { Actor } from './context.ts';
import type { Executor } from './db/client.ts';
import { users } from './db/schema.ts';
import { AppError } from './http/app-error.ts';

/**
 * The one policy module (DESIGN.md §5). Every route asks it two questions: may this actor do this
 * action on this kind of record (role), and which records are theirs to see (scope).
 */
export type Scope =
  /** Every signed-in user reads (projects, markets, categories, products). */
  | { kind: 'catalog' }
  /** Staff read (campaigns). */
  | { kind: 'staff' }
  /**
   * A lead's records: admins see all, regular staff those of their leads, a lead its own, less those
   * whose `hiddenFromOwner.field` holds one of its values (an offer not yet released: DESIGN.md §12).
   */
  | { kind: 'owned'; owner: string; hiddenFromOwner?: { field: string; values: readonly string[] } }
  /** Only the owner, whatever the role (notifications). */
  | { kind: 'personal'; owner: string }
  /** The users table: admins see all, regular staff themselves and their leads, a lead itself. */
  | { kind: 'user' };

export type Action = 'read' | 'create' | 'update' | 'delete';
export type Access = { scope: Scope } & Record<Action, Audience>;

export const can = (access: Access, action: Action, actor: Actor) => allows(access[action], actor.roles);

/** Refuses an action beyond the standard set unless the actor is in its audience (src/shared/access.ts). */
export function requireAction(actor: Actor, action: ExtraAction): void {
  if (!mayDo(actor.roles, action)) throw new AppError('FORBIDDEN');
}

/** The SQL condition limiting rows to the actor's scope; undefined when the actor sees all. */
export function scopeWhere(scope: Scope, columns: Record<string, PgColumn>, actor: Actor, db: Executor): SQL | undefined {
  const idColumn = columns.id;
  const owner = 'owner' in scope ? columns[scope.owner] : idColumn;
  switch (scope.kind) {
    case 'catalog':
    case 'staff':
      return undefined;
    case 'personal':
      return eq(owner, actor.id);
    case 'owned':
      if (isAdmin(actor.roles)) return undefined;
      if (isLeadOnly(actor.roles) || !actor.roles.includes('regular')) {
        const hidden = scope.hiddenFromOwner;
        return hidden ? and(eq(owner, actor.id), notInArray(columns[hidden.field], [...hidden.values])) : eq(owner, actor.id);
      }
      return or(eq(owner, actor.id), inArray(owner, db.select({ id: users.id }).from(users).where(eq(users.assignedTo, actor.id))));
    case 'user':
      if (isAdmin(actor.roles)) return undefined;
      if (isLeadOnly(actor.roles) || !actor.roles.includes('regular')) return eq(idColumn, actor.id);
      return or(eq(idColumn, actor.id), eq(users.assignedTo, actor.id));
  }
}

/**
 * The ids among `ownerIds` the actor may attach new records to, in one query however many there are
 * (asked once per row, a batch of 5,000 comments by regular staff took 5.7 s instead of 2.0 s).
 */
export async function ownable(db: Executor, scope: Scope, actor: Actor, ownerIds: readonly string[]): Promise<Set<string>> {
  const ids = [...new Set(ownerIds)];
  if ((scope.kind !== 'personal' && scope.kind !== 'owned') || isAdmin(actor.roles)) return new Set(ids);
  const allowed = new Set(ids.filter((id) => id === actor.id));
  if (!actor.roles.includes('regular') || scope.kind === 'personal') return allowed;
  const others = ids.filter((id) => id !== actor.id);
  for (let i = 0; i < others.length; i += 5_000) {
    const rows = await db
      .select({ id: users.id })
      .from(users)
      .where(and(inArray(users.id, others.slice(i, i + 5_000)), eq(users.assignedTo, actor.id)));
    for (const row of rows) allowed.add(row.id);
  }
  return allowed;
}

/** Who may see a record of this scope, for the change log that feeds `/sync`. */
export function audienceOf(scope: Scope, row: Record<string, unknown>, previous?: Record<string, unknown>) {
  switch (scope.kind) {
    case 'catalog':
    case 'staff':
      return { audience: null, leadsOf: undefined };
    case 'personal':
      return { audience: [row[scope.owner] as string], leadsOf: undefined };
    case 'owned': {
      const owner = ownerOf(scope, row);
      // A record hidden from its owner reaches its owner's staff only (and admins, who read every change).
      const hidden = scope.hiddenFromOwner && scope.hiddenFromOwner.values.includes(row[scope.hiddenFromOwner.field] as string);
      return { audience: hidden ? [] : [owner], leadsOf: [owner] };
    }
    case 'user': {
      const ids = [row.id, row.assignedTo, previous?.assignedTo].filter((id): id is string => typeof id === 'string');
      return { audience: [...new Set(ids)], leadsOf: undefined };
    }
  }
}

/** The fields of a row `audienceOf` reads (besides a previous row's). */
export function audienceFields(scope: Scope): string[] {
  switch (scope.kind) {
    case 'catalog':
    case 'staff':
      return [];
    case 'personal':
      return [scope.owner];
    case 'owned':
      return scope.hiddenFromOwner ? [scope.owner, scope.hiddenFromOwner.field] : [scope.owner];
    case 'user':
      return ['id', 'assignedTo'];
  }
}

/** The owner id of a row of an owned or personal scope. */
export function ownerOf(scope: Scope, row: Record<string, unknown>): string {
  if (scope.kind !== 'owned' && scope.kind !== 'personal') throw new Error(`scope ${scope.kind} has no owner`);
  return row[scope.owner] as string;
}
