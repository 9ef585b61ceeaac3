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
import { lockSelection } from '../../resources/selection.ts';
import { userResource } from '../../resources/user.ts';
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
