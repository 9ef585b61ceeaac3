import { and, eq, inArray, sql } from 'drizzle-orm';
import { userEntity } from '../../shared/entities/user.ts';
import { ENTITY_ACCESS, mayDo } from '../../shared/access.ts';
import { ASSIGNABLE_ROLES, isAdmin, isLeadOnly, rank, type Role } from '../../shared/roles.ts';
import type { Actor } from '../context.ts';
import type { Executor } from '../db/client.ts';
import { users } from '../db/schema.ts';
import { AppError } from '../http/app-error.ts';
import { hashPassword, verifyPassword } from '../features/auth/passwords.ts';
import { revokeUserSessions } from '../features/auth/sessions.ts';
import { defineResource, type ResourceContext, type Row } from './define-resource.ts';
import { touchLeadRecords } from './lead-records.ts';

/** What a person may change on their own account, whatever their role. */
const SELF_FIELDS = new Set(['firstName', 'lastName', 'email', 'phone', 'mobile', 'theme', 'mode', 'password', 'currentPassword']);
/** What regular staff may change on the leads assigned to them (verification goes through its own route). */
const REGULAR_FIELDS = new Set([...SELF_FIELDS, 'campaignId', 'labels', 'qualifications']);

const forbidden = (field: string) => new AppError('FORBIDDEN', { [field]: { key: 'validation.unknownField', params: {} } });
const issue = (key: string, params: Record<string, unknown> = {}) => ({ key, params });

/** Nobody grants or touches a role above their own (DESIGN.md §5). */
function checkRoles(actor: Actor, roles: Role[] | undefined) {
  if (roles && rank(roles) > rank(actor.roles)) throw forbidden('roles');
  if (roles && !mayDo(actor.roles, 'user.manageStaff') && !isLeadOnly(roles)) throw forbidden('roles');
}

/** Ids among `ids` that are not users a lead may be assigned to (regular or admin). */
async function unassignable(db: Executor, ids: string[]): Promise<Set<string>> {
  if (!ids.length) return new Set();
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(and(inArray(users.id, ids), sql`${users.roles} && ${sql.param(ASSIGNABLE_ROLES as string[])}::text[]`));
  const ok = new Set(rows.map((r) => r.id));
  return new Set(ids.filter((id) => !ok.has(id)));
}

async function checkAssignee(ctx: ResourceContext, assignedTo: unknown) {
  if (typeof assignedTo !== 'string') return;
  if (!isAdmin(ctx.actor.roles) && assignedTo !== ctx.actor.id) throw forbidden('assignedTo');
  if ((await unassignable(ctx.tx, [assignedTo])).size) throw new AppError('VALIDATION', { assignedTo: issue('validation.assignable') });
}

