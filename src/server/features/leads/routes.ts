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
    { schema: { tags: ['user'], summary: 'Assign many leads to a regular or admin user (admin)', ...bulkAssignContract } },
    async (request, reply) => {
      const actor = allowed(request, 'user.bulkAssign');
      const { leadIds, userId } = parse(bulkAssignContract.body, request.body);
      const ids = [...new Set(leadIds)];
      return mutate(request, reply, async (work) => {
        if (userId) {
          const [assignee] = await work.tx
            .select({ id: users.id })
            .from(users)
            .where(
              and(
                eq(users.id, userId),
                sql`${users.roles} && ${sql.param(ASSIGNABLE_ROLES as string[])}::text[]`,
                eq(users.status, 'active'),
              ),
            );
          if (!assignee) throw new AppError('VALIDATION', { userId: { key: 'validation.assignable', params: {} } });
        }
        const before = new Map<string, string | null>();
        for (let i = 0; i < ids.length; i += 5000) {
          const rows = await work.tx
            .select({ id: users.id, assignedTo: users.assignedTo })
            .from(users)
            .where(leadsInScope(work.tx, actor, inArray(users.id, ids.slice(i, i + 5000))))
            .for('update');
          for (const row of rows) before.set(row.id, row.assignedTo);
        }
        if (before.size !== ids.length) throw new AppError('NOT_FOUND', { leadIds: { key: 'validation.reference', params: {} } });
        const moved = ids.filter((id) => before.get(id) !== userId);
        for (let i = 0; i < moved.length; i += 5000) {
          await work.tx
            .update(users)
            .set({ assignedTo: userId, version: sql`${users.version} + 1`, dateLastUpdate: sql`now()` })
            .where(inArray(users.id, moved.slice(i, i + 5000)));
        }
        const previous = [...new Set(moved.map((id) => before.get(id)).filter((id): id is string => !!id))];
        work.changed(
          moved.map((id) => ({
            entity: 'user',
            recordId: id,
            op: 'upsert' as const,
            audience: [id, userId, before.get(id)].filter((v): v is string => !!v),
          })),
        );
        if (moved.length) await touchLeadRecords(work, moved, [userId, ...previous]);
        await work.audit('user.bulk-assign', 'user', null, { leadIds: moved, to: userId });
        if (userId && moved.length && userId !== actor.id)
          await notify(work, userId, 'leadsAssigned', 'app.notifications.leadsAssigned', { count: moved.length });
        return { body: { success: true, assigned: moved.length, unchanged: ids.length - moved.length } };
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
