import type { FastifyInstance } from 'fastify';
import { and, count, eq, inArray, isNotNull, isNull, sql } from 'drizzle-orm';
import type { ExtraAction } from '../../../shared/access.ts';
import { ASSIGNABLE_ROLES } from '../../../shared/roles.ts';
import { campaigns, users } from '../../db/schema.ts';
import { AppError } from '../../http/app-error.ts';
import { actorOrThrow } from '../../http/authenticate.ts';
import { mutate } from '../../http/mutate.ts';
import { parse } from '../../http/validate.ts';
import { requireAction } from '../../policy.ts';
import { touchLeadRecords } from '../../resources/lead-records.ts';
import { notify } from '../../notifications/notify.ts';
import { timeZoneOf } from '../../http/time-zone.ts';
import { RECENT_DAYS, addDays, bucketFor, bucketStarts, todayIn } from '../../../shared/calendar.ts';
import { leadsInScope } from '../../resources/lead-scope.ts';
import { lockSelection } from '../../resources/selection.ts';
import { userResource } from '../../resources/user.ts';
import { bulkAssignContract, leadStatsContract, leadTrendContract } from '../../../shared/contracts/leads.ts';

/** The instant a day of `zone` begins: `day` at midnight on that zone's wall clock. */
const midnight = (day: string, zone: string) => sql`(${day}::date)::timestamp at time zone ${zone}`;