export const userResource = defineResource({
  entity: userEntity,
  table: users,
  access: { scope: { kind: 'user' }, ...ENTITY_ACCESS.user },
  hidden: ['passwordHash'],
  hooks: {
    /** Emails are unique in the batch and in the database; assignees are regular or admin users. */
    async checkBatch({ tx }, inputs) {
      const problems: (Record<string, unknown> | undefined)[] = inputs.map(() => undefined);
      const seen = new Map<string, number>();
      inputs.forEach((input, index) => {
        const email = input.email as string;
        if (seen.has(email)) problems[index] = { email: issue('errors.EMAIL_TAKEN') };
        else seen.set(email, index);
      });
      const emails = [...seen.keys()];
      for (let i = 0; i < emails.length; i += 5000) {
        // One array parameter, not one per email: drizzle's builder is slow on thousands of parameters.
        const taken = await tx
          .select({ email: users.email })
          .from(users)
          .where(sql`${users.email} = any(${sql.param(emails.slice(i, i + 5000))}::text[])`);
        for (const { email } of taken) problems[seen.get(email)!] = { email: issue('errors.EMAIL_TAKEN') };
      }
      const bad = await unassignable(tx, [
        ...new Set(inputs.map((i) => i.assignedTo).filter((id): id is string => typeof id === 'string')),
      ]);
      inputs.forEach((input, index) => {
        if (bad.has(input.assignedTo as string)) problems[index] = { ...problems[index], assignedTo: issue('validation.assignable') };
      });
      return problems.some(Boolean) ? (problems as Record<string, unknown>[]) : undefined;
    },

    async prepareCreate({ actor }, { password, ...input }) {
      checkRoles(actor, input.roles as Role[]);
      if (!isAdmin(actor.roles)) {
        // Regular staff create leads for themselves.
        if (input.assignedTo !== undefined && input.assignedTo !== actor.id) throw forbidden('assignedTo');
        if (input.status !== undefined || input.verificationStatus !== undefined) throw forbidden('status');
        input.assignedTo = actor.id;
      }
      return { ...input, passwordHash: typeof password === 'string' ? await hashPassword(password) : null };
    },

    async prepareUpdate(ctx, existing, { password, currentPassword, ...patch }) {
      const { actor } = ctx;
      const self = existing.id === actor.id;
      if (rank(existing.roles as Role[]) > rank(actor.roles)) throw new AppError('FORBIDDEN');
      const allowed = isAdmin(actor.roles) ? undefined : self ? SELF_FIELDS : REGULAR_FIELDS;
      for (const field of Object.keys(patch)) if (allowed && !allowed.has(field)) throw forbidden(field);
      if (self && patch.status === 'locked') throw forbidden('status');
      if (self && patch.roles && rank(patch.roles as Role[]) < rank(actor.roles)) throw forbidden('roles');
      checkRoles(actor, patch.roles as Role[] | undefined);
      if ('assignedTo' in patch) await checkAssignee(ctx, patch.assignedTo);
      const values: Row = { ...patch };
      if (typeof password === 'string') {
        // One's own password needs the current one; an admin setting another's does not.
        if (self && !(await verifyPassword(existing.passwordHash as string | null, String(currentPassword ?? '')))) {
          throw new AppError('VALIDATION', { currentPassword: issue('validation.currentPasswordWrong') });
        }
        if (self && (await verifyPassword(existing.passwordHash as string | null, password))) {
          throw new AppError('VALIDATION', { password: issue('validation.passwordUnchanged') });
        }
        values.passwordHash = await hashPassword(password);
      }
      return values;
    },

    async afterUpdate(ctx, previous, updated) {
      const { tx, actor, audit } = ctx;
      const other = previous.id !== actor.id;
      if (previous.passwordHash !== updated.passwordHash) {
        await revokeUserSessions(tx, updated.id as string, other ? undefined : actor.sessionId);
        if (other) await audit('user.password', 'user', updated.id as string);
      }
      if (previous.status !== updated.status) {
        if (updated.status === 'locked') await revokeUserSessions(tx, updated.id as string);
        await audit(updated.status === 'locked' ? 'user.lock' : 'user.unlock', 'user', updated.id as string);
      }
      if (String(previous.roles) !== String(updated.roles))
        await audit('user.roles', 'user', updated.id as string, { from: previous.roles, to: updated.roles });
      if (previous.assignedTo !== updated.assignedTo) {
        await audit('user.assign', 'user', updated.id as string, { from: previous.assignedTo, to: updated.assignedTo });
        await touchLeadRecords(ctx, [updated.id as string], [previous.assignedTo, updated.assignedTo]);
      }
      if (previous.verificationStatus !== updated.verificationStatus && other) {
        await audit('user.verification', 'user', updated.id as string, {
          from: previous.verificationStatus,
          to: updated.verificationStatus,
        });
      }
    },

    async beforeDelete(ctx, existing) {
      const { tx, actor, audit, changed } = ctx;
      if (existing.id === actor.id || rank(existing.roles as Role[]) > rank(actor.roles)) throw new AppError('FORBIDDEN');
      // Leads of a removed staff member become unassigned: say so to every client that mirrors them.
      const orphans = await tx
        .update(users)
        .set({ assignedTo: null, version: sql`${users.version} + 1`, dateLastUpdate: sql`now()` })
        .where(eq(users.assignedTo, existing.id as string))
        .returning({ id: users.id });
      changed(orphans.map(({ id }) => ({ entity: 'user', recordId: id, op: 'upsert' as const, audience: [id, existing.id as string] })));
      await audit('user.delete', 'user', existing.id as string, { email: existing.email, roles: existing.roles });
    },
  },
});
