import type { FastifyInstance } from 'fastify';
import { and, count, eq, gte, inArray, isNotNull, isNull, lt, sql } from 'drizzle-orm';
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
import { leadsInScope } from '../../resources/lead-scope.ts';
import { bulkAssignContract, leadStatsContract, leadTrendContract } from '../../../shared/contracts/leads.ts';

const DAY = 86_400_000;

/** The caller's time zone (`x-timezone`), for days that start at their midnight. */
function timeZoneOf(header: unknown): string {
  const zone = typeof header === 'string' && header.length < 64 ? header : 'UTC';
  try {
    new Intl.DateTimeFormat('en', { timeZone: zone });
    return zone;
  } catch {
    return 'UTC';
  }
}

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
    { schema: { tags: ['user'], summary: 'New leads per day over a range', ...leadTrendContract } },
    async (request) => {
      const actor = allowed(request, 'user.stats');
      const query = parse(leadTrendContract.querystring, request.query);
      const to = query.to ?? new Date();
      const from = query.from ?? new Date(to.getTime() - 29 * DAY);
      if (from > to || to.getTime() - from.getTime() > 3 * 366 * DAY)
        throw new AppError('VALIDATION', { from: { key: 'validation.date', params: {} } });
      const zone = timeZoneOf(request.headers['x-timezone']);
      const day = sql<string>`to_char(${users.dateCreation} at time zone ${zone}, 'YYYY-MM-DD')`;
      const rows = await db
        .select({ date: day, count: count() })
        .from(users)
        .where(leadsInScope(db, actor, gte(users.dateCreation, from), lt(users.dateCreation, new Date(to.getTime() + DAY))))
        // By position: the day expression carries the zone as a parameter, and a repeated one would not match.
        .groupBy(sql`1`)
        .orderBy(sql`1`);
      // Every day of the range, with zero where no lead came in, so the chart has no gaps.
      const counts = new Map(rows.map((r) => [r.date, r.count]));
      const dayOf = (d: Date) =>
        new Intl.DateTimeFormat('en-CA', { timeZone: zone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(d);
      const trendData: { date: string; count: number }[] = [];
      for (let t = from.getTime(); dayOf(new Date(t)) <= dayOf(to); t += DAY) {
        const date = dayOf(new Date(t));
        if (trendData.at(-1)?.date !== date) trendData.push({ date, count: counts.get(date) ?? 0 });
      }
      return { trendData, total: trendData.reduce((sum, d) => sum + d.count, 0) };
    },
  );

  app.get(
    '/api/v1/user/lead-stats',
    { schema: { tags: ['user'], summary: 'Lead statistics for the dashboard', ...leadStatsContract } },
    async (request) => {
      const actor = allowed(request, 'user.stats');
      const since = new Date(Date.now() - 30 * DAY);
      const [totals] = await db
        .select({
          total: count(),
          new: sql<number>`count(*) filter (where ${users.dateCreation} >= ${since})`.mapWith(Number),
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
      return { stats: { ...totals, verification: Object.fromEntries(verification.map((v) => [v.status, v.count])), byCampaign } };
    },
  );
}
