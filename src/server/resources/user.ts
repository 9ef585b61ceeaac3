import { and, eq, inArray, sql } from 'drizzle-orm';
import pLimit from 'p-limit';
import { userEntity } from '../../shared/entities/user.ts';
import { verificationMachine } from '../../shared/lifecycle/machines.ts';
import { ENTITY_ACCESS, mayDo } from '../../shared/access.ts';
import { ASSIGNABLE_ROLES, isAdmin, isLeadOnly, mayActOn, rank, type Role } from '../../shared/roles.ts';
import type { Actor } from '../context.ts';
import type { Executor } from '../db/client.ts';
import { users } from '../db/schema.ts';
import { AppError } from '../http/app-error.ts';
import { hashPassword, verifyPassword } from '../sessions/passwords.ts';
import { endUserSessions } from '../sessions/sessions.ts';
import { defineResource, type DeleteBlock, type ResourceContext, type Row } from './define-resource.ts';
import { notify } from '../notifications/notify.ts';
import { staffDeleteOptions } from '../../shared/contracts/leads.ts';
import { touchLeadRecords } from './lead-records.ts';

const PROFILE_FIELDS = ['firstName', 'lastName', 'phone', 'mobile'];
/** What a person may change on their own account, whatever their role (email and password with the current password). */
const SELF_FIELDS = new Set([...PROFILE_FIELDS, 'email', 'theme', 'mode', 'password', 'currentPassword']);
/**
 * What regular staff may change on the leads assigned to them: never the credentials, or a lead's
 * account would be theirs to sign in to (verification goes through its own route).
 */
const REGULAR_FIELDS = new Set([...PROFILE_FIELDS, 'campaignId', 'labels', 'qualifications']);
/** Lock, demote, re-address: on another person, only as the shared rule of who may act on whom says (DESIGN.md §5). */
const GUARDED_FIELDS = ['status', 'roles', 'email'];

/** Users with passwords in one batch: each costs ~50 ms of argon2 (19 MiB); without, the standard maximum holds. */
export const MAX_BATCH_WITH_PASSWORDS = 500;
/** Hashes at once: @node-rs/argon2 runs each on its own thread; more would starve the others. */
const HASH_PARALLELISM = 2;

const forbidden = (field: string) => new AppError('FORBIDDEN', { [field]: { key: 'validation.unknownField', params: {} } });
const issue = (key: string, params: Record<string, unknown> = {}) => ({ key, params });

