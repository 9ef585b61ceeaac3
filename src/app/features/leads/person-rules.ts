import { mayActOn as sharedRule } from '../../../shared/roles.ts';
import type { EntityRecord } from '../../data/entity-store.ts';

type Me = { readonly id: string; readonly roles: readonly string[] } | null | undefined;
const rolesOf = (row: EntityRecord) => (Array.isArray(row.roles) ? (row.roles as string[]) : []);

/** Admin actions on another person: the shared rule the server applies (src/shared/roles.ts). */
export const mayActOn = (me: Me, row: EntityRecord) => sharedRule(me, { id: row.id, roles: rolesOf(row) });