/** Lead management beyond the standard set: bulk assignment, trend and statistics (issue 5). */
export function registerLeadRoutes(app: FastifyInstance) {
  const { db } = app.services;
  /** The actor, if the shared access table opens `action` to them. */
  const allowed = (request: Parameters<typeof actorOrThrow>[0], action: ExtraAction) => {
    const actor = actorOrThrow(request);
    requireAction(actor, action);
    return actor;
  };

  app.patch(
    '/api/v1/user/bulk-assign',
    {
      schema: {
        tags: ['user'],
        summary: 'Assign leads (by id or all matching a filter) to one user, or round robin over several (admin)',
        ...bulkAssignContract,
      },
    },
    async (request, reply) => {
      const actor = allowed(request, 'user.bulkAssign');
      const body = parse(bulkAssignContract.body, request.body);
      // Round robin in the order the staff were chosen; one user, or nobody, is a round of one.
      const assignees: (string | null)[] = body.userIds ? [...new Set(body.userIds)] : [body.userId ?? null];
      return mutate(request, reply, async (work) => {
        const named = assignees.filter((id): id is string => !!id);
        if (named.length) {
          const found = await work.tx
            .select({ id: users.id })
            .from(users)
            .where(
              and(
                inArray(users.id, named),
                sql`${users.roles} && ${sql.param(ASSIGNABLE_ROLES as string[])}::text[]`,
                eq(users.status, 'active'),
              ),
            );
          if (found.length !== named.length)
            throw new AppError('VALIDATION', { [body.userIds ? 'userIds' : 'userId']: { key: 'validation.assignable', params: {} } });
        }
        // Leads only, in the caller's scope, in id order: the same selection always splits the same way.
        const leads = await lockSelection(
          work.tx,
          userResource,
          actor,
          { ids: body.leadIds, matching: body.matching, except: body.except },
          sql`'lead' = any(${users.roles})`,
        ).catch((error: unknown) => {
          throw error instanceof AppError && error.code === 'NOT_FOUND'
            ? new AppError('NOT_FOUND', { leadIds: { key: 'validation.reference', params: {} } })
            : error;
        });
        const targetOf = new Map(leads.map((lead, index) => [lead.id as string, assignees[index % assignees.length]]));
        const moved = leads.filter((lead) => lead.assignedTo !== targetOf.get(lead.id as string));
        for (const to of assignees) {
          const ids = moved.filter((lead) => targetOf.get(lead.id as string) === to).map((lead) => lead.id as string);
          for (let i = 0; i < ids.length; i += 5000) {
            await work.tx
              .update(users)
              .set({ assignedTo: to, version: sql`${users.version} + 1`, dateLastUpdate: sql`now()` })
              .where(inArray(users.id, ids.slice(i, i + 5000)));
          }
          if (!ids.length) continue;
          const previous = [...new Set(moved.map((lead) => lead.assignedTo).filter((id): id is string => typeof id === 'string'))];
          await touchLeadRecords(work, ids, [to, ...previous]);
          await work.audit('user.bulk-assign', 'user', null, { leadIds: ids, to });
          if (to && to !== actor.id) await notify(work, to, 'leadsAssigned', 'app.notifications.leadsAssigned', { count: ids.length });
        }
        work.changed(
          moved.map((lead) => ({
            entity: 'user',
            recordId: lead.id as string,
            op: 'upsert' as const,
            audience: [lead.id, targetOf.get(lead.id as string), lead.assignedTo].filter((v): v is string => typeof v === 'string'),
          })),
        );
        const split = assignees.map((userId) => ({
          userId,
          count: leads.filter((lead) => targetOf.get(lead.id as string) === userId).length,
        }));
        return { body: { success: true, assigned: moved.length, unchanged: leads.length - moved.length, split } };
      });
    },
  );

  app.get(
    '/api/v1/user/lead-trend',
    {
      schema: {
        tags: ['user'],
        summary: "New leads per day (week, month on long ranges) over a range of the caller's days",
        ...leadTrendContract,
      },
    },
    async (request) => {
      const actor = allowed(request, 'user.stats');
      const query = parse(leadTrendContract.querystring, request.query);
      const timeZone = timeZoneOf(request.headers['x-timezone']);
      const to = query.to ?? todayIn(timeZone, app.services.clock.now());
      const from = query.from ?? addDays(to, 1 - RECENT_DAYS);
      if (from > to) throw new AppError('VALIDATION', { to: { key: 'validation.date', params: {} } });
      const bucket = bucketFor(from, to);
      const start = sql<string>`to_char(date_trunc(${bucket}, ${users.dateCreation} at time zone ${timeZone}), 'YYYY-MM-DD')`;
      const rows = await db
        .select({ date: start, count: count() })
        .from(users)
        .where(
          leadsInScope(
            db,
            actor,
            sql`${users.dateCreation} >= ${midnight(from, timeZone)}`,
            sql`${users.dateCreation} < ${midnight(addDays(to, 1), timeZone)}`,
          ),
        )
        // By position: the bucket expression carries the zone as a parameter, and a repeated one would not match.
        .groupBy(sql`1`)
        .orderBy(sql`1`);
      const counts = new Map(rows.map((r) => [r.date, r.count]));
      const trendData = bucketStarts(from, to, bucket).map((date) => ({ date, count: counts.get(date) ?? 0 }));
      return { trendData, total: trendData.reduce((sum, d) => sum + d.count, 0), bucket, from, to, timeZone };
    },
  );

  app.get(
    '/api/v1/user/lead-stats',
    { schema: { tags: ['user'], summary: 'Lead statistics for the dashboard', ...leadStatsContract } },
    async (request) => {
      const actor = allowed(request, 'user.stats');
      const timeZone = timeZoneOf(request.headers['x-timezone']);
      const today = todayIn(timeZone, app.services.clock.now());
      const newSince = addDays(today, 1 - RECENT_DAYS);
      const recent = sql`${users.dateCreation} >= ${midnight(newSince, timeZone)} and ${users.dateCreation} < ${midnight(addDays(today, 1), timeZone)}`;
      const [totals] = await db
        .select({
          total: count(),
          new: sql<number>`count(*) filter (where ${recent})`.mapWith(Number),
          assigned: sql<number>`count(*) filter (where ${isNotNull(users.assignedTo)})`.mapWith(Number),
          unassigned: sql<number>`count(*) filter (where ${isNull(users.assignedTo)})`.mapWith(Number),
          locked: sql<number>`count(*) filter (where ${users.status} = 'locked')`.mapWith(Number),
        })
        .from(users)
        .where(leadsInScope(db, actor));
      const verification = await db
        .select({ status: users.verificationStatus, count: count() })
        .from(users)
        .where(leadsInScope(db, actor))
        .groupBy(users.verificationStatus);
      const byCampaign = await db
        .select({ campaignId: users.campaignId, name: campaigns.name, count: count() })
        .from(users)
        .leftJoin(campaigns, eq(campaigns.id, users.campaignId))
        .where(leadsInScope(db, actor))
        .groupBy(users.campaignId, campaigns.name)
        .orderBy(sql`count(*) desc`)
        .limit(20);
      return { stats: { ...totals, newSince, verification: Object.fromEntries(verification.map((v) => [v.status, v.count])), byCampaign } };
    },
  );
}