/** Nobody grants or touches a role above their own (DESIGN.md §5). */
function checkRoles(actor: Actor, roles: Role[] | undefined) {
  // A person is staff or a lead, never both (DESIGN.md §6): else one could enter money for itself.
  if (roles?.includes('lead') && roles.some((role) => role !== 'lead'))
    throw new AppError('STAFF_OR_LEAD', { roles: issue('validation.staffOrLead') });
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

/** Only lead users are assigned (SPEC.md §6), to a regular or admin user the actor may assign to. */
async function checkAssignee(ctx: ResourceContext, assignedTo: unknown, roles: Role[]) {
  if (typeof assignedTo !== 'string') return;
  if (!isLeadOnly(roles)) throw new AppError('VALIDATION', { assignedTo: issue('validation.assignLeadsOnly') });
  if (!isAdmin(ctx.actor.roles) && assignedTo !== ctx.actor.id) throw forbidden('assignedTo');
  if ((await unassignable(ctx.tx, [assignedTo])).size) throw new AppError('VALIDATION', { assignedTo: issue('validation.assignable') });
}

export const userResource = defineResource({
  entity: userEntity,
  // Documents move `verificationStatus` (upload, the staff decision), never a plain PATCH.
  machine: verificationMachine,
  table: users,
  access: { scope: { kind: 'user' }, ...ENTITY_ACCESS.user },
  hidden: ['passwordHash'],
  deleteOptions: staffDeleteOptions,
  nameOf: (row) => `${String(row.firstName ?? '')} ${String(row.lastName ?? '')}`.trim() || String(row.email),
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
      // Both questions leave together (the transaction's pipelined connection): one round trip.
      const [taken, bad] = await Promise.all([
        // One array parameter, not one per email: drizzle's builder is slow on thousands of parameters.
        tx
          .select({ email: users.email })
          .from(users)
          .where(sql`${users.email} = any(${sql.param([...seen.keys()])}::text[])`),
        unassignable(tx, [...new Set(inputs.map((i) => i.assignedTo).filter((id): id is string => typeof id === 'string'))]),
      ]);
      for (const { email } of taken) problems[seen.get(email)!] = { email: issue('errors.EMAIL_TAKEN') };
      inputs.forEach((input, index) => {
        if (bad.has(input.assignedTo as string)) problems[index] = { ...problems[index], assignedTo: issue('validation.assignable') };
      });
      return problems.some(Boolean) ? (problems as Record<string, unknown>[]) : undefined;
    },

    /** Passwords are hashed before the transaction, a few at a time: a batch never holds the database while argon2 runs. */
    async beforeTransaction(_request, inputs) {
      const withPasswords = inputs.filter((input) => typeof input.password === 'string').length;
      if (withPasswords > MAX_BATCH_WITH_PASSWORDS)
        throw new AppError('VALIDATION', { _: issue('validation.maxWithPasswords', { max: MAX_BATCH_WITH_PASSWORDS }) });
      // Nothing to hash (a batch of leads without passwords): the inputs go on as they are, not copied item by item.
      if (!withPasswords) return inputs;
      const limit = pLimit(HASH_PARALLELISM);
      return Promise.all(
        inputs.map(({ password, ...input }) =>
          typeof password === 'string' ? limit(async () => ({ ...input, passwordHash: await hashPassword(password) })) : input,
        ),
      );
    },

    prepareCreate({ actor }, { password, passwordHash, ...input }) {
      checkRoles(actor, input.roles as Role[]);
      if (input.assignedTo != null && !isLeadOnly(input.roles as Role[]))
        throw new AppError('VALIDATION', { assignedTo: issue('validation.assignLeadsOnly') });
      if (!isAdmin(actor.roles)) {
        // Regular staff create leads for themselves.
        if (input.assignedTo !== undefined && input.assignedTo !== actor.id) throw forbidden('assignedTo');
        if (input.status !== undefined || input.verificationStatus !== undefined) throw forbidden('status');
        input.assignedTo = isLeadOnly(input.roles as Role[]) ? actor.id : null;
      }
      // A password reaching here was not hashed beforehand (a path without beforeTransaction); without
      // one, no promise: a batch of 10,000 leads would wait on 10,000 of them.
      if (typeof password === 'string') return hashPassword(password).then((hash) => ({ ...input, passwordHash: hash }));
      return Object.assign(input, { passwordHash: typeof passwordHash === 'string' ? passwordHash : null });
    },

    async prepareUpdate(ctx, existing, { password, currentPassword, ...patch }) {
      const { actor } = ctx;
      const self = existing.id === actor.id;
      const target = { id: existing.id as string, roles: existing.roles as Role[] };
      if (rank(target.roles) > rank(actor.roles)) throw new AppError('FORBIDDEN');
      const allowed = self ? SELF_FIELDS : isAdmin(actor.roles) ? undefined : REGULAR_FIELDS;
      for (const field of Object.keys(patch)) if (allowed && !allowed.has(field)) throw forbidden(field);
      if (!self) {
        // Another person's password changes only through reset-password (audited, shown once).
        if (password !== undefined || currentPassword !== undefined) throw forbidden('password');
        for (const field of GUARDED_FIELDS) if (patch[field] !== undefined && !mayActOn(actor, target)) throw forbidden(field);
      }
      if (self && patch.status === 'locked') throw forbidden('status');
      if (self && patch.roles && rank(patch.roles as Role[]) < rank(actor.roles)) throw forbidden('roles');
      checkRoles(actor, patch.roles as Role[] | undefined);
      const roles = (patch.roles ?? existing.roles) as Role[];
      if ('assignedTo' in patch) await checkAssignee(ctx, patch.assignedTo, roles);
      const values: Row = { ...patch };
      // Only leads are assigned: a lead made staff leaves its assignee.
      if (!isLeadOnly(roles) && existing.assignedTo) values.assignedTo = null;
      const emailChanged = typeof patch.email === 'string' && patch.email !== existing.email;
      if (self && (typeof password === 'string' || emailChanged)) {
        // One's own credentials change only with the current password, checked (and its guesses
        // limited like sign-ins) by the auth feature before this transaction began.
        if (!ctx.request.credentialsConfirmed)
          throw new AppError('VALIDATION', { currentPassword: issue('validation.currentPasswordWrong') });
        if (typeof password === 'string' && (await verifyPassword(existing.passwordHash as string | null, password))) {
          throw new AppError('VALIDATION', { password: issue('validation.passwordUnchanged') });
        }
      }
      if (typeof password === 'string') values.passwordHash = await hashPassword(password);
      return values;
    },

    async afterUpdate(ctx, previous, updated) {
      const { actor, audit } = ctx;
      const other = previous.id !== actor.id;
      const id = updated.id as string;
      const rolesChanged = String(previous.roles) !== String(updated.roles);
      // A new password, a lock or new roles end the person's sessions, the impersonations they opened and
      // their sockets (which hold the rights they had at handshake), everywhere; one's own device stays.
      if (previous.passwordHash !== updated.passwordHash || updated.status === 'locked' || rolesChanged) {
        await endUserSessions(ctx, ctx.request.server.services.realtime, id, other ? undefined : actor.sessionId);
      }
      if (previous.passwordHash !== updated.passwordHash && other) await audit('user.password', 'user', id);
      if (previous.email !== updated.email && other) await audit('user.email', 'user', id, { from: previous.email, to: updated.email });
      if (previous.status !== updated.status) {
        await audit(updated.status === 'locked' ? 'user.lock' : 'user.unlock', 'user', updated.id as string);
      }
      if (rolesChanged) await audit('user.roles', 'user', updated.id as string, { from: previous.roles, to: updated.roles });
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

    /** Money stays with its lead: a lead with a ledger, open deposits or other money records is not deleted. */
    async deleteBlockers({ tx }, rows) {
      const ids = rows.map((row) => row.id);
      const blocked = new Map<string, DeleteBlock>();
      const found = (await tx.execute(sql`
        select u.id,
          (select count(*)::int from deposits d where d.user_id = u.id and d.status in ('pending', 'awaiting_3d_secure')) as open_deposits,
          exists (select 1 from accounts a where a.lead_id = u.id) as ledger,
          (exists (select 1 from deposits d where d.user_id = u.id)
            or exists (select 1 from withdrawals w where w.user_id = u.id)
            or exists (select 1 from orders o where o.user_id = u.id)
            or exists (select 1 from investments i where i.user_id = u.id)
            or exists (select 1 from dividends v where v.user_id = u.id)
            or exists (select 1 from offers f where f.user_id = u.id)
            or exists (select 1 from adjustments j where j.user_id = u.id)) as money
        from users u where u.id = any(${sql.param(ids)}::uuid[])`)) as unknown as {
        rows: { id: string; open_deposits: number; ledger: boolean; money: boolean }[];
      };
      for (const row of found.rows) {
        if (row.open_deposits > 0)
          blocked.set(row.id, { key: 'blocked.openDeposits', params: { count: row.open_deposits }, dependents: 'deposits' });
        else if (row.ledger) blocked.set(row.id, { key: 'blocked.ledger', dependents: 'ledger' });
        else if (row.money) blocked.set(row.id, { key: 'blocked.moneyRecords', dependents: 'money' });
      }
      return blocked;
    },

    /**
     * A staff member's leads never lose their owner silently: the delete says where they go (`leadsTo`:
     * another regular or admin user, or `none`), or is refused with how many there are.
     */
    async beforeDelete(ctx, existing, { leadsTo }) {
      const { tx, actor, audit, changed } = ctx;
      const id = existing.id as string;
      if (!mayActOn(actor, { id, roles: existing.roles as Role[] })) throw new AppError('FORBIDDEN');
      const [{ held }] = await tx
        .select({ held: sql<number>`count(*)::int` })
        .from(users)
        .where(eq(users.assignedTo, id));
      if (held > 0) {
        if (leadsTo === undefined) throw new AppError('STAFF_HAS_LEADS', undefined, { count: held });
        const to = leadsTo === 'none' ? null : (leadsTo as string);
        if (to === id || (to && (await unassignable(tx, [to])).size))
          throw new AppError('VALIDATION', { leadsTo: issue('validation.assignable') });
        const moved = await tx
          .update(users)
          .set({ assignedTo: to, version: sql`${users.version} + 1`, dateLastUpdate: sql`now()` })
          .where(eq(users.assignedTo, id))
          .returning({ id: users.id });
        const leadIds = moved.map((m) => m.id);
        changed(
          leadIds.map((lead) => ({
            entity: 'user',
            recordId: lead,
            op: 'upsert' as const,
            audience: [lead, id, to].filter((v): v is string => !!v),
          })),
        );
        await touchLeadRecords(ctx, leadIds, [id, to]);
        await audit('user.bulk-assign', 'user', null, { leadIds, from: id, to });
        if (to && to !== actor.id) await notify(ctx, to, 'leadsAssigned', 'app.notifications.leadsAssigned', { count: leadIds.length });
      }
      // The rows go with the user (cascade); their tokens and sockets must not outlive it either.
      await endUserSessions(ctx, ctx.request.server.services.realtime, id);
      await audit('user.delete', 'user', id, {
        email: existing.email,
        roles: existing.roles,
        leadsTo: held ? (leadsTo ?? null) : undefined,
      });
    },
  },
});
