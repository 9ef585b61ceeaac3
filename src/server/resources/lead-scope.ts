import { and, type SQL, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { getTableColumns } from 'drizzle-orm';
import type { Actor } from '../context.ts';
import type { Executor } from '../db/client.ts';
import { users } from '../db/schema.ts';
import { scopeWhere } from '../policy.ts';
import { userResource } from './user.ts';

const columns = getTableColumns(users) as unknown as Record<string, PgColumn>;

/** Leads (users whose roles include lead) that the actor may see. */
export const leadsInScope = (db: Executor, actor: Actor, ...more: (SQL | undefined)[]) =>
  and(sql`'lead' = any(${users.roles})`, scopeWhere(userResource.access.scope, columns, actor, db), ...more);
